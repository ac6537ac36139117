#pragma once

#include <sys/types.h>

namespace docshape::io {

// The system calls of a save (writeFileAtomically), behind a seam so that
// tests can make each one fail in turn: every member has the signature and
// the errno convention of the call it names. current() is the real system
// unless a ScopedFileSystem replaces it; the replacement is process-wide and
// not thread-safe, for tests only.
struct FileSystem {
    int (*open)(const char *path, int flags, mode_t mode);
    ssize_t (*write)(int fd, const void *data, size_t size);
    int (*fchmod)(int fd, mode_t mode);
    int (*fsync)(int fd); // the temporary file's, and the directory's
    int (*close)(int fd);
    int (*rename)(const char *from, const char *to);
    int (*unlink)(const char *path);

    static const FileSystem &real();
    static const FileSystem &current();
};

class ScopedFileSystem {
public:
    explicit ScopedFileSystem(const FileSystem &replacement);
    ~ScopedFileSystem();
    ScopedFileSystem(const ScopedFileSystem &) = delete;
    ScopedFileSystem &operator=(const ScopedFileSystem &) = delete;

private:
    const FileSystem *m_previous;
};

} // namespace docshape::io
