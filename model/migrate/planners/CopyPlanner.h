#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// An extended reference that copies more of its source in v2: the keys its
// copies lack are filled from the source document ($lookup by the copy's
// _id), the keys they have keep their values (a snapshot keeps what it
// copied). The copies may be an array, and may sit in an embedded document
// at any depth (an order line's copy of its product).
class CopyPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planIn(const PlanContext &context, PlanBuilder &builder, const Pair &pair, const Relationship &r2);
};

} // namespace docshape::migration
