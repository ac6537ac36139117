#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"

#include <algorithm>
#include <unordered_map>

namespace docshape::advisor {

namespace {

std::string keysText(const std::vector<IndexKey> &keys) {
    std::string s = "{";
    for (std::size_t i = 0; i < keys.size(); ++i)
        s += (i ? ", " : " ") + keys[i].path + ": " + keys[i].kind;
    return s + " }";
}


} // namespace

void checkWorkloadRules(Context &ctx, const std::vector<AccessCost> &costs,
                        const std::vector<SuggestedIndex> &suggestions) {
    // The suggestion that serves each pattern, by pattern name and collection.
    std::unordered_map<std::string_view, std::vector<const SuggestedIndex *>> suggestionsByPattern;
    for (const auto &s : suggestions)
        for (const auto &name : s.accessPatterns)
            suggestionsByPattern[name].push_back(&s);
    auto suggestionFor = [&](const std::string &patternName, const std::string &collection) -> const SuggestedIndex * {
        auto it = suggestionsByPattern.find(patternName);
        if (it != suggestionsByPattern.end())
            for (const SuggestedIndex *s : it->second)
                if (s->collection == collection)
                    return s;
        return nullptr;
    };
    std::size_t writes = 0, multi = 0;
    for (std::size_t i = 0; i < ctx.plans.size(); ++i) {
        const PatternPlan &plan = ctx.plans[i];
        const AccessPattern &q = *plan.pattern;
        const AccessCost &cost = costs[i];
        if (plan.collection < 0)
            continue;
        const CollectionStat &stat = ctx.stat(plan.collection);
        auto target = [&q] { return Context::patternTarget(q); };
        const bool frequent = isFrequent(ctx, q);

        if (q.kind == AccessKind::Write) {
            ++writes;
            if (cost.collections.size() > 1) {
                ++multi;
                std::string list;
                for (const auto &c : cost.collections)
                    list += (list.empty() ? "" : ", ") + c;
                ctx.add(rule::kWriteSpansCollections, target(),
                        "'" + q.name + "' writes " + std::to_string(cost.collections.size()) + " collections (" + list +
                            "): " + cost.consistency);
            }
            // Writes per second that land on one document, spread evenly.
            double perDocument = 0;
            const bool root = stat.kind == CollectionKind::Entity && stat.rootEntityId == q.entityId;
            if (q.operation == Operation::Insert)
                perDocument = root ? 0 : q.frequencyPerSecond / std::max(1.0, stat.documents);
            else
                perDocument = q.frequencyPerSecond *
                              std::min(1.0, std::max(1.0, cost.collections.size() == 1 ? cost.documentsTouched : 1.0) /
                                                std::max(1.0, stat.documents));
            if (perDocument >= ctx.s.hotWrites)
                ctx.add(rule::kHotDocument, target(),
                        "'" + q.name + "' sends " + perSecond(perDocument) + " writes to each " + stat.name +
                            " document (" + perSecond(q.frequencyPerSecond) + " over " + number(stat.documents) +
                            " documents), over " + perSecond(ctx.s.hotWrites));
        }

        if (q.kind == AccessKind::Read && cost.lookups > 0 && frequent)
            ctx.add(rule::kFrequentLookup, target(),
                    "'" + q.name + "' joins " + std::to_string(cost.lookups) + " other collection" +
                        (cost.lookups > 1 ? "s" : "") + " at " + perSecond(q.frequencyPerSecond) + " (" +
                        std::to_string(cost.roundTrips) + " round trips or $lookup stages per read)");

        if (plan.needsIndex && !plan.index && frequent && stat.documents >= ctx.s.scanDocuments) {
            const SuggestedIndex *s = suggestionFor(q.name, stat.name);
            ctx.add(rule::kMissingIndex, target(),
                    "'" + q.name + "' scans all " + number(stat.documents) + " " + stat.name + " documents at " +
                        perSecond(q.frequencyPerSecond) + " (" + number(cost.docsExaminedPerSecond) +
                        " documents examined per second)",
                    {}, s ? "Create index " + keysText(s->keys) + " on " + stat.name + " (Equality-Sort-Range)." : "");
        }
        if (plan.index && cost.inMemorySort && frequent) {
            const SuggestedIndex *s = suggestionFor(q.name, stat.name);
            ctx.add(rule::kInMemorySort, target(),
                    "'" + q.name + "' sorts " + number(cost.docsExamined) + " documents in memory at " +
                        perSecond(q.frequencyPerSecond) + "; index " + plan.index->name + " does not give the order",
                    {}, s ? "Create index " + keysText(s->keys) + " on " + stat.name + " (Equality-Sort-Range)." : "");
        }
        if (cost.withinBudget && !*cost.withinBudget)
            ctx.add(rule::kOverLatencyBudget, target(),
                    "'" + q.name + "' needs about " + number(cost.estimatedMs) + " ms (" +
                        number(cost.docsExamined) + " documents, " + bytesText(cost.bytesRead + cost.bytesWritten) +
                        ", " + std::to_string(cost.roundTrips) + " round trips) against a budget of " +
                        number(q.latencyBudgetMs) + " ms",
                    cost.assumptions);
    }
    if (writes >= 2 && multi >= 2 && static_cast<double>(multi) / static_cast<double>(writes) >= ctx.s.multiShare)
        ctx.add(rule::kTransactionsEverywhere, Context::projectTarget(ctx.project),
                std::to_string(multi) + " of " + std::to_string(writes) +
                    " write patterns span collections and need a transaction or a consistency plan");

    // Indexes no pattern chose. Unique and TTL indexes have a job besides
    // serving queries, so they are left alone.
    std::vector<char> used(ctx.project.indexes.size(), 0);
    std::unordered_map<std::string_view, std::size_t> position;
    for (std::size_t i = 0; i < ctx.project.indexes.size(); ++i)
        position.emplace(ctx.project.indexes[i].id, i);
    for (const auto &plan : ctx.plans)
        if (plan.index && !plan.index->id.empty())
            if (auto it = position.find(plan.index->id); it != position.end())
                used[it->second] = 1;
    for (std::size_t i = 0; i < ctx.project.indexes.size(); ++i) {
        const IndexSpec &index = ctx.project.indexes[i];
        if (used[i] || index.unique || index.expireAfterSeconds)
            continue;
        const int c = ctx.collectionOf(index.entityId);
        if (c < 0)
            continue;
        FindingTarget where = Context::indexTarget(index);
        ctx.add(rule::kUnusedIndex, where,
                cat("index ", where.name, " on ", ctx.stat(c).name, " serves none of the ",
                    Num{static_cast<double>(ctx.patternsOn(c).size())}, " access patterns of the collection"));
    }
}

} // namespace docshape::advisor
