#include "validate/ExtendedJson.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <chrono>
#include <string>

using namespace docshape::validate;

namespace {

JsonSchema schemaOf(const std::string &json) {
    auto s = JsonSchema::compileJson(json);
    INFO(json << " -> " << (s.ok() ? std::string("ok") : s.error().message));
    REQUIRE(s.ok());
    return *s;
}

bool matches(const std::string &schema, const std::string &doc) {
    ExtendedJsonParser parser;
    auto d = parser.parse(doc);
    INFO(doc);
    REQUIRE(d.ok());
    JsonSchema s = schemaOf(schema);
    const bool fast = s.matches(d->get());
    const ValidationResult explained = s.validate(d->get());
    REQUIRE(explained.valid == fast);
    REQUIRE(explained.errors.empty() == fast);
    return fast;
}

std::string refusal(const std::string &schema) {
    auto s = JsonSchema::compileJson(schema);
    INFO(schema);
    REQUIRE_FALSE(s.ok());
    return s.error().message;
}

ValidationResult explain(const std::string &schema, const std::string &doc) {
    auto result = schemaOf(schema).validateJson(doc);
    REQUIRE(result.ok());
    return *result;
}

} // namespace

TEST_CASE("type aliases differ between type and bsonType", "[validate][type]") {
    const std::string number = R"({"properties":{"n":{"type":"number"}}})";
    CHECK(matches(number, R"({"n": 1})"));
    CHECK(matches(number, R"({"n": {"$numberLong": "1"}})"));
    CHECK(matches(number, R"({"n": 1.5})"));
    CHECK(matches(number, R"({"n": {"$numberDecimal": "1.5"}})"));
    CHECK_FALSE(matches(number, R"({"n": "1"})"));
    CHECK_FALSE(matches(number, R"({"n": [1]})")); // no traversal into arrays

    CHECK(matches(R"({"properties":{"n":{"bsonType":"int"}}})", R"({"n": 1})"));
    CHECK_FALSE(matches(R"({"properties":{"n":{"bsonType":"int"}}})", R"({"n": 1.0})"));
    CHECK(matches(R"({"properties":{"n":{"bsonType":"long"}}})", R"({"n": 3000000000})"));
    CHECK(matches(R"({"properties":{"b":{"type":"boolean"}}})", R"({"b": true})"));
    CHECK(matches(R"({"properties":{"b":{"bsonType":"bool"}}})", R"({"b": true})"));
    CHECK(matches(R"({"properties":{"d":{"bsonType":"date"}}})",
                  R"({"d": {"$date": "2024-01-31T12:00:00Z"}})"));
    CHECK(matches(R"({"properties":{"o":{"bsonType":"objectId"}}})",
                  R"({"o": {"$oid": "650000000000000000000001"}})"));
    CHECK(matches(R"({"properties":{"x":{"bsonType":["string","null"]}}})", R"({"x": null})"));

    CHECK(refusal(R"({"properties":{"n":{"type":"int"}}})") == "Unknown type name alias: int");
    CHECK(refusal(R"({"properties":{"b":{"bsonType":"boolean"}}})") ==
          "Unknown type name alias: boolean");
    CHECK(refusal(R"({"type":"integer"})") == "$jsonSchema type 'integer' is not currently supported.");
    CHECK(refusal(R"({"type":"string","bsonType":"string"})") ==
          "Cannot specify both $jsonSchema keywords 'type' and 'bsonType'");
    CHECK(refusal(R"({"type":[]})") == "$jsonSchema keyword 'type' must name at least one type");
    CHECK(refusal(R"({"bsonType":["int","int"]})") ==
          "$jsonSchema keyword 'bsonType' has duplicate value: int");
}

TEST_CASE("a top-level type that excludes object matches no document", "[validate][type]") {
    CHECK_FALSE(matches(R"({"bsonType":"string"})", R"({"a": 1})"));
    CHECK(matches(R"({"bsonType":["string","object"]})", R"({"a": 1})"));
    auto r = explain(R"({"type":"array"})", R"({})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].keyword == "type");
}

TEST_CASE("keywords apply only to values of their own type", "[validate][restriction]") {
    CHECK(matches(R"({"properties":{"v":{"maximum":0}}})", R"({"v": "a string"})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"maximum":0}}})", R"({"v": 1})"));
    CHECK(matches(R"({"properties":{"v":{"minLength":3}}})", R"({"v": 1})"));
    CHECK(matches(R"({"properties":{"v":{"minItems":1}}})", R"({"v": "not an array"})"));
    CHECK(matches(R"({"properties":{"v":{"properties":{"a":{"type":"string"}}}}})",
                  R"({"v": 3})"));
    CHECK(matches(R"({"properties":{"v":{"required":["a"]}}})", R"({"v": [1]})"));
    // A restriction of another type than the stated one has no effect.
    CHECK(matches(R"({"properties":{"v":{"type":"string","maximum":0}}})", R"({"v": "x"})"));
    // At the top level, scalar and array keywords have no effect.
    CHECK(matches(R"({"maximum":0,"minItems":3,"pattern":"^x"})", R"({"a": 5})"));
}

TEST_CASE("missing fields pass unless required", "[validate][required]") {
    const std::string s = R"({"properties":{"a":{"bsonType":"int","minimum":1}}})";
    CHECK(matches(s, R"({})"));
    CHECK(matches(s, R"({"b": "x"})"));
    CHECK_FALSE(matches(s, R"({"a": 0})"));
    const std::string req = R"({"required":["a"],"properties":{"a":{"bsonType":"int"}}})";
    CHECK_FALSE(matches(req, R"({})"));
    CHECK(matches(req, R"({"a": 1})"));
    // null and undefined exist.
    CHECK(matches(R"({"required":["a"]})", R"({"a": null})"));
    CHECK(matches(R"({"properties":{"o":{"required":["x"]}}})", R"({"o": {"x": {"$undefined": true}}})"));
    CHECK(refusal(R"({"required":[]})") == "$jsonSchema keyword 'required' cannot be an empty array");
    CHECK(refusal(R"({"required":["a","a"]})") ==
          "$jsonSchema keyword 'required' array cannot contain duplicate values");
}

TEST_CASE("numbers compare exactly across int, long, double and decimal", "[validate][numbers]") {
    // 2^53 + 1 is not a double: the long is above the double 2^53.
    CHECK_FALSE(matches(R"({"properties":{"v":{"maximum":9007199254740992.0}}})",
                        R"({"v": {"$numberLong": "9007199254740993"}})"));
    CHECK(matches(R"({"properties":{"v":{"maximum":9007199254740992.0}}})",
                  R"({"v": {"$numberLong": "9007199254740992"}})"));
    CHECK(matches(R"({"properties":{"v":{"minimum":{"$numberLong":"9007199254740993"}}}})",
                  R"({"v": {"$numberDecimal": "9007199254740993"}})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"minimum":{"$numberLong":"9007199254740993"}}}})",
                        R"({"v": 9007199254740992.0})"));
    // The double nearest 0.1 is slightly above the decimal 0.1.
    CHECK_FALSE(matches(R"({"properties":{"v":{"maximum":{"$numberDecimal":"0.1"}}}})",
                        R"({"v": 0.1})"));
    CHECK(matches(R"({"properties":{"v":{"maximum":{"$numberDecimal":"0.1000000000000000055511151231257828"}}}})",
                  R"({"v": 0.1})"));
    CHECK(matches(R"({"properties":{"v":{"maximum":{"$numberDecimal":"1E+400"}}}})",
                  R"({"v": {"$numberDouble": "1e308"}})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"maximum":{"$numberDecimal":"1E+400"}}}})",
                        R"({"v": {"$numberDouble": "Infinity"}})"));
    // exclusive bounds
    CHECK_FALSE(matches(R"({"properties":{"v":{"maximum":5,"exclusiveMaximum":true}}})", R"({"v": 5})"));
    CHECK(matches(R"({"properties":{"v":{"maximum":5,"exclusiveMaximum":false}}})", R"({"v": 5})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"minimum":5,"exclusiveMinimum":true}}})", R"({"v": 5.0})"));
    // NaN is outside every bound, as $lte/$gte treat it.
    CHECK_FALSE(matches(R"({"properties":{"v":{"maximum":5}}})", R"({"v": {"$numberDouble": "NaN"}})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"minimum":5}}})", R"({"v": {"$numberDecimal": "NaN"}})"));
    CHECK(refusal(R"({"exclusiveMaximum":true})") ==
          "$jsonSchema keyword 'maximum' must be a present if exclusiveMaximum is present");
    CHECK(refusal(R"({"properties":{"v":{"maximum":"5"}}})") ==
          "$jsonSchema keyword 'maximum' must be a number");
}

TEST_CASE("multipleOf uses the server's decimal remainder", "[validate][numbers]") {
    const std::string tenth = R"({"properties":{"v":{"multipleOf":0.1}}})";
    CHECK(matches(tenth, R"({"v": 0.3})")); // 15 significant digits, as Decimal128(double)
    CHECK(matches(tenth, R"({"v": 7})"));
    CHECK_FALSE(matches(tenth, R"({"v": 0.35})"));
    CHECK(matches(R"({"properties":{"v":{"multipleOf":{"$numberDecimal":"0.25"}}}})",
                  R"({"v": {"$numberDecimal": "1.75"}})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"multipleOf":3}}})", R"({"v": 10})"));
    CHECK(matches(R"({"properties":{"v":{"multipleOf":3}}})",
                  R"({"v": {"$numberLong": "9000000000000000003"}})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"multipleOf":1}}})",
                        R"({"v": {"$numberDouble": "Infinity"}})"));
    CHECK(refusal(R"({"properties":{"v":{"multipleOf":0}}})") ==
          "$jsonSchema keyword 'multipleOf' must have a positive value");
    CHECK(refusal(R"({"properties":{"v":{"multipleOf":-2}}})") ==
          "$jsonSchema keyword 'multipleOf' must have a positive value");
}

TEST_CASE("string length counts code points, pattern is PCRE2 with UTF", "[validate][strings]") {
    CHECK(matches(R"({"properties":{"s":{"maxLength":5}}})", R"({"s": "héllo"})"));
    CHECK_FALSE(matches(R"({"properties":{"s":{"minLength":6}}})", R"({"s": "héllo"})"));
    // Longer strings are counted a word at a time: 9 two-byte, 3 four-byte
    // and 5 one-byte code points in 35 bytes.
    const std::string mixed = R"({"s": "ééééééééé😀😀😀abcde"})";
    CHECK(matches(R"({"properties":{"s":{"minLength":17,"maxLength":17}}})", mixed));
    CHECK_FALSE(matches(R"({"properties":{"s":{"maxLength":16}}})", mixed));
    CHECK_FALSE(matches(R"({"properties":{"s":{"minLength":18}}})", mixed));
    CHECK(matches(R"({"properties":{"s":{"pattern":"ing"}}})", R"({"s": "string"})")); // unanchored
    CHECK_FALSE(matches(R"({"properties":{"s":{"pattern":"^ing"}}})", R"({"s": "string"})"));
    CHECK(matches(R"({"properties":{"s":{"pattern":"^.$"}}})", R"({"s": "é"})"));
    CHECK(matches(R"({"properties":{"s":{"pattern":"^(?=.*\\d)\\w+$"}}})", R"({"s": "abc1"})"));
    CHECK(refusal(R"({"properties":{"s":{"pattern":"(unclosed"}}})").rfind(
              "Regular expression is invalid: missing closing parenthesis", 0) == 0);
    CHECK(refusal(R"({"properties":{"s":{"minLength":-1}}})") ==
          "Expected a non-negative number in: minLength: -1");
    CHECK(refusal(R"({"properties":{"s":{"maxLength":2.5}}})") == "Expected an integer: maxLength: 2.5");
}

TEST_CASE("pattern subjects: ASCII, UTF-8 and bad UTF-8 at any offset", "[validate][strings]") {
    // The JIT matcher takes plain ASCII; anything else goes through PCRE2's
    // UTF check, wherever the first byte above 0x7F lies.
    JsonSchema s = schemaOf(R"({"properties":{"s":{"pattern":"^[a-zé]*$"}}})");
    auto check = [&](const std::string &value) {
        BsonDocument doc;
        bson_append_utf8(doc.get(), "s", 1, value.data(), int(value.size()));
        const bool fast = s.matches(doc.get());
        const ValidationResult explained = s.validate(doc.get());
        REQUIRE(explained.valid == fast);
        return explained;
    };
    for (size_t at : {0, 5, 7, 8, 15, 16, 20}) {
        INFO("at " << at);
        std::string plain(21, 'a');
        CHECK(check(plain).valid);
        plain[at] = 'A';
        CHECK_FALSE(check(plain).valid);
        std::string accented(21, 'a');
        accented.replace(at, 1, "é");
        CHECK(check(accented).valid);
        std::string bad(21, 'a');
        bad[at] = char(0xFF);
        const ValidationResult r = check(bad);
        REQUIRE(r.errors.size() == 1);
        CHECK(r.errors[0].message.rfind("is not valid UTF-8", 0) == 0);
    }
}

TEST_CASE("a hostile pattern gives up instead of hanging", "[validate][strings][hostile]") {
    const std::string s = R"({"properties":{"s":{"pattern":"^(a+)+$"}}})";
    const std::string doc = R"({"s": ")" + std::string(40, 'a') + R"(!"})";
    const auto start = std::chrono::steady_clock::now();
    ValidationResult r = explain(s, doc);
    const double secs =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(secs < 5.0); // 2^40 backtracking steps without the limit
    REQUIRE_FALSE(r.valid);
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].keyword == "pattern");
    CHECK(r.errors[0].message.find("match limit") != std::string::npos);
    // The same pattern on a value it matches is fine.
    CHECK(matches(s, R"({"s": "aaaa"})"));
}

TEST_CASE("arrays: items, additionalItems, minItems, maxItems, uniqueItems", "[validate][arrays]") {
    const std::string tuple =
        R"({"properties":{"a":{"items":[{"bsonType":"string"},{"bsonType":"int"}],"additionalItems":false}}})";
    CHECK(matches(tuple, R"({"a": ["x", 1]})"));
    CHECK(matches(tuple, R"({"a": ["x"]})"));
    CHECK_FALSE(matches(tuple, R"({"a": ["x", "y"]})"));
    CHECK_FALSE(matches(tuple, R"({"a": ["x", 1, 2]})"));
    // additionalItems without an items array has no effect.
    CHECK(matches(R"({"properties":{"a":{"items":{"bsonType":"int"},"additionalItems":false}}})",
                  R"({"a": [1, 2, 3]})"));
    CHECK_FALSE(matches(R"({"properties":{"a":{"minItems":2}}})", R"({"a": [1]})"));
    CHECK_FALSE(matches(R"({"properties":{"a":{"maxItems":1}}})", R"({"a": [1, 2]})"));

    const std::string unique = R"({"properties":{"a":{"uniqueItems":true}}})";
    CHECK(matches(unique, R"({"a": [1, "1", [1], {"x": 1}]})"));
    CHECK_FALSE(matches(unique, R"({"a": [1, {"$numberDouble": "1.0"}]})"));
    CHECK_FALSE(matches(unique, R"({"a": [{"$numberLong": "7"}, {"$numberDecimal": "7.00"}]})"));
    CHECK_FALSE(matches(unique, R"({"a": [{"x": 1, "y": 2}, {"y": 2, "x": 1}]})"));
    CHECK(matches(unique, R"({"a": [[1, 2], [2, 1]]})"));
    CHECK_FALSE(matches(unique, R"({"a": [null, null]})"));
    CHECK(matches(unique, R"({"a": [null, {"$undefined": true}]})"));
    // Large arrays take the hashing path.
    std::string many = R"({"a": [)";
    for (int i = 0; i < 200; ++i)
        many += std::to_string(i) + ",";
    CHECK(matches(unique, many + R"("end"]})"));
    CHECK_FALSE(matches(unique, many + R"({"$numberDecimal": "150.0"}]})"));

    CHECK(refusal(R"({"items":1})") == "$jsonSchema keyword 'items' must be an array or an object, not int");
    CHECK(refusal(R"({"uniqueItems":1})") == "$jsonSchema keyword 'uniqueItems' must be a boolean");
}

TEST_CASE("objects: properties, patternProperties, additionalProperties, sizes, dependencies",
          "[validate][objects]") {
    const std::string closed = R"({"properties":{"_id":{},"a":{}},"additionalProperties":false})";
    CHECK(matches(closed, R"({"_id": 1, "a": 2})"));
    CHECK_FALSE(matches(closed, R"({"_id": 1, "b": 2})"));
    // _id must be listed too, a frequent surprise.
    auto r = explain(R"({"properties":{"a":{}},"additionalProperties":false})", R"({"_id": 1, "a": 1})");
    REQUIRE(r.errors.size() == 1);
    CHECK(r.errors[0].path == "_id");
    CHECK(r.errors[0].keyword == "additionalProperties");

    const std::string patterns =
        R"({"patternProperties":{"^n_":{"bsonType":"int"}},"additionalProperties":{"bsonType":"string"}})";
    CHECK(matches(patterns, R"({"n_a": 1, "other": "x"})"));
    CHECK_FALSE(matches(patterns, R"({"n_a": "1"})"));
    CHECK_FALSE(matches(patterns, R"({"other": 1})"));

    CHECK_FALSE(matches(R"({"minProperties":3})", R"({"a": 1, "b": 2})"));
    CHECK(matches(R"({"properties":{"o":{"maxProperties":1}}})", R"({"o": {"x": 1}})"));
    CHECK_FALSE(matches(R"({"properties":{"o":{"maxProperties":1}}})", R"({"o": {"x": 1, "y": 2}})"));

    const std::string deps = R"({"dependencies":{"card":["billing"],"vip":{"required":["tier"]}}})";
    CHECK(matches(deps, R"({})"));
    CHECK_FALSE(matches(deps, R"({"card": 1})"));
    CHECK(matches(deps, R"({"card": 1, "billing": 2})"));
    CHECK_FALSE(matches(deps, R"({"vip": true})"));
    CHECK(matches(deps, R"({"vip": true, "tier": 1})"));

    CHECK(refusal(R"({"properties":{"a":"number"}})") ==
          "Nested schema for $jsonSchema property 'a' must be an object");
    CHECK(refusal(R"({"additionalProperties":1})") ==
          "$jsonSchema keyword 'additionalProperties' must be an object or a boolean");
    CHECK(refusal(R"({"patternProperties":{"(":{}}})").rfind("Invalid regular expression: ", 0) == 0);
}

TEST_CASE("enum compares BSON values, logic keywords combine schemas", "[validate][logic]") {
    const std::string e = R"({"properties":{"v":{"enum":[1, "a", {"x": 1, "y": [2]}]}}})";
    CHECK(matches(e, R"({"v": {"$numberLong": "1"}})"));
    CHECK(matches(e, R"({"v": {"$numberDecimal": "1.0"}})"));
    CHECK(matches(e, R"({"v": {"y": [2], "x": 1}})"));
    CHECK_FALSE(matches(e, R"({"v": "A"})"));
    CHECK_FALSE(matches(e, R"({"v": {"x": 1, "y": [2, 3]}})"));
    CHECK(matches(R"({"properties":{"s":{"enum":["paid","sent"]}}})", R"({"s": "sent"})"));
    CHECK_FALSE(matches(R"({"properties":{"s":{"enum":["paid","sent"]}}})", R"({"s": "lost"})"));
    // At the top level, enum compares the whole document.
    CHECK(matches(R"({"enum":[{"a": 1}, 5]})", R"({"a": 1})"));
    CHECK_FALSE(matches(R"({"enum":[5]})", R"({"a": 1})"));
    CHECK(refusal(R"({"enum":[1, 1.0]})") == "$jsonSchema keyword 'enum' array cannot contain duplicate values.");

    const std::string any = R"({"properties":{"v":{"anyOf":[{"bsonType":"int"},{"bsonType":"string"}]}}})";
    CHECK(matches(any, R"({"v": "x"})"));
    CHECK_FALSE(matches(any, R"({"v": 1.5})"));
    const std::string one = R"({"properties":{"v":{"oneOf":[{"minimum":0},{"maximum":10}]}}})";
    CHECK(matches(one, R"({"v": -5})"));
    CHECK_FALSE(matches(one, R"({"v": 5})"));
    CHECK(matches(R"({"properties":{"v":{"not":{"bsonType":"null"}}}})", R"({"v": 0})"));
    CHECK_FALSE(matches(R"({"properties":{"v":{"not":{"bsonType":"null"}}}})", R"({"v": null})"));
    CHECK_FALSE(matches(R"({"allOf":[{"required":["a"]},{"required":["b"]}]})", R"({"a": 1})"));
    CHECK(refusal(R"({"anyOf":[]})") == "$jsonSchema keyword 'anyOf' must be a non-empty array");
}

TEST_CASE("unsupported and unknown keywords are refused as the server refuses them",
          "[validate][refuse]") {
    for (const char *kw : {"format", "default", "definitions", "id", "$ref", "$schema"}) {
        const std::string schema = std::string(R"({"properties":{"a":{")") + kw + R"(":"x"}}})";
        CHECK(refusal(schema) == std::string("$jsonSchema keyword '") + kw +
                                     "' is not currently supported");
    }
    CHECK(refusal(R"({"bogus":1})") == "Unknown $jsonSchema keyword: bogus");
    CHECK(refusal(R"({"title":1})") == "$jsonSchema keyword 'title' must be of type string");
    CHECK(refusal(R"({"$jsonSchema":"foo"})") == "$jsonSchema must be an object");
    // Deep nesting is refused, not a stack overflow.
    std::string deep;
    for (int i = 0; i < 170; ++i)
        deep += R"({"properties":{"a":)";
    deep += "{}";
    for (int i = 0; i < 170; ++i)
        deep += "}}";
    CHECK_FALSE(JsonSchema::compileJson(deep).ok());
}

TEST_CASE("the schema file may be a validator or collection options", "[validate][wrapper]") {
    const std::string inner = R"({"required":["a"]})";
    for (const std::string &text : {inner, R"({"$jsonSchema":)" + inner + "}",
                                    R"({"validator":{"$jsonSchema":)" + inner +
                                        R"(},"validationLevel":"strict"})"}) {
        auto s = JsonSchema::compileJson(text);
        REQUIRE(s.ok());
        CHECK_FALSE(s->validateJson("{}")->valid);
        CHECK(s->validateJson(R"({"a": 1})")->valid);
    }
    auto mixed = JsonSchema::readValidator(R"({"validator":{"$jsonSchema":{},"status":"A"}})");
    REQUIRE_FALSE(mixed.ok());
    CHECK(mixed.error().message.find("status") != std::string::npos);
}

TEST_CASE("errors name the failing path and keyword in words", "[validate][errors]") {
    const std::string order = R"({
      "bsonType": "object",
      "required": ["customer", "items", "status"],
      "properties": {
        "customer": {"bsonType": "object", "required": ["email"],
                     "properties": {"email": {"bsonType": "string", "pattern": "@"}}},
        "status": {"enum": ["pending", "paid"]},
        "items": {"bsonType": "array", "minItems": 1,
                  "items": {"bsonType": "object", "properties": {
                     "quantity": {"bsonType": "int", "minimum": 1}}}}
      }})";
    auto r = explain(order, R"({"customer": {"name": "Ada"}, "status": "shiped",
                                "items": [{"quantity": 2}, {"quantity": 0}, {"quantity": "3"}]})");
    REQUIRE_FALSE(r.valid);
    REQUIRE(r.errors.size() == 4);
    auto find = [&](const std::string &path) -> const ValidationError * {
        for (const auto &e : r.errors)
            if (e.path == path)
                return &e;
        return nullptr;
    };
    REQUIRE(find("customer.email"));
    CHECK(find("customer.email")->keyword == "required");
    REQUIRE(find("items.1.quantity"));
    CHECK(find("items.1.quantity")->keyword == "minimum");
    CHECK(find("items.1.quantity")->message == "must be at least 1, found 0");
    REQUIRE(find("items.2.quantity"));
    CHECK(find("items.2.quantity")->keyword == "bsonType");
    CHECK(find("items.2.quantity")->message == "must be of type int, found string \"3\"");
    REQUIRE(find("status"));
    CHECK(find("status")->message == R"(must be one of ["pending", "paid"], found string "shiped")");

    auto missing = explain(order, R"({"customer": {"email": "a@b"}, "status": "paid"})");
    REQUIRE(missing.errors.size() == 1);
    CHECK(missing.errors[0].path == "items");
    CHECK(missing.errors[0].message == "is required but missing");
}

TEST_CASE("validate accepts BSON bytes and rejects corrupt ones", "[validate][bson]") {
    JsonSchema s = schemaOf(R"({"required":["a"]})");
    ExtendedJsonParser parser;
    auto doc = parser.parse(R"({"a": "xyz"})");
    REQUIRE(doc.ok());
    CHECK(s.matches(doc->data(), doc->size()));
    std::vector<uint8_t> bytes(doc->data(), doc->data() + doc->size());
    bytes[0] = 0x7F; // length prefix no longer matches
    CHECK_FALSE(s.matches(bytes.data(), uint32_t(bytes.size())));
    bytes.assign(doc->data(), doc->data() + doc->size());
    bytes[4] = 0x42; // unknown element type
    ValidationResult r = s.validate(bytes.data(), uint32_t(bytes.size()));
    CHECK_FALSE(r.valid);
}
