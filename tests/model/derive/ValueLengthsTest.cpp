#include "derive/ValueLengths.h"
#include "support/ModelBuilders.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <string>

// The byte bounds a field's constraints put on its values. $jsonSchema's
// maxLength counts code points (manual, $jsonSchema: "maxLength ... the
// string's length"; the server counts UTF-8 characters), and a code point
// is at most 4 UTF-8 bytes (RFC 3629): libbson agrees below.
using namespace docshape;
using namespace docshape::test;

namespace {

Field stringWith(std::uint64_t maxBytes, std::optional<std::string> pattern = std::nullopt,
                 std::optional<std::uint64_t> maxLength = std::nullopt) {
    Field f = stringField("f1", "code", 5, maxBytes);
    if (pattern)
        f.details.edit().pattern = *pattern;
    if (maxLength)
        f.details.edit().maxLength = *maxLength;
    return f;
}

} // namespace

TEST_CASE("maxLength caps a string at 4 UTF-8 bytes a character", "[derive][size]") {
    // Ten U+1F600 are ten characters and 40 bytes, valid UTF-8.
    std::string tenWide;
    for (int i = 0; i < 10; ++i)
        tenWide += "\xf0\x9f\x98\x80";
    CHECK(tenWide.size() == 40);
    CHECK(bson_utf8_validate(tenWide.data(), tenWide.size(), false));
    std::size_t characters = 0;
    for (const char *c = tenWide.data(); c < tenWide.data() + tenWide.size(); c = bson_utf8_next_char(c))
        ++characters;
    CHECK(characters == 10);

    const ValueLengths none = valueLengths(stringWith(0, std::nullopt, 10), BsonType::String);
    CHECK(none.cap == 40u);
    CHECK(none.capBy == LengthCap::MaxLength);
    CHECK(none.max == 40u);
    CHECK_FALSE(none.contradicts());
    // A stated 12 is within the cap: it stands.
    CHECK(valueLengths(stringWith(12, std::nullopt, 10), BsonType::String).max == 12u);
    // 41 bytes is more than ten characters can take.
    const ValueLengths over = valueLengths(stringWith(41, std::nullopt, 10), BsonType::String);
    CHECK(over.contradicts());
    CHECK(over.max == 40u);
}

TEST_CASE("a pattern that admits only ASCII makes characters bytes", "[derive][size]") {
    // ^[a-z]+$ matches ASCII only (PCRE2 with UTF, as the server compiles
    // `pattern`: [a-z] is 26 one-byte code points), so maxLength 10 is 10
    // bytes; '.' admits any code point, so ^.{0,5}$ is up to 20.
    const ValueLengths ascii = valueLengths(stringWith(0, "^[a-z]+$", 10), BsonType::String);
    CHECK(ascii.cap == 10u);
    CHECK(ascii.max == 10u);
    const ValueLengths dot = valueLengths(stringWith(0, "^.{0,5}$"), BsonType::String);
    CHECK(dot.cap == 20u);
    CHECK(dot.capBy == LengthCap::Pattern);
    // An unanchored pattern bounds nothing: "abc" matches inside any string.
    CHECK_FALSE(valueLengths(stringWith(0, "abc"), BsonType::String).max);
    CHECK_FALSE(valueLengths(stringWith(0, "^abc"), BsonType::String).max);
}

TEST_CASE("the course code of student-enrollment: its pattern allows 7 bytes, not 8", "[derive][size]") {
    // ^[A-Z]{2,4}[0-9]{3}$: at most 4 letters and 3 digits, all ASCII, so
    // the longest code ("MATH101" is 7) is 7 bytes; a stated 8 is a
    // maximum no valid value has, and the maximum document holds 7.
    const ValueLengths code = valueLengths(stringWith(8, "^[A-Z]{2,4}[0-9]{3}$"), BsonType::String);
    CHECK(code.cap == 7u);
    CHECK(code.capBy == LengthCap::Pattern);
    CHECK(code.least == 5u);
    CHECK(code.contradicts());
    CHECK(code.max == 7u);
    CHECK_FALSE(valueLengths(stringWith(7, "^[A-Z]{2,4}[0-9]{3}$"), BsonType::String).contradicts());
}

TEST_CASE("an enum's longest value is the maximum, minLength a least", "[derive][size]") {
    Field role = stringField("f8", "role", 5, 6);
    role.details.edit().enumValues = {"owner", "admin", "agent", "viewer"};
    CHECK(valueLengths(role, BsonType::String).max == 6u);
    CHECK_FALSE(valueLengths(role, BsonType::String).contradicts());
    role.details.edit().enumValues = {"owner", "admin", "agent"};
    const ValueLengths five = valueLengths(role, BsonType::String);
    CHECK(five.max == 5u);
    CHECK(five.capBy == LengthCap::Enum);
    CHECK(five.contradicts()); // states 6, the longest is 5
    // An enum bounds a value with no maxBytes at all.
    role.maxBytes = 0;
    CHECK(valueLengths(role, BsonType::String).max == 5u);
    CHECK_FALSE(valueLengths(role, BsonType::String).contradicts());

    Field name = stringField("f2", "name", 5, 3);
    name.details.edit().minLength = 5;
    const ValueLengths least = valueLengths(name, BsonType::String);
    CHECK(least.contradicts());
    CHECK(least.max == 5u);
}

TEST_CASE("binData and regex values are bounded by maxBytes alone", "[derive][size]") {
    Field blob = field("f3", "blob", BsonType::BinData, 100, 0);
    CHECK_FALSE(valueLengths(blob, BsonType::BinData).max);
    blob.maxBytes = 400;
    CHECK(valueLengths(blob, BsonType::BinData).max == 400u);
    // A string array's elements: the element's constraints.
    Field tags = arrayField("f4", "tags", BsonType::String, 3, 10);
    tags.details.edit().maxLength = 8;
    CHECK(valueLengths(tags, BsonType::String).max == 32u);
}
