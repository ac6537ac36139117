#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

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

namespace {
const std::vector<const AccessPattern *> kNoPatterns;
const std::vector<const Relationship *> kNoRelationships;
} // namespace

Context::Context(const Project &p, const Analysis &a) : project(p), analysis(a), thresholds(p), s(thresholds) {
    for (const auto &e : p.entities)
        m_entities.emplace(e.id, &e);
    for (const auto &i : p.indexes)
        m_indexes.emplace(i.id, &i);
    for (const auto &r : p.relationships) {
        m_relationships.emplace(r.id, &r);
        m_relationshipsByEntity[r.parentId].push_back(&r);
        if (r.childId != r.parentId)
            m_relationshipsByEntity[r.childId].push_back(&r);
    }
    const auto &collections = a.derived.collections;
    // Roots first, then embedded entities, as docshape::collectionOf does.
    for (std::size_t c = 0; c < collections.size(); ++c)
        if (collections[c].kind == CollectionKind::Entity)
            m_collectionOf.emplace(collections[c].rootEntityId, static_cast<int>(c));
    for (std::size_t c = 0; c < collections.size(); ++c)
        for (const auto &id : collections[c].embeddedEntityIds)
            m_collectionOf.emplace(id, static_cast<int>(c));

    m_patternsByCollection.resize(collections.size());
    for (const auto &q : p.accessPatterns) {
        m_patternsByEntity[q.entityId].push_back(&q);
        const int c = collectionOf(q.entityId);
        if (c >= 0)
            m_patternsByCollection[static_cast<std::size_t>(c)].push_back(&q);
    }

    m_tenantField.assign(collections.size(), 0);
    m_uniquePaths.resize(collections.size());
    for (std::size_t c = 0; c < collections.size(); ++c) {
        for (const auto &n : collections[c].shape.fields)
            if (n.name == p.tenantField)
                m_tenantField[c] = 1;
        for (const auto &stat : a.collections[c].indexes) {
            if (stat.id.empty())
                continue;
            const IndexSpec *spec = index(stat.id);
            if (spec && spec->unique && spec->keys.size() == 1 && spec->partialFilter.empty())
                m_uniquePaths[c].push_back(spec->keys.front().path);
        }
    }
}

const Entity *Context::entity(std::string_view id) const {
    auto it = m_entities.find(id);
    return it == m_entities.end() ? nullptr : it->second;
}

const IndexSpec *Context::index(std::string_view id) const {
    auto it = m_indexes.find(id);
    return it == m_indexes.end() ? nullptr : it->second;
}

int Context::collectionOf(std::string_view entityId) const {
    auto it = m_collectionOf.find(entityId);
    return it == m_collectionOf.end() ? -1 : it->second;
}

const std::vector<const AccessPattern *> &Context::patternsOn(int collection) const {
    if (collection < 0 || static_cast<std::size_t>(collection) >= m_patternsByCollection.size())
        return kNoPatterns;
    return m_patternsByCollection[static_cast<std::size_t>(collection)];
}

const std::vector<const AccessPattern *> &Context::patternsOnEntity(std::string_view entityId) const {
    auto it = m_patternsByEntity.find(entityId);
    return it == m_patternsByEntity.end() ? kNoPatterns : it->second;
}

const std::vector<const Relationship *> &Context::relationshipsOf(std::string_view entityId) const {
    auto it = m_relationshipsByEntity.find(entityId);
    return it == m_relationshipsByEntity.end() ? kNoRelationships : it->second;
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
    auto resolved = resolvePath(c.shape, path);
    const ShapeNode *node = resolved ? resolved->node : nullptr;
    // The _id of an extended reference subdocument names the referenced entity.
    if (!node || node->name == "_id") {
        const auto dot = path.rfind('.');
        if (dot != std::string_view::npos) {
            auto parent = resolvePath(c.shape, path.substr(0, dot));
            if (parent && !parent->node->entityId.empty())
                if (const Entity *e = entity(parent->node->entityId); e && e->count > 0)
                    return std::min(1.0, 1 / e->count);
        }
    }
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

void Context::add(std::string_view ruleId, FindingTarget target, std::string message, std::string reasonExtra,
                  std::string fix) {
    const Rule *r = findRule(ruleId);
    Finding f;
    f.id = std::string(ruleId);
    f.target = std::move(target);
    f.message = std::move(message);
    if (r) {
        f.severity = r->severity;
        f.reason = std::string(r->reason);
        f.source = std::string(r->source);
        f.fix = fix.empty() ? std::string(r->fix) : std::move(fix);
    } else {
        f.fix = std::move(fix);
    }
    if (!reasonExtra.empty())
        f.reason += " " + reasonExtra;
    findings.push_back(std::move(f));
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

std::string number(double value) {
    if (!std::isfinite(value))
        return "unbounded";
    char buf[64];
    const double a = std::fabs(value);
    if (a >= 100 || a == std::floor(a)) {
        std::snprintf(buf, sizeof buf, "%.0f", value);
        std::string digits(buf);
        const bool negative = !digits.empty() && digits[0] == '-';
        std::string body = negative ? digits.substr(1) : digits;
        std::string out;
        const int n = static_cast<int>(body.size());
        for (int i = 0; i < n; ++i) {
            out += body[static_cast<std::size_t>(i)];
            if ((n - i - 1) % 3 == 0 && i != n - 1)
                out += ',';
        }
        return negative ? "-" + out : out;
    }
    if (a >= 1)
        std::snprintf(buf, sizeof buf, "%.1f", value);
    else
        std::snprintf(buf, sizeof buf, "%.3g", value);
    return buf;
}

std::string bytesText(double bytes) {
    char buf[64];
    if (bytes < 10000)
        return number(std::round(bytes)) + " bytes";
    if (bytes < 1e6)
        std::snprintf(buf, sizeof buf, "%.1f KB", bytes / 1e3);
    else if (bytes < 1e9)
        std::snprintf(buf, sizeof buf, "%.1f MB", bytes / 1e6);
    else
        std::snprintf(buf, sizeof buf, "%.1f GB", bytes / 1e9);
    return buf;
}

std::string perSecond(double value) { return number(value) + "/s"; }

bool isFrequent(const Context &ctx, const AccessPattern &q) { return q.frequencyPerSecond >= ctx.s.frequent; }

} // namespace docshape::advisor
