// The presence of an embedded relationship in the model file (FORMAT.md,
// "Relationship" and "Versions"): written only when it is not 1, at format
// version 3, read back equal, refused with the key and the reason when
// wrong.
#include "model/io/SampleProjects.h"

#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <limits>

using namespace docshape;

namespace {

void requireInvalid(const Project &p, const std::string &where, const std::string &message) {
    const Status status = validateProject(p);
    REQUIRE_FALSE(status.ok());
    INFO(status.error().toString());
    CHECK(status.error().where == where);
    CHECK(status.error().message.find(message) != std::string::npos);
}

Entity entity(std::string id, std::string name) {
    Entity e;
    e.id = std::move(id);
    e.name = std::move(name);
    return e;
}

// Emoji embeds an array of Skin, present in a third of the emojis.
Project skins(double presence) {
    Project p;
    p.name = "emojis";
    p.entities = {entity("e1", "Emoji"), entity("e2", "Skin")};
    Relationship r;
    r.id = "r1";
    r.name = "skins";
    r.parentId = "e1";
    r.childId = "e2";
    r.representation = Representation::EmbedArray;
    r.fieldName = "skins";
    r.presence = presence;
    r.avgChildren = 2;
    r.maxChildren = 25;
    p.relationships.push_back(r);
    return p;
}

} // namespace

TEST_CASE("an embedded relationship's presence round-trips, and the file says version 3",
          "[io][roundtrip][presence]") {
    const Project original = skins(1.0 / 3);
    REQUIRE(validateProject(original).ok());
    const std::string text = serializeProject(original);
    INFO(text);
    CHECK(text.rfind("{\n  \"formatVersion\": 3,\n", 0) == 0);
    CHECK(text.find("      \"presence\": 0.3333333333333333,\n      \"avgChildren\": 2,\n") != std::string::npos);
    auto parsed = parseProject(text);
    if (!parsed)
        FAIL(parsed.error().toString());
    CHECK(*parsed == original);
    CHECK(serializeProject(*parsed) == text);
    CHECK(formatVersionFor(original) == 3);

    // Always present: no key, and the version of a model without it.
    const std::string always = serializeProject(skins(1));
    CHECK(always.find("\"presence\"") == std::string::npos);
    CHECK(always.rfind("{\n  \"formatVersion\": 1,\n", 0) == 0);
    CHECK(formatVersionFor(skins(1)) == 1);
}

TEST_CASE("a version 1 or 2 file without the key reads as present in every parent", "[io][roundtrip][presence]") {
    std::string text = serializeProject(skins(1));
    for (const char *version : {"1", "2"}) {
        text.replace(text.find("\"formatVersion\": "), 18, std::string("\"formatVersion\": ") + version);
        auto parsed = parseProject(text);
        if (!parsed)
            FAIL(parsed.error().toString());
        CHECK(parsed->relationships[0].presence == 1);
    }
}

TEST_CASE("a presence in a file that says version 2 is refused, with where", "[io][malformed][presence]") {
    std::string text = serializeProject(skins(0.25));
    text.replace(text.find("\"formatVersion\": 3"), 18, "\"formatVersion\": 2");
    auto parsed = parseProject(text);
    REQUIRE_FALSE(parsed.ok());
    CHECK(parsed.error().where == "$.relationships[0].presence");
    CHECK(parsed.error().message == "a relationship's presence needs format version 3; this file says 2");
}

TEST_CASE("a presence out of range, on a reference, or over the maximum is refused, naming the key",
          "[io][validate][presence]") {
    Project p = skins(0.5);
    REQUIRE(validateProject(p).ok());
    Relationship &r = p.relationships[0];
    SECTION("zero: a field never there is no field") {
        r.presence = 0;
        requireInvalid(p, "$.relationships[0].presence", "relationship 'skins': presence 0 is outside (0, 1]");
    }
    SECTION("above one") {
        r.presence = 1.5;
        requireInvalid(p, "$.relationships[0].presence", "presence 1.5 is outside (0, 1]");
    }
    SECTION("not a number") {
        r.presence = std::numeric_limits<double>::quiet_NaN();
        requireInvalid(p, "$.relationships[0].presence", "presence");
    }
    SECTION("a representation that puts no field in the parent it could leave out") {
        r.representation = Representation::ReferenceFromChild;
        requireInvalid(p, "$.relationships[0].presence",
                       "presence 0.5 with representation referenceFromChild; only an embedded field");
    }
    SECTION("the parents that hold the array would hold more than the maximum") {
        r.presence = 0.05; // 2 / 0.05 = 40 children where the array is, over 25
        requireInvalid(p, "$.relationships[0].presence",
                       "presence 0.05 puts 40 children in each parent that holds the field (avgChildren 2 / "
                       "presence), more than the maximum 25");
        r.presence = 0.08; // 25: at the maximum
        CHECK(validateProject(p).ok());
    }
    SECTION("a subdocument holds one child: avgChildren is at most the presence") {
        r.representation = Representation::EmbedOne;
        r.maxChildren.reset();
        r.avgChildren = 0.75;
        requireInvalid(p, "$.relationships[0].presence",
                       "presence 0.5 puts 1.5 children in each parent that holds the field (avgChildren 0.75 / "
                       "presence), more than the maximum 1");
        r.avgChildren = 0.5;
        CHECK(validateProject(p).ok());
    }
    SECTION("the same through the file") {
        std::string text = serializeProject(p);
        text.replace(text.find("\"presence\": 0.5"), 15, "\"presence\": 2.5");
        auto parsed = parseProject(text);
        REQUIRE_FALSE(parsed.ok());
        CHECK(parsed.error().where == "$.relationships[0].presence");
        CHECK(parsed.error().message.find("presence 2.5 is outside (0, 1]") != std::string::npos);
    }
}
