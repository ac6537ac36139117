#include "export/ExportBundle.h"
#include "io/ProjectFile.h"
#include "model/export/ExportTestSupport.h"
#include "support/Golden.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>

// Golden files pin the exports of the bundled examples:
// tests/data/export/<example>/expected/{mongosh/create.js,validators/*.json,indexes/*.json}.
// After an intended change to the exporter or to an example, regenerate
// them and review the diff:
//   DOCSHAPE_UPDATE_GOLDEN=1 build/tests/model_tests "[golden]"
using namespace docshape;
using namespace docshape::test;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> examples() {
    std::vector<fs::path> out;
    for (const auto &entry : fs::directory_iterator(examplesDir()))
        if (entry.path().extension() == ".docshape")
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

std::set<std::string> filesUnder(const fs::path &dir) {
    std::set<std::string> out;
    if (!fs::exists(dir))
        return out;
    for (const auto &entry : fs::recursive_directory_iterator(dir))
        if (entry.is_regular_file())
            out.insert(fs::relative(entry.path(), dir).generic_string());
    return out;
}

} // namespace

TEST_CASE("exports of the bundled examples match their golden files", "[export][golden]") {
    const auto paths = examples();
    REQUIRE(!paths.empty());
    for (const auto &path : paths) {
        const std::string name = path.stem().string();
        INFO("example " << name);
        auto project = loadProject(path.string());
        INFO((project ? std::string() : project.error().toString()));
        REQUIRE(project.ok());
        auto files = exportAll(*project);
        INFO((files ? std::string() : files.error().toString()));
        REQUIRE(files.ok());
        const fs::path expectedDir = dataPath("export/" + name + "/expected");

        if (updatingGolden()) {
            fs::remove_all(expectedDir);
            REQUIRE(writeExport(*files, expectedDir.string()).ok());
            WARN("regenerated " << expectedDir.string());
            continue;
        }
        std::set<std::string> produced;
        for (const auto &file : *files) {
            produced.insert(file.relativePath);
            const fs::path golden = expectedDir / file.relativePath;
            INFO(file.relativePath);
            if (!fs::exists(golden))
                FAIL("missing golden file " << golden.string()
                                            << " (run with DOCSHAPE_UPDATE_GOLDEN=1 to create it)");
            const std::string expected = readFile(golden.string());
            if (expected != file.content)
                FAIL(golden.string() << " differs, first at " << firstDifference(expected, file.content));
        }
        CHECK(filesUnder(expectedDir) == produced); // no stale golden files
    }
}

TEST_CASE("every bundled example exports twice to the same bytes, and its script parses",
          "[export][golden]") {
    const bool node = haveNode();
    if (!node)
        WARN("node is not installed: the mongosh script syntax check is skipped");
    for (const auto &path : examples()) {
        INFO("example " << path.stem().string());
        auto project = loadProject(path.string());
        REQUIRE(project.ok());
        auto first = exportAll(*project);
        auto second = exportAll(*loadProject(path.string()));
        REQUIRE(first.ok());
        REQUIRE(second.ok());
        CHECK(*first == *second);
        REQUIRE(first->front().relativePath == "mongosh/create.js");
        if (node) {
            const std::string dir = makeTempDir("golden-node");
            const std::string script = dir + "/create.js";
            std::ofstream(script, std::ios::binary) << first->front().content;
            auto check = runCommand("node --check " + script);
            INFO(check.output);
            CHECK(check.status == 0);
        }
        for (const auto &file : *first) {
            if (file.relativePath.rfind("validators/", 0) != 0)
                continue;
            INFO(file.relativePath);
            const auto schema = nlohmann::ordered_json::parse(file.content);
            walkSchema(schema, [&](const std::string &key, const nlohmann::ordered_json &s, bool inBranch) {
                INFO("keyword " << key);
                for (const char *refused : {"$ref", "$schema", "default", "definitions", "format", "id", "type"})
                    CHECK(key != refused);
                if (!inBranch)
                    CHECK(s.contains("bsonType"));
            });
        }
    }
}
