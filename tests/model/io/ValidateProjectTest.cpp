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

Relationship embed(std::string id, std::string parent, std::string child) {
    Relationship r;
    r.id = std::move(id);
    r.name = r.id;
    r.parentId = std::move(parent);
    r.childId = std::move(child);
    r.representation = Representation::EmbedOne;
    return r;
}

Entity entity(std::string id, std::string name) {
    Entity e;
    e.id = std::move(id);
    e.name = std::move(name);
    return e;
}

} // namespace

TEST_CASE("the sample projects are valid", "[io][validate]") {
    CHECK(validateProject(test::makeFullProject()).ok());
    CHECK(validateProject(test::makeSmallProject()).ok());
    CHECK(validateProject(Project{}).ok());
}

TEST_CASE("NaN and infinities are refused wherever a number is", "[io][validate]") {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const double inf = std::numeric_limits<double>::infinity();
    Project p = test::makeFullProject();
    SECTION("entity count") {
        p.entities[1].count = nan;
        requireInvalid(p, "$.entities[1].count", "entity 'Order': count is NaN");
    }
    SECTION("field minimum") {
        p.entities[0].fields[1].details.edit().minimum = -inf;
        requireInvalid(p, "$.entities[0].fields[1].minimum",
                       "field 'score': minimum is -infinity; it must be a finite number");
    }
    SECTION("canvas position") {
        p.entities[0].position.y = inf;
        requireInvalid(p, "$.entities[0].position.y", "y is infinity");
    }
    SECTION("threshold") {
        p.thresholds["arrayMax"] = nan;
        requireInvalid(p, "$.thresholds.arrayMax", "threshold 'arrayMax' is NaN");
    }
    SECTION("variant share") {
        p.entities[9].variants[0].share = nan;
        requireInvalid(p, "$.entities[9].variants[0].share",
                       "entity 'Vehicle' variant 'car': share is NaN");
    }
    SECTION("access pattern frequency") {
        p.accessPatterns[0].frequencyPerSecond = inf;
        requireInvalid(p, "$.accessPatterns[0].frequencyPerSecond", "frequencyPerSecond is infinity");
    }
    SECTION("a save refuses them rather than writing null") {
        p.ramGiB = nan;
        const Status saved = saveProject(p, "/nonexistent-dir/never.docshape");
        REQUIRE_FALSE(saved.ok());
        CHECK(saved.error().where == "$.ramGiB");
        CHECK(saved.error().message == "not saved, the model is invalid: project: ramGiB is NaN; "
                                       "it must be a finite number");
    }
}

TEST_CASE("field invariants", "[io][validate]") {
    Project p = test::makeSmallProject();
    Field &f = p.entities[0].fields[0];
    SECTION("a required field is always present") {
        f.presence = 0.5;
        requireInvalid(p, "$.entities[0].fields[0].presence",
                       "presence 0.5 but the field is required; set required to false");
    }
    SECTION("presence zero") {
        f.required = false;
        f.presence = 0;
        requireInvalid(p, "$.entities[0].fields[0].presence", "presence 0 is outside (0, 1]");
    }
    SECTION("subfields need an object type") {
        f.type = BsonType::String;
        f.fields.push_back(Field{.name = "x", .id = "f9"});
        requireInvalid(p, "$.entities[0].fields[0].fields",
                       "has subfields but its type is string, not object or array of objects");
    }
    SECTION("_id is implicit") {
        f.name = "_id";
        requireInvalid(p, "$.entities[0].fields[0].name", "'_id' is implicit");
    }
    SECTION("minimum above maximum") {
        f.details.edit().minimum = 5;
        f.details.edit().maximum = 1;
        requireInvalid(p, "$.entities[0].fields[0].minimum", "minimum 5 exceeds the maximum 1");
    }
    SECTION("minItems above maxCount") {
        f.details.edit().minItems = 11;
        requireInvalid(p, "$.entities[0].fields[0].minItems",
                       "minItems 11 exceeds the maximum count 10");
    }
    SECTION("fractions") {
        f.nullFraction = 1.5;
        requireInvalid(p, "$.entities[0].fields[0].nullFraction", "nullFraction 1.5 is outside [0, 1]");
    }
    SECTION("an avgBytes with no stated maximum is fine") {
        f.avgBytes = 500;
        f.maxBytes = 0;
        CHECK(validateProject(p).ok());
    }
    SECTION("a field without an id") {
        f.id.clear();
        requireInvalid(p, "$.entities[0].fields[0].id",
                       "entity 'Order' field 'items' has no id; every field needs one");
    }
    SECTION("a field that duplicates itself") {
        f.details.edit().duplicatedFrom = f.id;
        requireInvalid(p, "$.entities[0].fields[0].duplicatedFrom", "cannot duplicate itself");
    }
}

TEST_CASE("variants", "[io][validate]") {
    Project p = test::makeFullProject();
    Entity &vehicle = p.entities[9];
    SECTION("variants need a discriminator") {
        vehicle.discriminator.clear();
        requireInvalid(p, "$.entities[9].discriminator", "has variants but no discriminator");
    }
    SECTION("two variants with one value") {
        vehicle.variants[1].value = "car";
        requireInvalid(p, "$.entities[9].variants[1].value", "two variants have the value 'car'");
    }
    SECTION("a variant field clashing with an entity field") {
        vehicle.variants[0].fields[0].name = "kind";
        requireInvalid(p, "$.entities[9].variants[0].fields[0].name",
                       "entity 'Vehicle' variant 'car' field 'kind': duplicate field name, also a "
                       "field of the entity");
    }
    SECTION("shares within the tolerance") {
        vehicle.variants[0].share = 0.7009;
        CHECK(validateProject(p).ok());
        vehicle.variants[0].share = 0.7011;
        requireInvalid(p, "$.entities[9].variants", "variant shares sum to 1.0011, not 1");
    }
}

TEST_CASE("relationships and embedding", "[io][validate]") {
    Project p;
    for (const char *name : {"A", "B", "C", "D"})
        p.entities.push_back(entity(std::string("e") + name, name));
    SECTION("an entity embedded in itself") {
        p.relationships.push_back(embed("r1", "eA", "eA"));
        requireInvalid(p, "$.relationships[0].childId",
                       "embedding cycle: relationship 'r1' embeds 'A' in itself");
    }
    SECTION("a three-entity cycle") {
        p.relationships.push_back(embed("r1", "eD", "eA")); // D embeds A: not on the cycle
        p.relationships.push_back(embed("r2", "eA", "eB"));
        p.relationships.push_back(embed("r3", "eB", "eC"));
        p.relationships.push_back(embed("r4", "eC", "eA"));
        requireInvalid(p, "$.relationships[3].childId", "'A' is already embedded by relationship 'r1'");
        p.relationships.erase(p.relationships.begin());
        requireInvalid(p, "$.relationships[0]",
                       "embedding cycle: 'A' embeds 'B' embeds 'C' embeds 'A'");
    }
    SECTION("a bucket counts as embedding; references do not") {
        p.relationships.push_back(embed("r1", "eA", "eB"));
        p.relationships.back().representation = Representation::Bucket;
        Relationship back = embed("r2", "eB", "eA");
        back.representation = Representation::ReferenceFromChild;
        p.relationships.push_back(back);
        CHECK(validateProject(p).ok());
        p.relationships[1].representation = Representation::EmbedArray;
        requireInvalid(p, "$.relationships[0]", "embedding cycle: 'A' embeds 'B' embeds 'A'");
    }
    SECTION("an unknown parent") {
        p.relationships.push_back(embed("r1", "eZ", "eA"));
        requireInvalid(p, "$.relationships[0].parentId", "parent 'eZ' is not the id of an entity");
    }
    SECTION("copied fields must belong to the child") {
        p.entities[0].fields.push_back(Field{.name = "a", .id = "fa"});
        Relationship r = embed("r1", "eB", "eA");
        r.representation = Representation::ExtendedReference;
        r.copiedFieldIds = {"fa"};
        p.relationships.push_back(r);
        CHECK(validateProject(p).ok());
        p.relationships[0].childId = "eC";
        requireInvalid(p, "$.relationships[0].copiedFieldIds[0]",
                       "copied field 'fa' belongs to entity 'A', not to the child 'C'");
    }
    SECTION("maximum children") {
        Relationship r = embed("r1", "eA", "eB");
        r.avgChildren = 20;
        r.maxChildren = 5;
        p.relationships.push_back(r);
        requireInvalid(p, "$.relationships[0].avgChildren",
                       "relationship 'r1': average children 20 exceeds the maximum 5");
    }
    SECTION("an embedded entity has no collection, so its name can repeat a collection") {
        p.entities[1].collectionName = "A";
        requireInvalid(p, "$.entities[1].collectionName", "duplicate collection name 'A'");
        p.relationships.push_back(embed("r1", "eC", "eB"));
        CHECK(validateProject(p).ok());
    }
}

TEST_CASE("indexes", "[io][validate]") {
    Project p = test::makeFullProject();
    IndexSpec &ix = p.indexes[0];
    SECTION("no keys") {
        ix.keys.clear();
        requireInvalid(p, "$.indexes[0].keys", "index 'customer_recent' on entity 'Order' has no keys");
    }
    SECTION("32 keys are allowed") {
        ix.keys.clear();
        for (int i = 0; i < 32; ++i)
            ix.keys.push_back({"k" + std::to_string(i), "1"});
        CHECK(validateProject(p).ok());
    }
    SECTION("an unknown kind") {
        ix.keys[1].kind = "desc";
        requireInvalid(p, "$.indexes[0].keys[1].kind", "key kind 'desc' is not one of");
    }
    SECTION("the same path twice") {
        ix.keys[1].path = "customerId";
        requireInvalid(p, "$.indexes[0].keys[1].path", "the key 'customerId' appears twice");
    }
    SECTION("on an embedded entity") {
        ix.entityId = "e3";
        requireInvalid(p, "$.indexes[0].entityId",
                       "the entity is embedded in 'Order' and has no collection");
    }
    SECTION("collation strength") {
        ix.collation->strength = 0;
        requireInvalid(p, "$.indexes[0].collation.strength", "collation strength 0 is not from 1 to 5");
    }
    SECTION("two indexes with one name on one collection") {
        IndexSpec copy = ix;
        copy.id = "i9";
        p.indexes.push_back(copy);
        requireInvalid(p, "$.indexes[2].name",
                       "another index of the same collection has the name 'customer_recent' "
                       "($.indexes[0])");
        p.indexes.back().entityId = "e1"; // another collection: fine
        CHECK(validateProject(p).ok());
    }
}

TEST_CASE("ids across kinds and project settings", "[io][validate]") {
    Project p = test::makeFullProject();
    SECTION("a decision reusing an entity id") {
        p.decisions[1].id = "e7";
        requireInvalid(p, "$.decisions[1].id",
                       "decision 'e7': duplicate id 'e7', already used at $.entities[6].id");
    }
    SECTION("an index reusing a field id") {
        p.indexes[1].id = "f81";
        requireInvalid(p, "$.indexes[1].id", "already used at $.entities[9].variants[0].fields[0].id");
    }
    SECTION("a shared collection needs a tenant field") {
        p.tenantField.clear();
        requireInvalid(p, "$.tenantField", "a shared-collection tenancy needs a tenantField");
    }
    SECTION("alsoReads must name entities") {
        p.accessPatterns[2].alsoReads[1] = "e404";
        requireInvalid(p, "$.accessPatterns[2].alsoReads[1]", "alsoReads 'e404' is not the id of an entity");
    }
    SECTION("hostile names are shortened and escaped in messages") {
        p.entities[0].fields[0].name = std::string(10'000, 'x') + ".";
        const Status status = validateProject(p);
        REQUIRE_FALSE(status.ok());
        CHECK(status.error().message.size() < 400);
        CHECK(status.error().message.find("...") != std::string::npos);
    }
}
