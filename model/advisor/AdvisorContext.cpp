#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "core/ObjectNames.h"
#include "derive/IndexRules.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <set>

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

int keyDirection(std::string_view kind) {
    if (kind == "1")
        return 1;
    if (kind == "-1")
        return -1;
    return 0;
}

} // namespace

RunTables::RunTables(const Project &p, const Analysis &a) : project(p), analysis(a), thresholds(p), s(thresholds) {
    const auto &collections = a.derived.collections;
    auto entityPosition = [this](std::string_view id) { return entityIndex.find(id); };
    entityIndex.reserve(p.entities.size());
    for (std::uint32_t i = 0; i < p.entities.size(); ++i)
        entityIndex.insert(p.entities[i].id, i);

    // Relationships, and the plans' slots.
    {
        relationships.reserve(p.relationships.size());
        relationshipEnds.reserve(p.relationships.size());
        std::vector<std::pair<std::uint32_t, const Relationship *>> byEntity;
        byEntity.reserve(2 * p.relationships.size());
        for (std::uint32_t i = 0; i < p.relationships.size(); ++i) {
            const Relationship &r = p.relationships[i];
            relationships.insert(r.id, i);
            const int parent = entityPosition(r.parentId);
            const int child = entityPosition(r.childId);
            relationshipEnds.emplace_back(parent, child);
            if (parent >= 0)
                byEntity.emplace_back(static_cast<std::uint32_t>(parent), &r);
            if (child >= 0 && child != parent)
                byEntity.emplace_back(static_cast<std::uint32_t>(child), &r);
        }
        relationshipsByEntity.build(p.entities.size(), byEntity);

        plans.resize(p.accessPatterns.size());
        planStart.reserve(p.accessPatterns.size());
        std::uint32_t paths = 0, alsoReads = 0;
        for (const auto &q : p.accessPatterns) {
            planStart.emplace_back(paths, alsoReads);
            paths += static_cast<std::uint32_t>(q.equality.size()) + 2; // with the tenant field and _id
            alsoReads += static_cast<std::uint32_t>(q.alsoReads.size());
        }
        planPaths.resize(paths);
        planSelectivity.resize(paths);
        planAlsoReads.resize(alsoReads);
    }
    {
        // Roots first, then embedded entities, as docshape::collectionOf does.
        collectionOf.assign(p.entities.size(), -1);
        rootOf.assign(collections.size(), -1);
        for (std::size_t c = 0; c < collections.size(); ++c) {
            const int e = entityPosition(collections[c].rootEntityId);
            rootOf[c] = e;
            if (e >= 0 && collections[c].kind == CollectionKind::Entity && collectionOf[static_cast<std::size_t>(e)] < 0)
                collectionOf[static_cast<std::size_t>(e)] = static_cast<int>(c);
        }
        for (std::size_t c = 0; c < collections.size(); ++c)
            for (const auto &id : collections[c].embeddedEntityIds)
                if (const int e = entityPosition(id); e >= 0 && collectionOf[static_cast<std::size_t>(e)] < 0)
                    collectionOf[static_cast<std::size_t>(e)] = static_cast<int>(c);

        std::vector<std::pair<std::uint32_t, const AccessPattern *>> byEntityPatterns, byCollection;
        byEntityPatterns.reserve(p.accessPatterns.size());
        byCollection.reserve(p.accessPatterns.size());
        patternEntity.reserve(p.accessPatterns.size());
        for (const auto &q : p.accessPatterns) {
            const int e = entityPosition(q.entityId);
            patternEntity.push_back(e);
            if (e < 0)
                continue;
            byEntityPatterns.emplace_back(static_cast<std::uint32_t>(e), &q);
            if (const int c = collectionOf[static_cast<std::size_t>(e)]; c >= 0)
                byCollection.emplace_back(static_cast<std::uint32_t>(c), &q);
        }
        patternsByEntity.build(p.entities.size(), byEntityPatterns);
        patternsByCollection.build(collections.size(), byCollection);

        std::vector<std::pair<std::uint32_t, const IndexSpec *>> indexes;
        indexes.reserve(p.indexes.size());
        for (const auto &index : p.indexes)
            if (const int e = entityPosition(index.entityId); e >= 0)
                if (const int c = collectionOf[static_cast<std::size_t>(e)]; c >= 0)
                    indexes.emplace_back(static_cast<std::uint32_t>(c), &index);
        indexesByCollection.build(collections.size(), indexes);
        statOfIndex.assign(p.indexes.size(), nullptr);
        indexCollection.assign(p.indexes.size(), -1);
        uniqueOrTtl.assign(p.indexes.size(), 0);
    }
}

Context::Context(const Project &p, const Analysis &a)
    : m_run(p, a), project(p), analysis(a), thresholds(m_run.thresholds), s(m_run.s), plans(m_run.plans) {}

void Context::enter(int c, bool withView) {
    const Project &p = project;
    CollectionView &v = m_view;
    const auto &stats = stat(c).indexes;
    const Span<const IndexSpec *> mine = m_run.indexesByCollection.of(static_cast<std::size_t>(c));
    // The model index behind each IndexStat. estimateIndexes lists a
    // collection's model indexes in project order, so the two walk together;
    // a mismatch falls back to a search.
    auto specOf = [&, next = mine.begin()](const IndexStat &index) mutable -> const IndexSpec * {
        if (index.id.empty())
            return nullptr;
        while (next != mine.end() && (*next)->id != index.id)
            ++next;
        if (next == mine.end())
            return p.findIndex(index.id);
        const IndexSpec *spec = *next++;
        const auto i = static_cast<std::size_t>(spec - p.indexes.data());
        m_run.indexCollection[i] = c;
        m_run.uniqueOrTtl[i] = spec->unique || spec->expireAfterSeconds;
        return spec;
    };
    if (!withView) {
        v.index = -1;
        for (const auto &index : stats)
            if (const IndexSpec *spec = specOf(index))
                m_run.statOfIndex[static_cast<std::size_t>(spec - p.indexes.data())] = &index;
        return;
    }
    v.index = c;
    v.stat = &stat(c);
    v.shape = &shape(c);
    v.m_specs.clear();
    v.m_keys.clear();
    v.m_partialFields.clear();
    v.m_keyPaths.clear();
    v.m_uniquePaths.clear();
    std::size_t keyCount = 0;
    for (const auto &index : stats)
        keyCount += index.keys.size();
    v.m_keyPaths.reserve(keyCount);
    for (const auto &index : stats) {
        const IndexSpec *spec = specOf(index);
        v.m_specs.push_back(spec);
        v.m_partialFields.push_back(spec ? partialFilterFields(spec->partialFilter) : std::vector<std::string>{});
        IndexKeys info;
        info.error = !index.error.empty();
        info.idIndex = index.id.empty();
        const IndexKeys::Key *first = v.m_keyPaths.data() + v.m_keyPaths.size();
        for (const auto &k : index.keys) {
            const std::string_view kind = k.kind;
            v.m_keyPaths.push_back({Path(k.path), keyDirection(kind)});
            info.special = info.special || kind == "text" || kind == "2dsphere" || kind == "2d";
        }
        info.keys = {first, v.m_keyPaths.data() + v.m_keyPaths.size()};
        if (spec) {
            m_run.statOfIndex[static_cast<std::size_t>(spec - p.indexes.data())] = &index;
            if (spec->unique && spec->partialFilter.empty()) {
                info.uniqueKeys = static_cast<int>(spec->keys.size());
                if (spec->keys.size() == 1)
                    v.m_uniquePaths.push_back(spec->keys.front().path);
            }
        }
        v.m_keys.push_back(info);
    }

    // The top-level keys, fields then variant fields; the node of each array.
    const ObjectShape &shape = v.shape->shape;
    v.m_topKeys.clear();
    for (const auto &n : shape.fields)
        v.m_topKeys.push_back({CollectionView::prefixOf(n.name), n.name.size(), &n});
    for (const auto &variant : shape.variants)
        for (const auto &n : variant.fields)
            v.m_topKeys.push_back({CollectionView::prefixOf(n.name), n.name.size(), &n});
    v.m_arrays.clear();
    for (const auto &array : v.stat->arrays) {
        CollectionView::Array &a = v.m_arrays.emplace_back();
        a.node = v.nodeAt(array.path);
        if (a.node && a.node->field) {
            a.enforcer = a.node->field->maxEnforcedBy;
        } else if (a.node && !a.node->relationshipId.empty()) {
            a.relationship = relationship(a.node->relationshipId);
            if (a.relationship)
                a.enforcer = arrayBoundEnforcer(*a.relationship);
        }
    }
    // Top-level fields only, not the variants'.
    v.m_tenantField = false;
    const std::uint64_t tenant = CollectionView::prefixOf(p.tenantField);
    for (std::size_t i = 0; i < shape.fields.size() && !v.m_tenantField; ++i)
        v.m_tenantField = CollectionView::same(v.m_topKeys[i], tenant, p.tenantField);
}

std::uint64_t CollectionView::prefixOf(std::string_view name) { return firstBytes(name); }

bool CollectionView::same(const TopKey &key, std::uint64_t prefix, std::string_view name) {
    return key.prefix == prefix && key.size == name.size() && (name.size() <= sizeof prefix || key.node->name == name);
}

const ShapeNode *CollectionView::nodeAt(std::string_view path, const ShapeNode **parent) const {
    const std::size_t dot = path.find('.');
    const std::string_view first = path.substr(0, dot);
    const std::uint64_t prefix = prefixOf(first);
    for (const TopKey &key : m_topKeys)
        if (same(key, prefix, first)) {
            if (dot == std::string_view::npos) {
                if (parent)
                    *parent = nullptr;
                return key.node;
            }
            if (!key.node->hasObject())
                return nullptr;
            const ShapeNode *holder = key.node;
            const ShapeNode *found = advisor::nodeAt(*key.node->object, path.substr(dot + 1), &holder);
            if (found && parent)
                *parent = holder ? holder : key.node;
            return found;
        }
    return nullptr;
}

const Relationship *Context::relationship(std::string_view id) const {
    const int i = m_run.relationships.find(id);
    return i < 0 ? nullptr : &project.relationships[static_cast<std::size_t>(i)];
}

Span<const AccessPattern *> Context::patternsOn(int collection) const {
    return collection < 0 ? Span<const AccessPattern *>{} : m_run.patternsByCollection.of(static_cast<std::size_t>(collection));
}

Span<const AccessPattern *> Context::patternsOnEntity(int e) const {
    return e < 0 ? Span<const AccessPattern *>{} : m_run.patternsByEntity.of(static_cast<std::size_t>(e));
}

Span<const Relationship *> Context::relationshipsOf(int e) const {
    return e < 0 ? Span<const Relationship *>{} : m_run.relationshipsByEntity.of(static_cast<std::size_t>(e));
}

bool Context::tenantScopedCollection(int collection) const {
    if (project.tenancy != Tenancy::SharedCollection || collection < 0)
        return false;
    const CollectionShape &c = shape(collection);
    return c.root && c.root->tenantScoped;
}

double Context::equalitySelectivity(std::string_view path, bool &assumed) const {
    const CollectionShape &c = *m_view.shape;
    const double docs = std::max(1.0, c.documents);
    if (path == "_id")
        return 1 / docs;
    for (const auto &u : m_view.uniquePaths())
        if (u == path)
            return 1 / docs;
    if (path == project.tenantField && project.tenantCount > 0)
        return 1 / project.tenantCount;
    const ShapeNode *parent = nullptr;
    const ShapeNode *node = m_view.nodeAt(path, &parent);
    // The _id of an extended reference subdocument names the referenced entity.
    if (node && std::string_view(node->name) == "_id" && parent && !parent->entityId.empty())
        if (const Entity *e = entity(parent->entityId); e && e->count > 0)
            return std::min(1.0, 1 / e->count);
    if (node) {
        if (node->origin == NodeOrigin::Reference && !node->entityId.empty())
            if (const Entity *e = entity(node->entityId); e && e->count > 0)
                return std::min(1.0, 1 / e->count);
        if (node->field && !node->field->details->enumValues.empty())
            return 1.0 / static_cast<double>(node->field->details->enumValues.size());
        if (node->type == BsonType::Bool)
            return 0.5;
        if (node->isDiscriminator && !node->object->variants.empty())
            return 1.0 / static_cast<double>(node->object->variants.size());
    }
    assumed = true;
    return std::max(s.unknownEquality, 1 / docs);
}

Finding &Context::newFinding(std::string_view ruleId, FindingTarget target) {
    if (!m_lastRule || m_lastRule->id != ruleId)
        m_lastRule = findRule(ruleId);
    Finding &f = m_findings.emplace_back();
    m_findingRules.push_back(m_lastRule);
    f.id.assign(ruleId);
    if (m_lastRule)
        f.severity = m_lastRule->severity;
    f.target = std::move(target);
    return f;
}

std::vector<Finding> Context::takeFindings(std::vector<std::uint32_t> *position) {
    const std::size_t count = m_findingRules.size();
    auto at = [&](std::size_t i) -> Finding & { return m_findings[i]; };
    // Most severe first, then by rule id: the catalogue is ordered by id,
    // so a counting sort on (severity, catalogue position) keeps the order
    // within a rule. A finding of a rule outside the catalogue sorts by id.
    const std::vector<Rule> &rules = ruleCatalogue();
    std::vector<std::uint32_t> order(count);
    for (std::uint32_t i = 0; i < count; ++i)
        order[i] = i;
    if (std::find(m_findingRules.begin(), m_findingRules.end(), nullptr) == m_findingRules.end()) {
        const std::size_t keys = 3 * rules.size();
        auto key = [&](std::uint32_t i) {
            return static_cast<std::size_t>(2 - static_cast<int>(m_findingRules[i]->severity)) * rules.size() +
                   static_cast<std::size_t>(m_findingRules[i] - rules.data());
        };
        std::vector<std::uint32_t> start(keys + 1, 0);
        for (std::uint32_t i = 0; i < count; ++i)
            ++start[key(i) + 1];
        for (std::size_t k = 0; k < keys; ++k)
            start[k + 1] += start[k];
        for (std::uint32_t i = 0; i < count; ++i)
            order[start[key(i)]++] = i;
    } else {
        std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
            const Finding &a = at(x);
            const Finding &b = at(y);
            if (a.severity != b.severity)
                return a.severity > b.severity;
            return a.id < b.id;
        });
    }
    std::vector<Finding> out;
    out.reserve(count);
    for (std::uint32_t i : order)
        out.push_back(std::move(at(i)));
    if (position) {
        position->resize(count);
        for (std::uint32_t k = 0; k < count; ++k)
            (*position)[order[k]] = k;
    }
    m_findings.clear();
    m_findingRules.clear();
    return out;
}

void Context::replay(const std::vector<std::uint32_t> &at, std::vector<Finding> &from) {
    for (const std::uint32_t k : at) {
        Finding &f = from[k];
        if (!m_lastRule || m_lastRule->id != f.id)
            m_lastRule = findRule(f.id);
        m_findings.push_back(std::move(f));
        m_findingRules.push_back(m_lastRule);
    }
}

bool Context::mirrorsId(const Entity &e) const {
    const int c = collectionOf(e.id);
    return c >= 0 && stat(c).rootEntityId == e.id;
}

Carry::Carry(const Context &ctx, Memo &memo, const AnalysisChange &change) : m_memo(&memo) {
    const Project &p = ctx.project;
    const std::size_t entities = p.entities.size(), patterns = p.accessPatterns.size(), indexes = p.indexes.size(),
                      collections = ctx.analysis.collections.size();
    const std::size_t relationships = p.relationships.size();
    const std::size_t sizes[Memo::kUnits] = {entities, entities, collections, patterns,
                                             indexes,  patterns, indexes,     relationships};
    for (std::size_t u = 0; u < Memo::kUnits; ++u) {
        m_clean[u].assign(sizes[u], 0);
        memo.findings[u].resize(sizes[u]);
    }
    const auto sameIds = [](const std::vector<std::string> &kept, const auto &objects) {
        if (kept.size() != objects.size())
            return false;
        for (std::size_t i = 0; i < kept.size(); ++i)
            if (kept[i] != objects[i].id)
                return false;
        return true;
    };
    memo.copies.resize(entities);
    memo.plans.resize(patterns);
    memo.readsSuggestions.resize(patterns);
    memo.suggestedKeys.resize(patterns);
    memo.indexUsed.resize(indexes);
    m_sameRelationships = sameIds(memo.relationshipIds, p.relationships);
    memo.relationships.resize(relationships);
    m_planClean.assign(patterns, 0);
    memo.carried = memo.checked = 0;
    const bool usable = memo.valid && !change.everything && ctx.analysis.measurements.size() == collections &&
                        memo.measurements.size() == collections && memo.last.worksheets.size() == collections &&
                        memo.last.accessPatterns.size() == patterns &&
                        sameIds(memo.entityIds, p.entities) && sameIds(memo.patternIds, p.accessPatterns) &&
                        sameIds(memo.indexIds, p.indexes);
    memo.valid = false; // until finish()
    m_sameObjects = usable;
    if (!usable)
        return; // every unit checked again
    const std::set<std::string_view> touchedEntities(change.entities.begin(), change.entities.end());
    const std::set<std::string_view> touchedPatterns(change.accessPatterns.begin(), change.accessPatterns.end());
    const std::set<std::string_view> touchedIndexes(change.indexes.begin(), change.indexes.end());
    for (std::size_t e = 0; e < entities; ++e) {
        const Entity &entity = p.entities[e];
        const bool touched = touchedEntities.count(entity.id) > 0;
        // A copy names its source field, which any touched entity may hold.
        m_clean[Fields][e] = !touched && !(memo.copies[e] && !touchedEntities.empty()) &&
                             memo.mirrorsId[e] == char(ctx.mirrorsId(entity));
        m_clean[StatedSizes][e] = !touched;
    }
    const auto measuredSame = [&](int c) {
        return c < 0 || ctx.analysis.measurements[std::size_t(c)] == memo.measurements[std::size_t(c)];
    };
    for (std::size_t c = 0; c < collections; ++c) {
        bool clean = measuredSame(int(c));
        const Span<const AccessPattern *> on = ctx.patternsOn(int(c));
        const std::vector<std::uint32_t> &before = memo.patternsOn[c];
        clean = clean && on.size() == before.size();
        for (std::size_t k = 0; clean && k < on.size(); ++k)
            clean = ctx.position(*on[k]) == before[k] && !touchedPatterns.count(on[k]->id);
        m_clean[Collection][c] = clean;
    }
    for (std::size_t i = 0; i < patterns; ++i) {
        const AccessPattern &q = p.accessPatterns[i];
        const int c = ctx.collectionOf(q.entityId);
        m_clean[PatternPaths][i] = !touchedPatterns.count(q.id) && c == memo.patternCollection[i] && measuredSame(c);
    }
    for (std::size_t i = 0; i < indexes; ++i) {
        const IndexSpec &index = p.indexes[i];
        const int c = ctx.collectionOf(index.entityId);
        m_clean[IndexPaths][i] = !touchedIndexes.count(index.id) && c == memo.indexCollection[i] && measuredSame(c);
        // The unused-index rule also counts the patterns on the index's
        // collection (the entity's: no collection is entered yet).
        m_clean[IndexUse][i] = m_clean[IndexPaths][i] && (c < 0 || m_clean[Collection][std::size_t(c)]);
    }
    // A plan reads its pattern and its collection; its cost also the
    // collections it joins (their documents, and the relationships to
    // them, whose ends are measured again when one changes).
    for (std::size_t i = 0; i < patterns; ++i) {
        bool clean = m_clean[PatternPaths][i] && memo.patternCollection[i] >= 0;
        for (std::size_t k = 0; clean && k < p.accessPatterns[i].alsoReads.size(); ++k)
            clean = measuredSame(ctx.collectionOf(p.accessPatterns[i].alsoReads[k]));
        m_planClean[i] = clean;
        m_clean[PatternWorkload][i] = clean;
    }
    for (std::size_t k = 0; m_sameRelationships && k < relationships; ++k) {
        const Relationship &r = p.relationships[k];
        const Memo::KeptRelationship &kept = memo.relationships[k];
        const int parent = ctx.parentOf(r), child = ctx.childOf(r);
        // Its ends untouched (an end stored in no collection is measured by
        // nothing), their collections the same and measured the same, the
        // same patterns on either end, planned the same.
        if (parent < 0 || child < 0 || kept.advice < 0 || touchedEntities.count(r.parentId) ||
            touchedEntities.count(r.childId))
            continue;
        const int pc = ctx.collectionOfEntity(parent), cc = ctx.collectionOfEntity(child);
        const auto plansClean = [&](Span<const AccessPattern *> on, std::size_t count) {
            return on.size() == count && std::all_of(on.begin(), on.end(), [&](const AccessPattern *q) {
                       return m_planClean[ctx.position(*q)] != 0;
                   });
        };
        m_clean[Relationships][k] = pc == kept.parentCollection && cc == kept.childCollection && measuredSame(pc) &&
                                    measuredSame(cc) && plansClean(ctx.patternsOnEntity(parent), kept.parentPatterns) &&
                                    plansClean(ctx.patternsOnEntity(child), kept.childPatterns);
    }
}

bool Carry::restorePlan(Context &ctx, std::size_t i, AccessCost &cost) {
    if (!m_memo || !m_planClean[i])
        return false;
    const Memo::KeptPlan &kept = m_memo->plans[i];
    const AccessPattern &q = ctx.project.accessPatterns[i];
    PatternPlan &plan = ctx.plans[i];
    plan = kept.plan;
    plan.pattern = &q;
    plan.name = q.name;
    const Context::PlanSlots slots = ctx.planSlots(q);
    plan.alsoReads = {slots.alsoReads, std::copy(kept.alsoReads.begin(), kept.alsoReads.end(), slots.alsoReads)};
    plan.equality = {slots.paths, std::copy(kept.equality.begin(), kept.equality.end(), slots.paths)};
    std::copy(kept.selectivity.begin(), kept.selectivity.end(), slots.selectivity);
    plan.selectivity = slots.selectivity;
    plan.index = kept.index >= 0 ? &ctx.stat(plan.collection).indexes[std::size_t(kept.index)] : nullptr;
    plan.indexSpec = kept.indexSpec >= 0 ? &ctx.project.indexes[std::size_t(kept.indexSpec)] : nullptr;
    cost = std::move(m_memo->last.accessPatterns[i]);
    return true;
}

Worksheet Carry::restoreWorksheet(std::size_t c) { return std::move(m_memo->last.worksheets[c]); }

RelationshipAdvice Carry::restoreRelationship(std::size_t k) {
    return std::move(m_memo->last.relationships[std::size_t(m_memo->relationships[k].advice)]);
}

void Carry::keepRelationship(const Context &ctx, std::size_t k, int advice) {
    if (!m_memo)
        return;
    const Relationship &r = ctx.project.relationships[k];
    Memo::KeptRelationship &kept = m_memo->relationships[k];
    const int parent = ctx.parentOf(r), child = ctx.childOf(r);
    kept.advice = advice;
    kept.parentCollection = parent >= 0 ? ctx.collectionOfEntity(parent) : -1;
    kept.childCollection = child >= 0 ? ctx.collectionOfEntity(child) : -1;
    kept.parentPatterns = parent >= 0 ? ctx.patternsOnEntity(parent).size() : 0;
    kept.childPatterns = child >= 0 ? ctx.patternsOnEntity(child).size() : 0;
}

void Carry::keepPlan(const Context &ctx, std::size_t i) {
    if (!m_memo)
        return;
    const PatternPlan &plan = ctx.plans[i];
    Memo::KeptPlan &kept = m_memo->plans[i];
    kept.plan = plan;
    kept.equality.assign(plan.equality.begin(), plan.equality.end());
    kept.selectivity.assign(plan.selectivity, plan.selectivity + plan.equality.size());
    kept.alsoReads.assign(plan.alsoReads.begin(), plan.alsoReads.end());
    kept.index = plan.index ? int(plan.index - ctx.stat(plan.collection).indexes.data()) : -1;
    kept.indexSpec = plan.indexSpec ? int(plan.indexSpec - ctx.project.indexes.data()) : -1;
}

void Carry::finish(const Context &ctx, const std::vector<std::uint32_t> &position) {
    if (!m_memo)
        return;
    Memo &memo = *m_memo;
    for (const Added &a : m_added) {
        std::vector<std::uint32_t> &at = memo.findings[a.unit][a.i];
        at.clear();
        for (std::uint32_t k = a.begin; k < a.end; ++k)
            at.push_back(position[k]);
    }
    m_added.clear();
    const Project &p = ctx.project;
    const auto ids = [](const auto &objects) {
        std::vector<std::string> out;
        out.reserve(objects.size());
        for (const auto &o : objects)
            out.push_back(o.id);
        return out;
    };
    if (!m_sameObjects) {
        memo.entityIds = ids(p.entities);
        memo.patternIds = ids(p.accessPatterns);
        memo.indexIds = ids(p.indexes);
    }
    if (!m_sameRelationships)
        memo.relationshipIds = ids(p.relationships);
    memo.mirrorsId.resize(p.entities.size());
    for (std::size_t e = 0; e < p.entities.size(); ++e)
        memo.mirrorsId[e] = char(ctx.mirrorsId(p.entities[e]));
    memo.measurements = ctx.analysis.measurements;
    memo.patternsOn.resize(memo.measurements.size());
    for (std::size_t c = 0; c < memo.patternsOn.size(); ++c) {
        memo.patternsOn[c].clear();
        for (const AccessPattern *q : ctx.patternsOn(int(c)))
            memo.patternsOn[c].push_back(static_cast<std::uint32_t>(ctx.position(*q)));
    }
    memo.patternCollection.resize(p.accessPatterns.size());
    for (std::size_t i = 0; i < p.accessPatterns.size(); ++i)
        memo.patternCollection[i] = ctx.collectionOf(p.accessPatterns[i].entityId);
    memo.indexCollection.resize(p.indexes.size());
    for (std::size_t i = 0; i < p.indexes.size(); ++i)
        memo.indexCollection[i] = ctx.collectionOf(p.indexes[i].entityId);
    memo.valid = true;
}

FindingTarget Context::relationshipTarget(const Relationship &r) const {
    return {"relationship", r.id, relationshipLabel(project, r)};
}

FindingTarget Context::relationshipTargetById(std::string_view id) const {
    if (const Relationship *r = relationship(id))
        return relationshipTarget(*r);
    return {"relationship", std::string(id), "a relationship the model does not have"};
}

std::string Context::documentPathName(const CollectionShape &shape, const CollectionStat &stat,
                                      std::string_view path) const {
    const Entity *root = shape.kind == CollectionKind::Entity ? entity(shape.rootEntityId) : nullptr;
    return cat(root ? root->name : stat.name, ".", path);
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
        current = found->hasObject() ? &*found->object : nullptr;
        path.remove_prefix(dot + 1);
    }
    return nullptr;
}

} // namespace docshape::advisor
