#pragma once

#include "core/Project.h"
#include "derive/CollectionShape.h"

#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// The collections of a project. A plain value: copies are deep; like the
// shapes in it, it refers to the project it was derived from (see ShapeNode
// and CollectionShape::root).
struct Derived {
    std::vector<CollectionShape> collections;
    std::vector<std::string> problems; // e.g. "relationship r3: ..." for unusable parts
};

// Collections of a project, derived from its entities and relationships:
// every entity that no relationship embeds is the root of a collection.
// Assumes validateProject passed (no embedding cycles, no dangling ids).
// The result refers to `project`, which must outlive it.
Derived deriveCollections(const Project &project);

// The collection that stores the entity (its own, or the root it is embedded
// in), or nullptr.
const CollectionShape *collectionOf(const Derived &derived, std::string_view entityId);

} // namespace docshape
