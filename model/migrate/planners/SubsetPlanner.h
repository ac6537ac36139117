#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// The subset pattern (seed lesson-135): a parent's copy of its newest
// children, filled with $lookup and $merge where the parent has none, or
// recomputed for every parent when v2 keeps another number of them. The
// application keeps it up to date from the release that reads it.
class SubsetPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planOne(const PlanContext &context, PlanBuilder &builder, const Relationship *r1, const Relationship &r2);
};

} // namespace docshape::migration
