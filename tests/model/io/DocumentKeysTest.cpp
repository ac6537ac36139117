// Issue 38 item 1: a document with two keys of one name. Drawing a reference
// onto an entity that already had the key field, or renaming the
// relationship's field to it, gave Review two 'restaurantId' keys: sample
// printed them twice, sizes counted them twice, and samples broken on
// purpose passed validation. The reader refuses such a model, naming the
// entity and both sources; the edit check, which runs the same checks, so
// refuses the edit.
#include "support/ModelBuilders.h"

#include "core/DocumentKeys.h"
#include "derive/DeriveCollections.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <set>

using namespace docshape;

namespace {

// Restaurants and their reviews, the reviews a subset in the restaurant.
Project restaurantReviews() {
    Project p;
    p.name = "Food delivery";
    Entity restaurant = test::entity("e1", "Restaurant", 1000);
    restaurant.fields.push_back(test::stringField("f1", "name", 20, 100));
    Entity review = test::entity("e2", "Review", 100000);
    review.fields.push_back(test::stringField("f2", "text", 200, 2000));
    p.entities = {restaurant, review};
    Relationship r = test::relationship("r1", "e1", "e2", Representation::Subset, 100);
    r.name = "Reviews of a restaurant";
    r.subsetCount = 10;
    r.fieldName = "recentReviews";
    p.relationships = {r};
    return p;
}

} // namespace

TEST_CASE("a model whose documents hold a key twice is refused, naming the entity and both sources", "[io][keys]") {
    Project p = restaurantReviews();
    REQUIRE(validateProject(p));

    SECTION("a field of the child and the subset's reference (the issue's Review)") {
        p.entities[1].fields.push_back(test::typedField("f3", "restaurantId", BsonType::ObjectId));
        p.relationships[0].backFieldName = "restaurantId";
        const Status s = validateProject(p);
        REQUIRE_FALSE(s);
        CHECK(s.error().toString() ==
              "$.relationships[0].backFieldName: entity 'Review': its documents would hold the key 'restaurantId' "
              "twice: field 'restaurantId' and the reference of relationship 'Reviews of a restaurant'; rename "
              "one, or let the relationship use the field");
    }
    SECTION("a field and the key made up for an unnamed reference") {
        p.relationships[0].representation = Representation::ReferenceFromChild;
        p.relationships[0].fieldName.clear();
        p.entities[1].fields.push_back(test::typedField("f3", "restaurantId", BsonType::ObjectId));
        const Status s = validateProject(p);
        REQUIRE_FALSE(s);
        CHECK(s.error().toString().find("entity 'Review': its documents would hold the key 'restaurantId' twice") !=
              std::string::npos);
    }
    SECTION("a field of the parent and the subset's array") {
        p.entities[0].fields.push_back(test::typedField("f3", "recentReviews", BsonType::Array));
        const Status s = validateProject(p);
        REQUIRE_FALSE(s);
        CHECK(s.error().toString() ==
              "$.relationships[0].fieldName: entity 'Restaurant': its documents would hold the key 'recentReviews' "
              "twice: field 'recentReviews' and the relationship 'Reviews of a restaurant'; rename one, or let the "
              "relationship use the field");
    }
    SECTION("two relationships that add the same key") {
        Entity courier = test::entity("e3", "Courier", 50);
        p.entities.push_back(courier);
        Relationship second = test::relationship("r2", "e3", "e2", Representation::ReferenceFromChild, 10);
        second.name = "Courier of a review";
        second.fieldName = "restaurantId";
        p.relationships.push_back(second);
        p.relationships[0].representation = Representation::ReferenceFromChild;
        p.relationships[0].fieldName.clear();
        const Status s = validateProject(p);
        REQUIRE_FALSE(s);
        CHECK(s.error().toString().find("the reference of relationship 'Reviews of a restaurant' and the reference "
                                        "of relationship 'Courier of a review'") != std::string::npos);
    }
    SECTION("distinct keys pass") {
        p.entities[1].fields.push_back(test::typedField("f3", "restaurantName", BsonType::String));
        CHECK(validateProject(p));
    }
}

TEST_CASE("the reader's keys are the derivation's keys", "[io][keys][derive]") {
    // What the check compares is what the documents hold: every key of every
    // derived collection appears once, and the relationship keys the check
    // names are among them.
    Project p = restaurantReviews();
    for (Representation rep : {Representation::EmbedOne, Representation::EmbedArray, Representation::ReferenceFromChild,
                               Representation::ReferenceArrayInParent, Representation::TwoWay,
                               Representation::Subset, Representation::ExtendedReference}) {
        p.relationships[0].representation = rep;
        p.relationships[0].fieldName.clear();
        p.relationships[0].backFieldName.clear();
        INFO(int(rep));
        REQUIRE(validateProject(p));
        const Derived d = deriveCollections(p);
        std::set<std::string> derivedKeys;
        for (const auto &c : d.collections) {
            std::set<std::string> top;
            for (const auto &n : c.shape.fields) {
                CHECK(top.insert(n.name).second);
                derivedKeys.insert(n.name);
                for (const auto &m : n.object->fields)
                        derivedKeys.insert(m.name);
            }
        }
        if (auto k = childSideKey(p.relationships[0], p.entities[0]))
            CHECK(derivedKeys.count(*k) == 1);
        if (auto k = parentSideKey(p.relationships[0], p.entities[1]))
            CHECK(derivedKeys.count(*k) == 1);
    }
}
