#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// Whether an index the migration builds on the pair's collection is built
// after the rewrite of its documents, which writes `written` in each one:
// one of its keys reads a written key, so the rewrite would maintain it
// entry by entry, and one pass over the rewritten documents is cheaper.
// A unique index is not: the release that writes the new shape runs
// during the rewrite, and uniqueness holds from its first write. An index
// the later steps read ($lookup) is built before them all the same: the
// steps after the rewrites come after it.
bool builtAfterRewrite(const PlanContext &context, const Pair &pair, const IndexSpec &ix, const PathSet &written);

// Indexes v2 adds or changes, built before any rewrite and before the
// release that needs them, except those that read a key the rewrite of
// their collection writes (builtAfterRewrite); those v2 no longer has,
// dropped last. A changed definition under the same name is built beside
// the old one under a free name, then the old one dropped, so uniqueness
// is never unenforced; only a change the server cannot hold beside the old
// definition (the same keys, filter and collation) is rebuilt in place.
// Each step undoes itself: the old definitions built again.
class IndexPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    Status planBuilds(const PlanContext &context, PlanBuilder &builder);
    // One index the step builds: under `name`, replacing `old` (the v1
    // definition under the same name) beside it, or rebuilding it in place.
    struct Build {
        const IndexSpec *ix = nullptr;
        std::string name;
        const IndexSpec *old = nullptr;
        bool inPlace = false;
    };
    Status planBuild(const PlanContext &context, PlanBuilder &builder, const Pair &pair,
                     const std::vector<Build> &builds, const std::vector<std::string> &written, bool afterRewrite);
    void planDrops(const PlanContext &context, PlanBuilder &builder);
};

} // namespace docshape::migration
