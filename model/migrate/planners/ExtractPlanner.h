#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// An embedded array or subdocument that becomes a collection of its own:
// each parent's elements copied into child documents and removed from the
// parent only where it still holds what was copied, one parent at a time
// (safe under live writes). Keys the child requires and the element lacks
// come from the parent when it holds them (a tenantId), or the plan is
// refused. The rollback puts the children back into their parents.
class ExtractPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planOne(const PlanContext &context, PlanBuilder &builder, const Relationship &r1, const Relationship &r2);
};

} // namespace docshape::migration
