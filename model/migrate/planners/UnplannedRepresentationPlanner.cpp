#include "migrate/planners/UnplannedRepresentationPlanner.h"

namespace docshape::migration {

Status UnplannedRepresentationPlanner::plan(const PlanContext &context, PlanBuilder &builder) {
    for (const RepresentationChange &change : context.representationChanges())
        if (change.kind == RepresentationChange::Unplanned)
            builder.warn("relationship " + change.r2->id + ": " + std::string(toString(change.r1->representation)) +
                         " to " + std::string(toString(change.r2->representation)) +
                         " is not generated; write this step by hand.");
    return {};
}

} // namespace docshape::migration
