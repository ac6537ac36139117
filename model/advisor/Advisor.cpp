#include "advisor/Advisor.h"

#include "advisor/AdvisorContext.h"

#include <algorithm>

namespace docshape {

namespace advisor {

Advice advise(const Project &project, const Analysis &analysis, Keep keep, Memo *memo, const AnalysisChange *change) {
    Context ctx(project, analysis);
    Carry carry = memo && change ? Carry(ctx, *memo, *change) : Carry();
    if (memo)
        ctx.expectFindings(memo->last.findings.size());
    Advice advice;
    checkProjectRules(ctx);
    // Entity by entity: the field rules, then the stated sizes.
    FieldRules fields;
    for (std::size_t e = 0; e < project.entities.size(); ++e)
        carry.run(ctx, Carry::Fields, e, [&] {
            const bool copies = fields.check(ctx, project.entities[e]);
            if (carry.memo())
                carry.memo()->copies[e] = copies;
        });
    for (std::size_t e = 0; e < project.entities.size(); ++e)
        carry.run(ctx, Carry::StatedSizes, e, [&] { checkStatedSizes(ctx, project.entities[e]); });
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
        // A collection whose plans and rules the memo carries over needs
        // no view of it.
        const Span<const AccessPattern *> on = ctx.patternsOn(static_cast<int>(c));
        const bool carried = carry.carries(Carry::Collection, c) &&
                             std::all_of(on.begin(), on.end(), [&](const AccessPattern *q) {
                                 return carry.carriesPlan(ctx.position(*q));
                             });
        ctx.enter(static_cast<int>(c), !carried);
        for (const AccessPattern *q : on) {
            const std::size_t i = ctx.position(*q);
            AccessCost &cost = advice.accessPatterns[i];
            if (!carry.restorePlan(ctx, i, cost)) {
                planPattern(ctx, *q);
                cost = costPattern(ctx, ctx.plans[i]);
                carry.keepPlan(ctx, i);
            }
            workingSet.add(ctx.plans[i], cost);
        }
        // Lint still builds the worksheet: a finding comes from building it.
        Worksheet sheet;
        const bool sheetCarried = carry.run(ctx, Carry::Collection, c, [&] {
            checkCollectionRules(ctx);
            sheet = worksheets.build(ctx);
        });
        if (keep == Keep::Everything)
            advice.worksheets[c] = sheetCarried ? carry.restoreWorksheet(c) : std::move(sheet);
    }
    // Patterns on entities no collection stores.
    for (const auto &q : project.accessPatterns)
        if (ctx.collectionOfEntity(ctx.entityOf(q)) < 0) {
            planPattern(ctx, q);
            advice.accessPatterns[ctx.position(q)] = costPattern(ctx, ctx.plans[ctx.position(q)]);
        }
    advice.suggestedIndexes = suggestIndexes(ctx);
    advice.relationships = adviseRelationships(ctx, carry);
    if (keep == Keep::Findings)
        advice.relationships.clear();
    checkWorkloadRules(ctx, advice.accessPatterns, advice.suggestedIndexes, carry);
    advice.workingSet = workingSet.finish(ctx);
    std::vector<std::uint32_t> position;
    advice.findings = ctx.takeFindings(carry.memo() ? &position : nullptr);
    carry.finish(ctx, position);
    return advice;
}

} // namespace advisor

Advice advise(const Project &project, const Analysis &analysis) {
    return advisor::advise(project, analysis, advisor::Keep::Everything);
}

AdviceMemo::AdviceMemo() : m_memo(std::make_unique<advisor::Memo>()) {}
AdviceMemo::~AdviceMemo() = default;
std::size_t AdviceMemo::unitsCarried() const { return m_memo->carried; }
std::size_t AdviceMemo::unitsChecked() const { return m_memo->checked; }

const Advice &advise(const Project &project, const Analysis &analysis, AdviceMemo &memo,
                     const AnalysisChange &change) {
    // The run moves what it carries over out of the last advice; the
    // moved-from rest goes when the new one takes its place.
    Advice next = advisor::advise(project, analysis, advisor::Keep::Everything, memo.m_memo.get(), &change);
    memo.m_memo->last = std::move(next);
    return memo.m_memo->last;
}

std::vector<Finding> lint(const Project &project, const Analysis &analysis) {
    return advisor::advise(project, analysis, advisor::Keep::Findings).findings;
}

bool reaches(const std::vector<Finding> &findings, Severity level) {
    return std::any_of(findings.begin(), findings.end(), [level](const Finding &f) { return f.severity >= level; });
}

} // namespace docshape
