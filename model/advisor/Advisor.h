#pragma once

#include "advisor/Advice.h"
#include "core/Project.h"
#include "estimate/Analysis.h"

#include <memory>
#include <vector>

namespace docshape {

// The advisor of DESIGN.md: reads the stated workload and the model and
// says, with numbers and reasons, what will hurt. `analysis` must be
// analyze(project); both must outlive nothing (the result owns its data).
// Runs in time linear in the size of the model: every lookup goes through
// maps built once.
Advice advise(const Project &project, const Analysis &analysis);

namespace advisor {
struct Memo;
}

// What advise() keeps of a run to advise again after an edit (the
// studio's): the findings of each entity's fields, each collection's rules
// and worksheet, each access pattern's and index's paths. A unit that
// nothing the edits since touched is carried over instead of checked.
class AdviceMemo {
public:
    AdviceMemo();
    ~AdviceMemo();
    AdviceMemo(const AdviceMemo &) = delete;
    AdviceMemo &operator=(const AdviceMemo &) = delete;

    // Of the last run through the memo: the units carried over, and the
    // units checked.
    std::size_t unitsCarried() const;
    std::size_t unitsChecked() const;

private:
    friend const Advice &advise(const Project &, const Analysis &, AdviceMemo &, const AnalysisChange &);
    std::unique_ptr<advisor::Memo> m_memo;
};

// advise(project, analysis) after edits that touched `change` (all of them
// since the memo's last run, AnalysisChange::add), given the memo of that
// run; keeps this run in the memo, and the advice there until the next
// run or the memo's end. Equal to advise(project, analysis) (a test checks
// it over random edits).
const Advice &advise(const Project &project, const Analysis &analysis, AdviceMemo &memo,
                     const AnalysisChange &change);

// The findings alone (what `docshape-cli lint` prints).
std::vector<Finding> lint(const Project &project, const Analysis &analysis);

// True when some finding is at least `level`.
bool reaches(const std::vector<Finding> &findings, Severity level);

} // namespace docshape
