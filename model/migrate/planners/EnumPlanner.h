#pragma once

#include "migrate/planners/ChangePlanner.h"

#include <string>
#include <vector>

namespace docshape::migration {

// Enum values v2 changes. A value in the same place of both lists that
// only one of them has is renamed: the collection's rewrite maps it, and
// its reverse maps it back. Any other value only v1 has is removed:
// before anything is written the documents holding it are counted and the
// run stops unless the designer says what each becomes
// (migrationOptions.replaceValues); then a step replaces them, which cannot
// be undone. A removed value of a field inside an array or an embedded
// document is refused, with the choices: the replacement is written only at
// the top of a document.
class EnumPlanner : public ChangePlanner {
public:
    Status plan(const PlanContext &context, PlanBuilder &builder) override;

private:
    void planRemoved(PlanBuilder &builder, const std::string &collection, const NodePlace &place,
                     const std::vector<std::string> &removed, const std::vector<std::string> &allowed);
};

} // namespace docshape::migration
