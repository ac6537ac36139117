#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// A child collection that becomes embedded in its parent: each parent's
// children copied in with $lookup and $merge, the child collection dropped
// last, once verified (CollectionPlanner reads what this one embedded). The
// rollback moves the embedded elements back as documents, one parent at a
// time.
class EmbedPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planOne(const PlanContext &context, PlanBuilder &builder, const Relationship &r1, const Relationship &r2);
};

} // namespace docshape::migration
