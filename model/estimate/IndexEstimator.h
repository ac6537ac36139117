#pragma once

#include "util/Grouped.h"
#include "core/Project.h"
#include "derive/CollectionShape.h"
#include "derive/ResolvedPath.h"
#include "estimate/Analysis.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// Entries, multikey flag and estimated size of each collection's indexes
// (the implicit _id_ first; time-series collections have none), by the rules
// of DESIGN.md: multikey multiplication, a null key for a missing field
// unless sparse or partial, the partial fraction; a problem for each index
// the server would refuse ("cannot index parallel arrays", too many keys).
// One estimator serves one collection after another, keeping its working
// buffers.
class IndexEstimator {
public:
    IndexEstimator();
    ~IndexEstimator();
    IndexEstimator(const IndexEstimator &) = delete;
    IndexEstimator &operator=(const IndexEstimator &) = delete;

    std::vector<IndexStat> estimate(const CollectionShape &collection, std::span<const IndexSpec *const> indexes,
                                    std::vector<Problem> &problems);

private:
    struct Buffers;
    std::unique_ptr<Buffers> m_buffers;
};

// The project's explicit indexes grouped by the derived collection they
// belong to (an index names an entity; it lives in that entity's collection),
// in project order within each collection.
class IndexesByCollection {
public:
    IndexesByCollection(const Project &project, const Derived &derived);
    std::span<const IndexSpec *const> of(std::size_t collection) const { return m_indexes.of(collection); }

private:
    Grouped<const IndexSpec *> m_indexes;
};

} // namespace docshape
