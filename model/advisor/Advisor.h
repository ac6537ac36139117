#pragma once

#include "advisor/Advice.h"
#include "core/Project.h"
#include "estimate/Analysis.h"

#include <vector>

namespace docshape {

// The advisor of DESIGN.md: reads the stated workload and the model and
// says, with numbers and reasons, what will hurt. `analysis` must be
// analyze(project); both must outlive nothing (the result owns its data).
// Runs in time linear in the size of the model: every lookup goes through
// maps built once.
Advice advise(const Project &project, const Analysis &analysis);

// The findings alone (what `docshape-cli lint` prints).
std::vector<Finding> lint(const Project &project, const Analysis &analysis);

// True when some finding is at least `level`.
bool reaches(const std::vector<Finding> &findings, Severity level);

} // namespace docshape
