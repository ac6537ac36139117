#include "migrate/planners/PlanContext.h"

#include "export/ValidatorExporter.h"

#include <algorithm>

namespace docshape::migration {

namespace {

std::map<CollectionKey, Side> sidesOf(const Analysis &a) {
    std::map<CollectionKey, Side> out;
    for (std::size_t i = 0; i < a.collections.size(); ++i) {
        const CollectionShape &c = a.derived.collections[i];
        CollectionKey key{static_cast<int>(c.kind), c.rootEntityId,
                          c.kind == CollectionKind::Entity ? std::string() : c.relationshipId};
        out.emplace(std::move(key), Side{&c, &a.collections[i], std::make_unique<ShapeMap>(c)});
    }
    return out;
}

} // namespace

PlanContext::PlanContext(const Project &before, const Project &after, const MigrationOptions &options)
    : m_before(before), m_after(after), m_options(options), m_a1(analyze(before)), m_a2(analyze(after)),
      m_sides1(sidesOf(m_a1)), m_sides2(sidesOf(m_a2)), m_changes(migration::representationChanges(before, after)) {
    for (const auto &[key, side] : m_sides2) {
        Pair p{key, nullptr, &side};
        if (auto it = m_sides1.find(key); it != m_sides1.end())
            p.v1 = &it->second;
        m_pairs.push_back(p);
    }
    std::map<const CollectionShape *, std::size_t> order;
    for (std::size_t i = 0; i < m_a2.derived.collections.size(); ++i)
        order[&m_a2.derived.collections[i]] = i;
    std::sort(m_pairs.begin(), m_pairs.end(),
              [&](const Pair &a, const Pair &b) { return order[a.v2->shape] < order[b.v2->shape]; });
}

const Side *PlanContext::sideOfEntity(const std::map<CollectionKey, Side> &sides, const std::string &entityId) const {
    auto it = sides.find({static_cast<int>(CollectionKind::Entity), entityId, std::string()});
    return it == sides.end() ? nullptr : &it->second;
}

Result<Json> PlanContext::validatorOf(const Project &p, const Side &side) const {
    auto schema = validatorFor(p, *side.shape);
    if (!schema)
        return schema.error();
    return Json{{"$jsonSchema", std::move(*schema)}};
}

std::optional<Place> PlanContext::effective(const ShapeMap &v1, const ShapeMap &v2, const NodePlace &p) const {
    if (p.parentKey.empty())
        return Place{{p.names.back()}, {}};
    const NodePlace *parent = v1.find(p.parentKey);
    if (!parent)
        return std::nullopt;
    Place out;
    if (const NodePlace *now = v2.find(p.parentKey))
        out = pipeline::placeOf(*now);
    else if (auto up = effective(v1, v2, *parent))
        out = *up;
    else
        return std::nullopt;
    out.arrays.push_back(parent->node->isArray());
    out.names.push_back(p.names.back());
    return out;
}

double PlanContext::indexEntriesOn(const Side &side, const std::vector<std::string> &paths,
                                   const std::set<std::string> &absent) const {
    const PathSet written(paths);
    double entries = 0;
    for (const auto &ix : side.stat->indexes) {
        if (!ix.id.empty() && absent.contains(ix.id))
            continue;
        if (std::any_of(ix.keys.begin(), ix.keys.end(), [&](const auto &k) { return written.overlaps(k.path); }))
            entries += ix.entries;
    }
    return entries;
}

bool PlanContext::builds(const Pair &pair, const IndexSpec &ix) const {
    const IndexSpec *old = m_before.findIndex(ix.id);
    const bool oldHere = old && pair.v1 && sideOfEntity(m_sides1, old->entityId) == pair.v1;
    return !(oldHere && *old == ix);
}

bool pathsOverlap(const std::string &key, const std::string &path) {
    return key == path || key.rfind(path + ".", 0) == 0 || path.rfind(key + ".", 0) == 0;
}

bool PathSet::overlaps(const std::string &key) const {
    for (std::size_t dot = key.find('.'); dot != std::string::npos; dot = key.find('.', dot + 1))
        if (m_paths.contains(key.substr(0, dot)))
            return true;
    if (m_paths.contains(key))
        return true;
    const std::string below = key + ".";
    const auto it = m_paths.lower_bound(below);
    return it != m_paths.end() && it->rfind(below, 0) == 0;
}

} // namespace docshape::migration
