#include "advisor/Advisor.h"

#include "advisor/AdvisorContext.h"

#include <algorithm>

namespace docshape {

Advice advise(const Project &project, const Analysis &analysis) {
    advisor::Context ctx(project, analysis);
    Advice advice;
    advisor::planAccessPatterns(ctx);
    advice.accessPatterns = advisor::costAccessPatterns(ctx);
    advice.suggestedIndexes = advisor::suggestIndexes(ctx);
    advisor::checkModelRules(ctx);
    advice.relationships = advisor::adviseRelationships(ctx);
    advice.worksheets = advisor::buildWorksheets(ctx);
    advisor::checkWorkloadRules(ctx, advice.accessPatterns, advice.suggestedIndexes);
    advice.workingSet = advisor::estimateWorkingSet(ctx, advice.accessPatterns);
    // Most severe first, then by rule id; within a rule, model order.
    std::stable_sort(ctx.findings.begin(), ctx.findings.end(), [](const Finding &a, const Finding &b) {
        if (a.severity != b.severity)
            return a.severity > b.severity;
        return a.id < b.id;
    });
    advice.findings = std::move(ctx.findings);
    return advice;
}

std::vector<Finding> lint(const Project &project, const Analysis &analysis) {
    return advise(project, analysis).findings;
}

bool reaches(const std::vector<Finding> &findings, Severity level) {
    return std::any_of(findings.begin(), findings.end(), [level](const Finding &f) { return f.severity >= level; });
}

} // namespace docshape
