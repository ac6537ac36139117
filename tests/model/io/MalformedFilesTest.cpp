#include "model/io/SampleProjects.h"
#include "support/TestPaths.h"

#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>

using namespace docshape;

namespace {

struct Expected {
    const char *file;
    const char *where;
    const char *message; // a substring of the message
};

// Every file in tests/data/malformed, with the error it must give.
const Expected kMalformed[] = {
    {"01-truncated.docshape", "$",
     "invalid JSON at line 38, column 13: unexpected end of the text inside a string: it looks "
     "truncated"},
    {"02-not-an-object.docshape", "$", "expected a JSON object at the top level"},
    {"03-missing-version.docshape", "$", "missing \"formatVersion\""},
    {"04-newer-version.docshape", "$.formatVersion",
     "file format version 7 is newer than this DocShape (3)"},
    {"05-version-zero.docshape", "$.formatVersion", "file format version 0 is not valid"},
    {"06-version-as-string.docshape", "$.formatVersion", "expected an integer format version"},
    {"07-unknown-key.docshape", "$.entities[1].feilds",
     "unknown key 'feilds'; did you mean 'fields'?"},
    {"08-wrong-type.docshape", "$.entities[0].count", "expected a number, found a string"},
    {"09-unknown-enum-value.docshape", "$.entities[1].fields[0].fields[0].type",
     "'integer' is not valid here; expected one of \"double\", \"string\""},
    {"10-dangling-relationship-child.docshape", "$.relationships[0].childId",
     "relationship 'orders': child 'e9' is not the id of an entity"},
    {"11-embedding-cycle.docshape", "$.relationships[0]",
     "embedding cycle: 'Customer' embeds 'Order' embeds 'Customer'"},
    {"12-embedded-twice.docshape", "$.relationships[1].childId",
     "relationship 'shipTo': 'Address' is already embedded by relationship 'home'"},
    {"13-duplicate-entity-name.docshape", "$.entities[1].name",
     "duplicate entity name 'Customer', also at $.entities[0]"},
    {"14-duplicate-field-name.docshape", "$.entities[1].fields[0].fields[1].name",
     "entity 'Order' field 'items.sku': duplicate field name"},
    {"15-field-name-dollar.docshape", "$.entities[0].fields[0].name",
     "field name '$email' starts with '$'"},
    {"16-field-name-dot.docshape", "$.entities[0].fields[0].name",
     "field name 'contact.email' contains '.'"},
    {"17-field-name-empty.docshape", "$.entities[0].fields[0].name",
     "entity 'Customer' field '': a field name cannot be empty"},
    {"18-field-name-nul.docshape", "$.entities[0].fields[0].name",
     "field name 'em\\u0000ail' contains a NUL character"},
    {"19-presence-above-one.docshape", "$.entities[0].fields[0].presence",
     "entity 'Customer' field 'email': presence 1.5 is outside (0, 1]"},
    {"20-avg-count-exceeds-max.docshape", "$.entities[1].fields[0].avgCount",
     "entity 'Order' field 'items': average count 12 exceeds the maximum 10"},
    {"21-variant-shares.docshape", "$.entities[2].variants",
     "entity 'Vehicle': variant shares sum to 0.9, not 1"},
    {"22-huge-count.docshape", "$",
     "line 27, column 23: integer 99999999999999999999999 is out of range"},
    {"23-nan.docshape", "$", "line 26, column 23: NaN and Infinity are not JSON numbers"},
    {"24-infinite-number.docshape", "$",
     "line 12, column 23: number 1e999 is too large for a double"},
    {"25-index-33-keys.docshape", "$.indexes[0].keys",
     "index 'i1' on entity 'Order' has 33 keys; a compound index has at most 32"},
    {"26-duplicate-id.docshape", "$.entities[1].fields[0].fields[0].id",
     "duplicate id 'f1', already used at $.entities[0].fields[0].id"},
    {"27-dangling-access-pattern-entity.docshape", "$.accessPatterns[0].entityId",
     "access pattern 'orders of a customer': entity 'e7' is not the id of an entity"},
    {"28-discriminator-not-a-field.docshape", "$.entities[2].discriminator",
     "entity 'Vehicle': discriminator 'type' is not a field of the entity"},
    {"29-sort-direction.docshape", "$.accessPatterns[0].sort[0].direction",
     "sort direction 2 on 'createdAt' must be 1 or -1"},
    {"30-duplicate-key.docshape", "$.name", "duplicate key 'name'"},
    {"31-negative-max-count.docshape", "$.entities[1].fields[0].maxCount",
     "expected a non-negative integer, found -3"},
    {"32-partial-selectivity-zero.docshape", "$.indexes[0].partialSelectivity",
     "partialSelectivity 0 is outside (0, 1]"},
    {"33-avg-bytes-exceeds-max.docshape", "$.entities[0].fields[0].avgBytes",
     "entity 'Customer' field 'email': average size 300 bytes exceeds the maximum 254"},
    {"34-invalid-utf8.docshape", "$", "line 3, column 14: invalid UTF-8 in a string"},
    {"35-trailing-text.docshape", "$", "unexpected '{' after the end of the top-level value"},
    {"36-dangling-copied-field.docshape", "$.relationships[0].copiedFieldIds[0]",
     "copied field 'f404' is not the id of a field"},
    {"37-duplicate-collection-name.docshape", "$.entities[1].collectionName",
     "duplicate collection name 'Customer', also the collection of entity 'Customer'"},
    {"38-negative-count.docshape", "$.entities[0].count", "entity 'Customer': count -5 is negative"},
    {"39-dangling-duplicated-from.docshape", "$.entities[1].fields[0].fields[0].duplicatedFrom",
     "duplicatedFrom 'f99' is not the id of a field"},
    {"40-empty.docshape", "$", "the text is empty"},
};

void requireError(const Result<Project> &result, const std::string &where,
                  const std::string &message) {
    REQUIRE_FALSE(result.ok());
    INFO(result.error().toString());
    CHECK(result.error().where == where);
    CHECK(result.error().message.find(message) != std::string::npos);
}

std::string nestedFields(int levels) {
    std::string open, close;
    for (int i = 0; i < levels; ++i) {
        open += R"({"id": "f)" + std::to_string(i) + R"(", "name": "n", "type": "object", "fields": [)";
        close += "]}";
    }
    // The innermost object closes its empty fields array.
    return R"({"formatVersion": 1, "entities": [{"id": "e", "name": "E", "fields": [)" + open +
           close + "]}]}";
}

} // namespace

TEST_CASE("each malformed file gives its error", "[io][malformed]") {
    for (const Expected &expected : kMalformed) {
        SECTION(expected.file) {
            const std::string path = test::dataPath(std::string("malformed/") + expected.file);
            requireError(loadProject(path), expected.where, expected.message);
            // The same through parseProject, which takes the text.
            requireError(parseProject(test::readFile(path)), expected.where, expected.message);
        }
    }
}

TEST_CASE("every malformed file is in the table", "[io][malformed]") {
    std::size_t files = 0;
    for (const auto &entry : std::filesystem::directory_iterator(test::dataPath("malformed"))) {
        const std::string name = entry.path().filename().string();
        bool listed = false;
        for (const Expected &expected : kMalformed)
            listed = listed || name == expected.file;
        INFO(name);
        CHECK(listed);
        ++files;
    }
    CHECK(files == std::size(kMalformed));
    CHECK(files >= 20);
}

TEST_CASE("nesting bombs are refused with a message, not a stack overflow", "[io][malformed]") {
    SECTION("a million nested arrays") {
        const std::string text = std::string(1'000'000, '[') + std::string(1'000'000, ']');
        requireError(parseProject(text), "$", "JSON nested more than 256 levels deep");
    }
    SECTION("nested objects deeper than the JSON limit, unterminated") {
        std::string text = R"({"formatVersion": 1, "description": )";
        for (int i = 0; i < 100'000; ++i)
            text += R"({"a": )";
        requireError(parseProject(text), "$", "JSON nested more than 256 levels deep");
    }
    SECTION("fields nested 101 levels deep") {
        std::string path = "$.entities[0]";
        for (int i = 0; i < 100; ++i)
            path += ".fields[0]";
        requireError(parseProject(nestedFields(101)), path + ".fields",
                     "fields nested more than 100 levels deep");
    }
    SECTION("fields nested 100 levels deep are fine") {
        const auto project = parseProject(nestedFields(100));
        INFO((project ? std::string() : project.error().toString()));
        CHECK(project.ok());
    }
    SECTION("a model built in code with fields nested too deep") {
        Project p = test::makeSmallProject();
        Field *f = &p.entities[0].fields[0];
        f->type = BsonType::Object;
        f->maxCount.reset();
        f->avgCount = 0;
        for (int i = 0; i < 150; ++i) {
            Field child;
            child.id = "n" + std::to_string(i);
            child.name = "n";
            child.type = BsonType::Object;
            f->fields.push_back(child);
            f = &f->fields.back();
        }
        const Status status = validateProject(p);
        REQUIRE_FALSE(status.ok());
        CHECK(status.error().message.find("nested more than 100 levels") != std::string::npos);
    }
}

TEST_CASE("counts and sizes are bounded", "[io][malformed]") {
    SECTION("more than 100,000 entities") {
        std::string text = R"({"formatVersion": 1, "entities": [)";
        for (int i = 0; i <= 100'000; ++i)
            text += (i ? "," : "") + std::string(R"({"id":"e)") + std::to_string(i) +
                    R"(","name":"E)" + std::to_string(i) + "\"}";
        text += "]}";
        requireError(parseProject(text), "$.entities", "100001 entries; the limit is 100000");
    }
    SECTION("a file over 256 MiB is refused before it is read") {
        const std::string dir = test::makeTempDir("io-huge");
        const std::string path = dir + "/huge.docshape";
        {
            std::ofstream out(path);
            out << "{";
        }
        std::filesystem::resize_file(path, (std::uintmax_t{256} << 20) + 1); // sparse
        const auto result = loadProject(path);
        REQUIRE_FALSE(result.ok());
        CHECK(result.error().where == path);
        CHECK(result.error().message == "the file is 257 MiB; the limit is 256 MiB");
        std::filesystem::remove_all(dir);
    }
    SECTION("integers outside the member's range") {
        requireError(parseProject(R"({"formatVersion": 1, "growthDays": 3000000000})"),
                     "$.growthDays", "expected an integer from -2147483648 to 2147483647");
        requireError(parseProject(R"({"formatVersion": 1, "growthDays": 1.5})"), "$.growthDays",
                     "found 1.5");
        requireError(parseProject(R"({"formatVersion": 99999999999999999999})"), "$",
                     "is out of range");
        requireError(parseProject(R"({"formatVersion": 18446744073709551615})"),
                     "$.formatVersion", "is newer than this DocShape (3)");
    }
}

TEST_CASE("files that are not there or not files", "[io][malformed]") {
    const std::string dir = test::makeTempDir("io-missing");
    auto missing = loadProject(dir + "/nope.docshape");
    REQUIRE_FALSE(missing.ok());
    CHECK(missing.error().where == dir + "/nope.docshape");
    CHECK(missing.error().message == "cannot open the file: No such file or directory");
    auto directory = loadProject(dir);
    REQUIRE_FALSE(directory.ok());
    CHECK(directory.error().message.find("directory") != std::string::npos);
    std::filesystem::remove_all(dir);
}

TEST_CASE("truncated and corrupted texts never crash or hang", "[io][malformed]") {
    const std::string text = serializeProject(test::makeFullProject());
    REQUIRE(parseProject(text).ok());
    // Every prefix: a truncated save.
    std::size_t refused = 0;
    for (std::size_t n = 0; n < text.size(); n += 7) {
        const auto result = parseProject(std::string_view(text).substr(0, n));
        refused += result.ok() ? 0 : 1;
        if (!result.ok())
            CHECK_FALSE(result.error().message.empty());
    }
    CHECK(refused == (text.size() + 6) / 7);
    // Random single-byte damage, deterministic.
    std::uint32_t state = 12345;
    const auto next = [&] {
        state = state * 1664525u + 1013904223u;
        return state >> 8;
    };
    const char junk[] = {'"', '{', '}', '[', ']', ',', ':', '0', '-', 'e', '\\', '\0', '\xff', ' '};
    for (int i = 0; i < 2000; ++i) {
        std::string damaged = text;
        damaged[next() % damaged.size()] = junk[next() % sizeof junk];
        const auto result = parseProject(damaged);
        if (!result.ok()) {
            CHECK_FALSE(result.error().where.empty());
            CHECK(result.error().where[0] == '$');
        }
    }
}

TEST_CASE("small things hand-written files get wrong", "[io][malformed]") {
    SECTION("a UTF-8 byte order mark is accepted") {
        CHECK(parseProject("\xEF\xBB\xBF{\"formatVersion\": 1}").ok());
    }
    SECTION("null is not a way to unset an optional value") {
        requireError(parseProject(R"({"formatVersion": 1, "entities": [{"id": "e", "name": "E",
            "retentionDays": null}]})"),
                     "$.entities[0].retentionDays", "expected a number, found null");
    }
    SECTION("a boolean written as a string") {
        requireError(parseProject(R"({"formatVersion": 1, "entities": [{"id": "e", "name": "E",
            "tenantScoped": "yes"}]})"),
                     "$.entities[0].tenantScoped", "expected true or false, found a string");
    }
    SECTION("an object where an array belongs") {
        requireError(parseProject(R"({"formatVersion": 1, "entities": {}})"), "$.entities",
                     "expected an array, found an object");
    }
    SECTION("an unknown key with no near match, and an odd key in the path") {
        requireError(parseProject(R"({"formatVersion": 1, "colour": "red"})"), "$.colour",
                     "unknown key 'colour'");
        requireError(parseProject(R"({"formatVersion": 1, "thresholds": {"a b": "x"}})"),
                     "$.thresholds[\"a b\"]", "expected a number, found a string");
    }
    SECTION("a key error inside a nested struct") {
        requireError(parseProject(R"({"formatVersion": 1, "indexes": [{"id": "i", "name": "",
            "entityId": "e", "collation": {"locale": "fr", "strenght": 2}}]})"),
                     "$.indexes[0].collation.strenght",
                     "unknown key 'strenght'; did you mean 'strength'?");
    }
}
