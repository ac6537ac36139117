#include "validate/DocumentStream.h"
#include "validate/ExtendedJson.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <sstream>

using namespace docshape::validate;

namespace {

// libbson's own reader is the reference for canonical Extended JSON.
bool sameAsLibbson(const std::string &json) {
    bson_error_t error;
    bson_t expected;
    if (!bson_init_from_json(&expected, json.c_str(), -1, &error)) {
        FAIL("libbson refused " << json << ": " << error.message);
    }
    ExtendedJsonParser parser;
    auto actual = parser.parse(json);
    INFO(json);
    REQUIRE(actual.ok());
    const bool same = bson_equal(&expected, actual->get());
    if (!same)
        UNSCOPED_INFO("ours: " << actual->toCanonicalJson());
    bson_destroy(&expected);
    return same;
}

std::vector<std::string> split(const std::string &input, std::string *error = nullptr) {
    std::istringstream in(input);
    DocumentStream stream(in);
    std::vector<std::string> docs;
    while (true) {
        auto next = stream.next();
        if (next == DocumentStream::Next::End)
            break;
        if (next == DocumentStream::Next::Error) {
            if (error)
                *error = stream.error();
            break;
        }
        docs.emplace_back(stream.text());
    }
    return docs;
}

} // namespace

TEST_CASE("canonical Extended JSON converts as libbson converts it", "[validate][extjson]") {
    CHECK(sameAsLibbson(R"({"d":{"$numberDouble":"1.5"},"i":{"$numberInt":"-7"},"l":{"$numberLong":"9007199254740993"}})"));
    CHECK(sameAsLibbson(R"({"x":{"$numberDouble":"Infinity"},"y":{"$numberDouble":"-Infinity"}})"));
    CHECK(sameAsLibbson(R"({"m":{"$numberDecimal":"1.234567890123456789012345678901234"}})"));
    CHECK(sameAsLibbson(R"({"o":{"$oid":"650000000000000000000001"},"b":true,"n":null})"));
    CHECK(sameAsLibbson(R"({"t":{"$date":{"$numberLong":"1700000000000"}}})"));
    CHECK(sameAsLibbson(R"({"t":{"$date":{"$numberLong":"-1"}}})"));
    CHECK(sameAsLibbson(R"({"bin":{"$binary":{"base64":"AQIDBA==","subType":"80"}}})"));
    CHECK(sameAsLibbson(R"({"u":{"$binary":{"base64":"c//SZESzTGmQ6OfR38A11A==","subType":"04"}}})"));
    CHECK(sameAsLibbson(R"({"ts":{"$timestamp":{"t":1700000000,"i":7}}})"));
    CHECK(sameAsLibbson(R"({"r":{"$regularExpression":{"pattern":"^a.*","options":"i"}}})"));
    CHECK(sameAsLibbson(R"({"c":{"$code":"function(){}"},"cs":{"$code":"x","$scope":{"x":{"$numberInt":"1"}}}})"));
    CHECK(sameAsLibbson(R"({"s":{"$symbol":"sym"},"u":{"$undefined":true},"mi":{"$minKey":1},"ma":{"$maxKey":1}})"));
    CHECK(sameAsLibbson(R"({"p":{"$dbPointer":{"$ref":"coll","$id":{"$oid":"650000000000000000000001"}}}})"));
    CHECK(sameAsLibbson(R"({"a":[{"$numberInt":"1"},"two",[],{"k":{}}],"nested":{"deeper":{"x":"y"}}})"));
    CHECK(sameAsLibbson(R"({"ref":{"$ref":"#/definitions/x"},"$schema":"s"})"));
    CHECK(sameAsLibbson("{\"z\":\"a\\u0000b\",\"dup\":1,\"dup\":2}"));
}

TEST_CASE("relaxed and legacy Extended JSON", "[validate][extjson]") {
    ExtendedJsonParser parser;
    auto doc = parser.parse(R"({"i": 1, "l": 3000000000, "d": 1.0, "e": 2e3, "date": {"$date": "2024-01-31T12:00:00.250+01:00"},
                                "legacyBin": {"$binary": "AQID", "$type": "00"}, "legacyRe": {"$regex": "^x", "$options": "m"},
                                "uuid": {"$uuid": "73ffd264-44b3-4c69-90e8-e7d1dfc035d4"}})");
    REQUIRE(doc.ok());
    bson_iter_t it;
    REQUIRE(bson_iter_init_find(&it, doc->get(), "i"));
    CHECK(bson_iter_type(&it) == BSON_TYPE_INT32);
    REQUIRE(bson_iter_init_find(&it, doc->get(), "l"));
    CHECK(bson_iter_type(&it) == BSON_TYPE_INT64);
    REQUIRE(bson_iter_init_find(&it, doc->get(), "d"));
    CHECK(bson_iter_type(&it) == BSON_TYPE_DOUBLE);
    REQUIRE(bson_iter_init_find(&it, doc->get(), "e"));
    CHECK(bson_iter_double(&it) == 2000.0);
    REQUIRE(bson_iter_init_find(&it, doc->get(), "date"));
    CHECK(bson_iter_date_time(&it) == 1706698800250LL);
    REQUIRE(bson_iter_init_find(&it, doc->get(), "legacyBin"));
    CHECK(bson_iter_type(&it) == BSON_TYPE_BINARY);
    REQUIRE(bson_iter_init_find(&it, doc->get(), "legacyRe"));
    CHECK(bson_iter_type(&it) == BSON_TYPE_REGEX);
    REQUIRE(bson_iter_init_find(&it, doc->get(), "uuid"));
    CHECK(bson_iter_type(&it) == BSON_TYPE_BINARY);
}

TEST_CASE("bad Extended JSON is refused with a reason", "[validate][extjson]") {
    ExtendedJsonParser parser;
    CHECK(parser.parse("[1, 2]").error().message == "expected a JSON object (a document)");
    CHECK(parser.parse(R"({"a": )").error().message.rfind("not valid JSON", 0) == 0);
    CHECK(parser.parse(R"({"a": {"$numberInt": "x"}})").error().message.find("$numberInt") !=
          std::string::npos);
    CHECK(parser.parse(R"({"a": {"$oid": "123"}})").error().message.find("$oid") != std::string::npos);
    // libbson turns a 35-digit decimal into NaN silently; refuse it instead.
    CHECK_FALSE(parser.parse(R"({"m":{"$numberDecimal":"1.2345678901234567890123456789012345"}})").ok());
    CHECK_FALSE(parser.parse("{\"a\\u0000b\": 1}").ok()); // BSON keys cannot hold NUL
    std::string deep(5000, '[');
    deep = R"({"a": )" + deep + std::string(5000, ']') + "}";
    CHECK_FALSE(parser.parse(deep).ok());
    std::string nested = "{\"a\":";
    for (int i = 0; i < 200; ++i)
        nested += "{\"a\":";
    nested += "1" + std::string(201, '}');
    auto r = parser.parse(nested);
    REQUIRE_FALSE(r.ok());
    CHECK(r.error().message.find("nesting deeper than") != std::string::npos);
    // The parser is usable after an error.
    CHECK(parser.parse(R"({"ok": 1})").ok());
}

TEST_CASE("document streams: lines, arrays, pretty-printed, errors", "[validate][stream]") {
    CHECK(split("{\"a\":1}\n{\"a\":2}\n\n{\"a\":3}\n").size() == 3);
    CHECK(split("").empty());
    CHECK(split("[]").empty());
    auto arr = split(" [ {\"a\":1} ,\n {\"b\":\"}]{\"} ] \n");
    REQUIRE(arr.size() == 2);
    CHECK(arr[1] == "{\"b\":\"}]{\"}");
    CHECK(split("{\n  \"a\": {\n    \"b\": [1, 2]\n  }\n}\n{\"c\": \"\\\"}\"}").size() == 2);

    std::string error;
    CHECK(split("{\"a\":1} oops", &error).size() == 1);
    CHECK(error.find("expected a document") != std::string::npos);
    split("[{\"a\":1} {\"a\":2}]", &error);
    CHECK(error.find("expected ',' or ']'") != std::string::npos);
    split("{\"a\": [1, 2", &error);
    CHECK(error.find("incomplete") != std::string::npos);
    split("[{\"a\":1}", &error);
    CHECK(error.find("not closed") != std::string::npos);

    // Documents larger than the read chunk are reassembled.
    std::string big = "{\"s\":\"" + std::string(200000, 'x') + "\"}\n{\"t\":1}\n";
    auto docs = split(big);
    REQUIRE(docs.size() == 2);
    CHECK(docs[0].size() == 200000 + 8);

    // Line numbers point at each document's first line.
    std::istringstream in("{\"a\":1}\n\n{\n\"b\":2}\n{\"c\":3}");
    DocumentStream stream(in);
    std::vector<size_t> lines;
    while (stream.next() == DocumentStream::Next::Document)
        lines.push_back(stream.line());
    CHECK(lines == std::vector<size_t>{1, 3, 5});
}
