#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cmath>

namespace docshape::advisor {

Settings::Settings(const Thresholds &t)
    : documentTarget(t.get(threshold::kDocumentTargetBytes)), maxDocument(t.get(threshold::kMaxDocumentBytes)),
      atlasDocument(t.get(threshold::kAtlasDocumentBytes)), atlasArray(t.get(threshold::kAtlasArrayEntries)),
      atlasIndexes(t.get(threshold::kAtlasIndexes)), atlasCollections(t.get(threshold::kAtlasCollections)),
      compassIndexes(t.get(threshold::kCompassIndexes)), compassArray(t.get(threshold::kCompassArrayEntries)),
      frequent(t.get(threshold::kFrequentPerSecond)), scanDocuments(t.get(threshold::kScanDocuments)),
      hotWrites(t.get(threshold::kHotDocumentWrites)),
      relationalMin(t.get(threshold::kRelationalMinRelationships)),
      multiShare(t.get(threshold::kMultiCollectionWriteShare)), longLivedDays(t.get(threshold::kLongLivedDays)),
      fewChildren(t.get(threshold::kFewChildren)), manyChildren(t.get(threshold::kManyChildren)),
      outlierRatio(t.get(threshold::kOutlierRatio)), eventInserts(t.get(threshold::kEventInsertsPerSecond)),
      eventsPerParentPerDay(t.get(threshold::kEventsPerParentPerDay)),
      mismatchRatio(t.get(threshold::kWorksheetMismatchRatio)), roundTripMs(t.get(threshold::kRoundTripMs)),
      documentExaminedMs(t.get(threshold::kDocumentExaminedMs)), bytesPerMs(t.get(threshold::kCacheBytesPerMs)),
      unknownEquality(t.get(threshold::kUnknownEqualitySelectivity)),
      rangeSelectivity(t.get(threshold::kRangeSelectivity)), hotWindowSeconds(t.get(threshold::kHotWindowSeconds)) {}

Context::Context(const Project &p, const Analysis &a) : project(p), analysis(a), thresholds(p), s(thresholds) {
    const auto &collections = a.derived.collections;
    m_entityIndex.reserve(p.entities.size());
    for (std::uint32_t i = 0; i < p.entities.size(); ++i)
        m_entityIndex.emplace(p.entities[i].id, i);
    m_relationships.reserve(p.relationships.size());
    std::vector<std::pair<std::uint32_t, const Relationship *>> byEntity;
    byEntity.reserve(2 * p.relationships.size());
    for (const auto &r : p.relationships) {
        m_relationships.emplace(r.id, &r);
        const int parent = entityIndex(r.parentId);
        const int child = entityIndex(r.childId);
        if (parent >= 0)
            byEntity.emplace_back(static_cast<std::uint32_t>(parent), &r);
        if (child >= 0 && child != parent)
            byEntity.emplace_back(static_cast<std::uint32_t>(child), &r);
    }
    m_relationshipsByEntity.build(p.entities.size(), byEntity);

    // Roots first, then embedded entities, as docshape::collectionOf does.
    m_collectionOf.assign(p.entities.size(), -1);
    for (std::size_t c = 0; c < collections.size(); ++c)
        if (collections[c].kind == CollectionKind::Entity)
            if (const int e = entityIndex(collections[c].rootEntityId); e >= 0 && m_collectionOf[e] < 0)
                m_collectionOf[static_cast<std::size_t>(e)] = static_cast<int>(c);
    for (std::size_t c = 0; c < collections.size(); ++c)
        for (const auto &id : collections[c].embeddedEntityIds)
            if (const int e = entityIndex(id); e >= 0 && m_collectionOf[static_cast<std::size_t>(e)] < 0)
                m_collectionOf[static_cast<std::size_t>(e)] = static_cast<int>(c);

    std::vector<std::pair<std::uint32_t, const AccessPattern *>> patternsByEntity, patternsByCollection;
    patternsByEntity.reserve(p.accessPatterns.size());
    patternsByCollection.reserve(p.accessPatterns.size());
    for (const auto &q : p.accessPatterns) {
        const int e = entityIndex(q.entityId);
        if (e < 0)
            continue;
        patternsByEntity.emplace_back(static_cast<std::uint32_t>(e), &q);
        if (const int c = m_collectionOf[static_cast<std::size_t>(e)]; c >= 0)
            patternsByCollection.emplace_back(static_cast<std::uint32_t>(c), &q);
    }
    m_patternsByEntity.build(p.entities.size(), patternsByEntity);
    m_patternsByCollection.build(collections.size(), patternsByCollection);

    // The model index behind each IndexStat. estimateIndexes lists a
    // collection's model indexes in project order, so the two walk together;
    // a mismatch falls back to a search.
    std::vector<std::pair<std::uint32_t, const IndexSpec *>> specs;
    specs.reserve(p.indexes.size() + collections.size());
    {
        std::vector<std::pair<std::uint32_t, const IndexSpec *>> byCollection;
        byCollection.reserve(p.indexes.size());
        for (const auto &index : p.indexes) {
            const int e = entityIndex(index.entityId);
            const int c = e < 0 ? -1 : m_collectionOf[static_cast<std::size_t>(e)];
            if (c >= 0)
                byCollection.emplace_back(static_cast<std::uint32_t>(c), &index);
        }
        Grouped<const IndexSpec *> candidates;
        candidates.build(collections.size(), byCollection);
        for (std::size_t c = 0; c < collections.size(); ++c) {
            const Span<const IndexSpec *> mine = candidates.of(c);
            const IndexSpec *const *next = mine.begin();
            for (const auto &stat : a.collections[c].indexes) {
                const IndexSpec *spec = nullptr;
                if (!stat.id.empty()) {
                    while (next != mine.end() && (*next)->id != stat.id)
                        ++next;
                    if (next != mine.end())
                        spec = *next++;
                    else
                        spec = p.findIndex(stat.id);
                }
                specs.emplace_back(static_cast<std::uint32_t>(c), spec);
            }
        }
    }
    m_specs.build(collections.size(), specs);
    m_statOfIndex.assign(p.indexes.size(), nullptr);
    for (std::size_t c = 0; c < collections.size(); ++c) {
        const Span<const IndexSpec *> mine = m_specs.of(c);
        for (std::size_t k = 0; k < mine.size(); ++k)
            if (const IndexSpec *spec = mine.first[k])
                m_statOfIndex[static_cast<std::size_t>(spec - p.indexes.data())] = &a.collections[c].indexes[k];
    }

    m_tenantField.assign(collections.size(), 0);
    m_uniquePaths.resize(collections.size());
    for (std::size_t c = 0; c < collections.size(); ++c) {
        for (const auto &n : collections[c].shape.fields)
            if (n.name == p.tenantField)
                m_tenantField[c] = 1;
        for (const IndexSpec *spec : m_specs.of(c))
            if (spec && spec->unique && spec->keys.size() == 1 && spec->partialFilter.empty())
                m_uniquePaths[c].push_back(spec->keys.front().path);
    }
}

int Context::entityIndex(std::string_view id) const {
    auto it = m_entityIndex.find(id);
    return it == m_entityIndex.end() ? -1 : static_cast<int>(it->second);
}

const Entity *Context::entity(std::string_view id) const {
    const int e = entityIndex(id);
    return e < 0 ? nullptr : &project.entities[static_cast<std::size_t>(e)];
}

const IndexSpec *Context::index(std::string_view id) const { return project.findIndex(id); }

const Relationship *Context::relationship(std::string_view id) const {
    auto it = m_relationships.find(id);
    return it == m_relationships.end() ? nullptr : it->second;
}

int Context::collectionOf(std::string_view entityId) const {
    const int e = entityIndex(entityId);
    return e < 0 ? -1 : m_collectionOf[static_cast<std::size_t>(e)];
}

Span<const AccessPattern *> Context::patternsOn(int collection) const {
    return collection < 0 ? Span<const AccessPattern *>{} : m_patternsByCollection.of(static_cast<std::size_t>(collection));
}

Span<const AccessPattern *> Context::patternsOnEntity(std::string_view entityId) const {
    const int e = entityIndex(entityId);
    return e < 0 ? Span<const AccessPattern *>{} : m_patternsByEntity.of(static_cast<std::size_t>(e));
}

Span<const Relationship *> Context::relationshipsOf(std::string_view entityId) const {
    const int e = entityIndex(entityId);
    return e < 0 ? Span<const Relationship *>{} : m_relationshipsByEntity.of(static_cast<std::size_t>(e));
}

bool Context::hasTenantField(int collection) const {
    return collection >= 0 && m_tenantField[static_cast<std::size_t>(collection)] != 0;
}

bool Context::tenantScopedCollection(int collection) const {
    if (project.tenancy != Tenancy::SharedCollection || collection < 0)
        return false;
    const CollectionShape &c = shape(collection);
    return c.root && c.root->tenantScoped;
}

double Context::equalitySelectivity(int collection, std::string_view path, bool &assumed) const {
    const CollectionShape &c = shape(collection);
    const double docs = std::max(1.0, c.documents);
    if (path == "_id")
        return 1 / docs;
    for (const auto &u : m_uniquePaths[static_cast<std::size_t>(collection)])
        if (u == path)
            return 1 / docs;
    if (path == project.tenantField && project.tenantCount > 0)
        return 1 / project.tenantCount;
    const ShapeNode *parent = nullptr;
    const ShapeNode *node = nodeAt(c.shape, path, &parent);
    // The _id of an extended reference subdocument names the referenced entity.
    if (node && node->name == "_id" && parent && !parent->entityId.empty())
        if (const Entity *e = entity(parent->entityId); e && e->count > 0)
            return std::min(1.0, 1 / e->count);
    if (node) {
        if (node->origin == NodeOrigin::Reference && !node->entityId.empty())
            if (const Entity *e = entity(node->entityId); e && e->count > 0)
                return std::min(1.0, 1 / e->count);
        if (node->field && !node->field->enumValues.empty())
            return 1.0 / static_cast<double>(node->field->enumValues.size());
        if (node->type == BsonType::Bool)
            return 0.5;
        if (node->isDiscriminator && !node->object.variants.empty())
            return 1.0 / static_cast<double>(node->object.variants.size());
    }
    assumed = true;
    return std::max(s.unknownEquality, 1 / docs);
}

Finding &Context::newFinding(std::string_view ruleId, FindingTarget target) {
    Finding &f = findings.emplace_back();
    f.id = std::string(ruleId);
    if (const Rule *r = findRule(ruleId))
        f.severity = r->severity;
    f.target = std::move(target);
    return f;
}

FindingTarget Context::relationshipTarget(const Relationship &r) {
    return {"relationship", r.id, r.name.empty() ? r.id : r.name};
}

FindingTarget Context::relationshipTargetById(std::string_view id) const {
    auto it = m_relationships.find(id);
    if (it == m_relationships.end())
        return {"relationship", std::string(id), std::string(id)};
    return relationshipTarget(*it->second);
}

const ShapeNode *nodeAt(const ObjectShape &shape, std::string_view path, const ShapeNode **parent) {
    const ObjectShape *current = &shape;
    const ShapeNode *holder = nullptr;
    while (current) {
        const std::size_t dot = path.find('.');
        const std::string_view segment = path.substr(0, dot);
        const ShapeNode *found = nullptr;
        for (const auto &n : current->fields)
            if (n.name == segment) {
                found = &n;
                break;
            }
        for (std::size_t v = 0; !found && v < current->variants.size(); ++v)
            for (const auto &n : current->variants[v].fields)
                if (n.name == segment) {
                    found = &n;
                    break;
                }
        if (!found)
            return nullptr;
        if (dot == std::string_view::npos) {
            if (parent)
                *parent = holder;
            return found;
        }
        holder = found;
        current = found->hasObject() ? &found->object : nullptr;
        path.remove_prefix(dot + 1);
    }
    return nullptr;
}

std::string number(double value) {
    std::string out;
    appendNumber(out, value);
    return out;
}

std::string bytesText(double bytes) {
    std::string out;
    appendBytes(out, bytes);
    return out;
}

std::string perSecond(double value) { return number(value) + "/s"; }

bool isFrequent(const Context &ctx, const AccessPattern &q) { return q.frequencyPerSecond >= ctx.s.frequent; }

} // namespace docshape::advisor
