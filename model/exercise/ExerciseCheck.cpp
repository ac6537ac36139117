#include "exercise/ExerciseCheck.h"

#include "advisor/Advisor.h"
#include "estimate/Analysis.h"
#include "exercise/CheckKinds.h"

#include <algorithm>

namespace docshape::exercise {

bool Grade::passed() const { return failures() == 0; }

std::size_t Grade::failures() const {
    return static_cast<std::size_t>(
        std::count_if(checks.begin(), checks.end(), [](const CheckResult &c) { return !c.passed; }));
}

Grade grade(const Exercise &exercise, const Project &submission) {
    const Analysis analysis = analyze(submission);
    const Advice advice = advise(submission, analysis);
    return grade(exercise, submission, analysis, advice);
}

Grade grade(const Exercise &exercise, const Project &submission, const Analysis &analysis, const Advice &advice) {
    const CheckContext ctx{exercise, submission, analysis, advice};
    Grade g;
    g.exerciseId = exercise.id;
    g.checks.reserve(exercise.checks.size() + 5);
    for (const CheckSpec &spec : exercise.checks)
        g.checks.push_back(runCheck(spec, ctx));
    for (CheckResult &c : explanationChecks(ctx))
        g.checks.push_back(std::move(c));
    return g;
}

} // namespace docshape::exercise
