#include "model/io/SampleProjects.h"
#include "support/TestPaths.h"

#include "io/EnumCodec.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <vector>

using namespace docshape;

namespace {

std::vector<std::string> lines(const std::string &text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        out.push_back(line);
    return out;
}

// The lines that differ between two texts once their common first and last
// lines are set aside: one contiguous hunk, as `diff` would show it.
struct Hunk {
    std::vector<std::string> removed;
    std::vector<std::string> added;
};

Hunk onlyHunk(const std::string &before, const std::string &after) {
    const auto a = lines(before), b = lines(after);
    std::size_t head = 0;
    while (head < a.size() && head < b.size() && a[head] == b[head])
        ++head;
    std::size_t tail = 0;
    while (tail < a.size() - head && tail < b.size() - head &&
           a[a.size() - 1 - tail] == b[b.size() - 1 - tail])
        ++tail;
    Hunk hunk;
    hunk.removed.assign(a.begin() + static_cast<long>(head), a.end() - static_cast<long>(tail));
    hunk.added.assign(b.begin() + static_cast<long>(head), b.end() - static_cast<long>(tail));
    return hunk;
}

Project roundTrip(const Project &project) {
    const std::string text = serializeProject(project);
    auto parsed = parseProject(text);
    INFO(text);
    REQUIRE(parsed.ok());
    if (!parsed.ok())
        FAIL(parsed.error().toString());
    return *parsed;
}

template <typename E> void checkEnumSpellings(const std::string &member) {
    for (int i = 0; i < io::EnumCodec<E>::kCount; ++i) {
        const auto value = static_cast<E>(i);
        const std::string name(io::EnumCodec<E>::name(value));
        REQUIRE_FALSE(name.empty());
        REQUIRE(io::EnumCodec<E>::parse(name) == value);
        INFO(member << " = " << name);
        (void)member;
    }
}

} // namespace

TEST_CASE("a project with every member set survives a round trip", "[io][roundtrip]") {
    const Project original = test::makeFullProject();
    REQUIRE(validateProject(original).ok());
    const std::string first = serializeProject(original);
    auto parsed = parseProject(first);
    INFO(first);
    if (!parsed)
        FAIL(parsed.error().toString());
    // Member by member (defaulted operator==), then section by section so a
    // failure says where.
    CHECK(parsed->entities == original.entities);
    CHECK(parsed->relationships == original.relationships);
    CHECK(parsed->accessPatterns == original.accessPatterns);
    CHECK(parsed->indexes == original.indexes);
    CHECK(parsed->decisions == original.decisions);
    CHECK(parsed->thresholds == original.thresholds);
    CHECK(*parsed == original);
    CHECK(serializeProject(*parsed) == first);
}

TEST_CASE("every tenancy value round-trips", "[io][roundtrip]") {
    for (Tenancy t : {Tenancy::None, Tenancy::SharedCollection, Tenancy::DatabasePerTenant,
                      Tenancy::CollectionPerTenant}) {
        Project p = test::makeSmallProject();
        p.tenancy = t;
        CHECK(roundTrip(p).tenancy == t);
    }
}

TEST_CASE("every enum spelling is read back as its value", "[io][roundtrip]") {
    checkEnumSpellings<BsonType>("type");
    checkEnumSpellings<Representation>("representation");
    // Through the whole file format, not just the codec: each BSON type as
    // a field type and as an element type.
    for (BsonType type : kAllBsonTypes) {
        Project p = test::makeSmallProject();
        p.entities[0].fields[0].type = type;
        p.entities[0].fields[0].elementType = type;
        if (type != BsonType::Array) {
            p.entities[0].fields[0].avgCount = 0;
            p.entities[0].fields[0].maxCount.reset();
        }
        const std::string text = serializeProject(p);
        if (type != BsonType::String)
            CHECK(text.find("\"type\": \"" + std::string(toString(type)) + "\"") !=
                  std::string::npos);
        const Project back = roundTrip(p);
        CHECK(back.entities[0].fields[0].type == type);
        CHECK(back.entities[0].fields[0].elementType == type);
    }
}

TEST_CASE("the canonical text: layout, defaults left out, numbers", "[io][roundtrip]") {
    Project p = test::makeSmallProject();
    p.ramGiB = 1.0;
    p.tenantCount = 2.5e6;
    p.entities[0].count = 1e18; // whole but past 2^53: the shortest text; a count stays below 2^63
    p.entities[0].growthPerDay = 0.1;
    p.entities[0].position.x = -0.0;
    const std::string text = serializeProject(p);
    CHECK(text == R"({
  "formatVersion": 1,
  "name": "Small",
  "ramGiB": 1,
  "tenantCount": 2500000,
  "entities": [
    {
      "id": "e1",
      "name": "Order",
      "fields": [
        {
          "id": "f1",
          "name": "items",
          "type": "array",
          "avgCount": 3,
          "maxCount": 10
        }
      ],
      "count": 1e+18,
      "growthPerDay": 0.1
    }
  ],
  "relationships": [],
  "accessPatterns": [],
  "indexes": [],
  "decisions": []
}
)");
    const Project back = roundTrip(p);
    CHECK(back.ramGiB == 1.0);
    CHECK(back.entities[0].count == 1e18);
    CHECK(back.entities[0].growthPerDay == 0.1);
    CHECK(serializeProject(back) == text);
}

TEST_CASE("doubles keep their exact value through the text", "[io][roundtrip]") {
    const double values[] = {1.0,     0.1,       1.0 / 3,  123456.789, 5e-324,
                             1.7e308, 9007199254740993.0, 2.5e-7, 42,   -17.25};
    for (double v : values) {
        Project p = test::makeSmallProject();
        // A bound of a field's values may be any finite number; sizes,
        // counts, RAM and positions have their ceilings (FORMAT.md, "Limits").
        p.entities[0].fields[0].details.edit().maximum = v;
        p.entities[0].fields[0].details.edit().minimum = -std::fabs(v);
        const Project back = roundTrip(p);
        CHECK(back.entities[0].fields[0].details->maximum == v);
        CHECK(back.entities[0].fields[0].details->minimum == -std::fabs(v));
    }
}

TEST_CASE("strings with escapes and unicode round-trip, invalid UTF-8 is replaced",
          "[io][roundtrip]") {
    Project p = test::makeSmallProject();
    p.description = std::string("quote \" backslash \\ nul ") + '\0' + " bell \x07 del \x7f é 😀";
    CHECK(roundTrip(p).description == p.description);

    p.description = "bad \xff\xfe byte";
    const std::string text = serializeProject(p);
    CHECK(text.find("bad \\ufffd\\ufffd byte") != std::string::npos);
    CHECK(roundTrip(p).description == "bad \xEF\xBF\xBD\xEF\xBF\xBD byte");
}

TEST_CASE("a one-member change is a one-hunk diff", "[io][roundtrip]") {
    const Project original = test::makeFullProject();
    const std::string before = serializeProject(original);

    SECTION("changing a value rewrites one line") {
        Project changed = original;
        changed.entities[5].fields[0].name = "time"; // Sensor's first field
        const Hunk hunk = onlyHunk(before, serializeProject(changed));
        REQUIRE(hunk.removed.size() == 1);
        REQUIRE(hunk.added.size() == 1);
        CHECK(hunk.removed[0] == R"(          "name": "ts",)");
        CHECK(hunk.added[0] == R"(          "name": "time",)");
    }
    SECTION("setting a member that had its default adds lines in one place") {
        Project changed = original;
        changed.entities[2].count = 42; // LineItem, nothing after fields but deletion
        const Hunk hunk = onlyHunk(before, serializeProject(changed));
        CHECK(hunk.removed.size() <= 1);
        CHECK(hunk.added.size() <= 2);
        bool found = false;
        for (const auto &line : hunk.added)
            found = found || line.find("\"count\": 42") != std::string::npos;
        CHECK(found);
    }
    SECTION("a new threshold touches one line") {
        Project changed = original;
        changed.thresholds["compassIndexes"] = 10;
        const Hunk hunk = onlyHunk(before, serializeProject(changed));
        CHECK(hunk.removed.empty());
        REQUIRE(hunk.added.size() == 1);
        CHECK(hunk.added[0] == R"(    "compassIndexes": 10,)");
    }
}

TEST_CASE("ids and names are written even when empty, the five arrays always",
          "[io][roundtrip]") {
    const std::string text = serializeProject(test::makeFullProject());
    CHECK(text.find(R"("name": "",)") != std::string::npos); // unnamed relationship
    const std::string empty = serializeProject(Project{});
    CHECK(empty == "{\n  \"formatVersion\": 1,\n  \"name\": \"\",\n  \"entities\": [],\n"
                   "  \"relationships\": [],\n  \"accessPatterns\": [],\n  \"indexes\": [],\n"
                   "  \"decisions\": []\n}\n");
    auto back = parseProject(empty);
    REQUIRE(back.ok());
    CHECK(*back == Project{});
}

TEST_CASE("absent keys take their defaults on load", "[io][roundtrip]") {
    auto p = parseProject(R"({"formatVersion": 1, "entities": [{"id": "e1", "name": "A",
        "fields": [{"id": "f1", "name": "x"}]}]})");
    REQUIRE(p.ok());
    CHECK(p->database == "app");
    CHECK(p->mongoVersion == "7.0");
    CHECK(p->growthDays == 365);
    const Field &f = p->entities[0].fields[0];
    CHECK(f.type == BsonType::String);
    CHECK(f.required);
    CHECK(f.presence == 1.0);
    CHECK(f.distinctFraction == 1.0);
    CHECK_FALSE(f.maxCount.has_value());
    CHECK(p->entities[0].idType == BsonType::ObjectId);
    CHECK_FALSE(p->entities[0].timeSeries.has_value());
}

TEST_CASE("the example in FORMAT.md loads", "[io][roundtrip]") {
    const std::string doc = test::readFile(test::sourceDir() + "/model/io/FORMAT.md");
    const auto start = doc.find("```json\n");
    REQUIRE(start != std::string::npos);
    const auto end = doc.find("```", start + 8);
    REQUIRE(end != std::string::npos);
    auto project = parseProject(std::string_view(doc).substr(start + 8, end - start - 8));
    INFO((project ? std::string() : project.error().toString()));
    REQUIRE(project.ok());
    CHECK(project->entities[0].fields[1].maxEnforcedBy == BoundEnforcer::Validator);
    CHECK(project->entities[0].fields[1].fields[0].name == "sku");
}
