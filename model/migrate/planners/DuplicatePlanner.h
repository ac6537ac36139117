#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// Fields v2 adds that duplicate a field of another entity (duplicatedFrom,
// seed lesson-135: an order line's product name and price), beside a
// reference to that entity's document: filled from the document the
// reference names, as an extended reference's copies are. A duplicate with
// no such reference beside it is left to the rewrite (a default, when it is
// required) and said so.
// It runs after the representation planners (it leaves alone the keys they
// move) and before the field planners, which leave alone the keys it fills.
class DuplicatePlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;
};

} // namespace docshape::migration
