// Issue 22 item 5: the limits that hold against hostile input, one hostile
// input each, refused with where and what. The model reader's nesting, array
// and file size limits, its NaN/Infinity, huge integers, negative sizes and
// invalid UTF-8 are in MalformedFilesTest; the importers' in ImportTest; the
// schema file's size in ValidateCommandTest. These are the rest.
#include "io/ProjectFile.h"
#include "io/ProjectReader.h"
#include "validate/ExtendedJson.h"
#include "validate/JsonSchema.h"
#include "validate/Pcre2Regex.h"
#include "validate/SchemaCompiler.h"

#include <catch2/catch.hpp>

#include <string>

using namespace docshape;

namespace {

void requireRefusal(const Error &error, const std::string &where, const std::string &message) {
    INFO(error.toString());
    CHECK(error.where == where);
    CHECK(error.message.find(message) != std::string::npos);
}

// One entity with `count` top-level fields f<from>..: ids and names unique.
std::string entityWithFields(int entity, int from, int count) {
    std::string text = R"({"id":"e)" + std::to_string(entity) + R"(","name":"E)" + std::to_string(entity) +
                       R"(","fields":[)";
    for (int i = from; i < from + count; ++i)
        text += (i > from ? "," : "") + std::string(R"({"id":"f)") + std::to_string(i) + R"(","name":"n)" +
                std::to_string(i) + "\"}";
    return text + "]}";
}

} // namespace

TEST_CASE("model reader: more than 100,000 thresholds are refused at the one that passes the limit",
          "[hostile][limits][io]") {
    // Every array has the limit (MalformedFilesTest); the thresholds are an
    // object, a map of names, and are bounded the same.
    std::string text = R"({"formatVersion": 1, "thresholds": {)";
    for (std::size_t i = 0; i <= io::kMaxArrayItems; ++i)
        text += (i ? "," : "") + std::string("\"t") + std::to_string(i) + "\":1";
    text += "}}";
    const auto result = parseProject(text);
    REQUIRE_FALSE(result.ok());
    requireRefusal(result.error(), "$.thresholds.t100000", "more than 100000 thresholds");
}

TEST_CASE("model reader: more than a million fields in a project are refused", "[hostile][limits][io]") {
    // Each array stays under its own limit; the sum passes the project's.
    constexpr int kPerEntity = 90'000;
    std::string text = R"({"formatVersion": 1, "entities": [)";
    int fields = 0;
    for (int e = 0; fields <= int(io::kMaxTotalFields); ++e) {
        text += (e ? "," : "") + entityWithFields(e, fields, kPerEntity);
        fields += kPerEntity;
    }
    text += "]}";
    const auto result = parseProject(text);
    REQUIRE_FALSE(result.ok());
    requireRefusal(result.error(), "$.entities[11].fields", "more than 1000000 fields in the project");
}

TEST_CASE("model validator: a collection name holding NUL is refused", "[hostile][limits][io]") {
    // The manual, Naming Restrictions: collection names cannot contain the
    // null character or '$'.
    const auto result = parseProject(
        R"({"formatVersion": 1, "entities": [{"id": "e1", "name": "Orders", "collectionName": "ord\u0000ers"}]})");
    REQUIRE_FALSE(result.ok());
    requireRefusal(result.error(), "$.entities[0].collectionName", "contains '$' or a NUL character");
}

TEST_CASE("model validator: counts written as 1e308 are refused, not estimated as unbounded", "[hostile][limits][io]") {
    // A finite double passed "finite and not negative", and the analysis
    // then printed the collection's size, its indexes and the working set as
    // "unbounded". The server keeps counts in signed 64-bit integers
    // (collStats count, the storage engine's numRecords, array sizes).
    const auto entity = [](const std::string &members) {
        return R"({"formatVersion": 1, "entities": [{"id": "e1", "name": "Orders", )" + members + "}]}";
    };
    const std::string arrayField =
        R"("fields": [{"id": "f1", "name": "items", "type": "array", "elementType": "int", )";
    struct Case {
        std::string text, where, message;
    };
    const Case cases[] = {
        {entity(R"("count": 1e308)"), "$.entities[0].count",
         "entity 'Orders': count 1e+308 is beyond the largest count, 2^63 - 1"},
        {entity(R"("count": 9223372036854775808)"), "$.entities[0].count", "is beyond the largest count"},
        {entity(R"("growthPerDay": 1e300)"), "$.entities[0].growthPerDay", "growthPerDay 1e+300 is beyond"},
        {entity(arrayField + R"("avgCount": 1e308}])"), "$.entities[0].fields[0].avgCount",
         "entity 'Orders' field 'items': avgCount 1e+308 is beyond the largest count"},
        {entity(arrayField + R"("countGrowthPerDay": 1e308}])"), "$.entities[0].fields[0].countGrowthPerDay",
         "countGrowthPerDay 1e+308 is beyond the largest count"},
        {R"({"formatVersion": 1, "tenantCount": 1e308})", "$.tenantCount", "tenantCount 1e+308 is beyond"},
    };
    for (const Case &c : cases) {
        INFO(c.text);
        const auto result = parseProject(c.text);
        REQUIRE_FALSE(result.ok());
        requireRefusal(result.error(), c.where, c.message);
    }
    // The largest double below 2^63 is a count.
    CHECK(parseProject(entity(R"("count": 9223372036854774784)")).ok());
}

TEST_CASE("$jsonSchema compiler: each hostile keyword is refused with the server's reason", "[hostile][limits][validate]") {
    // The server's messages: MatchExpressionParser::parseIntegerElementToNonNegativeLong
    // for counts, json_schema_parser.cpp for multipleOf, pattern and required,
    // mongo::pcre (kMaxPatternLength 32764) for a pattern's length.
    struct Case {
        std::string schema, where, message;
    };
    const std::string tooLong(validate::Pcre2Regex::kMaxPatternLength + 1, 'a');
    const Case cases[] = {
        {R"({"properties": {"a": {"minItems": 1e308}}})", "properties.a.minItems",
         "Cannot represent as a 64-bit integer: minItems: "},
        {R"({"properties": {"a": {"maxItems": {"$numberDecimal": "1E+400"}}}})", "properties.a.maxItems",
         "Cannot represent as a 64-bit integer: maxItems: "},
        {R"({"properties": {"a": {"maxLength": -1}}})", "properties.a.maxLength",
         "Expected a non-negative number in: maxLength: -1"},
        {R"({"properties": {"a": {"minProperties": {"$numberDouble": "NaN"}}}})", "properties.a.minProperties",
         "Expected an integer, but found NaN in: minProperties: "},
        {R"({"properties": {"a": {"multipleOf": {"$numberDouble": "NaN"}}}})", "properties.a.multipleOf",
         "divisor cannot be NaN"},
        {R"({"properties": {"a": {"multipleOf": {"$numberDouble": "Infinity"}}}})", "properties.a.multipleOf",
         "divisor cannot be infinite"},
        {R"({"properties": {"a": {"pattern": ")" + tooLong + R"("}}})", "properties.a.pattern",
         "Regular expression is too long"},
        {R"({"properties": {"a": {"pattern": "a\u0000b"}}})", "properties.a.pattern",
         "Regular expression cannot contain an embedded null byte"},
        {R"({"required": ["a\u0000b"]})", "required", "FieldPath field names may not contain embedded null bytes"},
    };
    for (const Case &c : cases) {
        INFO(c.schema.substr(0, 120));
        const auto compiled = validate::JsonSchema::compileJson(c.schema);
        REQUIRE_FALSE(compiled.ok());
        requireRefusal(compiled.error(), c.where, c.message);
    }
}

TEST_CASE("$jsonSchema compiler: subschemas nested deeper than 150 levels are refused", "[hostile][limits][validate]") {
    // One JSON level per schema level ("items"), so that the Extended JSON
    // reader's own limit (180) is not what refuses it.
    const auto nested = [](int levels) {
        std::string s;
        for (int i = 0; i < levels; ++i)
            s += R"({"items": )";
        return s + "{}" + std::string(std::size_t(levels), '}');
    };
    REQUIRE(validate::detail::kMaxSchemaDepth < validate::ExtendedJsonParser::kMaxDepth);
    CHECK(validate::JsonSchema::compileJson(nested(validate::detail::kMaxSchemaDepth)).ok());
    const auto deep = validate::JsonSchema::compileJson(nested(validate::detail::kMaxSchemaDepth + 1));
    REQUIRE_FALSE(deep.ok());
    INFO(deep.error().toString());
    CHECK(deep.error().message == "$jsonSchema is nested more than 150 levels deep");
}

TEST_CASE("Extended JSON reader: NUL in a field name, invalid UTF-8, NaN and numbers beyond a double are refused",
          "[hostile][limits][extjson]") {
    validate::ExtendedJsonParser parser;
    const auto refused = [&](const std::string &json) {
        auto r = parser.parse(json);
        REQUIRE_FALSE(r.ok());
        return r.error().message;
    };
    // BSON's e_name is a cstring: a NUL would end the key early.
    CHECK(refused("{\"na\\u0000me\": 1}") == "field names cannot contain the character U+0000");
    CHECK(refused("{\"name\": \"\xff\xfe\"}").find("UTF-8") != std::string::npos);
    CHECK(refused("{\"n\xc3\": 1}").find("UTF-8") != std::string::npos);
    // A plain number beyond a double is not JSON to simdjson; the string of
    // {"$numberDouble": "1e400"} rounds to Infinity as strtod does, since the
    // shell writes such values (util/Literals.cpp).
    CHECK(refused(R"({"n": 1e400})").rfind("not valid JSON", 0) == 0);
    CHECK(refused(R"({"n": NaN})").rfind("not valid JSON", 0) == 0);
}
