// Lookups for editing: by id, through nested and variant fields.
#include "model/io/SampleProjects.h"

#include "edit/ModelLookup.h"

#include <catch2/catch.hpp>

using namespace docshape;

TEST_CASE("fields are found by id wherever they are nested, with their list and entity", "[edit][lookup]") {
    Project p = test::makeFullProject();
    const Project &constant = p;
    for (const Entity &entity : constant.entities) {
        for (const auto &id : edit::fieldIdsOf(entity)) {
            INFO(entity.name << " " << id);
            Field *f = edit::findField(p, id);
            REQUIRE(f);
            CHECK(f == constant.findField(id));
            CHECK(edit::entityOfField(constant, id) == &entity);
            CHECK(edit::entityOfField(p, id) == &entity);
            std::size_t at = 99;
            std::vector<Field> *list = edit::fieldListOf(p, id, &at);
            REQUIRE(list);
            REQUIRE(at < list->size());
            CHECK(&(*list)[at] == f);
        }
    }
    CHECK_FALSE(edit::findField(p, "no-such-field"));
    CHECK_FALSE(edit::entityOfField(constant, "no-such-field"));
    CHECK_FALSE(edit::fieldListOf(p, "no-such-field", nullptr));
}

TEST_CASE("a variant's fields and an object's subfields are listed with the entity's", "[edit][lookup]") {
    const Project p = test::makeFullProject();
    const Entity *vehicle = nullptr;
    for (const auto &e : p.entities)
        if (!e.variants.empty())
            vehicle = &e;
    REQUIRE(vehicle);
    const auto ids = edit::fieldIdsOf(*vehicle);
    for (const auto &variant : vehicle->variants)
        for (const auto &f : variant.fields)
            CHECK(std::find(ids.begin(), ids.end(), f.id) != ids.end());
    Field object{.name = "a", .type = BsonType::Object, .id = "x1"};
    object.fields.push_back(Field{.name = "b", .type = BsonType::Object, .id = "x2"});
    object.fields[0].fields.push_back(Field{.name = "c", .id = "x3"});
    CHECK(edit::fieldIdsOf(object) == std::vector<std::string>{"x1", "x2", "x3"});
}

TEST_CASE("the embedding of an entity is its one embed-one or embed-array relationship", "[edit][lookup]") {
    Project p = test::makeFullProject();
    for (const auto &r : p.relationships) {
        const Relationship *embedding = edit::embeddingOf(p, r.childId);
        if (r.representation == Representation::EmbedOne || r.representation == Representation::EmbedArray)
            CHECK(embedding == &r);
        else if (embedding)
            CHECK(embedding->id != r.id);
    }
    for (auto &r : p.relationships) {
        CHECK(edit::findRelationship(p, r.id) == &r);
    }
    for (auto &q : p.accessPatterns)
        CHECK(edit::findAccessPattern(p, q.id) == &q);
    for (auto &ix : p.indexes)
        CHECK(edit::findIndex(p, ix.id) == &ix);
}
