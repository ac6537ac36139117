#pragma once

// An io::FileSystem that records the system calls of a save and makes one of
// them fail (issue 22's fault injection), shared by the model's save tests
// and the studio's autosave tests. Each failure sets the errno the real call
// would: EACCES for open, ENOSPC for write, EPERM for fchmod, EIO for fsync,
// close and unlink, EXDEV for rename.

#include "io/FileSystem.h"

#include <cerrno>
#include <fcntl.h>
#include <string>
#include <vector>

namespace docshape::test {

struct Injection {
    int calls = 0;
    int failAt = 0; // the call (1-based, over all calls) that fails; 0: none
    std::vector<std::string> log; // the calls made, in order
    bool shortWrite = false;      // the failing write first writes half, then the next one fails
    bool failNextWrite = false;
    bool failUnlink = false; // every unlink fails too: a second fault after the first
};

inline Injection g_injection;

inline bool injectedFailure(const char *name) {
    ++g_injection.calls;
    g_injection.log.push_back(name);
    return g_injection.calls == g_injection.failAt;
}

inline const io::FileSystem kInjectingFileSystem{
    [](const char *path, int flags, mode_t mode) {
        if (injectedFailure((flags & O_DIRECTORY) ? "open(directory)" : "open")) {
            errno = EACCES;
            return -1;
        }
        return io::FileSystem::real().open(path, flags, mode);
    },
    [](int fd, const void *data, size_t size) -> ssize_t {
        if (g_injection.failNextWrite) {
            g_injection.failNextWrite = false;
            ++g_injection.calls;
            g_injection.log.push_back("write");
            errno = ENOSPC;
            return -1;
        }
        if (injectedFailure("write")) {
            if (g_injection.shortWrite && size > 1) {
                // A short write, then the disk is full.
                g_injection.failNextWrite = true;
                return io::FileSystem::real().write(fd, data, size / 2);
            }
            errno = ENOSPC;
            return -1;
        }
        return io::FileSystem::real().write(fd, data, size);
    },
    [](int fd, mode_t mode) {
        if (injectedFailure("fchmod")) {
            errno = EPERM;
            return -1;
        }
        return io::FileSystem::real().fchmod(fd, mode);
    },
    [](int fd) {
        if (injectedFailure("fsync")) {
            errno = EIO;
            return -1;
        }
        return io::FileSystem::real().fsync(fd);
    },
    [](int fd) {
        if (injectedFailure("close")) {
            io::FileSystem::real().close(fd); // the descriptor is gone either way, as on Linux
            errno = EIO;
            return -1;
        }
        return io::FileSystem::real().close(fd);
    },
    [](const char *from, const char *to) {
        if (injectedFailure("rename")) {
            errno = EXDEV;
            return -1;
        }
        return io::FileSystem::real().rename(from, to);
    },
    [](const char *path) {
        if (injectedFailure("unlink") || g_injection.failUnlink) {
            errno = EIO;
            return -1;
        }
        return io::FileSystem::real().unlink(path);
    },
};

} // namespace docshape::test
