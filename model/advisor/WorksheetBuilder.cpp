#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cmath>

namespace docshape::advisor {

namespace {

constexpr std::size_t kTopRows = 5;

void addUnique(std::vector<std::string> &list, const std::string &value) {
    if (std::find(list.begin(), list.end(), value) == list.end())
        list.push_back(value);
}

double ratio(double a, double b) {
    if (a <= 0 || b <= 0)
        return a == b ? 1 : INFINITY;
    return std::max(a, b) / std::min(a, b);
}

} // namespace

std::vector<Worksheet> buildWorksheets(Context &ctx) {
    std::vector<Worksheet> out;
    const auto &collections = ctx.analysis.collections;
    out.reserve(collections.size());
    const AccessPattern *first = ctx.project.accessPatterns.empty() ? nullptr : &ctx.project.accessPatterns.front();
    std::vector<const AccessPattern *> reads, writes;
    for (std::size_t ci = 0; ci < collections.size(); ++ci) {
        const int c = static_cast<int>(ci);
        const CollectionStat &stat = collections[ci];
        const CollectionShape &shape = ctx.shape(c);
        Worksheet &ws = out.emplace_back();
        ws.collection = stat.name;
        ws.rootEntityId = stat.rootEntityId;

        reads.clear();
        writes.clear();
        for (const AccessPattern *q : ctx.patternsOn(c))
            (q->kind == AccessKind::Read ? reads : writes).push_back(q);
        auto byFrequency = [](const AccessPattern *a, const AccessPattern *b) {
            return a->frequencyPerSecond > b->frequencyPerSecond;
        };
        std::stable_sort(reads.begin(), reads.end(), byFrequency);
        std::stable_sort(writes.begin(), writes.end(), byFrequency);
        ws.reads.reserve(std::min(reads.size(), kTopRows));
        for (std::size_t i = 0; i < reads.size() && i < kTopRows; ++i)
            ws.reads.push_back({reads[i]->name, reads[i]->frequencyPerSecond});
        ws.writes.reserve(std::min(writes.size(), kTopRows));
        for (std::size_t i = 0; i < writes.size() && i < kTopRows; ++i)
            ws.writes.push_back({writes[i]->name, writes[i]->frequencyPerSecond});
        for (const AccessPattern *q : ctx.patternsOn(c)) {
            const PatternPlan &plan = ctx.plans[static_cast<std::size_t>(q - first)];
            for (const auto &p : plan.equality)
                addUnique(ws.filterFields, p);
            for (const auto &p : q->range)
                addUnique(ws.filterFields, p);
            for (const auto &k : q->sort) {
                const int direction = k.direction < 0 ? -1 : 1;
                if (std::none_of(ws.sorts.begin(), ws.sorts.end(),
                                 [&](const SortKey &s) { return s.direction == direction && s.path == k.path; }))
                    ws.sorts.push_back({k.path, direction});
            }
        }

        ws.documentBytes = stat.avgDocumentBytes;
        ws.maxDocumentBytes = stat.maxDocumentBytes;
        ws.hasArrays = !stat.arrays.empty();
        std::optional<double> largest = 0.0;
        ws.arrays.reserve(stat.arrays.size());
        for (const auto &a : stat.arrays) {
            BoundEnforcer enforcer = BoundEnforcer::Nobody;
            if (const ShapeNode *node = nodeAt(shape.shape, a.path)) {
                if (node->field)
                    enforcer = node->field->maxEnforcedBy;
                else if (!node->relationshipId.empty())
                    if (const Relationship *rel = ctx.relationship(node->relationshipId))
                        enforcer = rel->maxEnforcedBy;
                if (node->origin == NodeOrigin::Subset || node->origin == NodeOrigin::Bucket)
                    enforcer = BoundEnforcer::Validator; // DocShape writes the bound itself
            }
            if (a.maxCount) {
                if (largest)
                    largest = std::max(*largest, static_cast<double>(*a.maxCount));
            } else {
                largest.reset();
            }
            ws.arrays.push_back({a.path, a.avgCount, a.maxCount, enforcer, a.growthPerDay});
        }
        if (ws.hasArrays)
            ws.largestArrayBound = largest;

        const Entity *root = stat.kind == CollectionKind::Entity ? shape.root : nullptr;
        ws.junction = stat.kind == CollectionKind::Junction;
        if (!ws.junction && shape.root) {
            ws.boundary.reserve(1 + shape.embeddedEntityIds.size());
            ws.boundary.push_back(shape.root->name);
            for (const auto &id : shape.embeddedEntityIds)
                if (const Entity *e = ctx.entity(id); e && e != shape.root)
                    ws.boundary.push_back(e->name);
            ws.deletionPolicy = shape.root->deletion;
            ws.embedsEntities = !shape.embeddedEntityIds.empty();
        }
        ws.tenancy = ctx.project.tenancy;
        ws.tenantScoped = shape.root && shape.root->tenantScoped;
        ws.tenantFieldMissing = !ctx.hasTenantField(c);
        if (ws.tenancy == Tenancy::SharedCollection && ws.tenantScoped)
            ws.tenantField = ctx.project.tenantField;
        ws.tenantCount = ctx.project.tenantCount;
        if (shape.root && shape.root->retentionDays)
            ws.retentionDays = *shape.root->retentionDays;
        ws.indexes.reserve(stat.indexes.size());
        for (std::size_t k = 0; k < stat.indexes.size(); ++k) {
            const IndexStat &index = stat.indexes[k];
            ws.indexes.push_back(index.name);
            if (const IndexSpec *spec = ctx.specOf(c, k); spec && spec->expireAfterSeconds)
                ws.ttlIndexes.push_back({index.name, static_cast<double>(*spec->expireAfterSeconds)});
        }
        if (shape.root && shape.root->timeSeries && shape.root->timeSeries->expireAfterSeconds)
            ws.timeSeriesExpireAfterSeconds = static_cast<double>(*shape.root->timeSeries->expireAfterSeconds);

        if (root) {
            ws.statedDocumentBytes = root->stated.documentBytes;
            ws.statedMaxArrayCount = root->stated.maxArrayCount;
            ws.statedAtomicUpdateBoundary = root->stated.atomicUpdateBoundary;
            auto target = [root] { return Context::entityTarget(*root); };
            if (ws.statedDocumentBytes &&
                ratio(*ws.statedDocumentBytes, ws.documentBytes) >= ctx.s.mismatchRatio) {
                ws.documentSizeMismatch = true;
                Finding &f = ctx.add(rule::kWorksheetMismatch, target(),
                                     "{0} worksheet, expected document size: stated {1}, estimated {2}", stat.name,
                                     Bytes{*ws.statedDocumentBytes}, Bytes{ws.documentBytes});
                f.reasonPhrase = f.words.say("A factor of {0} (threshold {1}).",
                                             Num{ratio(*ws.statedDocumentBytes, ws.documentBytes)},
                                             Num{ctx.s.mismatchRatio});
            }
            if (const auto stated = ws.statedMaxArrayCount) {
                if (ws.hasArrays && !ws.largestArrayBound) {
                    ws.arrayBoundsMismatch = true;
                    ctx.add(rule::kWorksheetMismatch, target(),
                            "{0} worksheet, expected array bounds: stated at most {1}, but an array has no maximum "
                            "in the model",
                            stat.name, Num{*stated});
                } else if (!ws.hasArrays) {
                    ws.arrayBoundsMismatch = true;
                    ctx.add(rule::kWorksheetMismatch, target(),
                            "{0} worksheet, expected array bounds: stated {1}, but the documents have no arrays",
                            stat.name, Num{*stated});
                } else if (ratio(*stated, *ws.largestArrayBound) >= ctx.s.mismatchRatio) {
                    ws.arrayBoundsMismatch = true;
                    ctx.add(rule::kWorksheetMismatch, target(),
                            "{0} worksheet, expected array bounds: stated {1}, the model's largest bound is {2}",
                            stat.name, Num{*stated}, Num{*ws.largestArrayBound});
                }
            }
        }
    }
    return out;
}

WorkingSet estimateWorkingSet(Context &ctx, const std::vector<AccessCost> &costs) {
    WorkingSet ws;
    ws.ramGiB = ctx.project.ramGiB;
    constexpr double kGiB = 1024.0 * 1024 * 1024;
    ws.cacheBytes = std::max(0.5 * (ctx.project.ramGiB - 1) * kGiB, 256.0 * 1024 * 1024);
    const auto &collections = ctx.analysis.collections;
    std::vector<double> hotDocs(collections.size(), 0);
    std::vector<std::vector<const IndexStat *>> usedIndexes(collections.size());
    auto useIndex = [&](std::size_t c, const IndexStat *index) {
        auto &list = usedIndexes[c];
        if (std::find(list.begin(), list.end(), index) == list.end())
            list.push_back(index);
    };
    const double window = ctx.s.hotWindowSeconds;
    for (std::size_t i = 0; i < ctx.plans.size() && i < costs.size(); ++i) {
        const PatternPlan &plan = ctx.plans[i];
        if (plan.collection < 0 || plan.pattern->frequencyPerSecond <= 0)
            continue;
        const auto c = static_cast<std::size_t>(plan.collection);
        const AccessPattern &q = *plan.pattern;
        const double documents = std::max(1.0, collections[c].documents);
        const double touches = q.frequencyPerSecond * window;
        if (q.operation == Operation::Insert) {
            hotDocs[c] += touches; // every insert is a new, hot document
        } else {
            // Uniform access over the values of the equality fields: the
            // pattern reaches at most its per-execution documents for each
            // value, and repeated touches of the same documents count once.
            const double perExecution = std::max(
                1.0, std::min(documents, q.kind == AccessKind::Read ? costs[i].docsExamined : costs[i].documentsTouched));
            double values = 1;
            for (double sel : plan.selectivity)
                values /= sel;
            const double reachable = std::min(documents, std::max(1.0, values) * perExecution);
            hotDocs[c] += reachable * (1 - std::exp(-touches * perExecution / reachable));
        }
        if (plan.index)
            useIndex(c, plan.index);
        if (plan.pattern->operation == Operation::Insert && !collections[c].indexes.empty())
            useIndex(c, &collections[c].indexes.front());
    }
    for (std::size_t c = 0; c < collections.size(); ++c) {
        const double docs = std::min(collections[c].documents, hotDocs[c]);
        ws.hotDocumentBytes += docs * collections[c].avgDocumentBytes;
        for (const IndexStat *index : usedIndexes[c])
            ws.indexBytes += index->estimatedBytes;
    }
    ws.totalBytes = ws.hotDocumentBytes + ws.indexBytes;
    ws.fits = ws.totalBytes <= ws.cacheBytes;
    ws.hotWindowSeconds = window;
    if (!ws.fits) {
        Finding &f = ctx.add(rule::kWorkingSet, Context::projectTarget(ctx.project),
                             "working set {0} (hot documents {1} + indexes {2}) exceeds the {3} WiredTiger cache of a "
                             "{4} GiB node",
                             Bytes{ws.totalBytes}, Bytes{ws.hotDocumentBytes}, Bytes{ws.indexBytes},
                             Bytes{ws.cacheBytes}, Num{ctx.project.ramGiB});
        f.reasonPhrase = ws.sayAssumptions(f.words);
    }
    return ws;
}

} // namespace docshape::advisor
