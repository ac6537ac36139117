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
