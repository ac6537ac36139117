#include "model/advisor/AdvisorFixtures.h"

#include "advisor/RuleCatalog.h"
#include "commands/Cli.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace docshape;
using namespace docshape::test;

namespace {

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run lintCli(std::vector<std::string> args) {
    std::istringstream in;
    std::ostringstream out, err;
    args.insert(args.begin(), "lint");
    const int code = cli::run(args, {in, out, err});
    return {code, out.str(), err.str()};
}

std::string saved(const Project &p, const std::string &name) {
    const std::string dir = makeTempDir("lint");
    const std::string path = dir + "/" + name;
    REQUIRE(saveProject(p, path).ok());
    return path;
}

} // namespace

TEST_CASE("lint: exit codes follow --fail-on", "[advisor][cli]") {
    const std::string clean = saved(cleanShop(), "clean.docshape");
    Run r = lintCli({clean});
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("0 findings"));

    Project warn = cleanShop();
    warn.relationships[0].maxChildren.reset(); // DS101 warning, no error
    const std::string warned = saved(warn, "warn.docshape");
    CHECK(lintCli({warned}).code == 0);
    CHECK(lintCli({warned, "--fail-on", "warning"}).code == 1);
    CHECK(lintCli({warned, "--fail-on=info"}).code == 1);
    r = lintCli({warned});
    // Named as the diagram draws the edge; the id only in --json.
    CHECK_THAT(r.out, Catch::Contains("warning DS101 relationship 'Order → LineItem (items)': "));
    CHECK_THAT(r.out, !Catch::Contains("(r1)"));
    CHECK_THAT(r.out, Catch::Contains("fix: "));

    Project bad = cleanShop();
    // DS112 error: two values of 10 MB, a document past 16 MiB (one value
    // past it is not a model: the file format refuses it).
    bad.entities[2].fields.push_back(field("f98", "front", BsonType::BinData, 100, 10000000));
    bad.entities[2].fields.push_back(field("f99", "back", BsonType::BinData, 100, 10000000));
    CHECK(lintCli({saved(bad, "bad.docshape")}).code == 1);
}

TEST_CASE("lint --json prints findings with target, reason, source and fix", "[advisor][cli]") {
    Project warn = cleanShop();
    warn.relationships[0].maxChildren.reset();
    const Run r = lintCli({saved(warn, "warn.docshape"), "--json"});
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    REQUIRE(doc.contains("findings"));
    const auto &first = doc["findings"][0];
    for (const char *key : {"id", "severity", "target", "message", "reason", "source", "fix"})
        CHECK(first.contains(key));
    for (const char *key : {"kind", "id", "name"})
        CHECK(first["target"].contains(key));
    bool sawUnbounded = false;
    for (const auto &f : doc["findings"])
        if (f["id"] == "DS101") {
            sawUnbounded = true;
            CHECK(f["severity"] == "warning");
            CHECK(f["target"]["kind"] == "relationship");
            CHECK(f["target"]["id"] == "r1");
            CHECK(f["target"]["name"] == "Order → LineItem (items)");
            CHECK(f["source"] == "Data modeling, Start from the queries, \"The bounded test\"");
            CHECK(f["passage"].get<std::string>().find("what is the maximum, and who enforces it?") !=
                  std::string::npos);
        }
    CHECK(sawUnbounded);
}

TEST_CASE("lint: usage errors exit 2, unreadable or invalid models exit 3", "[advisor][cli]") {
    CHECK(lintCli({}).code == 2);
    CHECK(lintCli({"a.docshape", "--fail-on", "fatal"}).code == 2);
    CHECK(lintCli({"a.docshape", "--fail-on"}).code == 2);
    CHECK(lintCli({"a.docshape", "--bogus"}).code == 2);
    CHECK(lintCli({"a.docshape", "b.docshape"}).code == 2);
    const Run missing = lintCli({"/nonexistent/model.docshape"});
    CHECK(missing.code == 3);
    CHECK_FALSE(missing.err.empty());
    const std::string dir = makeTempDir("lint-bad");
    std::ofstream(dir + "/broken.docshape") << "{ \"formatVersion\": 1, \"entities\": [ ";
    CHECK(lintCli({dir + "/broken.docshape"}).code == 3);
}

TEST_CASE("lint --rules lists the whole catalogue with thresholds", "[advisor][cli]") {
    Run r = lintCli({"--rules", "--json"});
    REQUIRE(r.code == 0);
    const auto doc = nlohmann::json::parse(r.out);
    REQUIRE(doc["rules"].size() == ruleCatalogue().size());
    bool sawAtlasIndexes = false;
    for (const auto &rule : doc["rules"]) {
        for (const char *key : {"id", "severity", "title", "source", "thresholds"})
            CHECK(rule.contains(key));
        if (rule["id"] == "DS180") {
            REQUIRE(rule["thresholds"].size() == 1);
            CHECK(rule["thresholds"][0]["name"] == "atlas.maxIndexes");
            CHECK(rule["thresholds"][0]["value"] == 30);
            sawAtlasIndexes = true;
        }
    }
    CHECK(sawAtlasIndexes);
    r = lintCli({"--rules"});
    CHECK(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("DS101  warning  Unbounded array"));
    CHECK_THAT(r.out, Catch::Contains("threshold compass.maxArrayEntries = 250"));

    // With a model, the values in force.
    Project p = cleanShop();
    p.thresholds["atlas.maxIndexes"] = 12;
    r = lintCli({"--rules", saved(p, "t.docshape"), "--json"});
    CHECK(r.code == 0);
    CHECK(nlohmann::json::parse(r.out)["thresholds"][4]["value"] == 12);
}

TEST_CASE("lint --rules prints sizes as sizes, not as floats", "[advisor][cli]") {
    const Run r = lintCli({"--rules"});
    REQUIRE(r.code == 0);
    CHECK_THAT(r.out, Catch::Contains("seed.documentTargetBytes = 100,000 bytes  "));
    CHECK_THAT(r.out, Catch::Contains("bson.maxDocumentBytes = 16.0 MiB (16,777,216 bytes)  "));
    CHECK_THAT(r.out, Catch::Contains("atlas.maxIndexes = 30 indexes  "));
    CHECK_THAT(r.out, !Catch::Contains(".0 bytes") && !Catch::Contains("100000"));
}
