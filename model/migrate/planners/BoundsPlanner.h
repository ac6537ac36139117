#pragma once

#include "migrate/planners/ChangePlanner.h"

#include <string>

namespace docshape::migration {

// Bounds v2 narrows (maxLength, maxItems, minimum, maximum, minLength): before
// anything is written, the documents out of the new bound are counted and
// the run stops unless migrationOptions.outOfBounds says, for the field,
// "fit" (text cut, arrays cut, numbers clamped to the bound: a later step,
// which cannot be undone) or "leave" (they stay, failing the v2 validator).
// A field inside an array or an embedded document is refused, with the
// choices: the counts and the fitting read a top-level field.
class BoundsPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planField(PlanBuilder &builder, const std::string &collection, const NodePlace &place, const Field &f1,
                   const Field &f2);
};

} // namespace docshape::migration
