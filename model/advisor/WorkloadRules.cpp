#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "derive/IndexRules.h"
#include "derive/ResolvedPath.h"

#include <algorithm>
#include <unordered_map>
#include <unordered_set>

namespace docshape::advisor {

namespace {

std::string keysText(const std::vector<IndexKey> &keys) {
    std::string s = "{";
    for (std::size_t i = 0; i < keys.size(); ++i)
        s += (i ? ", " : " ") + keys[i].path + ": " + keys[i].kind;
    return s + " }";
}

// A path the server would take as a field name: not an operator or a
// wildcard, and no array position (resolvePath does not read "items.0").
bool checkablePath(std::string_view path) {
    if (path.empty() || path.find('$') != std::string_view::npos)
        return false;
    std::size_t start = 0;
    while (start <= path.size()) {
        std::size_t end = path.find('.', start);
        if (end == std::string_view::npos)
            end = path.size();
        const std::string_view part = path.substr(start, end - start);
        if (!part.empty() && std::all_of(part.begin(), part.end(), [](char c) { return c >= '0' && c <= '9'; }))
            return false;
        start = end + 1;
    }
    return true;
}

// A path the server would take as a field name that no document of
// collection c has. The tenant field is the project's, and a tenant-scoped
// query carries it whether or not the model draws it.
bool namesNoField(const Context &cx, int c, std::string_view path) {
    return checkablePath(path) && path != cx.project.tenantField && !resolvePath(cx.shape(c).shape, path);
}

} // namespace

void checkPatternPaths(Context &cx, const AccessPattern &q) {
    const int c = cx.collectionOf(q.entityId);
    if (c < 0)
        return;
    std::vector<std::string_view> paths(q.equality.begin(), q.equality.end());
    paths.insert(paths.end(), q.range.begin(), q.range.end());
    for (const auto &key : q.sort)
        paths.push_back(key.path);
    paths.insert(paths.end(), q.fieldsReturned.begin(), q.fieldsReturned.end());
    // Each path once: a set, as a search of those reported for each path
    // made 100,000 equality paths take 134 s.
    std::unordered_set<std::string_view> reported;
    for (std::string_view path : paths) {
        if (!namesNoField(cx, c, path) || !reported.insert(path).second)
            continue;
        cx.add(rule::kPathNamesNoField, Context::patternTarget(q), "'{0}' names {1}, which no {2} document has",
               q.name, std::string(path), cx.stat(c).name);
    }
}

void checkIndexPaths(Context &cx, const IndexSpec &index) {
    const int c = cx.collectionOf(index.entityId);
    if (c < 0)
        return;
    std::vector<std::string> paths;
    for (const auto &key : index.keys)
        paths.push_back(key.path);
    for (auto &field : partialFilterFields(index.partialFilter))
        if (std::find(paths.begin(), paths.end(), field) == paths.end())
            paths.push_back(std::move(field));
    for (const auto &path : paths)
        if (namesNoField(cx, c, path))
            cx.add(rule::kPathNamesNoField, Context::indexTarget(index, indexName(index)),
                   "index {0} names {1}, which no {2} document has", indexName(index), path, cx.stat(c).name);
}

void checkWorkloadRules(Context &ctx, const std::vector<AccessCost> &costs,
                        const std::vector<SuggestedIndex> &suggestions, Carry &carry) {
    // The suggestion that serves each pattern, by pattern name and collection.
    std::unordered_map<std::string_view, std::vector<const SuggestedIndex *>> suggestionsByPattern;
    for (const auto &s : suggestions)
        for (const auto &name : s.accessPatterns)
            suggestionsByPattern[name].push_back(&s);
    auto suggestionFor = [&](const std::string &patternName, const std::string &collection) -> const SuggestedIndex * {
        if (suggestionsByPattern.empty())
            return nullptr;
        auto it = suggestionsByPattern.find(patternName);
        if (it != suggestionsByPattern.end())
            for (const SuggestedIndex *s : it->second)
                if (s->collection == collection)
                    return s;
        return nullptr;
    };
    // Whether the pattern being checked read the suggestions, and the one
    // it named.
    bool readSuggestions = false;
    const SuggestedIndex *suggested = nullptr;
    auto suggestFix = [&](Finding &f, const AccessPattern &q, const CollectionStat &stat) {
        readSuggestions = true;
        suggested = suggestionFor(q.name, stat.name);
        if (suggested)
            f.fixPhrase = f.words.say("Create index {0} on {1} (Equality-Sort-Range).", keysText(suggested->keys),
                                      stat.name);
    };
    // Writes, and writes that span collections.
    std::size_t writes = 0, multi = 0;
    for (std::size_t i = 0; i < ctx.plans.size(); ++i)
        if (ctx.plans[i].collection >= 0 && costs[i].kind == AccessKind::Write) {
            ++writes;
            multi += costs[i].collections.size() > 1;
        }
    auto checkPattern = [&](Context &cx, std::size_t i) {
        const PatternPlan &plan = cx.plans[i];
        const AccessPattern &q = *plan.pattern; // read only for what a finding quotes
        const AccessCost &cost = costs[i];
        if (plan.collection < 0)
            return;
        const CollectionStat &stat = cx.stat(plan.collection);
        auto target = [&q] { return Context::patternTarget(q); };
        const bool frequent = plan.frequency >= cx.s.frequent;

        if (cost.kind == AccessKind::Write) {
            if (cost.collections.size() > 1) {
                std::string list;
                for (const auto &c : cost.collections) {
                    if (!list.empty())
                        list += ", ";
                    list += c;
                }
                cx.add(rule::kWriteSpansCollections, target(), "'{0}' writes {1} collections ({2}): {3}", q.name,
                        cost.collections.size(), std::move(list), Static{cost.consistency});
            }
            // Writes per second that land on one document, spread evenly.
            double perDocument = 0;
            const bool root = stat.kind == CollectionKind::Entity && cx.rootOf(plan.collection) == plan.entity;
            if (cost.operation == Operation::Insert)
                perDocument = root ? 0 : plan.frequency / std::max(1.0, stat.documents);
            else
                perDocument = plan.frequency *
                              std::min(1.0, std::max(1.0, cost.collections.size() == 1 ? cost.documentsTouched : 1.0) /
                                                std::max(1.0, stat.documents));
            if (perDocument >= cx.s.hotWrites)
                cx.add(rule::kHotDocument, target(),
                        "'{0}' sends {1} writes to each {2} document ({3} over {4} documents), over {5}", q.name,
                        Rate{perDocument}, stat.name, Rate{q.frequencyPerSecond}, Num{stat.documents},
                        Rate{cx.s.hotWrites});
        }

        if (cost.kind == AccessKind::Read && cost.lookups > 0 && frequent)
            cx.add(rule::kFrequentLookup, target(),
                    cost.lookups > 1
                        ? "'{0}' joins {1} other collections at {2} ({3} round trips or $lookup stages per read)"
                        : "'{0}' joins {1} other collection at {2} ({3} round trips or $lookup stages per read)",
                    q.name, cost.lookups, Rate{q.frequencyPerSecond}, cost.roundTrips);

        if (plan.needsIndex && !plan.index && frequent && stat.documents >= cx.s.scanDocuments)
            suggestFix(cx.add(rule::kMissingIndex, target(),
                               "'{0}' has no index to use: each run examines {1} of the {2} {3} documents, {4} "
                               "per second at {5}",
                               q.name, Num{cost.docsExamined}, Num{stat.documents}, stat.name,
                               Num{cost.docsExaminedPerSecond}, Rate{q.frequencyPerSecond}),
                       q, stat);
        if (plan.index && cost.inMemorySort && frequent)
            suggestFix(cx.add(rule::kInMemorySort, target(),
                               "'{0}' sorts {1} documents in memory at {2}; index {3} does not give the order",
                               q.name, Num{cost.docsExamined}, Rate{q.frequencyPerSecond}, plan.index->name),
                       q, stat);
        if (cost.withinBudget && !*cost.withinBudget) {
            Finding &f = cx.add(rule::kOverLatencyBudget, target(),
                                 "'{0}' needs about {1} ms ({2} documents, {3}, {4} round trips) against a budget "
                                 "of {5} ms",
                                 q.name, Num{cost.estimatedMs}, Num{cost.docsExamined},
                                 Bytes{cost.bytesRead + cost.bytesWritten}, cost.roundTrips,
                                 Num{q.latencyBudgetMs});
            f.reasonPhrase = f.words.say("{0}", cost.assumptions());
        }
    };
    Memo *memo = carry.memo();
    for (std::size_t i = 0; i < ctx.plans.size(); ++i) {
        // A finding that named a fix names the suggestion for the pattern,
        // which may have changed with any other pattern.
        if (memo && memo->readsSuggestions[i] && carry.carries(Carry::PatternWorkload, i)) {
            const PatternPlan &plan = ctx.plans[i];
            const SuggestedIndex *now = suggestionFor(plan.pattern->name, ctx.stat(plan.collection).name);
            const std::optional<std::vector<IndexKey>> &named = memo->suggestedKeys[i];
            if (now ? !named || now->keys != *named : named.has_value())
                carry.recheck(Carry::PatternWorkload, i);
        }
        readSuggestions = false;
        suggested = nullptr;
        if (!carry.run(ctx, Carry::PatternWorkload, i, [&] { checkPattern(ctx, i); }) && memo) {
            memo->readsSuggestions[i] = readSuggestions;
            if (suggested)
                memo->suggestedKeys[i] = suggested->keys;
            else
                memo->suggestedKeys[i].reset();
        }
    }
    if (writes >= 2 && multi >= 2 && static_cast<double>(multi) / static_cast<double>(writes) >= ctx.s.multiShare)
        ctx.add(rule::kTransactionsEverywhere, Context::projectTarget(ctx.project),
                "{0} of {1} write patterns span collections and need a transaction or a consistency plan", multi,
                writes);

    // Indexes no pattern uses. Unique and TTL indexes have a job besides
    // serving queries, so they are left alone.
    const std::vector<char> used = indexesInUse(ctx);
    auto checkIndex = [&](Context &cx, std::size_t i) {
        if (used[i])
            return;
        const IndexSpec &index = cx.project.indexes[i];
        int c = cx.indexCollection(i);
        if (c >= 0) {
            if (cx.uniqueOrTtl(i))
                return;
        } else {
            if (index.unique || index.expireAfterSeconds)
                return;
            c = cx.collectionOf(index.entityId);
            if (c < 0)
                return;
        }
        const IndexStat *indexStat = cx.statOf(i);
        std::string computed;
        const std::string &name = indexStat ? indexStat->name : (computed = indexName(index));
        cx.add(rule::kUnusedIndex, Context::indexTarget(index, name),
                "index {0} on {1} serves none of the {2} access patterns of the collection", name, cx.stat(c).name,
                Num{static_cast<double>(cx.patternsOn(c).size())});
    };
    for (std::size_t i = 0; i < ctx.project.indexes.size(); ++i) {
        if (memo && memo->indexUsed[i] != used[i])
            carry.recheck(Carry::IndexUse, i);
        carry.run(ctx, Carry::IndexUse, i, [&] { checkIndex(ctx, i); });
        if (memo)
            memo->indexUsed[i] = used[i];
    }
    // The paths of access patterns and indexes that name no key of their
    // collection's documents.
    for (std::size_t i = 0; i < ctx.project.accessPatterns.size(); ++i)
        carry.run(ctx, Carry::PatternPaths, i, [&] { checkPatternPaths(ctx, ctx.project.accessPatterns[i]); });
    for (std::size_t i = 0; i < ctx.project.indexes.size(); ++i)
        carry.run(ctx, Carry::IndexPaths, i, [&] { checkIndexPaths(ctx, ctx.project.indexes[i]); });
}

} // namespace docshape::advisor
