#pragma once

#include "core/Project.h"
#include "derive/CollectionShape.h"

#include <functional>
#include <string>
#include <vector>

namespace docshape {

struct Derived {
    std::vector<CollectionShape> collections;
    std::vector<std::string> problems; // e.g. "relationship r3: ..." for unusable parts
};

// Collections of a project, derived from its entities and relationships:
// every entity that no relationship embeds is the root of a collection.
// Assumes validateProject passed (no embedding cycles, no dangling ids).
// The result points into `project`, which must outlive it.
Derived deriveCollections(const Project &project);

// The same, calling ready(half, position, collection) for each entity
// collection as soon as it is built, with its position in the result. Large
// models are derived in two halves on two threads, so `ready` may run on
// both at once, each with its own half (0 or 1) and different positions.
using CollectionReady = std::function<void(int half, std::size_t position, const CollectionShape &collection)>;
Derived deriveCollections(const Project &project, const CollectionReady &ready);

// The collection that stores the entity (its own, or the root it is embedded
// in), or nullptr.
const CollectionShape *collectionOf(const Derived &derived, std::string_view entityId);

} // namespace docshape
