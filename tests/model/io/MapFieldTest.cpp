// Map fields in the model file (FORMAT.md, "Map keys"): written at version
// 2, read back equal, refused with the key and the reason when wrong.
#include "model/io/MapProjects.h"
#include "model/io/SampleProjects.h"

#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

using namespace docshape;

namespace {

void requireInvalid(const Project &p, const std::string &where, const std::string &message) {
    const Status status = validateProject(p);
    REQUIRE_FALSE(status.ok());
    INFO(status.error().toString());
    CHECK(status.error().where == where);
    CHECK(status.error().message.find(message) != std::string::npos);
}

void requireRefused(std::string_view text, const std::string &where, const std::string &message) {
    auto parsed = parseProject(text);
    REQUIRE_FALSE(parsed.ok());
    INFO(parsed.error().toString());
    CHECK(parsed.error().where == where);
    CHECK(parsed.error().message.find(message) != std::string::npos);
}

MapKeys &keysOf(Project &p, std::size_t field) { return *p.entities[0].fields[field].details.edit().map; }

} // namespace

TEST_CASE("map fields round-trip, nested maps too, and the file says version 2", "[io][roundtrip][maps]") {
    const Project original = test::makeMapProject();
    REQUIRE(validateProject(original).ok());
    const std::string text = serializeProject(original);
    INFO(text);
    CHECK(text.rfind("{\n  \"formatVersion\": 2,\n", 0) == 0);
    auto parsed = parseProject(text);
    if (!parsed)
        FAIL(parsed.error().toString());
    CHECK(*parsed == original);
    CHECK(serializeProject(*parsed) == text);
    // The map block: its keys in schema order, the numbers always written,
    // no regex unless the keys are a regex's.
    CHECK(text.find("          \"type\": \"object\",\n"
                    "          \"map\": {\n"
                    "            \"keys\": \"uuid\",\n"
                    "            \"avgKeys\": 2,\n"
                    "            \"maxKeys\": 3,\n"
                    "            \"avgKeyBytes\": 36,\n"
                    "            \"maxKeyBytes\": 36\n"
                    "          },\n"
                    "          \"fields\": [\n") != std::string::npos);
    CHECK(text.find("\"regex\"") == std::string::npos);

    // A model without maps stays at version 1, readable by older builds.
    CHECK(serializeProject(test::makeSmallProject()).rfind("{\n  \"formatVersion\": 1,\n", 0) == 0);
    CHECK(formatVersionFor(test::makeSmallProject()) == 1);
    CHECK(formatVersionFor(original) == 2);
}

TEST_CASE("regex keys round-trip with their pattern", "[io][roundtrip][maps]") {
    Project p = test::makeMapProject();
    keysOf(p, 2) = MapKeys{MapKeyPattern::Regex, "^[a-z]{2}-[0-9]+$", 1, 4, 5.5, 8};
    REQUIRE(validateProject(p).ok());
    auto back = parseProject(serializeProject(p));
    REQUIRE(back.ok());
    CHECK(*back == p);
    CHECK(mapKeyRegex(*back->entities[0].fields[2].details->map) == "^[a-z]{2}-[0-9]+$");
}

TEST_CASE("a map in a file that says version 1 is refused, with where", "[io][malformed][maps]") {
    std::string text = serializeProject(test::makeMapProject());
    text.replace(text.find("\"formatVersion\": 2"), 18, "\"formatVersion\": 1");
    requireRefused(text, "$.entities[0].fields[1].map", "a map field needs format version 2; this file says 1");
}

TEST_CASE("the map's numbers and shape are refused out of range, naming the key", "[io][validate][maps]") {
    Project p = test::makeMapProject();
    SECTION("more keys on average than at most") {
        keysOf(p, 1).avgKeys = 6;
        requireInvalid(p, "$.entities[0].fields[1].map.avgKeys", "average keys 6 exceeds the maximum 5");
    }
    SECTION("a key count past what a document holds") {
        keysOf(p, 1).maxKeys = 16777217;
        requireInvalid(p, "$.entities[0].fields[1].map.maxKeys",
                       "maximum keys (maxKeys) 16777217 is more than 16,777,216 elements");
    }
    SECTION("negative or longer-than-the-longest keys") {
        keysOf(p, 1).avgKeyBytes = -1;
        requireInvalid(p, "$.entities[0].fields[1].map.avgKeyBytes", "avgKeyBytes -1 is negative");
    }
    SECTION("average key longer than the longest") {
        keysOf(p, 2).avgKeyBytes = 40;
        requireInvalid(p, "$.entities[0].fields[2].map.avgKeyBytes", "average key bytes 40 exceeds the maximum 36");
    }
    SECTION("regex keys without a regex, and a regex on other keys") {
        keysOf(p, 1).keys = MapKeyPattern::Regex;
        requireInvalid(p, "$.entities[0].fields[1].map.regex", "keys \"regex\" needs a regex");
        keysOf(p, 1).keys = MapKeyPattern::Hex;
        keysOf(p, 1).regex = "^a";
        requireInvalid(p, "$.entities[0].fields[1].map.regex", "a regex is for keys \"regex\" only, not \"hex\"");
    }
    SECTION("a regex the server would refuse") {
        keysOf(p, 1) = MapKeys{MapKeyPattern::Regex, "(unclosed", 1, 1, 1, 1};
        requireInvalid(p, "$.entities[0].fields[1].map.regex", "the server would refuse key pattern");
    }
    SECTION("a map that is not an object") {
        p.entities[0].fields[1].type = BsonType::Array;
        p.entities[0].fields[1].elementType = BsonType::Object;
        requireInvalid(p, "$.entities[0].fields[1].map", "a map is an object, but the field's type is array");
    }
    SECTION("a map with no value, or two") {
        p.entities[0].fields[2].fields.clear();
        requireInvalid(p, "$.entities[0].fields[2].fields", "a map has one subfield");
        p.entities[0].fields[2].fields = p.entities[0].fields[1].fields;
        p.entities[0].fields[2].fields.push_back(p.entities[0].fields[2].fields[0]);
        p.entities[0].fields[2].fields[1].name = "other";
        requireInvalid(p, "$.entities[0].fields[2].fields", "it has 2");
    }
    SECTION("a value named like a key, or optional") {
        p.entities[0].fields[2].fields[0].name = "owner";
        requireInvalid(p, "$.entities[0].fields[2].fields", "the value of a map is named '<key>', not 'owner'");
        p.entities[0].fields[2].fields[0].name = "<key>";
        p.entities[0].fields[2].fields[0].required = false;
        p.entities[0].fields[2].fields[0].presence = 0.5;
        requireInvalid(p, "$.entities[0].fields[2].fields", "the value of a map is required");
    }
}

TEST_CASE("an unknown key pattern in the file is refused with the choices", "[io][malformed][maps]") {
    std::string text = serializeProject(test::makeMapProject());
    text.replace(text.find("\"keys\": \"uuid\""), 14, "\"keys\": \"guid\"");
    requireRefused(text, "$.entities[0].fields[2].map.keys",
                   "'guid' is not valid here; expected one of \"hex\", \"objectId\", \"uuid\", \"number\", \"date\" or "
                   "\"regex\"");
}
