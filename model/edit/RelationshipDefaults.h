#pragma once

#include "core/Project.h"

#include <string>

namespace docshape::edit {

// Builds the relationship a canvas gesture asks for, with field names and
// counts a designer would start from (all editable afterwards).
// `parentId` is the side that holds the embedded data, copied fields or the
// "one" end; `childId` the other side.
//
// Defaults: an embedded array holds 5 children on average and 10 at most,
// so that the new parent stays bounded; a reference to many children is
// unbounded (the children live in their own collection).
Relationship makeRelationship(const Project &project, const std::string &parentId,
                              const std::string &childId, Cardinality cardinality,
                              Representation representation);

// The same relationship re-pointed at another parent or representation,
// keeping its id, counts and bounds where they still apply.
Relationship reshapeRelationship(const Project &project, const Relationship &existing,
                                 const std::string &parentId, Representation representation);

// The cardinality a drop with this representation implies.
Cardinality defaultCardinality(Representation representation);

} // namespace docshape::edit
