#pragma once

#include "migrate/planners/ChangePlanner.h"

#include <optional>
#include <string>

namespace docshape::migration {

// A reference that becomes an extended reference (a copy of what it names)
// and back, one id or an array of ids: the copies filled from the documents
// the ids name ($lookup, $merge), then the ids removed where the copies are
// there; back, the ids taken from the copies' _id values. What a snapshot
// copied is gone once the copy is removed, and the plan says so.
class ReferenceCopyPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planReferenceToCopy(const PlanContext &context, PlanBuilder &builder, const Relationship &ref1,
                             const Relationship &copy2);
    void planCopyToReference(const PlanContext &context, PlanBuilder &builder, const Relationship &copy1,
                             const Relationship &ref2);
    void planIdArray(const PlanContext &context, PlanBuilder &builder, const Relationship &r1, const Relationship &r2);
    std::optional<Json> copyElement(PlanBuilder &builder, const Side &holder, const std::string &copyKey,
                                    const Side &source, const std::string &idRef, const std::string &where);
};

} // namespace docshape::migration
