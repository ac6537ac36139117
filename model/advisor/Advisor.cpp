#include "advisor/Advisor.h"

#include "advisor/AdvisorContext.h"

#include <algorithm>

namespace docshape {

Advice advise(const Project &project, const Analysis &analysis) {
    advisor::Context ctx(project, analysis);
    Advice advice;
    advisor::checkProjectRules(ctx);
    // Collection by collection, so that each one's statistics, indexes and
    // patterns are read while they are in cache: plan and cost its
    // patterns, then its rules and its worksheet.
    advice.accessPatterns.resize(project.accessPatterns.size());
    advice.worksheets.reserve(analysis.collections.size());
    advisor::WorkingSetEstimate workingSet(ctx);
    advisor::WorksheetBuilder worksheets;
    for (std::size_t c = 0; c < analysis.collections.size(); ++c) {
        ctx.enter(static_cast<int>(c));
        for (const AccessPattern *q : ctx.patternsOn(static_cast<int>(c))) {
            advisor::planPattern(ctx, *q);
            const advisor::PatternPlan &plan = ctx.plans[ctx.position(*q)];
            AccessCost &cost = advice.accessPatterns[ctx.position(*q)];
            cost = advisor::costPattern(ctx, plan);
            workingSet.add(plan, cost);
        }
        advisor::checkCollectionRules(ctx);
        advice.worksheets.push_back(worksheets.build(ctx));
    }
    // Patterns on entities no collection stores.
    for (const auto &q : project.accessPatterns)
        if (ctx.collectionOfEntity(ctx.entityOf(q)) < 0) {
            advisor::planPattern(ctx, q);
            advice.accessPatterns[ctx.position(q)] = advisor::costPattern(ctx, ctx.plans[ctx.position(q)]);
        }
    advice.suggestedIndexes = advisor::suggestIndexes(ctx);
    advice.relationships = advisor::adviseRelationships(ctx);
    advisor::checkWorkloadRules(ctx, advice.accessPatterns, advice.suggestedIndexes);
    advice.workingSet = workingSet.finish(ctx);
    advice.findings = ctx.takeFindings();
    return advice;
}

std::vector<Finding> lint(const Project &project, const Analysis &analysis) {
    return advise(project, analysis).findings;
}

bool reaches(const std::vector<Finding> &findings, Severity level) {
    return std::any_of(findings.begin(), findings.end(), [level](const Finding &f) { return f.severity >= level; });
}

} // namespace docshape
