#pragma once

#include "migrate/planners/ChangePlanner.h"

namespace docshape::migration {

// Each collection's key changes (DocumentRewrite, from the field, enum and
// computed-field planners) as one rewrite step: one update pipeline per
// batch, touching only documents still in the v1 shape (or below v2's
// schemaVersion), so it is idempotent and resumes; and its reverse, which
// undoes them in the opposite order on documents in the v2 shape, or the
// plan says what cannot be undone. It runs after every planner that
// collects key changes or rewrites the collection (the schemaVersion is set
// where any step writes).
class RewritePlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planPair(const PlanContext &context, PlanBuilder &builder, const Pair &pair);
};

} // namespace docshape::migration
