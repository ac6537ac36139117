// Fault injection for saving (issue 22): each system call of a save fails in
// turn through the io::FileSystem seam, and a child process is SIGKILLed at
// random points of a save. In every case the file on disk is the previous
// one, intact, or the new one, complete; a failed save says so.
#include "model/io/SampleProjects.h"
#include "support/FaultyFileSystem.h"
#include "support/KillDuringWork.h"

#include "io/FileSystem.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <fcntl.h>

#include <cerrno>
#include <csignal>
#include <cstring>
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
    test::g_injection = test::Injection{};
    {
        io::ScopedFileSystem seam(test::kInjectingFileSystem);
        REQUIRE(saveProject(after, path).ok());
    }
    const std::vector<std::string> calls = test::g_injection.log;
    // Every call of the save path goes through the seam.
    for (const char *expected : {"open", "fchmod", "write", "fsync", "close", "rename", "open(directory)"})
        CHECK(std::find(calls.begin(), calls.end(), expected) != calls.end());
    CHECK(std::count(calls.begin(), calls.end(), "fsync") == 2); // the file, then the directory
    const int renameAt = int(std::find(calls.begin(), calls.end(), "rename") - calls.begin()) + 1;

    for (bool shortWrite : {false, true}) {
        for (int k = 1; k <= int(calls.size()); ++k) {
            REQUIRE(saveProject(before, path).ok());
            test::g_injection = test::Injection{};
            test::g_injection.failAt = k;
            test::g_injection.shortWrite = shortWrite;
            Status status;
            {
                io::ScopedFileSystem seam(test::kInjectingFileSystem);
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

TEST_CASE("a failed save whose temporary file cannot be removed names it", "[io][save][faults]") {
    // The second fault: after a step fails, unlinking the temporary file
    // fails too. The previous file is still intact, and the stray file
    // beside it is explained by name.
    const fs::path dir = freshDirectory("save-unlink");
    const std::string path = (dir / "model.docshape").string();
    const std::string oldText = serializeProject(renamed("before"));
    const std::vector<std::string> steps{"fchmod", "write", "fsync", "close", "rename"};
    for (const std::string &step : steps) {
        REQUIRE(saveProject(renamed("before"), path).ok());
        test::g_injection = test::Injection{};
        {
            io::ScopedFileSystem seam(test::kInjectingFileSystem);
            REQUIRE(saveProject(renamed("after"), path).ok());
        }
        const auto at = std::find(test::g_injection.log.begin(), test::g_injection.log.end(), step);
        REQUIRE(at != test::g_injection.log.end());
        const int k = int(at - test::g_injection.log.begin()) + 1;
        REQUIRE(saveProject(renamed("before"), path).ok());
        test::g_injection = test::Injection{};
        test::g_injection.failAt = k;
        test::g_injection.failUnlink = true;
        Status status;
        {
            io::ScopedFileSystem seam(test::kInjectingFileSystem);
            status = saveProject(renamed("after"), path);
        }
        INFO(step << " fails, then unlink: " << (status.ok() ? std::string("saved") : status.error().toString()));
        REQUIRE_FALSE(status.ok());
        CHECK(std::count(test::g_injection.log.begin(), test::g_injection.log.end(), "unlink") == 1);
        CHECK(readAll(path) == oldText);
        const std::vector<std::string> entries = entriesOf(dir);
        REQUIRE(entries.size() == 2);
        CHECK(entries[0] == "model.docshape");
        CHECK(entries[1].rfind("model.docshape.tmp-", 0) == 0);
        CHECK_THAT(status.error().message,
                   Catch::Contains("the previous file is unchanged; the temporary file '" +
                                   (dir / entries[1]).string() + "' could not be removed (" +
                                   std::strerror(EIO) + ")"));
        fs::remove(dir / entries[1]);
    }
    fs::remove_all(dir);
}

TEST_CASE("a save killed at random points leaves the old file or the new one, complete", "[io][save][faults]") {
    const fs::path dir = freshDirectory("save-kill");
    const std::string path = (dir / "model.docshape").string();
    // 1 MiB of description: writing the file takes a while, so a kill can
    // land inside the write, where a save in place would leave part of a
    // file (this test fails so when the save writes in place).
    const auto version = [](const char *name) {
        Project p = renamed(name);
        p.description = std::string(std::size_t{1} << 20, name[0]);
        return p;
    };
    const Project a = version("A"), b = version("B");
    const std::string textA = serializeProject(a), textB = serializeProject(b);
    REQUIRE(saveProject(a, path).ok());
    std::mt19937 rng(22);
    int foundA = 0, foundB = 0, killedInsideASave = 0;
    for (int round = 0; round < 40; ++round) {
        // The child saves A and B alternately, each round starting with the
        // other one, and is killed after its second to fourth save opened its
        // temporary file, at up to twice the time a save spends writing it.
        const int saves = std::uniform_int_distribution<int>(2, 4)(rng);
        const double fraction = std::uniform_real_distribution<double>(0.0, 2.0)(rng);
        const int wstatus = test::killDuringSave(saves, fraction, round, [&](int i) {
            return saveProject(i % 2 ? a : b, path).ok();
        });
        REQUIRE(wstatus != -1);
        REQUIRE(WIFSIGNALED(wstatus));
        const std::string onDisk = readAll(path);
        INFO("round " << round << ": " << onDisk.size() << " bytes on disk");
        CHECK((onDisk == textA || onDisk == textB));
        foundA += onDisk == textA;
        foundB += onDisk == textB;
        REQUIRE(loadProject(path).ok());
        // A killed save may leave its temporary file: never the model's name.
        // One left proves that the kill came between its open and its rename.
        for (const auto &name : entriesOf(dir))
            if (name != "model.docshape") {
                CHECK(name.rfind("model.docshape.tmp-", 0) == 0);
                killedInsideASave += 1;
                fs::remove(dir / name);
            }
    }
    // The kills fell inside saves, and the saves got through in between.
    INFO(killedInsideASave << " of 40 kills inside a save; A " << foundA << ", B " << foundB);
    CHECK(killedInsideASave > 0);
    CHECK(foundA > 0);
    CHECK(foundB > 0);
    fs::remove_all(dir);
}
