#include "commands/Cli.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include "model/sample/SampleFixtures.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace docshape;

namespace {

struct Run {
    int code = 0;
    std::string out;
    std::string err;
};

Run sample(std::vector<std::string> args) {
    std::istringstream in;
    std::ostringstream out, err;
    Run r;
    r.code = cli::runSample(args, {in, out, err});
    r.out = out.str();
    r.err = err.str();
    return r;
}

std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream ss(text);
    for (std::string line; std::getline(ss, line);)
        out.push_back(line);
    return out;
}

// The fixture project saved as a model file, once per test run.
const std::string &fixtureModel() {
    static const std::string path = [] {
        const std::string file = test::makeTempDir("sample-cli") + "/fixture.docshape";
        const Status saved = saveProject(test::sampleProject(), file);
        if (!saved)
            FAIL("saving the fixture: " << saved.error().toString());
        return file;
    }();
    return path;
}

} // namespace

TEST_CASE("sample: documents in canonical Extended JSON, one per line", "[sample][cli]") {
    const Run r = sample({fixtureModel(), "--collection", "orders", "--count", "5", "--seed", "9"});
    REQUIRE(r.code == cli::kOk);
    CHECK(r.err.empty());
    const auto docs = lines(r.out);
    REQUIRE(docs.size() == 5);
    for (const auto &line : docs) {
        bson_t doc;
        bson_error_t error;
        INFO(line);
        REQUIRE(bson_init_from_json(&doc, line.c_str(), static_cast<ssize_t>(line.size()), &error));
        bson_iter_t it;
        CHECK(bson_iter_init_find(&it, &doc, "_id"));
        CHECK(BSON_ITER_HOLDS_OID(&it));
        bson_destroy(&doc);
        CHECK(line.find("\"$numberDecimal\"") != std::string::npos); // canonical, not relaxed
        CHECK(line.find("\"$date\" : { \"$numberLong\"") != std::string::npos);
    }
    CHECK(sample({fixtureModel(), "--collection", "orders"}).out.size() > 0);
    CHECK(lines(sample({fixtureModel(), "--collection", "orders"}).out).size() == 10); // default count
}

TEST_CASE("sample: deterministic for a seed", "[sample][cli]") {
    const auto a = sample({fixtureModel(), "--collection", "orders", "--count", "20", "--seed", "5"});
    const auto b = sample({fixtureModel(), "--collection=orders", "--count=20", "--seed=5"});
    const auto c = sample({fixtureModel(), "--collection", "orders", "--count", "20", "--seed", "6"});
    REQUIRE(a.code == 0);
    CHECK(a.out == b.out);
    CHECK(a.out != c.out);
}

TEST_CASE("sample: --shape max prints documents of the maximum size", "[sample][cli]") {
    const Run r = sample({fixtureModel(), "--collection", "everything", "--shape", "max", "--count", "3"});
    REQUIRE(r.code == cli::kOk);
    for (const auto &line : lines(r.out)) {
        bson_error_t error;
        bson_t *doc = bson_new_from_json(reinterpret_cast<const std::uint8_t *>(line.data()),
                                         static_cast<ssize_t>(line.size()), &error);
        REQUIRE(doc);
        // 5 + _id 5+12 + s 3+25 + d 3+8 + o 3+(5 + x 3+4 + y 3+9) + a 3+(5+34+44) + b 3+37
        //   + oid 5+12 + flag 6+1 + at 4+8 + nothing 9 + re 4+(8+1+1+1) + i 3+4
        //   + ts 4+8 + l 3+8 + dec 5+16 + mn 4 + mx 4
        CHECK(doc->len == 5 + 17 + 28 + 11 + 27 + 86 + 40 + 17 + 7 + 12 + 9 + 15 + 7 + 12 + 11 + 21 + 4 + 4);
        bson_destroy(doc);
    }
}

TEST_CASE("sample: usage errors exit 2 with a message on stderr", "[sample][cli]") {
    const std::string model = fixtureModel();
    struct Case {
        std::vector<std::string> args;
        std::string message;
    };
    const Case cases[] = {
        {{model, "--collection", "nope"}, "no collection 'nope'"},
        {{model, "--collection", "orders", "--count", "abc"}, "--count wants a whole number"},
        {{model, "--collection", "orders", "--count", "0"}, "--count wants a whole number"},
        {{model, "--collection", "orders", "--count", "-3"}, "--count wants a whole number"},
        {{model, "--collection", "orders", "--count", "2x"}, "--count wants a whole number"},
        {{model, "--collection", "orders", "--count"}, "--count needs a value"},
        {{model, "--collection", "orders", "--seed", "x"}, "--seed wants a whole number"},
        {{model, "--collection", "orders", "--shape", "huge"}, "--shape is typical or max"},
        {{model, "--collection", "orders", "--break", "everything"}, "--break is missing-required"},
        {{model, "--collection", "orders", "--frobnicate"}, "unknown option '--frobnicate'"},
        {{model}, "missing --collection"},
        {{"--collection", "orders"}, "missing MODEL"},
        {{model, model, "--collection", "orders"}, "one MODEL only"},
        {{model, "--collection", "feeds", "--shape", "max"}, "'events' has no bound"},
        {{model, "--collection", "feeds", "--break", "outside-enum"}, "nothing to break with outside-enum"},
    };
    for (const auto &c : cases) {
        const Run r = sample(c.args);
        INFO(r.err);
        CHECK(r.code == cli::kUsage);
        CHECK_THAT(r.err, Catch::Contains(c.message));
        CHECK(r.out.empty());
    }
    const Run unknown = sample({model, "--collection", "nope"});
    CHECK_THAT(unknown.err, Catch::Contains("customers") && Catch::Contains("orders"));
}

TEST_CASE("sample: an unreadable or invalid model exits 3 with the loader's error", "[sample][cli]") {
    const std::string dir = test::makeTempDir("sample-cli-bad");
    const Run missing = sample({dir + "/absent.docshape", "--collection", "orders"});
    CHECK(missing.code == cli::kBadModel);
    CHECK_THAT(missing.err, Catch::Contains("absent.docshape"));
    CHECK(missing.out.empty());

    const std::string broken = dir + "/broken.docshape";
    std::ofstream(broken) << "{ \"formatVersion\": 1, \"entities\": [ ";
    const Run invalid = sample({broken, "--collection", "orders"});
    CHECK(invalid.code == cli::kBadModel);
    auto loaded = loadProject(broken);
    REQUIRE_FALSE(loaded.ok());
    CHECK_THAT(invalid.err, Catch::Contains(loaded.error().toString()));
}

TEST_CASE("sample: --break reports each broken path on stderr", "[sample][cli]") {
    const Run r = sample({fixtureModel(), "--collection", "orders", "--break", "wrong-type", "--count", "4"});
    REQUIRE(r.code == cli::kOk);
    CHECK(lines(r.out).size() == 4);
    const auto reports = lines(r.err);
    REQUIRE(reports.size() == 4);
    for (std::size_t k = 0; k < reports.size(); ++k)
        CHECK_THAT(reports[k], Catch::StartsWith("docshape-cli sample: document " + std::to_string(k + 1) +
                                                 " breaks wrong-type at "));
}

TEST_CASE("sample: --help", "[sample][cli]") {
    std::istringstream in;
    std::ostringstream out, err;
    CHECK(cli::run({"sample", "--help"}, {in, out, err}) == cli::kOk);
    CHECK_THAT(out.str(), Catch::Contains("--shape typical|max"));
}
