#include "advisor/Advisor.h"

#include "advisor/AdvisorContext.h"

#include <algorithm>
#include <cstdint>

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
    // Most severe first, then by rule id; within a rule, model order. Sort
    // positions, then move each finding once.
    std::vector<std::uint32_t> order(ctx.findings.size());
    for (std::uint32_t i = 0; i < order.size(); ++i)
        order[i] = i;
    std::stable_sort(order.begin(), order.end(), [&](std::uint32_t x, std::uint32_t y) {
        const Finding &a = ctx.findings[x];
        const Finding &b = ctx.findings[y];
        if (a.severity != b.severity)
            return a.severity > b.severity;
        return a.id < b.id;
    });
    advice.findings.reserve(order.size());
    for (std::uint32_t i : order)
        advice.findings.push_back(std::move(ctx.findings[i]));
    return advice;
}

std::vector<Finding> lint(const Project &project, const Analysis &analysis) {
    return advise(project, analysis).findings;
}

bool reaches(const std::vector<Finding> &findings, Severity level) {
    return std::any_of(findings.begin(), findings.end(), [level](const Finding &f) { return f.severity >= level; });
}

} // namespace docshape
