#pragma once

#include "core/Project.h"

#include <vector>

namespace docshape::migration {

// How one relationship's representation changes between two versions, by
// the planner that plans it. Classified in one place, so that each
// relationship goes to exactly one planner.
struct RepresentationChange {
    enum Kind {
        ReferenceToCopy, // a reference becomes an extended reference (r1 may be another id, see below)
        CopyToReference, // and back
        IdArray,         // an array of ids in the parent becomes an array of copies, or back
        Subset,          // a subset that is new or keeps another number of children
        MoreCopies,      // an extended reference that stays one (it may copy more)
        Embed,           // a child that held a reference becomes embedded
        Extract,         // an embedded child becomes a document that holds a reference
        Unplanned,       // a change no planner makes: the plan says to write it by hand
    };
    Kind kind = Unplanned;
    const Relationship *r1 = nullptr; // null only for a Subset new in v2
    const Relationship *r2 = nullptr;
};

// The changes between the versions, in the order they are planned: a
// reference turned into a copy or back first (matched across relationship
// ids: one id only v1 has and one only v2 has), then the others in v2's
// order. Relationships that keep their representation are not listed,
// except extended references (MoreCopies).
std::vector<RepresentationChange> representationChanges(const Project &before, const Project &after);

} // namespace docshape::migration
