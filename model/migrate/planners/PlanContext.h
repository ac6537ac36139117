#pragma once

#include "core/Project.h"
#include "estimate/Analysis.h"
#include "migrate/MigrationPlan.h"
#include "migrate/PipelineBuilder.h"
#include "migrate/ShapeMap.h"
#include "migrate/planners/RepresentationChange.h"
#include "util/Result.h"

#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace docshape::migration {

using pipeline::Json;
using pipeline::Place;

// The key the script writes into documents of a versioned entity (seed
// lesson-135, "Schema version field").
inline constexpr const char *kVersionKey = "schemaVersion";

// What matches a derived collection across versions: its kind, its root
// entity and, for a junction or bucket, the relationship that makes it.
using CollectionKey = std::tuple<int, std::string, std::string>;

// One derived collection of one version, with its figures.
struct Side {
    const CollectionShape *shape = nullptr;
    const CollectionStat *stat = nullptr;
    std::unique_ptr<ShapeMap> map;
};

// A collection of v2 and, when v1 has it too, its v1 side.
struct Pair {
    CollectionKey key;
    const Side *v1 = nullptr;
    const Side *v2 = nullptr;
};

// The two versions as every planner reads them: their analyses, their
// derived collections matched across versions, and the questions several
// kinds of change ask of them. Read-only once made.
class PlanContext {
public:
    PlanContext(const Project &before, const Project &after, const MigrationOptions &options);
    PlanContext(const PlanContext &) = delete;
    PlanContext &operator=(const PlanContext &) = delete;

    const Project &before() const { return m_before; }
    const Project &after() const { return m_after; }
    const MigrationOptions &options() const { return m_options; }
    const Analysis &analysis1() const { return m_a1; }
    const Analysis &analysis2() const { return m_a2; }
    const std::map<CollectionKey, Side> &sides1() const { return m_sides1; }
    const std::map<CollectionKey, Side> &sides2() const { return m_sides2; }
    // Every collection of v2, in v2's derivation order (so that the plan
    // reads like the model).
    const std::vector<Pair> &pairs() const { return m_pairs; }
    const std::vector<RepresentationChange> &representationChanges() const { return m_changes; }

    // The collection whose root is the entity, in one version's sides.
    const Side *sideOfEntity(const std::map<CollectionKey, Side> &sides, const std::string &entityId) const;
    Result<Json> validatorOf(const Project &p, const Side &side) const;
    // Where a v1 key is once the renames of its enclosing keys are applied:
    // the v2 place of its nearest ancestor that v2 still has, then its own
    // names.
    std::optional<Place> effective(const ShapeMap &v1, const ShapeMap &v2, const NodePlace &p) const;
    // The entries of the side's indexes on any of the paths (or above or
    // below them): what a rewrite of those paths rewrites. The indexes of
    // `absent` (ids) are not there while it runs.
    double indexEntriesOn(const Side &side, const std::vector<std::string> &paths,
                          const std::set<std::string> &absent = {}) const;
    // Whether the migration builds v2's index `ix` on the pair's collection:
    // the collection or the index is new, or its definition changed.
    bool builds(const Pair &pair, const IndexSpec &ix) const;

private:
    const Project &m_before;
    const Project &m_after;
    MigrationOptions m_options;
    const Analysis m_a1;
    const Analysis m_a2;
    std::map<CollectionKey, Side> m_sides1;
    std::map<CollectionKey, Side> m_sides2;
    std::vector<Pair> m_pairs;
    std::vector<RepresentationChange> m_changes;
};

// Whether an index key at `key` reads the key at `path`: the same key, or
// one above or below it.
bool pathsOverlap(const std::string &key, const std::string &path);

// Dotted paths (what a rewrite writes), asked whether an index key reads
// any of them (pathsOverlap) in time logarithmic in their number: the key
// itself or one above it is in the set, or one below it sorts right after
// `key.`.
class PathSet {
public:
    explicit PathSet(const std::vector<std::string> &paths) : m_paths(paths.begin(), paths.end()) {}
    bool overlaps(const std::string &key) const;

private:
    std::set<std::string> m_paths;
};

} // namespace docshape::migration
