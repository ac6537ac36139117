#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// Collections v2 adds, made first with v2's validator; collections v2 no
// longer has, dropped last. A collection an embed step copied into its
// parents is dropped only once each of its documents is found there as it
// is (copy, verify, then remove), so it runs after the representation
// planners. A dropped collection cannot be rolled back; its rollback makes
// it again, empty, for the rollbacks of the steps before.
class CollectionPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    Status planCreates(const PlanContext &context, PlanBuilder &builder);
    void planDrops(const PlanContext &context, PlanBuilder &builder);
};

} // namespace docshape::migration
