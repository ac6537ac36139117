#pragma once

#include "core/Project.h"
#include "util/Result.h"
#include "import/ImportSummary.h"

namespace docshape::import {

// Whether a reference candidate can become a relationship: a top-level
// scalar field of a collection's root entity that holds the target's _id (a
// relationship names its field by a plain key and refers to the parent's
// _id, so a nested path, an array or another unique key stays a proposal).
bool canConfirm(const Project &project, const ReferenceCandidate &candidate);

// Makes the candidate a relationship the designer confirmed: the target
// collection's entity is the parent, the holding entity the child, which
// keeps the parent's _id in the field (reference from child). The field
// leaves the entity, since the relationship now puts that key in its
// documents; the counts say how many children a parent has on average.
Status confirmReference(Project &project, const ReferenceCandidate &candidate);

} // namespace docshape::import
