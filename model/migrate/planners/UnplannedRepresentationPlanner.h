#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// Representation changes no planner makes (to or from a bucket or a
// junction, an embed below the top of a document...): never silently
// skipped, the plan says to write the step by hand.
class UnplannedRepresentationPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;
};

} // namespace docshape::migration
