#include "commands/Cli.h"
#include "derive/DeriveCollections.h"
#include "derive/IndexRules.h"
#include "export/ExportBundle.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

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

TEST_CASE("export refuses an index the server refuses: exit 3, nothing written", "[export][cli][server]") {
    // The saas example's partial unique index as it shipped, with
    // {deletedAt: {$exists: false}}: the server's createIndexes answers
    // "Expression not supported in partial index: $not" (index_catalog_impl
    // _checkValidFilterExpressions), so export must not write it.
    auto project = loadProject(example("saas-multitenant"));
    REQUIRE(project.ok());
    bool changed = false;
    for (auto &index : project->indexes)
        if (!index.partialFilter.empty()) {
            index.partialFilter = R"({"deletedAt":{"$exists":false}})";
            changed = true;
        }
    REQUIRE(changed);
    const std::string dir = makeTempDir("cli-export-refused");
    const std::string model = dir + "/refused.docshape";
    REQUIRE(saveProject(*project, model).ok());
    const Run run = exportWith({model, "--out", dir + "/out"});
    CHECK(run.code == cli::kBadModel);
    CHECK_THAT(run.err, Catch::Contains("users.tenantId_1_email_1") &&
                            Catch::Contains("Expression not supported in partial index: $not"));
    CHECK_FALSE(fs::exists(dir + "/out"));
    // lint says so as an error, and fails.
    std::istringstream in;
    std::ostringstream out, err;
    CHECK(cli::runLint({model}, {in, out, err}) != cli::kOk);
    CHECK_THAT(out.str(), Catch::Contains("DS170"));
}

TEST_CASE("every bundled example exports indexes the server accepts", "[export][server]") {
    // The one server-rules check (derive/IndexRules.h) over every exported
    // index specification: the model's, and the partial filter as written.
    for (const auto &entry : fs::directory_iterator(examplesDir())) {
        if (entry.path().extension() != ".docshape")
            continue;
        INFO(entry.path().filename().string());
        auto project = loadProject(entry.path().string());
        REQUIRE(project.ok());
        auto files = exportAll(*project);
        REQUIRE(files.ok());
        const Derived derived = deriveCollections(*project);
        for (const auto &index : project->indexes) {
            const CollectionShape *home = collectionOf(derived, index.entityId);
            REQUIRE(home);
            for (const auto &rule : serverIndexRules(index, home->shape))
                CHECK_FALSE(rule.error);
            CHECK_FALSE(idTypeRefusal(home->shape));
        }
        std::size_t specs = 0;
        for (const auto &file : *files) {
            if (file.relativePath.rfind("indexes/", 0) != 0)
                continue;
            const auto list = nlohmann::json::parse(file.content);
            for (const auto &spec : list) {
                ++specs;
                if (spec.contains("partialFilterExpression")) {
                    INFO(spec.dump());
                    CHECK_FALSE(partialFilterRefusal(spec["partialFilterExpression"].dump()));
                }
            }
        }
        CHECK(specs == project->indexes.size());
    }
}
