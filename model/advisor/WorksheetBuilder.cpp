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
    for (std::size_t ci = 0; ci < collections.size(); ++ci) {
        const int c = static_cast<int>(ci);
        const CollectionStat &stat = collections[ci];
        const CollectionShape &shape = ctx.shape(c);
        Worksheet ws;
        ws.collection = stat.name;
        ws.rootEntityId = stat.rootEntityId;

        std::vector<const AccessPattern *> reads, writes;
        for (const AccessPattern *q : ctx.patternsOn(c))
            (q->kind == AccessKind::Read ? reads : writes).push_back(q);
        auto byFrequency = [](const AccessPattern *a, const AccessPattern *b) {
            return a->frequencyPerSecond > b->frequencyPerSecond;
        };
        std::stable_sort(reads.begin(), reads.end(), byFrequency);
        std::stable_sort(writes.begin(), writes.end(), byFrequency);
        for (std::size_t i = 0; i < reads.size() && i < kTopRows; ++i)
            ws.topReads.push_back(cat(reads[i]->name, " (", Rate{reads[i]->frequencyPerSecond}, ")"));
        for (std::size_t i = 0; i < writes.size() && i < kTopRows; ++i)
            ws.topWrites.push_back(cat(writes[i]->name, " (", Rate{writes[i]->frequencyPerSecond}, ")"));
        for (const AccessPattern *q : ctx.patternsOn(c)) {
            const PatternPlan &plan = ctx.plans[static_cast<std::size_t>(q - first)];
            for (const auto &p : plan.equality)
                addUnique(ws.filterFields, p);
            for (const auto &p : q->range)
                addUnique(ws.filterFields, p);
            for (const auto &k : q->sort)
                addUnique(ws.sortFields, cat(k.path, k.direction < 0 ? " (descending)" : " (ascending)"));
        }

        ws.documentBytes = stat.avgDocumentBytes;
        ws.maxDocumentBytes = stat.maxDocumentBytes;
        ws.hasArrays = !stat.arrays.empty();
        std::optional<double> largest = 0.0;
        for (const auto &a : stat.arrays) {
            std::string row = cat(a.path, ": avg ", Num{a.avgCount});
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
                append(row, cat(", max ", Num{static_cast<double>(*a.maxCount)}, " (enforced by ", toString(enforcer),
                                ")"));
                if (largest)
                    largest = std::max(*largest, static_cast<double>(*a.maxCount));
            } else {
                row += ", unbounded";
                largest.reset();
            }
            if (a.growthPerDay > 0)
                append(row, cat(", +", Num{a.growthPerDay}, " per document per day"));
            ws.arrayBounds.push_back(std::move(row));
        }
        if (ws.hasArrays)
            ws.largestArrayBound = largest;

        const Entity *root = stat.kind == CollectionKind::Entity ? shape.root : nullptr;
        std::string boundary = cat("one ", stat.name, " document");
        if (stat.kind == CollectionKind::Junction) {
            boundary += ": one pair";
        } else if (shape.root) {
            boundary += ": ";
            boundary += shape.root->name;
            bool first = true;
            for (const auto &id : shape.embeddedEntityIds)
                if (const Entity *e = ctx.entity(id); e && e != shape.root) {
                    boundary += first ? " with " : ", ";
                    boundary += e->name;
                    first = false;
                }
        }
        ws.atomicUpdateBoundary = boundary;

        if (stat.kind == CollectionKind::Junction) {
            ws.deletion = "pairs are deleted when either side is";
        } else if (shape.root) {
            ws.deletion = std::string(toString(shape.root->deletion));
            if (!shape.embeddedEntityIds.empty())
                ws.deletion += "; embedded data goes with its document";
        }
        switch (ctx.project.tenancy) {
        case Tenancy::None:
            ws.tenantScope = "single tenant";
            break;
        case Tenancy::SharedCollection:
            if (shape.root && shape.root->tenantScoped)
                ws.tenantScope = "shared collection, scoped by " + ctx.project.tenantField +
                                 (ctx.hasTenantField(c) ? "" : " (field missing)");
            else
                ws.tenantScope = "shared by all tenants (not tenant-scoped)";
            break;
        case Tenancy::DatabasePerTenant:
            ws.tenantScope = "one database per tenant (" + number(ctx.project.tenantCount) + ")";
            break;
        case Tenancy::CollectionPerTenant:
            ws.tenantScope = "one collection per tenant (" + number(ctx.project.tenantCount) + ")";
            break;
        }
        if (shape.root && shape.root->retentionDays)
            ws.retention = cat(Num{*shape.root->retentionDays}, " days");
        else
            ws.retention = "kept forever";
        ws.indexes.reserve(stat.indexes.size());
        for (std::size_t k = 0; k < stat.indexes.size(); ++k) {
            const IndexStat &index = stat.indexes[k];
            ws.indexes.push_back(index.name);
            if (const IndexSpec *spec = ctx.specOf(c, k); spec && spec->expireAfterSeconds)
                ws.retention += "; TTL index " + index.name + " expires documents after " +
                                number(static_cast<double>(*spec->expireAfterSeconds)) + " s";
        }
        if (shape.root && shape.root->timeSeries && shape.root->timeSeries->expireAfterSeconds)
            ws.retention += "; time-series expireAfterSeconds " +
                            number(static_cast<double>(*shape.root->timeSeries->expireAfterSeconds));

        if (root) {
            ws.statedDocumentBytes = root->stated.documentBytes;
            ws.statedMaxArrayCount = root->stated.maxArrayCount;
            ws.statedAtomicUpdateBoundary = root->stated.atomicUpdateBoundary;
            auto target = [root] { return Context::entityTarget(*root); };
            if (ws.statedDocumentBytes &&
                ratio(*ws.statedDocumentBytes, ws.documentBytes) >= ctx.s.mismatchRatio) {
                const std::string text = "expected document size: stated " + bytesText(*ws.statedDocumentBytes) +
                                         ", estimated " + bytesText(ws.documentBytes);
                ws.mismatches.push_back(text);
                ctx.add(rule::kWorksheetMismatch, target(), stat.name + " worksheet, " + text,
                        "A factor of " + number(ratio(*ws.statedDocumentBytes, ws.documentBytes)) +
                            " (threshold " + number(ctx.s.mismatchRatio) + ").");
            }
            if (ws.statedMaxArrayCount) {
                std::string text;
                if (ws.hasArrays && !ws.largestArrayBound)
                    text = "expected array bounds: stated at most " + number(*ws.statedMaxArrayCount) +
                           ", but an array has no maximum in the model";
                else if (!ws.hasArrays)
                    text = "expected array bounds: stated " + number(*ws.statedMaxArrayCount) +
                           ", but the documents have no arrays";
                else if (ratio(*ws.statedMaxArrayCount, *ws.largestArrayBound) >= ctx.s.mismatchRatio)
                    text = "expected array bounds: stated " + number(*ws.statedMaxArrayCount) +
                           ", the model's largest bound is " + number(*ws.largestArrayBound);
                if (!text.empty()) {
                    ws.mismatches.push_back(text);
                    ctx.add(rule::kWorksheetMismatch, target(), stat.name + " worksheet, " + text);
                }
            }
        }
        out.push_back(std::move(ws));
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
    ws.assumptions = "WiredTiger cache = max(50% of (" + number(ctx.project.ramGiB) +
                     " GiB RAM - 1 GB), 256 MB) = " + bytesText(ws.cacheBytes) +
                     ". Hot documents: the distinct documents the access patterns examine or write within " +
                     number(window) + " s, at their average size, assuming uniform access over the values of "
                     "each pattern's equality fields (a limited query reaches only its first documents per "
                     "value); every insert is hot; "
                     "indexes: every index an access pattern uses, whole (estimated size).";
    if (!ws.fits)
        ctx.add(rule::kWorkingSet, Context::projectTarget(ctx.project),
                "working set " + bytesText(ws.totalBytes) + " (hot documents " + bytesText(ws.hotDocumentBytes) +
                    " + indexes " + bytesText(ws.indexBytes) + ") exceeds the " + bytesText(ws.cacheBytes) +
                    " WiredTiger cache of a " + number(ctx.project.ramGiB) + " GiB node",
                ws.assumptions);
    return ws;
}

} // namespace docshape::advisor
