#include "advisor/Advisor.h"

#include "advisor/AdvisorContext.h"
#include "core/TwoHalves.h"

#include <algorithm>
#include <iterator>
#include <memory>

namespace docshape {

namespace advisor {

Advice advise(const Project &project, const Analysis &analysis, std::size_t parallelFrom, Keep keep) {
    // The lookup tables take half a millisecond: time enough for the second
    // thread to wake for the first split.
    prepareTwoHalves(project.entities.size(), parallelFrom);
    Context ctx(project, analysis);
    // The second half of each split stage works in `other` and hands its
    // findings back after the first half's, so that they keep the order of
    // a run on one thread.
    Context other = ctx.fork();
    auto contextOf = [&](std::size_t begin) -> Context & { return begin == 0 ? ctx : other; };
    Advice advice;
    checkProjectRules(ctx);
    inTwoHalves(project.entities.size(), parallelFrom,
                [&](std::size_t begin, std::size_t end) { checkFieldRules(contextOf(begin), begin, end); });
    ctx.absorb(other);
    checkReferenceRules(ctx);

    // Collection by collection, so that each one's statistics, indexes and
    // patterns are read while they are in cache: plan and cost its
    // patterns, then its rules and its worksheet.
    const std::size_t collections = analysis.collections.size();
    advice.accessPatterns.resize(project.accessPatterns.size());
    if (keep == Keep::Everything)
        advice.worksheets.resize(collections);
    WorkingSetEstimate workingSet(ctx);
    inTwoHalves(collections, parallelFrom, [&](std::size_t begin, std::size_t end) {
        Context &walker = contextOf(begin);
        WorksheetBuilder worksheets;
        for (std::size_t c = begin; c < end; ++c) {
            if (c + 2 < end)
                walker.prefetchStats(static_cast<int>(c + 2));
            if (c + 1 < end)
                walker.prefetchKeys(static_cast<int>(c + 1));
            walker.enter(static_cast<int>(c));
            for (const AccessPattern *q : walker.patternsOn(static_cast<int>(c))) {
                planPattern(walker, *q);
                const PatternPlan &plan = walker.plans[walker.position(*q)];
                AccessCost &cost = advice.accessPatterns[walker.position(*q)];
                cost = costPattern(walker, plan);
                workingSet.add(plan, cost);
            }
            checkCollectionRules(walker);
            if (keep == Keep::Everything)
                advice.worksheets[c] = worksheets.build(walker);
            else
                (void)worksheets.build(walker);
        }
    });
    ctx.absorb(other);
    // Patterns on entities no collection stores.
    for (const auto &q : project.accessPatterns)
        if (ctx.collectionOfEntity(ctx.entityOf(q)) < 0) {
            planPattern(ctx, q);
            advice.accessPatterns[ctx.position(q)] = costPattern(ctx, ctx.plans[ctx.position(q)]);
        }
    advice.suggestedIndexes = suggestIndexes(ctx);
    std::vector<RelationshipAdvice> later;
    inTwoHalves(project.relationships.size(), parallelFrom, [&](std::size_t begin, std::size_t end) {
        std::vector<RelationshipAdvice> &out = begin == 0 ? advice.relationships : later;
        adviseRelationships(contextOf(begin), begin, end, out);
        if (keep == Keep::Findings)
            out.clear();
    });
    std::move(later.begin(), later.end(), std::back_inserter(advice.relationships));
    ctx.absorb(other);
    checkWorkloadRules(ctx, advice.accessPatterns, advice.suggestedIndexes, parallelFrom);
    advice.workingSet = workingSet.finish(ctx);
    advice.findings = ctx.takeFindings();
    return advice;
}

namespace {

// Frees what each item of `items` holds, in two halves on two threads,
// leaving default items, which are trivial to destroy.
template <typename T> void releaseInTwoHalves(std::vector<T> &items) {
    inTwoHalves(items.size(), kSplitFrom, [&](std::size_t begin, std::size_t end) {
        for (std::size_t i = begin; i < end; ++i) {
            std::destroy_at(&items[i]);
            std::construct_at(&items[i]);
        }
    });
}

} // namespace

} // namespace advisor

Advice advise(const Project &project, const Analysis &analysis) {
    return advisor::advise(project, analysis, kSplitFrom);
}

std::vector<Finding> lint(const Project &project, const Analysis &analysis) {
    Advice advice = advisor::advise(project, analysis, kSplitFrom, advisor::Keep::Findings);
    // The access costs own thousands of small strings: freed on one thread,
    // they took 0.2 ms of the large model's lint.
    advisor::releaseInTwoHalves(advice.accessPatterns);
    return std::move(advice.findings);
}

bool reaches(const std::vector<Finding> &findings, Severity level) {
    return std::any_of(findings.begin(), findings.end(), [level](const Finding &f) { return f.severity >= level; });
}

} // namespace docshape
