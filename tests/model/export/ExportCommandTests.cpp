#include "commands/Cli.h"
#include "export/ExportBundle.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace docshape;
using namespace docshape::test;
namespace fs = std::filesystem;

namespace {
struct Run {
    int code;
    std::string out;
    std::string err;
};

Run exportWith(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::runExport(args, {in, out, err});
    return {code, out.str(), err.str()};
}

std::string example(const std::string &name) { return examplesDir() + "/" + name + ".docshape"; }
} // namespace

TEST_CASE("export writes the bundle's bytes into --out", "[export][cli]") {
    const std::string dir = makeTempDir("cli-export") + "/nested/out";
    const Run run = exportWith({example("order-aggregate"), "--out", dir});
    INFO(run.err);
    REQUIRE(run.code == cli::kOk);
    auto files = exportAll(*loadProject(example("order-aggregate")));
    REQUIRE(files.ok());
    CHECK(run.out.find("wrote " + std::to_string(files->size()) + " files") != std::string::npos);
    for (const auto &f : *files) {
        INFO(f.relativePath);
        CHECK(readFile(dir + "/" + f.relativePath) == f.content);
    }
    // Exporting again over the same directory replaces the files in place.
    CHECK(exportWith({"--out=" + dir, example("order-aggregate")}).code == cli::kOk);
    CHECK(readFile(dir + "/mongosh/create.js") == files->front().content);
}

TEST_CASE("export of a broken model exits 3 with the loader's message", "[export][cli]") {
    const std::string dir = makeTempDir("cli-export-bad");
    const std::string model = dir + "/broken.docshape";
    std::ofstream(model) << "{\"formatVersion\": 1, \"name\": \"x\", \"entities\": [ {\"id\": 3} ]}";
    auto loaded = loadProject(model);
    REQUIRE_FALSE(loaded.ok());
    const Run run = exportWith({model, "--out", dir + "/out"});
    CHECK(run.code == cli::kBadModel);
    CHECK(run.err.find(loaded.error().message) != std::string::npos);
    CHECK_FALSE(fs::exists(dir + "/out"));

    const Run missing = exportWith({dir + "/no-such.docshape", "--out", dir + "/out"});
    CHECK(missing.code == cli::kBadModel);
    CHECK(missing.err.find("cannot open") != std::string::npos);
}

TEST_CASE("export usage errors exit 2", "[export][cli]") {
    const Run noOut = exportWith({example("order-aggregate")});
    CHECK(noOut.code == cli::kUsage);
    CHECK(noOut.err.find("--out DIR is required") != std::string::npos);
    CHECK(exportWith({}).code == cli::kUsage);
    CHECK(exportWith({example("order-aggregate"), "--out"}).code == cli::kUsage);
    CHECK(exportWith({example("order-aggregate"), "--out", "x", "--json"}).code == cli::kUsage);
    CHECK(exportWith({"a.docshape", "b.docshape", "--out", "x"}).code == cli::kUsage);
    // The dispatcher routes to the command.
    std::istringstream in;
    std::ostringstream out, err;
    CHECK(cli::run({"export", example("order-aggregate")}, {in, out, err}) == cli::kUsage);
}
