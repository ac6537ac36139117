#pragma once

#include "core/Project.h"
#include "derive/CollectionShape.h"

#include <set>
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

    friend bool operator==(const Derived &, const Derived &) = default;
};

// Collections of a project, derived from its entities and relationships:
// every entity that no relationship embeds is the root of a collection.
// Assumes validateProject passed (no embedding cycles, no dangling ids).
// The result refers to `project`, which must outlive it.
Derived deriveCollections(const Project &project);

// deriveCollections(project) after an edit that kept the collections (the
// same ones, in the same order: anything else derives them all) and changed
// only what names the entities `touched`: their own properties and fields,
// and the parameters of relationships between them. A collection of
// `previous` that names none of them (namesAny) is moved out of it as it
// was; its problems stay. `previous` was derived from the same Project
// object before the edit; what it refers to in the project, outside the
// touched entities, must not have moved (an entity or relationship added or
// removed moves it).
Derived rederive(const Project &project, Derived &previous, const std::set<std::string_view> &touched);

// The collection stores, embeds, copies or references one of `entities`
// (its root, an embedded entity, or a node's entityId).
bool namesAny(const CollectionShape &c, const std::set<std::string_view> &entities);

// The collection that stores the entity (its own, or the root it is embedded
// in), or nullptr.
const CollectionShape *collectionOf(const Derived &derived, std::string_view entityId);

} // namespace docshape
