#include "advisor/AdvisorContext.h"

#include <algorithm>

namespace docshape::advisor {

namespace {

// The dotted path of the key relationship `relationshipId` added to `shape`
// (a reference, an extended reference's subdocument), searched through
// subdocuments and arrays of subdocuments; false if it added none. `out`
// holds the path of `shape` on the way in.
bool pathOfRelationship(const ObjectShape &shape, std::string_view relationshipId, std::string &out) {
    const std::size_t prefix = out.size();
    for (const auto &n : shape.fields) {
        const bool key = n.relationshipId == relationshipId &&
                         (n.origin == NodeOrigin::Reference || n.origin == NodeOrigin::ExtendedReference);
        const bool descend = n.hasObject() && n.origin != NodeOrigin::ExtendedReference && n.origin != NodeOrigin::Subset;
        if (!key && !descend)
            continue;
        if (prefix > 0)
            out += '.';
        out += n.name;
        if (key || pathOfRelationship(*n.object, relationshipId, out))
            return true;
        out.resize(prefix);
    }
    return false;
}

bool special(const IndexStat &index) {
    for (const auto &k : index.keys)
        if (k.kind == "text" || k.kind == "2d" || k.kind == "2dsphere")
            return true;
    return false;
}

// The index of collection `c` the inner side of a join matching `equality`
// (the reference path, with the tenant field when the join carries it)
// would use: the one whose leading keys bind the most of it, the reference
// path among them; the shorter on a tie, as the planner prefers. nullptr
// when none binds the path.
const IndexStat *innerIndex(const CollectionStat &c, std::string_view path, std::string_view tenant) {
    const IndexStat *best = nullptr;
    std::size_t bestBound = 0;
    for (const auto &index : c.indexes) {
        if (!index.error.empty() || special(index))
            continue;
        std::size_t bound = 0;
        bool pathBound = false, tenantBound = false;
        for (const auto &k : index.keys) {
            if (k.path == path && !pathBound)
                pathBound = true;
            else if (!tenant.empty() && k.path == tenant && !tenantBound)
                tenantBound = true;
            else
                break;
            ++bound;
        }
        if (!pathBound)
            continue;
        if (!best || bound > bestBound || (bound == bestBound && index.keys.size() < best->keys.size())) {
            best = &index;
            bestBound = bound;
        }
    }
    return best;
}

} // namespace

std::vector<char> indexesInUse(const Context &ctx) {
    const Project &p = ctx.project;
    std::vector<char> used(p.indexes.size(), 0);
    // The indexes the inner sides of joins use, marked at the end: few
    // patterns join.
    std::vector<const IndexStat *> inner;
    std::string path;
    for (const auto &plan : ctx.plans) {
        if (plan.indexSpec)
            used[static_cast<std::size_t>(plan.indexSpec - p.indexes.data())] = 1;
        if (plan.collection < 0 || plan.alsoReads.empty())
            continue;
        // The inner side of each join: the other entity's documents found
        // by the reference that links them. When the outer documents hold
        // the reference, the inner side is found by _id (its own index, not
        // a model index); when the inner documents hold it, by the
        // reference field, which a model index may serve.
        for (const int other : plan.alsoReads) {
            const int oc = ctx.collectionOfEntity(other);
            if (oc < 0 || oc == plan.collection)
                continue;
            for (const Relationship *r : ctx.relationshipsOf(plan.entity)) {
                const int parent = ctx.parentOf(*r), child = ctx.childOf(*r);
                if (!((parent == plan.entity && child == other) || (child == plan.entity && parent == other)))
                    continue;
                if (path.clear(); pathOfRelationship(ctx.shape(plan.collection).shape, r->id, path))
                    continue; // resolved by _id
                if (path.clear(); !pathOfRelationship(ctx.shape(oc).shape, r->id, path))
                    continue; // a junction, or nothing stored
                const bool tenant = ctx.tenantScopedCollection(oc) && plan.pattern->tenantScoped;
                if (const IndexStat *stat =
                        innerIndex(ctx.stat(oc), path, tenant ? std::string_view(p.tenantField) : std::string_view()))
                    inner.push_back(stat);
            }
        }
    }
    if (!inner.empty()) {
        std::sort(inner.begin(), inner.end(), std::less<>());
        for (std::size_t i = 0; i < p.indexes.size(); ++i)
            if (const IndexStat *stat = ctx.statOf(i); stat && std::binary_search(inner.begin(), inner.end(), stat, std::less<>()))
                used[i] = 1;
    }
    return used;
}

} // namespace docshape::advisor
