#pragma once

#include "migrate/planners/PlanBuilder.h"
#include "migrate/planners/PlanContext.h"
#include "util/Result.h"

namespace docshape::migration {

// The steps for one kind of difference between two versions of a model
// (new collections, indexes, a representation, the keys of documents...),
// added to the builder with the phase each runs in. A planner reads the
// versions from the context and what earlier planners said through the
// builder (the keys a representation step moves, the collections it
// rewrites); MigrationPlanner.cpp runs them in the order those reads need.
// An Error is a value the script must write and cannot (it ends the plan);
// a difference it refuses to plan goes to PlanBuilder::refuse.
class ChangePlanner {
public:
    virtual ~ChangePlanner() = default;
    virtual Status plan(const PlanContext &context, PlanBuilder &builder) = 0;
};

} // namespace docshape::migration
