#include "validate/FieldNames.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using docshape::validate::BsonDocument;
using docshape::validate::JsonSchema;
using docshape::validate::detail::FieldNames;

namespace {

// Lengths around the 8-byte words the lookup compares (a name plus its NUL
// fills 7, 8, 9, 16 or 17 bytes), shared prefixes, and bytes above 0x7F.
const std::vector<std::string> kNames = {
    "",        "a",        "ab",        "abcdef",          "abcdefg",          "abcdefgh",
    "abcdefgi", "abcdefghijklmno", "abcdefghijklmnp", "abcdefghijklmnop", "abcdefghijklmnopq",
    "étiquette", "_id",     "createdAtTimestampOfTheOrder"};

// Keys that are none of the names but look like them.
const std::vector<std::string> kStrangers = {"b",        "abc",      "abcdefghi",
                                             "abcdefgj", "abcdefghijklmnoq", "Étiquette",
                                             "_i",       "createdAtTimestampOfTheOrdeR"};

// A name, its NUL, then `after` more bytes, as in a document.
std::vector<uint8_t> keyBytes(const std::string &name, size_t after) {
    std::vector<uint8_t> bytes(name.begin(), name.end());
    bytes.push_back(0);
    bytes.resize(bytes.size() + after, 0x10);
    return bytes;
}

} // namespace

TEST_CASE("field names are found by the expected name or by hashing", "[validate][objects]") {
    FieldNames names;
    for (size_t i = 0; i < kNames.size(); ++i)
        names.add(kNames[i], uint32_t(100 + i));
    names.add("abcdefg", 7); // a repeated name keeps its first rule
    REQUIRE(names.size() == kNames.size());

    for (size_t i = 0; i < kNames.size(); ++i) {
        INFO("name '" << kNames[i] << "'");
        CHECK(names.find(kNames[i]) == i);
        CHECK(names.rule(uint32_t(i)) == 100 + i);
        CHECK(names.length(uint32_t(i)) == kNames[i].size());
        // With room for word loads, and with the key ending the document.
        for (size_t after : {0, 1, 8, 20}) {
            const auto bytes = keyBytes(kNames[i], after);
            for (size_t j = 0; j < kNames.size(); ++j)
                CHECK(names.isAt(uint32_t(j), bytes.data(), bytes.size()) == (i == j));
            // A key whose NUL lies beyond the readable bytes is not the name.
            CHECK_FALSE(names.isAt(uint32_t(i), bytes.data(), kNames[i].size()));
        }
    }
    for (const std::string &s : kStrangers) {
        INFO("stranger '" << s << "'");
        CHECK(names.find(s) == FieldNames::kNone);
        const auto bytes = keyBytes(s, 8);
        for (size_t j = 0; j < kNames.size(); ++j)
            CHECK_FALSE(names.isAt(uint32_t(j), bytes.data(), bytes.size()));
    }
    CHECK(FieldNames().find("a") == FieldNames::kNone);

    FieldNames many;
    for (int i = 0; i < 1000; ++i)
        many.add("field" + std::to_string(i), uint32_t(i));
    for (int i = 0; i < 1000; ++i)
        CHECK(many.find("field" + std::to_string(i)) == uint32_t(i));
    CHECK(many.find("field1000") == FieldNames::kNone);
}

// Documents with the listed names in any order, repeated or missing, next to
// strangers, against what properties, required and additionalProperties mean:
// the first field of a listed name must be an int; later ones are not checked.
TEST_CASE("properties and required agree with their meaning whatever the field order",
          "[validate][objects][required]") {
    std::mt19937 rng(7);
    for (const size_t count : {size_t(5), kNames.size(), size_t(70)}) {
        std::vector<std::string> names(kNames.begin(), kNames.begin() + std::min(count, kNames.size()));
        for (size_t i = names.size(); i < count; ++i)
            names.push_back("extra" + std::to_string(i)); // more than 64 rules
        for (const bool closed : {false, true}) {
            std::vector<bool> required(names.size());
            std::string schema = R"({"properties": {)";
            std::string requiredList;
            for (size_t i = 0; i < names.size(); ++i) {
                schema.append(i ? ",\"" : "\"").append(names[i]).append(R"(": {"bsonType": "int"})");
                required[i] = i % 3 != 1;
                if (required[i])
                    requiredList.append(requiredList.empty() ? "\"" : ",\"").append(names[i]).append("\"");
            }
            schema.append(R"(}, "required": [)").append(requiredList).append("]");
            schema += closed ? R"(, "additionalProperties": false})" : "}";
            auto compiled = JsonSchema::compileJson(schema);
            REQUIRE(compiled.ok());

            for (int round = 0; round < 300; ++round) {
                std::vector<std::pair<std::string, bool>> fields; // name, holds an int
                std::vector<int> firstIsInt(names.size(), -1);
                bool stranger = false;
                for (size_t i = 0; i < names.size(); ++i) {
                    if (rng() % 8 == 0)
                        continue; // missing
                    fields.push_back({names[i], rng() % 16 != 0});
                    if (rng() % 10 == 0)
                        fields.push_back({names[i], rng() % 2 == 0}); // repeated
                }
                if (rng() % 3 == 0) {
                    fields.push_back({kStrangers[rng() % kStrangers.size()], true});
                    stranger = true;
                }
                if (rng() % 2)
                    std::shuffle(fields.begin(), fields.end(), rng);

                BsonDocument doc;
                for (const auto &[name, isInt] : fields) {
                    const size_t i = size_t(std::find(names.begin(), names.end(), name) - names.begin());
                    if (i < names.size() && firstIsInt[i] < 0)
                        firstIsInt[i] = isInt;
                    if (isInt)
                        bson_append_int32(doc.get(), name.data(), int(name.size()), 1);
                    else
                        bson_append_null(doc.get(), name.data(), int(name.size()));
                }
                bool expected = !(closed && stranger);
                for (size_t i = 0; i < names.size(); ++i)
                    if (firstIsInt[i] == 0 || (firstIsInt[i] < 0 && required[i]))
                        expected = false;

                INFO("rules " << names.size() << (closed ? ", closed" : "") << ": "
                              << doc.toRelaxedJson());
                CHECK(compiled->matches(doc.get()) == expected);
                const auto explained = compiled->validate(doc.get());
                CHECK(explained.valid == expected);
                CHECK(explained.errors.empty() == expected);
            }
        }
    }
}
