#include "export/ExtendedJson.h"
#include "export/MongoshLiteral.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <limits>

using namespace docshape;
using nlohmann::ordered_json;

TEST_CASE("canonical double text always has a fraction or exponent", "[export][ejson]") {
    CHECK(canonicalDoubleText(1) == "1.0");
    CHECK(canonicalDoubleText(-0.5) == "-0.5");
    CHECK(canonicalDoubleText(0.1) == "0.1");
    CHECK(canonicalDoubleText(1e21) == "1.0E+21");
    CHECK(canonicalDoubleText(1.5e-7) == "1.5E-07");
    CHECK(canonicalDoubleText(std::numeric_limits<double>::infinity()) == "Infinity");
    CHECK(canonicalDoubleText(-std::numeric_limits<double>::infinity()) == "-Infinity");
    CHECK(canonicalDoubleText(std::nan("")) == "NaN");
    // Reads back as the same value.
    CHECK(std::stod(canonicalDoubleText(0.1 + 0.2)) == 0.1 + 0.2);
}

TEST_CASE("numbers are typed after the field, falling back to double", "[export][ejson]") {
    CHECK(typedNumber(BsonType::Int, 5) == ordered_json{{"$numberInt", "5"}});
    CHECK(typedNumber(BsonType::Int, 0.5) == ordered_json{{"$numberDouble", "0.5"}});
    CHECK(typedNumber(BsonType::Int, 3e9) == ordered_json{{"$numberDouble", "3.0E+09"}});
    CHECK(typedNumber(BsonType::Long, 3e9) == ordered_json{{"$numberLong", "3000000000"}});
    CHECK(typedNumber(BsonType::Decimal, 2) == ordered_json{{"$numberDecimal", "2"}});
    CHECK(typedNumber(BsonType::Decimal, 0.25) == ordered_json{{"$numberDecimal", "0.25"}});
    CHECK(typedNumber(BsonType::Double, 2) == ordered_json{{"$numberDouble", "2.0"}});
    CHECK(typedNumber(BsonType::String, 2) == ordered_json{{"$numberDouble", "2.0"}});
}

TEST_CASE("literals parse in their type or say why not", "[export][ejson]") {
    CHECK(*typedLiteral(BsonType::Int, " -7 ") == ordered_json{{"$numberInt", "-7"}});
    CHECK_FALSE(typedLiteral(BsonType::Int, "2147483648").ok());
    CHECK_FALSE(typedLiteral(BsonType::Int, "1.5").ok());
    CHECK_FALSE(typedLiteral(BsonType::Long, "").ok());
    CHECK(*typedLiteral(BsonType::String, " a ") == ordered_json(" a "));
    CHECK_FALSE(typedLiteral(BsonType::Double, "nan").ok());
    CHECK_FALSE(typedLiteral(BsonType::Decimal, "1.2.3").ok());
    CHECK_FALSE(typedLiteral(BsonType::Bool, "yes").ok());
    CHECK_FALSE(typedLiteral(BsonType::ObjectId, "xyz").ok());
    CHECK(*typedLiteral(BsonType::Date, "1970-01-02") ==
          ordered_json{{"$date", {{"$numberLong", "86400000"}}}});
    CHECK(*typedLiteral(BsonType::Date, "1970-01-01T01:00:00.250+01:00") ==
          ordered_json{{"$date", {{"$numberLong", "250"}}}});
    CHECK_FALSE(typedLiteral(BsonType::Date, "2023-02-29").ok());
    CHECK(*typedLiteral(BsonType::MinKey, R"({"$minKey":1})") == ordered_json{{"$minKey", 1}});
    auto bad = typedLiteral(BsonType::Timestamp, "{");
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message.find("not a valid timestamp") != std::string::npos);
}

TEST_CASE("export JSON text: 2-space indent, insertion order, trailing newline", "[export][ejson]") {
    ordered_json v = ordered_json::object();
    v["z"] = 1;
    v["a"] = ordered_json::array({"é"});
    CHECK(exportJsonText(v) == "{\n  \"z\": 1,\n  \"a\": [\n    \"é\"\n  ]\n}\n");
    CHECK(exportJsonText(ordered_json::array()) == "[]\n");
}

TEST_CASE("mongosh literals: wrappers become shell constructors, other keys stay",
          "[export][mongosh]") {
    const auto lit = [](const char *json) { return mongoshLiteral(ordered_json::parse(json)); };
    CHECK(lit(R"({"$numberInt":"3"})") == "NumberInt(3)");
    CHECK(lit(R"({"$numberLong":"9007199254740993"})") == R"(NumberLong("9007199254740993"))");
    CHECK(lit(R"({"$numberDouble":"1.0E+21"})") == "new Double(1.0E+21)");
    CHECK(lit(R"({"$numberDouble":"-Infinity"})") == "new Double(-Infinity)");
    CHECK(lit(R"({"$numberDecimal":"9.99"})") == R"(NumberDecimal("9.99"))");
    CHECK(lit(R"({"$oid":"65a1b2c3d4e5f60718293a4b"})") == R"(ObjectId("65a1b2c3d4e5f60718293a4b"))");
    CHECK(lit(R"({"$date":{"$numberLong":"250"}})") == "new Date(250)");
    CHECK(lit(R"({"$date":"2024-01-01T00:00:00Z"})") == R"(ISODate("2024-01-01T00:00:00Z"))");
    CHECK(lit(R"({"$binary":{"base64":"AQI=","subType":"04"}})") == R"(BinData(4, "AQI="))");
    CHECK(lit(R"({"$maxKey":1})") == "MaxKey()");
    CHECK(lit(R"({"$timestamp":{"t":1,"i":2}})") ==
          R"(EJSON.parse("{\"$timestamp\":{\"t\":1,\"i\":2}}"))");
    // A wrapper whose payload a constructor cannot take safely goes through EJSON.parse.
    CHECK(lit(R"({"$numberInt":"1); evil("})") == R"(EJSON.parse("{\"$numberInt\":\"1); evil(\"}"))");
    CHECK(lit(R"({"$gt":{"$numberInt":"0"},"a.b":[],"c":{},"__proto__":null})") ==
          "{\n  $gt: NumberInt(0),\n  \"a.b\": [],\n  c: {},\n  [\"__proto__\"]: null\n}");
}
