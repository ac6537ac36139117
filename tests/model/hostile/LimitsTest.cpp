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

#include <limits>
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
        // An array's elements have the tighter ceiling of issue 43 (below).
        {entity(arrayField + R"("avgCount": 1e308}])"), "$.entities[0].fields[0].avgCount",
         "entity 'Orders' field 'items': average count (avgCount) 1e+308 is more than 16,777,216 elements"},
        {entity(arrayField + R"("countGrowthPerDay": 1e308}])"), "$.entities[0].fields[0].countGrowthPerDay",
         "elements added per day (countGrowthPerDay) 1e+308 is more than 16,777,216 elements"},
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

TEST_CASE("model validator: an average size of 6e307 bytes is refused, naming the field and the property",
          "[hostile][limits][io]") {
    // Issue 43: this 221-byte model drove the report's size axis to
    // pow(10, 309) = inf and its tick loop ran until memory ran out. No value
    // can be larger than the document that holds it: BSON's document limit
    // is 16 MiB (the manual, "MongoDB Limits and Thresholds").
    const std::string model = R"({
  "formatVersion": 1,
  "name": "Shop",
  "entities": [
    {
      "id": "e1",
      "name": "Orders",
      "fields": [
        { "id": "f1", "name": "payload", "type": "string", "avgBytes": 6e307 }
      ],
      "count": 1000
    }
  ]
})";
    const auto result = parseProject(model);
    REQUIRE_FALSE(result.ok());
    CHECK(result.error().where == "$.entities[0].fields[0].avgBytes");
    CHECK(result.error().message == "entity 'Orders' field 'payload': average bytes (avgBytes) 6e+307 is more than "
                                    "16 MiB (16,777,216 bytes), the BSON document size limit");
}

TEST_CASE("model validator: each number's ceiling is allowed and the next value past it refused",
          "[hostile][limits][io]") {
    // Issue 43's ceilings (FORMAT.md, "Limits"), each with its source:
    // sizes, lengths and array elements by BSON's 16 MiB document limit (a
    // byte per character or element at least); maxTimeMS and
    // expireAfterSeconds by the server's 32-bit integers; rates at one
    // operation a nanosecond; days, RAM by the studio's project settings;
    // the canvas at a million units each way.
    const std::string shell = R"({"formatVersion": 1, %PROJECT% "entities": [
        {"id": "e1", "name": "Orders", %ENTITY% "fields": [
          {"id": "f1", "name": "items", "type": "array", "elementType": "string" %FIELD%},
          {"id": "f2", "name": "at", "type": "date"}]},
        {"id": "e2", "name": "Lines"}],
      "relationships": [{"id": "r1", "parentId": "e1", "childId": "e2", "representation": "subset" %REL%}],
      "accessPatterns": [{"id": "q1", "name": "recent", "entityId": "e1" %PATTERN%}],
      "indexes": [{"id": "i1", "entityId": "e1", "keys": [{"path": "at"}] %INDEX%}]})";
    const auto model = [&](const std::string &slot, const std::string &members) {
        std::string text = shell;
        for (const std::string name : {"PROJECT", "ENTITY", "FIELD", "REL", "PATTERN", "INDEX"}) {
            const std::string mark = "%" + name + "%";
            const std::string fill = name != slot ? "" : (name == "PROJECT" || name == "ENTITY") ? members + ","
                                                                                             : "," + members;
            text.replace(text.find(mark), mark.size(), fill);
        }
        return text;
    };
    struct Case {
        std::string slot, member, at, past, where, message;
    };
    const std::string field = "$.entities[0].fields[0].";
    const Case cases[] = {
        {"FIELD", "avgBytes", "16777216", "16777217", field + "avgBytes",
         "entity 'Orders' field 'items': average bytes (avgBytes) 16777217 is more than 16 MiB"},
        {"FIELD", "maxBytes", "16777216", "16777217", field + "maxBytes", "maximum bytes (maxBytes) 16777217 is more"},
        {"FIELD", "minLength", "16777216", "16777217", field + "minLength", "16,777,216 characters"},
        {"FIELD", "maxLength", "16777216", "16777217", field + "maxLength", "maximum length (maxLength)"},
        {"FIELD", "avgCount", "16777216", "16777217", field + "avgCount", "is more than 16,777,216 elements"},
        {"FIELD", "maxCount", "16777216", "16777217", field + "maxCount", "maximum count (maxCount)"},
        {"FIELD", "minItems", "16777216", "16777217", field + "minItems", "minimum items (minItems)"},
        {"FIELD", "countGrowthPerDay", "16777216", "16777217", field + "countGrowthPerDay", "elements added per day"},
        {"ENTITY", "stated", R"({"documentBytes": 16777216})", R"({"documentBytes": 16777217})",
         "$.entities[0].stated.documentBytes", "entity 'Orders': stated document size in bytes (documentBytes)"},
        {"ENTITY", "stated", R"({"maxArrayCount": 16777216})", R"({"maxArrayCount": 16777217})",
         "$.entities[0].stated.maxArrayCount", "16,777,216 elements"},
        {"ENTITY", "retentionDays", "36500", "36501", "$.entities[0].retentionDays", "36,500 days (100 years)"},
        {"ENTITY", "position", R"({"x": -1000000, "y": 1000000})", R"({"x": 1.7e308})", "$.entities[0].position.x",
         "entity 'Orders': position on the diagram x = 1.7e+308 is beyond ±1,000,000"},
        {"ENTITY", "position", R"({"y": -1000000})", R"({"y": -1000000.5})", "$.entities[0].position.y",
         "position on the diagram y = -1000000.5 is beyond"},
        {"ENTITY", "timeSeries", R"({"timeField": "at", "expireAfterSeconds": 2147483647})",
         R"({"timeField": "at", "expireAfterSeconds": 2147483648})", "$.entities[0].timeSeries.expireAfterSeconds",
         "the longest expireAfterSeconds the server accepts"},
        {"REL", "subsetCount", "16777216", "16777217", "$.relationships[0].subsetCount", "subset size (subsetCount)"},
        {"REL", "bucketSize", "16777216", "16777217", "$.relationships[0].bucketSize", "bucket size (bucketSize)"},
        {"PATTERN", "frequencyPerSecond", "1000000000", "1000000001", "$.accessPatterns[0].frequencyPerSecond",
         "access pattern 'recent': operations per second (frequencyPerSecond) 1000000001 is more than"},
        {"PATTERN", "latencyBudgetMs", "2147483647", "2147483648", "$.accessPatterns[0].latencyBudgetMs",
         "the longest maxTimeMS the server accepts"},
        {"INDEX", "expireAfterSeconds", "2147483647", "2147483648", "$.indexes[0].expireAfterSeconds",
         "expiry in seconds (expireAfterSeconds) 2147483648 is more than"},
        {"PROJECT", "ramGiB", "1048576", "1048577", "$.ramGiB", "project: RAM in GiB (ramGiB) 1048577 is more"},
        {"PROJECT", "growthDays", "36500", "36501", "$.growthDays", "growth horizon in days (growthDays)"},
    };
    for (const Case &c : cases) {
        const std::string allowed = model(c.slot, "\"" + c.member + "\": " + c.at);
        INFO(allowed);
        const auto ok = parseProject(allowed);
        INFO((ok.ok() ? std::string("read") : ok.error().toString()));
        CHECK(ok.ok());
        const std::string refused = model(c.slot, "\"" + c.member + "\": " + c.past);
        INFO(refused);
        const auto result = parseProject(refused);
        REQUIRE_FALSE(result.ok());
        requireRefusal(result.error(), c.where, c.message);
    }
}

TEST_CASE("model validator: a position that is not a finite number is refused in a model built in code",
          "[hostile][limits][io]") {
    // JSON has no infinity (MalformedFilesTest); a model made in code, as an
    // edit or an import makes one, is checked the same.
    Project p;
    Entity e;
    e.id = "e1";
    e.name = "Orders";
    e.position.x = std::numeric_limits<double>::infinity();
    p.entities.push_back(e);
    const Status status = validateProject(p);
    REQUIRE_FALSE(status.ok());
    requireRefusal(status.error(), "$.entities[0].position.x", "entity 'Orders': x is infinity; it must be a finite number");
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
