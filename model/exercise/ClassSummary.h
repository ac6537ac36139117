#pragma once

#include "exercise/ExerciseCheck.h"

#include <string>
#include <vector>

namespace docshape::exercise {

// How a class did on one check: how many of the graded submissions failed it.
struct CheckTally {
    std::string id;
    std::string says;
    std::size_t failed = 0;
    std::size_t graded = 0;
};

// One tally per check, the most failed first (ties in the exercise's order),
// over the grades of one exercise's submissions.
std::vector<CheckTally> classSummary(const std::vector<Grade> &grades);

} // namespace docshape::exercise
