#include "io/AtomicFile.h"

#include "io/FileSystem.h"

#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace docshape::io {

namespace {

std::string systemError(int error) { return std::strerror(error); }

std::string directoryOf(const std::string &path) {
    const auto slash = path.find_last_of('/');
    if (slash == std::string::npos)
        return ".";
    if (slash == 0)
        return "/";
    return path.substr(0, slash);
}

bool writeAll(const FileSystem &fs, int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t n = fs.write(fd, data.data(), data.size());
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return false;
        }
        if (n == 0) { // no progress and no error: treat as a full disk rather than spin
            errno = ENOSPC;
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(n));
    }
    return true;
}

} // namespace

Status writeFileAtomically(const std::string &requestedPath, std::string_view contents) {
    if (requestedPath.empty())
        return Error{"", "cannot save: no file name given"};

    std::string path = requestedPath;
    struct stat linkInfo {};
    if (::lstat(path.c_str(), &linkInfo) == 0 && S_ISLNK(linkInfo.st_mode)) {
        char resolved[PATH_MAX];
        if (::realpath(path.c_str(), resolved) == nullptr)
            return Error{requestedPath, "cannot save: the symbolic link cannot be followed: " +
                                            systemError(errno)};
        path = resolved;
    }

    struct stat existing {};
    const bool exists = ::stat(path.c_str(), &existing) == 0;
    if (exists && S_ISDIR(existing.st_mode))
        return Error{requestedPath, "cannot save: it is a directory"};

    const std::string directory = directoryOf(path);
    struct stat dirInfo {};
    if (::stat(directory.c_str(), &dirInfo) != 0)
        return Error{requestedPath, "cannot save: the directory '" + directory +
                                        "' does not exist (" + systemError(errno) + ")"};
    if (!S_ISDIR(dirInfo.st_mode))
        return Error{requestedPath, "cannot save: '" + directory + "' is not a directory"};

    const FileSystem &fs = FileSystem::current();
    // O_EXCL with a fresh name rather than mkstemp, so that a new file gets
    // 0666 minus the umask like any other program's output (mkstemp: 0600).
    static std::atomic<unsigned> counter{0};
    std::string temp;
    int fd = -1;
    for (int attempt = 0; attempt < 100 && fd < 0; ++attempt) {
        temp = path + ".tmp-" + std::to_string(::getpid()) + "-" +
               std::to_string(counter.fetch_add(1));
        fd = fs.open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    if (fd < 0)
        return Error{requestedPath, "cannot save: cannot create a temporary file in '" +
                                        directory + "': " + systemError(errno) +
                                        "; the previous file is unchanged"};

    // Removes the temporary file after a failed step. If even that fails the
    // user is told its name, so that a stray file beside the model is
    // explained (it is never the model's own name).
    const auto removeTemp = [&]() -> std::string {
        if (fs.unlink(temp.c_str()) == 0 || errno == ENOENT)
            return {};
        return "; the temporary file '" + temp + "' could not be removed (" + systemError(errno) + ")";
    };
    const auto fail = [&](const std::string &step, int error) {
        const std::string leftover = removeTemp();
        return Error{requestedPath, "cannot save: " + step + ": " + systemError(error) +
                                        "; the previous file is unchanged" + leftover};
    };
    const auto abandon = [&](const std::string &step, int error) {
        fs.close(fd);
        return fail(step, error);
    };

    if (exists && fs.fchmod(fd, existing.st_mode & 07777) != 0)
        return abandon("setting the file mode", errno);
    if (!writeAll(fs, fd, contents))
        return abandon("writing the temporary file", errno);
    if (fs.fsync(fd) != 0)
        return abandon("flushing the temporary file to disk", errno);
    if (fs.close(fd) != 0)
        return fail("closing the temporary file", errno);
    if (fs.rename(temp.c_str(), path.c_str()) != 0)
        return fail("replacing the file", errno);
    // Make the rename itself durable. A failure here cannot be undone and the
    // new file is in place, so it is not reported.
    const int dirFd = fs.open(directory.c_str(), O_RDONLY | O_DIRECTORY, 0);
    if (dirFd >= 0) {
        fs.fsync(dirFd);
        fs.close(dirFd);
    }
    return {};
}

} // namespace docshape::io
