#pragma once

#include "core/Project.h"

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace docshape::edit {

// What a removal took out of a project, and the objects whose references
// to it were dropped, as they were before: enough to put the project back
// exactly (restore), without a copy of the whole project.
struct Removal {
    // Removed objects with their positions in the project's lists before
    // the removal, in ascending order of position.
    std::vector<std::pair<std::size_t, Entity>> entities;
    std::vector<std::pair<std::size_t, Relationship>> relationships;
    std::vector<std::pair<std::size_t, AccessPattern>> accessPatterns;
    std::vector<std::pair<std::size_t, IndexSpec>> indexes;
    // Objects that stayed but lost a reference (copied-field lists,
    // duplication sources, alsoReads) or a field, before the change.
    std::vector<Entity> changedEntities;
    std::vector<Relationship> changedRelationships;
    std::vector<AccessPattern> changedAccessPatterns;
    // Every id that left the project: removed objects and their fields.
    std::vector<std::string> removedIds;

    bool empty() const { return removedIds.empty(); }
};

// Removes the entities and everything that refers to them (relationships,
// indexes, access patterns, alsoReads entries, copied-field lists and
// duplication sources), so that a valid project stays valid except for
// what the removal itself changes (an entity it embedded becomes a
// collection of its own). Unknown ids are ignored.
Removal removeEntities(Project &project, const std::vector<std::string> &entityIds);

// Removes the field and its subfields, and every reference to them.
Removal removeField(Project &project, const std::string &fieldId);

// Undoes a removal: afterwards the project equals the one the removal was
// made from. `removal` must be the last edit made to `project`.
void restore(Project &project, const Removal &removal);

} // namespace docshape::edit
