#pragma once

#include "core/Project.h"

#include <string>

namespace docshape {

// How the studio, the CLI and the report name a model object to its user:
// by what the diagram shows, never by its id.

// The edge as the diagram draws it: "Ticket → User (assignee)", the parent,
// the child and the field (or, for a junction or bucket, the collection)
// that holds the relationship. An entity the project does not have is "?".
std::string relationshipLabel(const Project &project, const Relationship &r);

// The relationship's own name, or its label when it has none.
std::string relationshipName(const Project &project, const Relationship &r);

} // namespace docshape
