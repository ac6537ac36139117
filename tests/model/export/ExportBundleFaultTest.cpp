// Issue 43 item 5: an export replaces its bundle as one change. Each system
// call of writeExport fails in turn through the io::FileSystem seam (the
// fault injection of the save tests, issue 22); after every failure the
// export folder is byte for byte what it was, the user's own files
// included, and after a success it is the new bundle beside them.
#include "support/FaultyFileSystem.h"
#include "support/ModelBuilders.h"
#include "support/TestPaths.h"

#include "export/ExportBundle.h"
#include "io/FileSystem.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <sys/stat.h>
#include <vector>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

// Every entry under `dir`, hidden ones included: a file's content, or "/"
// for a folder.
std::map<std::string, std::string> treeOf(const fs::path &dir) {
    std::map<std::string, std::string> tree;
    for (const auto &e : fs::recursive_directory_iterator(dir)) {
        const std::string name = fs::relative(e.path(), dir).string();
        if (e.is_directory()) {
            tree[name] = "/";
            continue;
        }
        std::ifstream in(e.path(), std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        tree[name] = s.str();
    }
    return tree;
}

void writeText(const fs::path &path, const std::string &text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path, std::ios::binary) << text;
}

// `collections` collections with one string field each; its name is in
// every validator and the script.
Project bundleProject(int collections, const std::string &fieldName = "label") {
    Project p;
    for (int i = 0; i < collections; ++i) {
        const std::string n = std::to_string(i);
        Entity e = test::entity("e" + n, "Thing" + n, 100);
        e.collectionName = "things" + n;
        e.fields.push_back(test::stringField("f" + n, fieldName, 8, 64));
        p.entities.push_back(std::move(e));
    }
    return p;
}

std::vector<ExportFile> filesOf(const Project &p) {
    auto files = exportAll(p);
    REQUIRE(files.ok());
    return *files;
}

} // namespace

TEST_CASE("each system call of an export failing in turn leaves the old bundle byte-identical",
          "[export][faults][hostile]") {
    const fs::path dir = test::makeTempDir("export-faults");
    // The user's own files in the export folder: the export never touches them.
    writeText(dir / "NOTES.md", "mine\n");
    writeText(dir / "validators" / "retired.json", "{\"from\": \"an earlier export\"}\n");
    const std::vector<ExportFile> before = filesOf(bundleProject(2));
    const std::vector<ExportFile> after = filesOf(bundleProject(2, "title"));
    REQUIRE(writeExport(before, dir.string()).ok());
    const auto oldTree = treeOf(dir);
    REQUIRE(writeExport(after, dir.string()).ok());
    const auto newTree = treeOf(dir);
    REQUIRE(oldTree != newTree);
    CHECK(newTree.at("NOTES.md") == "mine\n");
    CHECK(newTree.at("validators/retired.json") == oldTree.at("validators/retired.json"));

    // An export without faults, to learn its calls.
    REQUIRE(writeExport(before, dir.string()).ok());
    test::g_injection = test::Injection{};
    {
        io::ScopedFileSystem seam(test::kInjectingFileSystem);
        REQUIRE(writeExport(after, dir.string()).ok());
    }
    const std::vector<std::string> calls = test::g_injection.log;
    for (const char *expected : {"open", "fchmod", "write", "close", "fsync", "rename", "open(directory)"})
        CHECK(std::find(calls.begin(), calls.end(), expected) != calls.end());
    const int lastRename = int(std::find(calls.rbegin(), calls.rend(), "rename").base() - calls.begin());
    // Closing the staging folder after its fsync loses nothing, so it does not fail the export.
    const auto flushed = std::find(calls.begin(), calls.end(), "open(directory)");
    const int stagingClose = int(std::find(flushed, calls.end(), "close") - calls.begin()) + 1;

    for (bool shortWrite : {false, true}) {
        for (int k = 1; k <= int(calls.size()); ++k) {
            REQUIRE(writeExport(before, dir.string()).ok());
            REQUIRE(treeOf(dir) == oldTree);
            test::g_injection = test::Injection{};
            test::g_injection.failAt = k;
            test::g_injection.shortWrite = shortWrite;
            Status status;
            {
                io::ScopedFileSystem seam(test::kInjectingFileSystem);
                status = writeExport(after, dir.string());
            }
            INFO("failing call " << k << " (" << calls[std::size_t(k - 1)] << ")"
                                 << (shortWrite ? ", a short write first" : "") << ": "
                                 << (status.ok() ? std::string("written") : status.error().toString()));
            // Up to the last rename a failure fails the export; after it
            // (the folders' fsync) the new bundle is in place for good.
            CHECK(status.ok() == (k > lastRename || k == stagingClose));
            if (status.ok()) {
                CHECK(treeOf(dir) == newTree);
            } else {
                CHECK(treeOf(dir) == oldTree); // no staging folder left either
                CHECK_THAT(status.error().message,
                           Catch::Contains("cannot export:") && Catch::Contains("are unchanged"));
            }
        }
    }
    fs::remove_all(dir);
}

TEST_CASE("an export flushes its files with one sync, not an fsync each", "[export][faults]") {
    // An fsync per file (and per folder) made an export of 10,001 files
    // spend 31 s waiting for the disk; the number of flushes is now that of
    // the folders, whatever the number of files.
    const fs::path dir = test::makeTempDir("export-fsync");
    const auto fsyncs = [&](int collections) {
        const std::vector<ExportFile> files = filesOf(bundleProject(collections));
        test::g_injection = test::Injection{};
        {
            io::ScopedFileSystem seam(test::kInjectingFileSystem);
            REQUIRE(writeExport(files, dir.string()).ok());
        }
        const auto &log = test::g_injection.log;
        return std::count(log.begin(), log.end(), "fsync");
    };
#ifdef __linux__
    // The staging folder, then mongosh/, validators/ and indexes/.
    CHECK(fsyncs(2) == 4);
    CHECK(fsyncs(40) == 4);
#else
    CHECK(fsyncs(40) == 1 + 81 + 3);
#endif
    fs::remove_all(dir);
}

TEST_CASE("an export keeps a replaced file's mode and refuses a folder in a file's place", "[export]") {
    const fs::path dir = test::makeTempDir("export-contract");
    const std::vector<ExportFile> files = filesOf(bundleProject(1));
    REQUIRE(writeExport(files, dir.string()).ok());
    const fs::path script = dir / "mongosh" / "create.js";
    REQUIRE(::chmod(script.c_str(), 0640) == 0);
    REQUIRE(writeExport(filesOf(bundleProject(1, "title")), dir.string()).ok());
    struct stat info {};
    REQUIRE(::stat(script.c_str(), &info) == 0);
    CHECK((info.st_mode & 07777) == 0640);

    fs::remove(dir / "indexes" / "things0.json");
    fs::create_directory(dir / "indexes" / "things0.json");
    const auto blocked = treeOf(dir);
    const Status status = writeExport(files, dir.string());
    REQUIRE_FALSE(status.ok());
    CHECK_THAT(status.error().message, Catch::Contains("it is a directory") && Catch::Contains("are unchanged"));
    CHECK(treeOf(dir) == blocked);
    fs::remove_all(dir);
}
