#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// The keys of each collection's documents: renamed or moved between
// subdocuments, converted to another BSON type, filled where they are new
// and required (the stated default, or one of their type, said in a
// warning), and removed. Collected into the collection's DocumentRewrite,
// which RewritePlanner writes as one step with its reverse. A move the
// rewrite cannot make (across an array, into an optional subdocument) is
// left alone and said.
class FieldPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    Status planPair(const PlanContext &context, PlanBuilder &builder, const Pair &pair);
};

} // namespace docshape::migration
