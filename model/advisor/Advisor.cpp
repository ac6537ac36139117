#include "advisor/Advisor.h"

#include "advisor/AdvisorContext.h"

#include <algorithm>

namespace docshape {

namespace advisor {

Advice advise(const Project &project, const Analysis &analysis, Keep keep) {
    Context ctx(project, analysis);
    Advice advice;
    checkProjectRules(ctx);
    checkFieldRules(ctx);
    checkReferenceRules(ctx);

    // Collection by collection, so that each one's statistics, indexes and
    // patterns are read together: plan and cost its patterns, then its
    // rules and its worksheet.
    const std::size_t collections = analysis.collections.size();
    advice.accessPatterns.resize(project.accessPatterns.size());
    if (keep == Keep::Everything)
        advice.worksheets.resize(collections);
    WorkingSetEstimate workingSet(ctx);
    WorksheetBuilder worksheets;
    for (std::size_t c = 0; c < collections; ++c) {
        ctx.enter(static_cast<int>(c));
        for (const AccessPattern *q : ctx.patternsOn(static_cast<int>(c))) {
            planPattern(ctx, *q);
            const PatternPlan &plan = ctx.plans[ctx.position(*q)];
            AccessCost &cost = advice.accessPatterns[ctx.position(*q)];
            cost = costPattern(ctx, plan);
            workingSet.add(plan, cost);
        }
        checkCollectionRules(ctx);
        // Lint still builds the worksheet: a finding comes from building it.
        Worksheet sheet = worksheets.build(ctx);
        if (keep == Keep::Everything)
            advice.worksheets[c] = std::move(sheet);
    }
    // Patterns on entities no collection stores.
    for (const auto &q : project.accessPatterns)
        if (ctx.collectionOfEntity(ctx.entityOf(q)) < 0) {
            planPattern(ctx, q);
            advice.accessPatterns[ctx.position(q)] = costPattern(ctx, ctx.plans[ctx.position(q)]);
        }
    advice.suggestedIndexes = suggestIndexes(ctx);
    advice.relationships = adviseRelationships(ctx);
    if (keep == Keep::Findings)
        advice.relationships.clear();
    checkWorkloadRules(ctx, advice.accessPatterns, advice.suggestedIndexes);
    advice.workingSet = workingSet.finish(ctx);
    advice.findings = ctx.takeFindings();
    return advice;
}

} // namespace advisor

Advice advise(const Project &project, const Analysis &analysis) {
    return advisor::advise(project, analysis, advisor::Keep::Everything);
}

std::vector<Finding> lint(const Project &project, const Analysis &analysis) {
    return advisor::advise(project, analysis, advisor::Keep::Findings).findings;
}

bool reaches(const std::vector<Finding> &findings, Severity level) {
    return std::any_of(findings.begin(), findings.end(), [level](const Finding &f) { return f.severity >= level; });
}

} // namespace docshape
