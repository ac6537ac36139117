#include "exercise/ClassSummary.h"

#include <algorithm>

namespace docshape::exercise {

std::vector<CheckTally> classSummary(const std::vector<Grade> &grades) {
    std::vector<CheckTally> out;
    for (const Grade &g : grades)
        for (const CheckResult &c : g.checks) {
            auto it = std::find_if(out.begin(), out.end(), [&](const CheckTally &t) { return t.id == c.id; });
            if (it == out.end()) {
                out.push_back(CheckTally{c.id, c.says, 0, 0});
                it = out.end() - 1;
            }
            ++it->graded;
            if (!c.passed)
                ++it->failed;
        }
    std::stable_sort(out.begin(), out.end(),
                     [](const CheckTally &a, const CheckTally &b) { return a.failed > b.failed; });
    return out;
}

} // namespace docshape::exercise
