// The names a new relationship gets. A tree, a reference from an entity to
// itself, names its ends as the MongoDB manual's "Model Tree Structures"
// pages do: each node holds its `parent` (parent references) or its
// `children` (child references).
#include "support/ModelBuilders.h"

#include "edit/RelationshipDefaults.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::test;

TEST_CASE("a reference from an entity to itself is named for a tree", "[edit][relationship]") {
    Project p;
    p.entities.push_back(entity("e1", "Category", 5000));
    const auto make = [&](Representation representation) {
        return edit::makeRelationship(p, "e1", "e1", Cardinality::OneToMany, representation);
    };
    CHECK(make(Representation::ReferenceFromChild).fieldName == "parentId");
    CHECK(make(Representation::ReferenceArrayInParent).fieldName == "childIds");
    const Relationship both = make(Representation::TwoWay);
    CHECK(both.fieldName == "childIds");
    CHECK(both.backFieldName == "parentId");
    CHECK(make(Representation::ExtendedReference).fieldName == "parent");
    CHECK(make(Representation::Junction).junctionName == "categories_tree");
    // Between two entities the names are the entities'.
    p.entities.push_back(entity("e2", "Product", 100));
    CHECK(edit::makeRelationship(p, "e1", "e2", Cardinality::OneToMany, Representation::ReferenceFromChild).fieldName ==
          "categoryId");
    // Each is a valid model.
    for (Representation r : {Representation::ReferenceFromChild, Representation::ReferenceArrayInParent,
                             Representation::TwoWay, Representation::ExtendedReference, Representation::Junction}) {
        Project tree = p;
        tree.relationships.push_back(make(r));
        INFO(toString(r));
        CHECK(validateProject(tree).ok());
    }
}

TEST_CASE("a new representation starts present in every parent, so the model stays valid", "[edit][relationship][presence]") {
    Project p;
    p.entities.push_back(entity("e1", "Emoji", 2000));
    p.entities.push_back(entity("e2", "Skin", 0));
    Relationship skins = edit::makeRelationship(p, "e1", "e2", Cardinality::OneToFew, Representation::EmbedArray);
    skins.avgChildren = 1;
    skins.presence = 0.2; // 5 skins where there are any, 10 at most
    p.relationships.push_back(skins);
    REQUIRE(validateProject(p).ok());
    // Referenced, the child has no field in the parent that could be absent;
    // embedded again, the default counts would not fit the old presence.
    for (Representation to : {Representation::ReferenceFromChild, Representation::EmbedOne}) {
        const Relationship reshaped = edit::reshapeRelationship(p, p.relationships[0], "e1", to);
        CHECK(reshaped.presence == 1);
        Project q = p;
        q.relationships[0] = reshaped;
        INFO(toString(to));
        CHECK(validateProject(q).ok());
    }
}
