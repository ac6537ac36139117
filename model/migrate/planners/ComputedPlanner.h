#pragma once

#include "migrate/planners/ChangePlanner.h"
#include "migrate/planners/DocumentRewrite.h"

#include <vector>

namespace docshape::migration {

// Computed fields (seed lesson-135, "Computed pattern") that are new or
// computed another way in v2: their value from their computedFrom, where the
// stored value differs (so a second run finds nothing to do), a field that
// reads another after it. Those that read what a representation step writes
// (a subset, an embedded array) are computed in a step of their own after
// it; the others in the collection's rewrite. What cannot be computed
// inside the document is said, never given a made-up default.
class ComputedPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planPair(const PlanContext &context, PlanBuilder &builder, const Pair &pair);
    void planLate(const PlanContext &context, PlanBuilder &builder, const Pair &pair, std::vector<FieldOp> computes);
};

} // namespace docshape::migration
