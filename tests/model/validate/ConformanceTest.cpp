#include "support/TestPaths.h"
#include "validate/ExtendedJson.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <sstream>

using namespace docshape::validate;

namespace {

struct Outcome {
    size_t cases = 0;
    size_t matchCases = 0;
    size_t invalidCases = 0;
    std::vector<std::string> failures;
};

std::string sourceOf(const bson_t *line) {
    bson_iter_t it;
    if (bson_iter_init_find(&it, line, "source") && BSON_ITER_HOLDS_UTF8(&it))
        return bson_iter_utf8(&it, nullptr);
    return "?";
}

// {"$jsonSchema": <line.schema>}, whatever the schema's type.
BsonDocument validatorOf(const bson_t *line) {
    BsonDocument out;
    bson_iter_t it;
    REQUIRE(bson_iter_init_find(&it, line, "schema"));
    bson_append_iter(out.get(), "$jsonSchema", -1, &it);
    return out;
}

void runCase(const std::string &text, Outcome &outcome) {
    ExtendedJsonParser parser;
    auto line = parser.parse(text);
    REQUIRE(line.ok());
    const bson_t *doc = line->get();
    bson_iter_t kind;
    REQUIRE(bson_iter_init_find(&kind, doc, "kind"));
    const std::string k = bson_iter_utf8(&kind, nullptr);
    const std::string source = sourceOf(doc);
    BsonDocument validator = validatorOf(doc);
    auto schema = JsonSchema::compileValidator(validator.get());
    ++outcome.cases;
    if (k == "invalid") {
        ++outcome.invalidCases;
        if (schema.ok())
            outcome.failures.push_back(source + ": accepted a schema the server refuses: " +
                                       text);
        return;
    }
    REQUIRE(k == "match");
    ++outcome.matchCases;
    if (!schema.ok()) {
        outcome.failures.push_back(source + ": refused a schema the server accepts (" +
                                   schema.error().message + "): " + text);
        return;
    }
    bson_iter_t it;
    REQUIRE(bson_iter_init_find(&it, doc, "doc"));
    REQUIRE(BSON_ITER_HOLDS_DOCUMENT(&it));
    const uint8_t *data;
    uint32_t len;
    bson_iter_document(&it, &len, &data);
    bson_t sample;
    REQUIRE(bson_init_static(&sample, data, len));
    REQUIRE(bson_iter_init_find(&it, doc, "match"));
    const bool expected = bson_iter_bool(&it);
    const bool fast = schema->matches(&sample);
    const auto explained = schema->validate(&sample);
    if (fast != expected)
        outcome.failures.push_back(source + ": expected " + (expected ? "match" : "no match") +
                                   ": " + text);
    else if (explained.valid != fast || explained.valid != explained.errors.empty())
        outcome.failures.push_back(source + ": validate() disagrees with matches(): " + text);
}

} // namespace

TEST_CASE("$jsonSchema agrees with every case transcribed from the server's tests",
          "[validate][conformance]") {
    namespace fs = std::filesystem;
    const fs::path dir = docshape::test::sharedDir() + "/conformance/jsonschema";
    REQUIRE(fs::is_directory(dir));
    Outcome outcome;
    size_t files = 0;
    for (const auto &entry : fs::directory_iterator(dir)) {
        if (entry.path().extension() != ".jsonl")
            continue;
        ++files;
        std::istringstream in(docshape::test::readFile(entry.path().string()));
        std::string text;
        while (std::getline(in, text))
            if (!text.empty())
                runCase(text, outcome);
    }
    INFO("files " << files << ", cases " << outcome.cases);
    for (const auto &f : outcome.failures)
        UNSCOPED_INFO(f);
    CHECK(outcome.failures.empty());
    // The README's table: 394 match cases and 92 invalid ones in 7 files.
    CHECK(files == 7);
    CHECK(outcome.matchCases == 394);
    CHECK(outcome.invalidCases == 92);
}
