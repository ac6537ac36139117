#include "migrate/MigrationPlan.h"

#include "migrate/planners/BoundsPlanner.h"
#include "migrate/planners/CollectionPlanner.h"
#include "migrate/planners/ComputedPlanner.h"
#include "migrate/planners/CopyPlanner.h"
#include "migrate/planners/DuplicatePlanner.h"
#include "migrate/planners/EmbedPlanner.h"
#include "migrate/planners/EnumPlanner.h"
#include "migrate/planners/ExtractPlanner.h"
#include "migrate/planners/FieldPlanner.h"
#include "migrate/planners/IndexPlanner.h"
#include "migrate/planners/PlanBuilder.h"
#include "migrate/planners/PlanContext.h"
#include "migrate/planners/ReferenceCopyPlanner.h"
#include "migrate/planners/RewritePlanner.h"
#include "migrate/planners/SubsetPlanner.h"
#include "migrate/planners/UnplannedRepresentationPlanner.h"
#include "migrate/planners/ValidatorPlanner.h"

#include <memory>
#include <vector>

namespace docshape {

// The planners run in the order what they tell each other needs (the order
// the steps run in is their Phase, see PlanBuilder.h):
// - the representation planners first: they mark the keys they move, which
//   the others leave alone; the first refusal ends the plan;
// - CollectionPlanner after EmbedPlanner, whose embedded collections it
//   drops only once verified;
// - DuplicatePlanner before the key planners, which leave its keys alone;
// - the key planners (fields, enums, bounds, computed fields) before
//   RewritePlanner, which writes what they collected per collection;
// - IndexPlanner after RewritePlanner: an index on a key a rewrite writes
//   is built after it;
// - ValidatorPlanner last: it reinstalls the validator of every collection
//   a step rewrites.
Result<MigrationPlan> planMigration(const Project &before, const Project &after, const MigrationOptions &options) {
    using namespace migration;
    const PlanContext context(before, after, options);
    PlanBuilder builder;
    std::vector<std::unique_ptr<ChangePlanner>> planners;
    planners.push_back(std::make_unique<ReferenceCopyPlanner>());
    planners.push_back(std::make_unique<SubsetPlanner>());
    planners.push_back(std::make_unique<CopyPlanner>());
    planners.push_back(std::make_unique<EmbedPlanner>());
    planners.push_back(std::make_unique<ExtractPlanner>());
    planners.push_back(std::make_unique<UnplannedRepresentationPlanner>());
    planners.push_back(std::make_unique<CollectionPlanner>());
    planners.push_back(std::make_unique<DuplicatePlanner>());
    planners.push_back(std::make_unique<FieldPlanner>());
    planners.push_back(std::make_unique<EnumPlanner>());
    planners.push_back(std::make_unique<BoundsPlanner>());
    planners.push_back(std::make_unique<ComputedPlanner>());
    planners.push_back(std::make_unique<RewritePlanner>());
    planners.push_back(std::make_unique<IndexPlanner>());
    planners.push_back(std::make_unique<ValidatorPlanner>());
    for (const auto &planner : planners) {
        if (Status s = planner->plan(context, builder); !s)
            return s.error();
        if (builder.refusal())
            return *builder.refusal();
    }

    MigrationPlan plan;
    plan.beforeName = before.name;
    plan.afterName = after.name;
    plan.database = after.database;
    plan.migrationId = before.name + " -> " + after.name;
    plan.options = options;
    builder.finish(plan);
    for (const Pair &p : context.pairs())
        if (p.v2->shape->kind == CollectionKind::Entity && p.v2->shape->root && p.v2->shape->root->schemaVersion)
            plan.versioned.push_back(p.v2->shape->name + " (version " +
                                     std::to_string(*p.v2->shape->root->schemaVersion) + ")");
    return plan;
}

} // namespace docshape
