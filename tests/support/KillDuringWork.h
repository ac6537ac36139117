#pragma once

// Kills a child process with SIGKILL while it repeats a piece of work (a
// save, an autosave), for the tests that check what a crash leaves on disk.
// The child tells the parent on a pipe each time it finishes one round, and
// the parent kills it after a given number of finished rounds and a further
// delay: the kill lands inside the loop however loaded the machine is (a
// kill timed by the wall clock alone can fall before a slow fork has run a
// single round).

#include <cerrno>
#include <csignal>
#include <functional>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

namespace docshape::test {

// Forks; the child calls step(first), step(first + 1), ... until killed
// (or exits 3 when a step returns false). The parent waits for
// `finishedRounds` rounds (at most a minute for each), sleeps `delayUs`,
// kills the child and returns its wait status; -1 when no child could be
// made.
inline int killDuringWork(int finishedRounds, useconds_t delayUs, int first, const std::function<bool(int)> &step) {
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
        for (int i = first;; ++i) {
            if (!step(i))
                ::_exit(3);
            const char done = 1;
            if (::write(fds[1], &done, 1) != 1)
                ::_exit(4);
        }
    }
    ::close(fds[1]);
    for (int n = 0; n < finishedRounds; ++n) {
        pollfd ready{fds[0], POLLIN, 0};
        char done = 0;
        if (::poll(&ready, 1, 60'000) <= 0 || ::read(fds[0], &done, 1) != 1)
            break; // stuck or gone: kill it all the same
    }
    ::usleep(delayUs);
    ::kill(child, SIGKILL);
    int status = 0;
    while (::waitpid(child, &status, 0) < 0 && errno == EINTR) {
    }
    ::close(fds[0]);
    return status;
}

} // namespace docshape::test
