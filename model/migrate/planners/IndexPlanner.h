#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// Indexes v2 adds or changes, built before any rewrite and before the
// release that needs them; those it no longer has, dropped last. A changed
// definition under the same name is built beside the old one under a free
// name, then the old one dropped, so uniqueness is never unenforced; only a
// change the server cannot hold beside the old definition (the same keys,
// filter and collation) is rebuilt in place. Each step undoes itself: the
// old definitions built again.
class IndexPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    Status planBuilds(const PlanContext &context, PlanBuilder &builder);
    void planDrops(const PlanContext &context, PlanBuilder &builder);
};

} // namespace docshape::migration
