#include "advisor/AdvisorContext.h"

#include "derive/IndexRules.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace docshape::advisor {

namespace {

constexpr double kTiny = 1e-12;

bool contains(const std::vector<std::string> &list, std::string_view value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

bool contains(Span<std::string_view> list, std::string_view value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

bool contains(const std::vector<Path> &list, const Path &value) {
    for (const Path &p : list)
        if (p == value)
            return true;
    return false;
}

// Equality-Sort-Range: the equality keys first (in any order), then the
// sort keys in order with one common direction (or all reversed), then the
// range keys. Equality keys may sit between sort keys: a key fixed by
// equality does not break the order.
IndexFit fitIndex(const IndexKeys &index, const Context::PlanPaths &q, std::vector<Path> &bound) {
    IndexFit fit;
    bound.clear();
    if (index.special)
        return fit;
    const IndexKeys::Key *keys = index.keys.data();
    const std::size_t size = index.keys.size();
    std::size_t i = 0;
    while (i < size && contains(q.equality, keys[i].path) && !contains(bound, keys[i].path)) {
        bound.push_back(keys[i].path);
        ++i;
    }
    const std::size_t afterEquality = i;
    fit.equalityMatched = static_cast<int>(bound.size());

    std::size_t afterSort = afterEquality;
    if (q.sort.empty()) {
        fit.sortServed = true;
    } else {
        std::size_t j = 0;
        int sign = 0;
        bool ok = true;
        std::size_t k = afterEquality;
        while (j < q.sort.size() && k < size) {
            if (contains(q.equality, keys[k].path) && keys[k].path != q.sort[j].first) {
                ++k;
                continue;
            }
            if (keys[k].path != q.sort[j].first)
                break;
            const int d = keys[k].direction;
            if (d == 0) {
                ok = false;
                break;
            }
            const int s = d * q.sort[j].second;
            if (sign == 0)
                sign = s;
            else if (s != sign) {
                ok = false;
                break;
            }
            ++j;
            ++k;
        }
        fit.sortServed = ok && j == q.sort.size();
        if (fit.sortServed)
            afterSort = k;
    }
    std::size_t r = fit.sortServed ? afterSort : afterEquality;
    // A range on a sort key is bounded by the same index keys.
    for (std::size_t k = afterEquality; k < r; ++k)
        if (contains(q.range, keys[k].path))
            ++fit.rangeMatched;
    while (r < size && contains(q.range, keys[r].path) && keys[r].direction != 0) {
        ++fit.rangeMatched;
        ++r;
    }
    fit.usable = fit.equalityMatched > 0 || fit.rangeMatched > 0 || (!q.sort.empty() && fit.sortServed);
    fit.score = fit.equalityMatched * 100.0 + ((!q.sort.empty() && fit.sortServed) ? 50.0 : 0.0) +
                fit.rangeMatched * 10.0 - static_cast<double>(size) * 0.01;
    return fit;
}

// Documents of entity `other` read per document of `entity` (positions)
// when a pattern reads them together.
double fanOut(const Context &ctx, int entity, int other) {
    for (const Relationship *r : ctx.relationshipsOf(entity)) {
        const int parent = ctx.parentOf(*r), child = ctx.childOf(*r);
        if (parent == entity && child == other)
            return std::max(0.0, r->avgChildren);
        if (child == entity && parent == other) {
            if (r->cardinality == Cardinality::ManyToMany) {
                const Entity *parent = ctx.entityAt(ctx.parentOf(*r));
                const Entity *child = ctx.entityAt(ctx.childOf(*r));
                if (parent && child && child->count > 0)
                    return parent->count * r->avgChildren / child->count;
            }
            return 1;
        }
    }
    return 1;
}

bool isWriteLike(const AccessPattern &q) {
    return q.kind == AccessKind::Write || q.operation == Operation::Insert || q.operation == Operation::Update ||
           q.operation == Operation::Delete;
}

// Whether the planner may use a partial index for the pattern (manual,
// Partial Indexes, Query Coverage: "the query predicate must include
// conditions on the filter expression" and be a subset of it). The model
// records the fields a pattern filters on, not their values, so the
// pattern is taken to imply the filter when it constrains, by equality or
// range, every field the filter names.
bool impliesPartialFilter(const std::vector<std::string> &filterFields, Span<std::string_view> equality,
                          const AccessPattern &q) {
    for (const auto &field : filterFields)
        if (!contains(equality, field) && !contains(q.range, field))
            return false;
    return true;
}

double perDocument(const IndexStat &index, double documents) {
    return documents > 0 ? index.entries / documents : 1;
}

} // namespace

void planPattern(Context &ctx, const AccessPattern &q) {
    PatternPlan &plan = ctx.plans[ctx.position(q)];
    plan.pattern = &q;
    plan.name = q.name;
    plan.kind = q.kind;
    plan.operation = q.operation;
    plan.frequency = q.frequencyPerSecond;
    const Context::PlanSlots slots = ctx.planSlots(q);
    int *alsoReads = slots.alsoReads;
    for (const auto &id : q.alsoReads)
        *alsoReads++ = ctx.entityPosition(id);
    plan.alsoReads = {slots.alsoReads, alsoReads};
    plan.entity = ctx.entityOf(q);
    plan.collection = ctx.collectionOfEntity(plan.entity);
    if (plan.collection < 0)
        return;
    const CollectionView &view = ctx.view();
    // The pattern's equality fields; _id for a lookup by id; the tenant
    // field first when the query carries it.
    std::string_view *paths = slots.paths;
    const std::string_view tenant = ctx.project.tenantField;
    const bool byId = q.equality.empty() && q.range.empty() &&
                      (q.operation == Operation::FindOneById || q.operation == Operation::Update ||
                       q.operation == Operation::Delete);
    if (ctx.tenantScopedCollection(plan.collection) && q.tenantScoped && view.hasTenantField() &&
        !contains(q.equality, tenant) && !(byId && tenant == "_id"))
        *paths++ = tenant;
    paths = std::copy(q.equality.begin(), q.equality.end(), paths);
    if (byId)
        *paths++ = "_id";
    plan.equality = {slots.paths, paths};
    plan.selectivity = slots.selectivity;
    // An equality on _id finds one document, whatever else the filter
    // says of it: the other equalities select nothing more.
    const bool idEquality = contains(plan.equality, std::string_view("_id"));
    for (std::size_t e = 0; e < plan.equality.size(); ++e)
        slots.selectivity[e] = idEquality && plan.equality[e] != "_id"
                                   ? 1.0
                                   : ctx.equalitySelectivity(plan.equality[e], plan.assumedSelectivity);
    // A condition the pattern shares with a partial index's filter selects
    // the documents the filter does: the index's stated share.
    for (std::size_t k = 0; k < view.stat->indexes.size(); ++k) {
        const IndexSpec *spec = view.spec(k);
        if (!spec || spec->partialFilter.empty() || !impliesPartialFilter(view.partialFields(k), plan.equality, q))
            continue;
        const auto &fields = view.partialFields(k);
        for (std::size_t e = 0; e < plan.equality.size(); ++e)
            if (!fields.empty() && plan.equality[e] == fields.front() && plan.equality[e] != "_id")
                slots.selectivity[e] = spec->partialSelectivity;
    }
    plan.needsIndex =
        q.operation != Operation::Insert && (!plan.equality.empty() || !q.range.empty() || !q.sort.empty());
    if (!plan.needsIndex)
        return;
    // The pattern's paths, for the fit.
    Context::PlanPaths &ids = ctx.planScratch;
    ids.equality.clear();
    ids.range.clear();
    ids.sort.clear();
    for (const auto path : plan.equality)
        ids.equality.emplace_back(path);
    for (const auto &path : q.range)
        ids.range.emplace_back(path);
    for (const auto &k : q.sort)
        ids.sort.emplace_back(Path(k.path), k.direction < 0 ? -1 : 1);
    std::vector<Path> &bound = ids.bound;
    static const Path id("_id");
    const auto &indexes = view.stat->indexes;
    for (std::size_t k = 0; k < indexes.size(); ++k) {
        const IndexKeys &keys = view.keys(k);
        if (keys.error)
            continue;
        const IndexSpec *spec = view.spec(k);
        if (spec && !spec->partialFilter.empty() && !impliesPartialFilter(view.partialFields(k), plan.equality, q))
            continue;
        IndexFit fit = fitIndex(keys, ids, bound);
        // A sparse index lacks the documents without its fields: the
        // planner uses it only where the filter needs one of them, never
        // for a sort alone (manual, Sparse Indexes: not used when it would
        // give incomplete results, unless hinted).
        if (spec && spec->sparse && fit.equalityMatched == 0 && fit.rangeMatched == 0)
            continue;
        // The filter's fields hold in every document of a partial index:
        // the pattern's conditions on them are served by it.
        if (spec && !spec->partialFilter.empty())
            for (const auto &field : view.partialFields(k))
                for (const Path &path : ids.equality) // the pattern's path: it outlives the plan
                    if (path == Path(field) && !contains(bound, path)) {
                        bound.push_back(path);
                        ++fit.equalityMatched;
                        fit.score += 100;
                    }
        // A unique key bound by equality finds at most one document.
        const bool point = keys.idIndex ? contains(bound, id)
                                        : keys.uniqueKeys >= 0 &&
                                              bound.size() == static_cast<std::size_t>(keys.uniqueKeys);
        if (point)
            fit.score += 1000;
        if (fit.usable && (!plan.index || fit.score > plan.fit.score)) {
            plan.index = &indexes[k];
            plan.indexSpec = view.spec(k);
            plan.fit = fit;
            plan.pointLookup = point;
            // The share of documents the bound keys select.
            plan.boundShare = 1;
            for (const Path &path : bound)
                for (std::size_t e = 0; e < ids.equality.size(); ++e)
                    if (ids.equality[e] == path)
                        plan.boundShare *= plan.selectivity[e];
            for (int i = 0; i < fit.rangeMatched; ++i)
                plan.boundShare *= ctx.s.rangeSelectivity;
        }
    }
    plan.fullyServed = plan.index && (plan.pointLookup ||
                                      (plan.fit.equalityMatched == static_cast<int>(plan.equality.size()) &&
                                       plan.fit.rangeMatched == static_cast<int>(q.range.size()) &&
                                       plan.fit.sortServed));
}

AccessCost costPattern(const Context &ctx, const PatternPlan &plan) {
    const AccessPattern &q = *plan.pattern;
    AccessCost cost;
    cost.patternId = q.id;
    cost.name = q.name;
    cost.kind = q.kind;
    cost.operation = q.operation;
    if (plan.collection < 0) {
        cost.index = "none";
        cost.notes.notStored = true;
        return cost;
    }
    {
        const int c = plan.collection;
        const CollectionStat &stat = ctx.stat(c);
        const double docs = std::max(0.0, stat.documents);
        const double avgBytes = stat.avgDocumentBytes;
        cost.collections.push_back(stat.name);
        CostNotes &notes = cost.notes;
        notes.unknownEquality = ctx.s.unknownEquality;
        notes.rangeSelectivity = ctx.s.rangeSelectivity;
        notes.roundTripMs = ctx.s.roundTripMs;
        notes.documentExaminedMs = ctx.s.documentExaminedMs;
        notes.bytesPerMs = ctx.s.bytesPerMs;

        // Selectivity of the whole filter and of the part the index bounds.
        double matchedShare = 1;
        for (std::size_t e = 0; e < plan.equality.size(); ++e)
            matchedShare *= plan.selectivity[e];
        for (std::size_t i = 0; i < q.range.size(); ++i)
            matchedShare *= ctx.s.rangeSelectivity;
        const double boundShare = plan.index ? plan.boundShare : 1;
        notes.assumedSelectivity = plan.assumedSelectivity;
        notes.range = !q.range.empty();
        const double matched = docs * matchedShare;
        std::optional<double> limit;
        if (q.limit)
            limit = static_cast<double>(*q.limit);
        else if (q.operation == Operation::FindOneById)
            limit = 1;

        // Other collections the pattern reads (or, for a write, also writes).
        std::vector<std::pair<int, double>> others; // collection, documents per primary document
        for (const int other : plan.alsoReads) {
            const int oc = ctx.collectionOfEntity(other);
            if (oc < 0 || oc == c)
                continue;
            const double fan = fanOut(ctx, plan.entity, other);
            auto it = std::find_if(others.begin(), others.end(), [oc](const auto &p) { return p.first == oc; });
            if (it == others.end())
                others.emplace_back(oc, fan);
            else
                it->second += fan;
        }

        if (!isWriteLike(q)) {
            if (plan.index) {
                cost.index = plan.index->name;
                cost.indexId = plan.index->id;
                const double boundDocs = docs * boundShare;
                const double residual = boundShare > 0 ? std::min(1.0, matchedShare / boundShare) : 1;
                cost.inMemorySort = !q.sort.empty() && !plan.fit.sortServed && !plan.pointLookup;
                if (limit && !cost.inMemorySort)
                    cost.docsExamined = std::min(boundDocs, *limit / std::max(residual, kTiny));
                else
                    cost.docsExamined = boundDocs;
            } else if (plan.needsIndex) {
                cost.index = "collection scan";
                cost.inMemorySort = !q.sort.empty();
                cost.docsExamined = docs;
                if (limit && q.sort.empty())
                    cost.docsExamined = std::min(docs, *limit / std::max(matchedShare, kTiny));
            } else {
                cost.index = "collection scan";
                cost.docsExamined = limit ? std::min(docs, *limit) : docs;
            }
            if (docs >= 1)
                cost.docsExamined = std::max(1.0, cost.docsExamined);
            cost.docsReturned = std::min(cost.docsExamined, limit ? std::min(matched, *limit) : matched);
            cost.bytesRead = cost.docsExamined * avgBytes;
            const double primaries = std::max(cost.docsReturned, docs >= 1 ? 1.0 : 0.0);
            for (const auto &[oc, fan] : others) {
                const double joined = primaries * fan;
                cost.collections.push_back(ctx.stat(oc).name);
                cost.docsExamined += joined;
                cost.bytesRead += joined * ctx.stat(oc).avgDocumentBytes;
            }
            cost.lookups = static_cast<int>(others.size());
            cost.roundTrips = 1 + cost.lookups;
            notes.wholeDocuments = true;
        } else {
            // Which documents the write finds, through which index.
            if (plan.index) {
                cost.index = plan.index->name;
                cost.indexId = plan.index->id;
            } else {
                cost.index = plan.needsIndex ? "collection scan" : "none needed";
            }
            const bool root = stat.kind == CollectionKind::Entity && ctx.rootOf(c) == plan.entity && plan.entity >= 0;
            double touched = 1;
            if (q.operation != Operation::Insert) {
                touched = std::max(docs >= 1 ? 1.0 : 0.0, matched);
                if (plan.index)
                    cost.docsExamined = std::max(touched, docs * boundShare);
                else
                    cost.docsExamined = docs;
            }
            cost.documentsTouched = touched;
            // Index entries: every key of a new or deleted document; for an
            // update, the keys of the indexes over the written fields, each
            // removed and re-inserted.
            const ArrayStat *holder = nullptr;
            if (!root)
                for (const auto &a : stat.arrays)
                    if (a.entityId == q.entityId) {
                        holder = &a;
                        break;
                    }
            double entries = 0;
            for (const auto &index : stat.indexes) {
                const double perDoc = perDocument(index, docs);
                if (q.operation == Operation::Update) {
                    bool written = false;
                    for (const auto &k : index.keys) {
                        if (std::string_view(k.path) == "_id")
                            continue;
                        if (q.fieldsReturned.empty())
                            written = true;
                        for (const auto &f : q.fieldsReturned)
                            if (k.path == f || k.path.starts_with(f + ".") || f.starts_with(k.path + "."))
                                written = true;
                    }
                    if (written)
                        entries += 2 * perDoc * touched;
                } else if (holder) {
                    bool crosses = false;
                    for (const auto &k : index.keys)
                        if (k.path == holder->path || k.path.starts_with(holder->path + "."))
                            crosses = true;
                    if (crosses)
                        entries += perDoc / std::max(1.0, holder->avgCount);
                } else {
                    entries += perDoc * touched;
                }
            }
            cost.indexEntriesTouched = entries;
            notes.unstatedUpdateFields = q.operation == Operation::Update && q.fieldsReturned.empty();
            if (root && q.operation == Operation::Delete)
                cost.bytesWritten = 0;
            else
                cost.bytesWritten = touched * avgBytes;
            notes.embedded = !root;
            for (const auto &[oc, fan] : others) {
                cost.collections.push_back(ctx.stat(oc).name);
                cost.documentsTouched += std::max(1.0, fan);
                cost.bytesWritten += std::max(1.0, fan) * ctx.stat(oc).avgDocumentBytes;
            }
            // Copies of this entity that the write must maintain.
            bool eventualCopies = false;
            for (const Relationship *r : ctx.relationshipsOf(plan.entity)) {
                if (r->childId != q.entityId)
                    continue;
                const bool subset = r->representation == Representation::Subset;
                const bool extended = r->representation == Representation::ExtendedReference;
                const bool idArray = r->representation == Representation::ReferenceArrayInParent ||
                                     r->representation == Representation::TwoWay;
                bool involved = false;
                if (subset || idArray)
                    involved = q.operation != Operation::Update || subset;
                else if (extended)
                    involved = q.operation == Operation::Update && r->copySemantics != Duplication::Snapshot;
                if (!involved)
                    continue;
                if ((subset || extended) && r->copySemantics == Duplication::Eventual) {
                    eventualCopies = true;
                    continue;
                }
                const int pc = ctx.collectionOfEntity(ctx.parentOf(*r));
                if (pc < 0)
                    continue;
                const std::string &name = ctx.stat(pc).name;
                if (!contains(cost.collections, name))
                    cost.collections.push_back(name);
                double copies = 1;
                if (extended) {
                    const Entity *parent = ctx.entityAt(ctx.parentOf(*r));
                    const Entity *child = ctx.entityAt(ctx.childOf(*r));
                    if (parent && child && child->count > 0)
                        copies = std::max(1.0, parent->count * r->avgChildren / child->count);
                }
                cost.documentsTouched += copies;
                cost.bytesWritten += copies * ctx.stat(pc).avgDocumentBytes;
            }
            cost.roundTrips = static_cast<int>(cost.collections.size());
            const bool eventual = q.consistency.find("eventual") != std::string::npos;
            if (cost.collections.size() > 1) {
                cost.needsTransaction = !eventual;
                cost.consistency = eventual ? "eventual (consistency plan)" : "transaction";
            } else if (cost.documentsTouched > 1.5) {
                cost.consistency = "multi-document (each document atomic, not the whole)";
            } else {
                cost.consistency = "single-document atomic";
            }
            notes.eventualCopies = eventualCopies;
        }
        cost.docsExaminedPerSecond = cost.docsExamined * q.frequencyPerSecond;
        cost.bytesReadPerSecond = cost.bytesRead * q.frequencyPerSecond;
        cost.estimatedMs = cost.roundTrips * ctx.s.roundTripMs + cost.docsExamined * ctx.s.documentExaminedMs +
                           (cost.bytesRead + cost.bytesWritten) / std::max(1.0, ctx.s.bytesPerMs);
        if (q.latencyBudgetMs > 0)
            cost.withinBudget = cost.estimatedMs <= q.latencyBudgetMs;
    }
    return cost;
}

std::vector<SuggestedIndex> suggestIndexes(Context &ctx) {
    // Per collection, in model order of the patterns that ask for them.
    std::map<int, std::vector<SuggestedIndex>> byCollection;
    for (const auto &plan : ctx.plans) {
        if (plan.collection < 0 || !plan.needsIndex || plan.fullyServed)
            continue;
        const AccessPattern &q = *plan.pattern;
        const CollectionShape &shape = ctx.shape(plan.collection);
        if (shape.root && shape.root->timeSeries)
            continue; // time-series collections index their meta and time fields themselves
        SuggestedIndex s;
        s.collection = ctx.stat(plan.collection).name;
        s.entityId = shape.rootEntityId;
        const bool tenantFirst = !plan.equality.empty() && plan.equality.front() == ctx.project.tenantField &&
                                 ctx.tenantScopedCollection(plan.collection);
        for (const auto path : plan.equality)
            s.keys.push_back({std::string(path), "1"});
        for (const auto &sk : q.sort)
            if (!contains(plan.equality, sk.path))
                s.keys.push_back({sk.path, sk.direction < 0 ? "-1" : "1"});
        for (const auto &path : q.range)
            if (!contains(plan.equality, path) &&
                std::none_of(q.sort.begin(), q.sort.end(), [&](const SortKey &k) { return k.path == path; }))
                s.keys.push_back({path, "1"});
        if (s.keys.empty() || (s.keys.size() == 1 && s.keys.front().path == "_id"))
            continue;
        s.accessPatterns.push_back(q.name);
        s.tenantFirst = tenantFirst;
        if (plan.index)
            s.partlyServedBy = plan.index->name;
        auto &list = byCollection[plan.collection];
        bool merged = false;
        for (auto &existing : list) {
            const auto &a = existing.keys.size() >= s.keys.size() ? existing.keys : s.keys;
            const auto &b = existing.keys.size() >= s.keys.size() ? s.keys : existing.keys;
            if (std::equal(b.begin(), b.end(), a.begin())) {
                if (&a == &s.keys)
                    existing.keys = s.keys;
                existing.accessPatterns.push_back(q.name);
                merged = true;
                break;
            }
        }
        if (!merged)
            list.push_back(std::move(s));
    }
    std::vector<SuggestedIndex> out;
    for (auto &[c, list] : byCollection)
        for (auto &s : list)
            out.push_back(std::move(s));
    return out;
}

} // namespace docshape::advisor
