#pragma once

#include "core/Project.h"
#include "diff/ModelDiff.h"

namespace docshape {

// What the estimation model and the advisor say differently about two
// versions of a project: per derived collection, document count, average and
// maximum document size and index entries; findings that appear or
// disappear; access patterns whose estimated cost changes. Both projects must
// be valid.
Consequences diffConsequences(const Project &before, const Project &after);

} // namespace docshape
