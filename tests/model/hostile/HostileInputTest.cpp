// Regression tests for the findings of issue 22: hostile input that crashed,
// hung or exhausted memory. Each case is named after the finding it guards.

#include "derive/DeriveCollections.h"
#include "io/ProjectFile.h"
#include "sample/SampleGenerator.h"
#include "support/ModelBuilders.h"
#include "util/PatternStrings.h"
#include "util/Prng.h"
#include "util/Saturate.h"
#include "validate/DocumentStream.h"
#include "validate/ExtendedJson.h"
#include "validate/JsonSchema.h"

#include "model/io/SampleProjects.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <limits>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

using namespace docshape;
using namespace docshape::validate;

namespace {

void putInt32(std::vector<std::uint8_t> &out, std::uint32_t v) {
    for (int i = 0; i < 4; ++i)
        out.push_back(std::uint8_t(v >> (8 * i)));
}

// A document from its elements' bytes: int32 length, elements, NUL.
std::vector<std::uint8_t> document(const std::vector<std::uint8_t> &elements) {
    std::vector<std::uint8_t> out;
    putInt32(out, std::uint32_t(4 + elements.size() + 1));
    out.insert(out.end(), elements.begin(), elements.end());
    out.push_back(0);
    return out;
}

std::vector<std::uint8_t> element(std::uint8_t type, const std::string &key, const std::vector<std::uint8_t> &value) {
    std::vector<std::uint8_t> out{type};
    out.insert(out.end(), key.begin(), key.end());
    out.push_back(0);
    out.insert(out.end(), value.begin(), value.end());
    return out;
}

JsonSchema schemaOf(const std::string &json) {
    auto s = JsonSchema::compileJson(json);
    INFO(json << " -> " << (s.ok() ? std::string("ok") : s.error().message));
    REQUIRE(s.ok());
    return *s;
}

double secondsOf(const std::function<void()> &f) {
    const auto start = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

} // namespace

TEST_CASE("code-with-scope whose string length wraps 32 bits is compared within its bytes", "[hostile][validate]") {
    // BSON spec: code_w_s ::= int32 string document, string ::= int32 (bytes) NUL.
    // An inner length of 0xFFFFFFF8 passed "8 + length <= size" by wrapping
    // and memcmp read 4 GiB (uniqueItems compares the two elements).
    std::vector<std::uint8_t> cws;
    putInt32(cws, 14);         // total: 4 + 4 + 1 + 5
    putInt32(cws, 0xFFFFFFF8); // the hostile string length
    cws.push_back(0);
    const std::vector<std::uint8_t> scope{5, 0, 0, 0, 0};
    cws.insert(cws.end(), scope.begin(), scope.end());
    std::vector<std::uint8_t> items = element(BSON_TYPE_CODEWSCOPE, "0", cws);
    const auto second = element(BSON_TYPE_CODEWSCOPE, "1", cws);
    items.insert(items.end(), second.begin(), second.end());
    const auto doc = document(element(BSON_TYPE_ARRAY, "a", document(items)));

    const JsonSchema s = schemaOf(R"({"properties":{"a":{"uniqueItems":true}}})");
    // Corrupt values are never equal to each other, so the array is unique.
    CHECK(s.matches(doc.data(), std::uint32_t(doc.size())));
    CHECK(s.validate(doc.data(), std::uint32_t(doc.size())).valid);
}

TEST_CASE("describing a value nested 100,000 deep stops at the equality depth", "[hostile][validate]") {
    // The enum failure message describes the value found; describeValue
    // recursed once per level with no limit (valuesEqual stops at 200).
    // Level k (the innermost empty array is level 0) is {"0": level k-1}:
    // its length, the element header 04 '0' 00, the level below, a NUL.
    constexpr std::uint32_t kLevels = 100000;
    std::vector<std::uint8_t> inner;
    inner.reserve(8 * kLevels + 5);
    for (std::uint32_t level = kLevels; level > 0; --level) {
        putInt32(inner, 8 * level + 5);
        inner.insert(inner.end(), {BSON_TYPE_ARRAY, '0', 0});
    }
    inner.insert(inner.end(), {5, 0, 0, 0, 0});
    inner.insert(inner.end(), kLevels, 0);
    const auto doc = document(element(BSON_TYPE_ARRAY, "a", inner));
    const JsonSchema s = schemaOf(R"({"properties":{"a":{"enum":[1]}}})");
    const ValidationResult r = s.validate(doc.data(), std::uint32_t(doc.size()));
    REQUIRE_FALSE(r.valid);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].keyword == "enum");
}

TEST_CASE("formatDate of the least date, -2^63 ms, prints the milliseconds", "[hostile][validate]") {
    // (ms - 999) / 1000 overflowed at INT64_MIN. Years outside 0000-9999
    // print as milliseconds since the epoch, as Extended JSON does.
    const JsonSchema s = schemaOf(R"({"properties":{"d":{"enum":[1]}}})");
    auto describe = [&](std::int64_t ms) {
        bson_t *doc = bson_new();
        BSON_APPEND_DATE_TIME(doc, "d", ms);
        const ValidationResult r = s.validate(doc);
        bson_destroy(doc);
        REQUIRE(r.errors.size() == 1);
        return r.errors[0].message;
    };
    CHECK_THAT(describe(std::numeric_limits<std::int64_t>::min()), Catch::Contains("Date(-9223372036854775808)"));
    CHECK_THAT(describe(std::numeric_limits<std::int64_t>::max()), Catch::Contains("Date(9223372036854775807)"));
    CHECK_THAT(describe(-1), Catch::Contains("Date(1969-12-31T23:59:59.999Z)"));
    CHECK_THAT(describe(-62167219200000), Catch::Contains("Date(0000-01-01T00:00:00.000Z)"));
    CHECK_THAT(describe(253402300799999), Catch::Contains("Date(9999-12-31T23:59:59.999Z)"));
}

TEST_CASE("a 100,000-value enum compiles in linear time", "[hostile][validate]") {
    // The duplicate check compared every pair: 5 billion comparisons here.
    std::string schema = R"({"properties":{"n":{"enum":[)";
    for (int i = 0; i < 100000; ++i)
        schema += (i ? "," : "") + std::to_string(i);
    schema += "]}}}";
    double seconds = secondsOf([&] { CHECK(JsonSchema::compileJson(schema).ok()); });
    CHECK(seconds < 2.0);
    // Duplicates are still found, across numeric types (1 and 1.0 are equal).
    auto dup = JsonSchema::compileJson(R"({"enum":[{"a":1},2,3,{"a":1.0}]})");
    REQUIRE_FALSE(dup.ok());
    CHECK(dup.error().message == "$jsonSchema keyword 'enum' array cannot contain duplicate values.");
}

TEST_CASE("a pattern repeat of 10^9 builds no table per repeat", "[hostile][sample]") {
    // One 257-entry table per copy: 10^9 copies asked for 257 GB, and
    // (a){65535} 150 times (1.5 KB, accepted by the server) 2.9 GB.
    Prng rng(1);
    auto huge = PatternStrings::parse("^(a){1000000000}$");
    REQUIRE(huge);
    CHECK(huge->minLength() == 1000000000u);
    CHECK_FALSE(huge->canGenerate(256));

    std::string many = "^";
    for (int i = 0; i < 150; ++i)
        many += "(a){65535}";
    many += "$";
    double seconds = secondsOf([&] {
        auto p = PatternStrings::parse(many);
        REQUIRE(p);
        CHECK(p->minLength() == 150u * 65535u);
        CHECK_FALSE(p->nearestLength(100).has_value()); // every match is past the cap
    });
    CHECK(seconds < 5.0);
    auto bounded = PatternStrings::parse("^(a){0,65535}(b){2}$");
    REQUIRE(bounded);
    CHECK(bounded->generate(200, rng) == std::string(198, 'a') + "bb");

    // Copies that may be empty: any count past the cap reaches the same lengths.
    auto optional = PatternStrings::parse("^(ab?){0,1000000000}-(c?){1000000000}$");
    REQUIRE(optional);
    CHECK(optional->canGenerate(1));
    const std::regex re("^(ab?)*-c*$");
    for (std::uint64_t length : {1u, 2u, 7u, 100u, 256u}) {
        REQUIRE(optional->canGenerate(length));
        const std::string s = optional->generate(length, rng);
        CHECK(s.size() == length);
        CHECK(std::regex_match(s, re));
    }
}

TEST_CASE("a broken sample of an array with maxCount 1e9 is refused, not built", "[hostile][sample]") {
    // --break array-over-bound built maxCount + 1 elements.
    Project p;
    Entity e = test::entity("e1", "Thing", 10);
    e.collectionName = "things";
    e.fields.push_back(test::arrayField("f1", "values", BsonType::Int, 3, 1000000000u));
    p.entities.push_back(e);
    const Derived derived = deriveCollections(p);
    REQUIRE(derived.collections.size() == 1);
    SampleGenerator g(derived.collections[0], 1);
    Result<SampleDocument> doc = Error{};
    double seconds = secondsOf([&] { doc = g.nextBroken(BreakRule::ArrayOverBound); });
    REQUIRE_FALSE(doc.ok());
    CHECK(doc.error().message == "the sample's array 'values' would hold 1000000001 elements, over the 64 MiB "
                                 "the sampler builds; lower its maxCount");
    CHECK(seconds < 1.0);
    // A typical sample is still built.
    CHECK(g.next(SampleShape::Typical).ok());
}

TEST_CASE("doubles beyond the integer range saturate", "[hostile][util]") {
    constexpr auto u64max = std::numeric_limits<std::uint64_t>::max();
    constexpr auto i64max = std::numeric_limits<std::int64_t>::max();
    constexpr auto i64min = std::numeric_limits<std::int64_t>::min();
    CHECK(saturatingUint64(1e30) == u64max);
    CHECK(saturatingUint64(0x1p64) == u64max);
    CHECK(saturatingUint64(0x1p63) == 0x8000000000000000u);
    CHECK(saturatingUint64(-5) == 0u);
    CHECK(saturatingUint64(std::numeric_limits<double>::quiet_NaN()) == 0u);
    CHECK(saturatingUint64(std::numeric_limits<double>::infinity()) == u64max);
    CHECK(saturatingUint64(41.9) == 41u);
    CHECK(saturatingInt64(1e300) == i64max);
    CHECK(saturatingInt64(0x1p63) == i64max);
    CHECK(saturatingInt64(-0x1p63) == i64min);
    CHECK(saturatingInt64(-1e300) == i64min);
    CHECK(saturatingInt64(-41.9) == -41);
    CHECK(saturatingInt64(std::numeric_limits<double>::quiet_NaN()) == 0);
}

TEST_CASE("a million byte order marks are skipped without recursion", "[hostile][stream]") {
    std::string input;
    for (int i = 0; i < 1000000; ++i)
        input += "\xEF\xBB\xBF";
    input += "{\"a\":1}\n";
    std::istringstream in(input);
    DocumentStream stream(in);
    REQUIRE(stream.next() == DocumentStream::Next::Document);
    CHECK(stream.text() == "{\"a\":1}");
    CHECK(stream.next() == DocumentStream::Next::End);
}

TEST_CASE("a pattern PCRE2 refuses is refused by model validation", "[hostile][io]") {
    // PCRE2 (pcre2_compile with PCRE2_UTF, as the server's
    // RegexMatchExpression compiles `pattern`): "number too big in {}
    // quantifier" past 65535, at offset 11 (checked with pcre2_compile).
    Project p = test::makeSmallProject();
    Field &f = p.entities[0].fields[0];
    f.details.edit().pattern = "^(a){1000000000}$";
    const Status status = validateProject(p);
    REQUIRE_FALSE(status.ok());
    CHECK(status.error().where == "$.entities[0].fields[0].pattern");
    CHECK_THAT(status.error().message,
               Catch::Contains("the server would refuse pattern '^(a){1000000000}$': Regular expression is "
                               "invalid: number too big in {} quantifier (at offset 11)"));
    f.details.edit().pattern = "^[a-z]{2,65535}$"; // PCRE2's largest repeat count
    CHECK(validateProject(p).ok());
    f.details.edit().pattern = "^[a-";
    REQUIRE_FALSE(validateProject(p).ok());
    CHECK_THAT(validateProject(p).error().message, Catch::Contains("missing terminating ] for character class"));
}

TEST_CASE("$code and $dbPointer holding U+0000 are refused like regular expressions", "[hostile][extjson]") {
    // libbson takes these as C strings: the text after U+0000 was dropped silently.
    ExtendedJsonParser parser;
    auto code = parser.parse(R"({"c": {"$code": "a\u0000b"}})");
    REQUIRE_FALSE(code.ok());
    CHECK_THAT(code.error().message, Catch::Contains("invalid Extended JSON $code: contains U+0000"));
    auto scoped = parser.parse(R"({"c": {"$code": "a\u0000b", "$scope": {}}})");
    REQUIRE_FALSE(scoped.ok());
    CHECK_THAT(scoped.error().message, Catch::Contains("$code contains U+0000"));
    auto pointer = parser.parse(R"({"p": {"$dbPointer": {"$ref": "a\u0000b", "$id": {"$oid": "650000000000000000000001"}}}})");
    REQUIRE_FALSE(pointer.ok());
    CHECK_THAT(pointer.error().message, Catch::Contains("$dbPointer: $ref contains U+0000"));
    CHECK(parser.parse(R"({"c": {"$code": "ab"}, "s": {"$code": "x", "$scope": {"y": 1}}})").ok());
}

TEST_CASE("uniqueItems over 30,000 code-with-scope values is not quadratic", "[hostile][validate]") {
    // Every code-with-scope value hashed alike, so the hashed duplicate check
    // compared all pairs: 450 million comparisons here.
    std::string doc = R"({"a": [)";
    for (int i = 0; i < 30000; ++i)
        doc += (i ? "," : "") + std::string(R"({"$code": "f)") + std::to_string(i) + R"(", "$scope": {}})";
    doc += "]}";
    const JsonSchema s = schemaOf(R"({"properties":{"a":{"uniqueItems":true}}})");
    ExtendedJsonParser parser;
    auto d = parser.parse(doc);
    REQUIRE(d.ok());
    bool ok = false;
    double seconds = secondsOf([&] { ok = s.matches(d->get()); });
    CHECK(ok);
    CHECK(seconds < 2.0);
    auto same = parser.parse(R"({"a": [{"$code": "f", "$scope": {"x": 1, "y": 2}}, {"$code": "f", "$scope": {"y": 2, "x": 1}}]})");
    REQUIRE(same.ok());
    CHECK_FALSE(s.matches(same->get())); // scopes equal in any field order
}
