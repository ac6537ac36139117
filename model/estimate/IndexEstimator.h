#pragma once

#include "util/Grouped.h"
#include "core/Project.h"
#include "derive/CollectionShape.h"
#include "estimate/Analysis.h"

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// A dotted path resolved against a document shape.
struct ResolvedPath {
    const ShapeNode *node = nullptr;          // the value at the end of the path
    std::vector<const ShapeNode *> arrays;    // arrays crossed, outermost first (node itself included)
    std::vector<std::string_view> arrayPaths; // their dotted paths: prefixes of the path looked up
    double presence = 1;                      // probability the whole path exists
};

// Looks a path up through subdocuments, arrays of subdocuments and variant
// fields; nullopt when the shape has no such path. The result refers to
// `shape` and to the characters of `path`.
std::optional<ResolvedPath> resolvePath(const ObjectShape &shape, std::string_view path);

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
