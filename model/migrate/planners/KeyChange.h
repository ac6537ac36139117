#pragma once

#include "migrate/planners/PlanBuilder.h"
#include "migrate/planners/PlanContext.h"

#include <string>
#include <vector>

namespace docshape::migration {

// A key of v2's documents of one collection as the key planners (fields,
// enums, bounds, computed fields) see it: the v1 key it was, and whether
// the rewrite can follow it there.
struct KeyChange {
    const NodePlace *n1 = nullptr; // null: new in v2
    const NodePlace *n2 = nullptr;
    Place from; // n1's place once the renames of the keys above it are applied
    Place to;   // n2's place
    bool sameParent = true;
    bool conditionalRemove = false; // moved into an optional subdocument: the old key goes only where the new one was set
    // Why the rewrite leaves this key as it is (a move it cannot make), in
    // the words of the plan's warning; empty when it follows it. The other
    // key planners leave such a key alone too.
    std::string notRewritten;
};

// Every key of the pair's v2 documents that no representation step moves,
// in v2's document order. The pair has a v1 side.
std::vector<KeyChange> keyChanges(const PlanContext &context, const PlanBuilder &builder, const Pair &pair);

} // namespace docshape::migration
