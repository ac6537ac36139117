#pragma once

// Kills a child process with SIGKILL while it repeats a save (a save, an
// autosave), for the tests that check what a crash leaves on disk.
//
// The kills are aimed at the save's critical window: from the opening of
// its temporary file to the rename over the real one. The child runs its
// saves through the io::FileSystem seam, which tells the parent on a pipe
// when each temporary file is opened ('o') and renamed ('r'). The parent
// measures the window of one save and kills the child a random fraction of
// that window after a later save opened its file. The time a save spends
// elsewhere (validating, serialising: many times longer under a sanitizer)
// does not dilute the kills, and a loaded machine only shifts them.

#include "io/FileSystem.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <fcntl.h>
#include <functional>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace docshape::test {

namespace killdetail {

inline int g_markFd = -1;

inline void mark(char what) {
    if (g_markFd >= 0 && ::write(g_markFd, &what, 1) != 1)
        ::_exit(4);
}

inline int markingOpen(const char *path, int flags, mode_t mode) {
    const int fd = io::FileSystem::real().open(path, flags, mode);
    if (fd >= 0 && (flags & O_CREAT))
        mark('o'); // the temporary file exists from here on
    return fd;
}

inline int markingRename(const char *from, const char *to) {
    const int result = io::FileSystem::real().rename(from, to);
    mark('r'); // and no longer from here on
    return result;
}

inline const io::FileSystem &markingFileSystem() {
    static const io::FileSystem fs = [] {
        io::FileSystem f = io::FileSystem::real();
        f.open = markingOpen;
        f.rename = markingRename;
        return f;
    }();
    return fs;
}

} // namespace killdetail

// Forks; the child calls save(first), save(first + 1), ... until killed (or
// exits 3 when a save returns false). The parent waits until the child has
// opened the temporary file of its `saves`-th save (at least 2: the window
// is measured on an earlier one; at most a minute for each), sleeps
// `windowFraction` times the last measured window (0 to 2 puts about half
// of the kills inside it), kills the child and returns its wait status; -1
// when no child could be made.
inline int killDuringSave(int saves, double windowFraction, int first, const std::function<bool(int)> &save) {
    using Clock = std::chrono::steady_clock;
    int fds[2];
    if (::pipe(fds) != 0)
        return -1;
    const pid_t child = ::fork();
    if (child < 0) {
        ::close(fds[0]);
        ::close(fds[1]);
        return -1;
    }
    if (child == 0) {
        ::close(fds[0]);
        killdetail::g_markFd = fds[1];
        io::ScopedFileSystem seam(killdetail::markingFileSystem());
        for (int i = first;; ++i)
            if (!save(i))
                ::_exit(3);
    }
    ::close(fds[1]);
    int opened = 0;
    Clock::time_point openedAt{};
    Clock::duration window{};
    while (opened < std::max(saves, 2)) {
        pollfd ready{fds[0], POLLIN, 0};
        char what = 0;
        if (::poll(&ready, 1, 60'000) <= 0 || ::read(fds[0], &what, 1) != 1)
            break; // stuck or gone: kill it all the same
        if (what == 'o') {
            opened += 1;
            openedAt = Clock::now();
        } else if (what == 'r') {
            window = Clock::now() - openedAt;
        }
    }
    const auto delay = std::chrono::duration_cast<std::chrono::microseconds>(window * windowFraction);
    if (delay.count() > 0)
        ::usleep(useconds_t(delay.count()));
    ::kill(child, SIGKILL);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    ::close(fds[0]);
    return status;
}

} // namespace docshape::test
