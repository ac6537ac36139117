// Fault injection for saving (issue 22): each system call of a save fails in
// turn through the io::FileSystem seam, and a child process is SIGKILLed at
// random points of a save. In every case the file on disk is the previous
// one, intact, or the new one, complete; a failed save says so.
#include "model/io/SampleProjects.h"

#include "io/FileSystem.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fcntl.h>

#include <cerrno>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

std::string readAll(const fs::path &p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

fs::path freshDirectory(const std::string &name) {
    const fs::path dir = fs::temp_directory_path() / ("docshape-" + name + "-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    fs::create_directories(dir);
    return dir;
}

std::vector<std::string> entriesOf(const fs::path &dir) {
    std::vector<std::string> names;
    for (const auto &e : fs::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// The injector: call number g_failAt (1-based, over all calls) fails.
struct Injection {
    int calls = 0;
    int failAt = 0; // 0: none
    std::vector<std::string> log;
    bool shortWrite = false;  // the failing write first writes half
    bool failNextWrite = false;
};
Injection g_inj;

bool failing(const char *name) {
    ++g_inj.calls;
    g_inj.log.push_back(name);
    return g_inj.calls == g_inj.failAt;
}

const io::FileSystem kInjecting{
    [](const char *path, int flags, mode_t mode) {
        if (failing((flags & O_DIRECTORY) ? "open(directory)" : "open")) {
            errno = EACCES;
            return -1;
        }
        return io::FileSystem::real().open(path, flags, mode);
    },
    [](int fd, const void *data, size_t size) -> ssize_t {
        if (g_inj.failNextWrite) {
            g_inj.failNextWrite = false;
            ++g_inj.calls;
            g_inj.log.push_back("write");
            errno = ENOSPC;
            return -1;
        }
        if (failing("write")) {
            if (g_inj.shortWrite && size > 1) {
                // A short write, then the disk is full.
                g_inj.failNextWrite = true;
                return io::FileSystem::real().write(fd, data, size / 2);
            }
            errno = ENOSPC;
            return -1;
        }
        return io::FileSystem::real().write(fd, data, size);
    },
    [](int fd, mode_t mode) {
        if (failing("fchmod")) {
            errno = EPERM;
            return -1;
        }
        return io::FileSystem::real().fchmod(fd, mode);
    },
    [](int fd) {
        if (failing("fsync")) {
            errno = EIO;
            return -1;
        }
        return io::FileSystem::real().fsync(fd);
    },
    [](int fd) {
        if (failing("close")) {
            io::FileSystem::real().close(fd); // the descriptor is gone either way, as on Linux
            errno = EIO;
            return -1;
        }
        return io::FileSystem::real().close(fd);
    },
    [](const char *from, const char *to) {
        if (failing("rename")) {
            errno = EXDEV;
            return -1;
        }
        return io::FileSystem::real().rename(from, to);
    },
    [](const char *path) {
        if (failing("unlink")) {
            errno = EIO;
            return -1;
        }
        return io::FileSystem::real().unlink(path);
    },
};

Project renamed(const std::string &name) {
    Project p = test::makeFullProject();
    p.name = name;
    return p;
}

} // namespace

TEST_CASE("each system call of a save failing in turn leaves the old file or the new one", "[io][save][faults]") {
    const fs::path dir = freshDirectory("save-faults");
    const std::string path = (dir / "model.docshape").string();
    const Project before = renamed("before"), after = renamed("after");
    const std::string oldText = serializeProject(before), newText = serializeProject(after);

    // A save without faults, to learn its calls.
    REQUIRE(saveProject(before, path).ok());
    g_inj = Injection{};
    {
        io::ScopedFileSystem seam(kInjecting);
        REQUIRE(saveProject(after, path).ok());
    }
    const std::vector<std::string> calls = g_inj.log;
    // Every call of the save path goes through the seam.
    for (const char *expected : {"open", "fchmod", "write", "fsync", "close", "rename", "open(directory)"})
        CHECK(std::find(calls.begin(), calls.end(), expected) != calls.end());
    CHECK(std::count(calls.begin(), calls.end(), "fsync") == 2); // the file, then the directory
    const int renameAt = int(std::find(calls.begin(), calls.end(), "rename") - calls.begin()) + 1;

    for (bool shortWrite : {false, true}) {
        for (int k = 1; k <= int(calls.size()); ++k) {
            REQUIRE(saveProject(before, path).ok());
            g_inj = Injection{};
            g_inj.failAt = k;
            g_inj.shortWrite = shortWrite;
            Status status;
            {
                io::ScopedFileSystem seam(kInjecting);
                status = saveProject(after, path);
            }
            INFO("failing call " << k << " (" << calls[std::size_t(k - 1)] << ")"
                                 << (shortWrite ? ", a short write first" : "") << ": "
                                 << (status.ok() ? std::string("saved") : status.error().toString()));
            const std::string onDisk = readAll(path);
            if (status.ok()) {
                CHECK(onDisk == newText);
            } else {
                CHECK(onDisk == oldText);
                CHECK_THAT(status.error().message, Catch::Contains("cannot save:") &&
                                                       Catch::Contains("the previous file is unchanged"));
            }
            // Every failure before the rename fails the save; after it (the
            // directory's open, fsync and close) the new file is in place
            // and the failure cannot be undone.
            CHECK(status.ok() == (k > renameAt));
            auto reloaded = loadProject(path);
            REQUIRE(reloaded.ok());
            CHECK(reloaded->name == (status.ok() ? "after" : "before"));
            // No temporary file is left behind.
            CHECK(entriesOf(dir) == std::vector<std::string>{"model.docshape"});
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("a save killed at random points leaves the old file or the new one, complete", "[io][save][faults]") {
    const fs::path dir = freshDirectory("save-kill");
    const std::string path = (dir / "model.docshape").string();
    const std::string textA = serializeProject(renamed("A")), textB = serializeProject(renamed("B"));
    REQUIRE(saveProject(renamed("A"), path).ok());
    std::mt19937 rng(22);
    int killedMidway = 0;
    for (int round = 0; round < 40; ++round) {
        const pid_t child = ::fork();
        REQUIRE(child >= 0);
        if (child == 0) {
            // Save A and B alternately until killed.
            for (int i = 0;; ++i)
                if (!saveProject(renamed(i % 2 ? "A" : "B"), path).ok())
                    ::_exit(3);
        }
        ::usleep(useconds_t(std::uniform_int_distribution<int>(200, 20000)(rng)));
        ::kill(child, SIGKILL);
        int wstatus = 0;
        ::waitpid(child, &wstatus, 0);
        REQUIRE(WIFSIGNALED(wstatus));
        killedMidway += 1;
        const std::string onDisk = readAll(path);
        INFO("round " << round << ": " << onDisk.size() << " bytes on disk");
        CHECK((onDisk == textA || onDisk == textB));
        REQUIRE(loadProject(path).ok());
        // A killed save may leave its temporary file: never the model's name.
        for (const auto &name : entriesOf(dir))
            if (name != "model.docshape")
                fs::remove(dir / name);
    }
    CHECK(killedMidway == 40);
    fs::remove_all(dir);
}
