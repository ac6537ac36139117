#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// The read-both-versions window of each collection whose validator changes
// or whose documents a step rewrites: v2's validator installed at
// validationLevel "moderate" before the rewrites (documents still in the v1
// shape can be rewritten, the others are checked), and the model's level
// restored only once no document fails it. It reads which collections the
// other planners rewrite, so it runs after them.
class ValidatorPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;
};

} // namespace docshape::migration
