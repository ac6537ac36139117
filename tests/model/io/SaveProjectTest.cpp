#include "model/io/SampleProjects.h"
#include "support/TestPaths.h"

#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

void writeText(const std::string &path, const std::string &text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

std::size_t entriesIn(const std::string &dir) {
    std::size_t n = 0;
    for ([[maybe_unused]] const auto &entry : fs::directory_iterator(dir))
        ++n;
    return n;
}

} // namespace

TEST_CASE("save then load gives the same project and the canonical text", "[io][save]") {
    const std::string dir = test::makeTempDir("io-save");
    const std::string path = dir + "/model.docshape";
    const Project project = test::makeFullProject();
    const Status saved = saveProject(project, path);
    INFO((saved ? std::string() : saved.error().toString()));
    REQUIRE(saved.ok());
    CHECK(test::readFile(path) == serializeProject(project));
    auto loaded = loadProject(path);
    REQUIRE(loaded.ok());
    CHECK(*loaded == project);
    CHECK(entriesIn(dir) == 1); // no temporary file left behind
    fs::remove_all(dir);
}

TEST_CASE("saving over an existing file replaces it fully and keeps its mode", "[io][save]") {
    const std::string dir = test::makeTempDir("io-replace");
    const std::string path = dir + "/model.docshape";
    writeText(path, std::string(100'000, 'x')); // longer than the new text
    ::chmod(path.c_str(), 0640);
    const Project small = test::makeSmallProject();
    REQUIRE(saveProject(small, path).ok());
    CHECK(test::readFile(path) == serializeProject(small));
    struct stat info {};
    REQUIRE(::stat(path.c_str(), &info) == 0);
    CHECK((info.st_mode & 0777) == 0640);
    CHECK(entriesIn(dir) == 1);
    fs::remove_all(dir);
}

TEST_CASE("saving through a symbolic link replaces the target, not the link", "[io][save]") {
    const std::string dir = test::makeTempDir("io-link");
    writeText(dir + "/real.docshape", "old");
    fs::create_symlink(dir + "/real.docshape", dir + "/link.docshape");
    REQUIRE(saveProject(test::makeSmallProject(), dir + "/link.docshape").ok());
    CHECK(fs::is_symlink(dir + "/link.docshape"));
    CHECK(test::readFile(dir + "/real.docshape") == serializeProject(test::makeSmallProject()));
    fs::remove_all(dir);
}

TEST_CASE("a failed save says why and leaves the previous file intact", "[io][save]") {
    const std::string dir = test::makeTempDir("io-fail");
    const Project project = test::makeSmallProject();

    SECTION("the directory does not exist") {
        const std::string path = dir + "/missing/model.docshape";
        const Status status = saveProject(project, path);
        REQUIRE_FALSE(status.ok());
        CHECK(status.error().where == path);
        CHECK(status.error().message == "cannot save: the directory '" + dir +
                                            "/missing' does not exist (No such file or directory)");
    }
    SECTION("the directory is a file") {
        writeText(dir + "/plain", "x");
        const Status status = saveProject(project, dir + "/plain/model.docshape");
        REQUIRE_FALSE(status.ok());
        CHECK(status.error().message.find("is not a directory") != std::string::npos);
        CHECK(test::readFile(dir + "/plain") == "x");
    }
    SECTION("the target is a directory") {
        fs::create_directory(dir + "/model.docshape");
        const Status status = saveProject(project, dir + "/model.docshape");
        REQUIRE_FALSE(status.ok());
        CHECK(status.error().message == "cannot save: it is a directory");
        CHECK(entriesIn(dir) == 1);
    }
    SECTION("the directory is not writable") {
        const std::string path = dir + "/ro/model.docshape";
        fs::create_directory(dir + "/ro");
        writeText(path, "previous contents");
        ::chmod((dir + "/ro").c_str(), 0555);
        const Status status = saveProject(project, path);
        if (::geteuid() == 0) {
            // root writes anyway; a read-only system directory shows the
            // same failure path.
            const Status proc = saveProject(project, "/proc/model.docshape");
            REQUIRE_FALSE(proc.ok());
            CHECK(proc.error().message.find("cannot save: cannot create a temporary file in "
                                            "'/proc'") != std::string::npos);
        } else {
            REQUIRE_FALSE(status.ok());
            CHECK(status.error().message ==
                  "cannot save: cannot create a temporary file in '" + dir +
                      "/ro': Permission denied; the previous file is unchanged");
            CHECK(test::readFile(path) == "previous contents");
            CHECK(entriesIn(dir + "/ro") == 1);
        }
        ::chmod((dir + "/ro").c_str(), 0755);
    }
    SECTION("an invalid model is not written") {
        writeText(dir + "/model.docshape", "previous contents");
        Project invalid = project;
        invalid.entities[0].fields[0].avgCount = 12;
        const Status status = saveProject(invalid, dir + "/model.docshape");
        REQUIRE_FALSE(status.ok());
        CHECK(status.error().where == "$.entities[0].fields[0].avgCount");
        CHECK(status.error().message ==
              "not saved, the model is invalid: entity 'Order' field 'items': average count 12 "
              "exceeds the maximum 10");
        CHECK(test::readFile(dir + "/model.docshape") == "previous contents");
    }
    fs::remove_all(dir);
}
