#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cmath>
#include <charconv>
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
    m_entities.reserve(p.entities.size());
    m_indexes.reserve(p.indexes.size());
    m_relationships.reserve(p.relationships.size());
    m_relationshipsByEntity.reserve(p.entities.size());
    m_collectionOf.reserve(p.entities.size());
    m_patternsByEntity.reserve(p.entities.size());
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

    timeNote = "Time assumes the working set is in cache: " + number(s.roundTripMs) + " ms per round trip, " +
               number(s.documentExaminedMs * 1000) + " us per document examined, " +
               bytesText(s.bytesPerMs * 1000) + "/s read from cache.";
    cacheNote = "Whole documents enter the cache even when a projection returns less: bytes read are "
                "documents examined times their average size.";
    equalityNote = "An equality on a field with no stated cardinality matches " + number(s.unknownEquality * 100) +
                   "% of documents.";
    rangeNote = "A range matches " + number(s.rangeSelectivity * 100) + "% of documents.";

    m_tenantField.assign(collections.size(), 0);
    m_uniquePaths.resize(collections.size());
    m_specs.resize(collections.size());
    for (std::size_t c = 0; c < collections.size(); ++c) {
        for (const auto &n : collections[c].shape.fields)
            if (n.name == p.tenantField)
                m_tenantField[c] = 1;
        m_specs[c].reserve(a.collections[c].indexes.size());
        for (const auto &stat : a.collections[c].indexes) {
            const IndexSpec *spec = stat.id.empty() ? nullptr : index(stat.id);
            m_specs[c].push_back(spec);
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

const Relationship *Context::relationship(std::string_view id) const {
    auto it = m_relationships.find(id);
    return it == m_relationships.end() ? nullptr : it->second;
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

namespace {
void appendThousands(std::string &out, std::string_view digits) {
    if (!digits.empty() && digits[0] == '-') {
        out += '-';
        digits.remove_prefix(1);
    }
    const std::size_t n = digits.size();
    for (std::size_t i = 0; i < n; ++i) {
        out += digits[i];
        if ((n - i - 1) % 3 == 0 && i + 1 != n)
            out += ',';
    }
}
} // namespace

void appendNumber(std::string &out, double value) {
    if (!std::isfinite(value)) {
        out += "unbounded";
        return;
    }
    char buf[64];
    const double a = std::fabs(value);
    if (a >= 100 || a == std::floor(a)) {
        if (a < 9e15) {
            auto [end, ec] = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(std::llround(value)));
            appendThousands(out, std::string_view(buf, static_cast<std::size_t>(end - buf)));
            return;
        }
        auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 0);
        appendThousands(out, std::string_view(buf, static_cast<std::size_t>(end - buf)));
        return;
    }
    auto [end, ec] = a >= 1 ? std::to_chars(buf, buf + sizeof buf, value, std::chars_format::fixed, 1)
                            : std::to_chars(buf, buf + sizeof buf, value, std::chars_format::general, 3);
    out.append(buf, end);
}

void appendBytes(std::string &out, double bytes) {
    if (bytes < 10000) {
        appendNumber(out, std::round(bytes));
        out += " bytes";
        return;
    }
    char buf[64];
    const char *unit = bytes < 1e6 ? " KB" : bytes < 1e9 ? " MB" : " GB";
    const double scaled = bytes < 1e6 ? bytes / 1e3 : bytes < 1e9 ? bytes / 1e6 : bytes / 1e9;
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, scaled, std::chars_format::fixed, 1);
    out.append(buf, end);
    out += unit;
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
