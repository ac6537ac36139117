#pragma once

#include "exercise/Exercise.h"
#include "util/Result.h"

#include <string>
#include <string_view>
#include <vector>

namespace docshape::exercise {

// The exercise folders compiled into the program from resources/exercises
// (BundledExercises.cpp, generated at build time), so that the CLI and the
// studio find them from the build tree and when installed alike.
const std::vector<ExerciseFiles> &bundledExerciseFiles();

// The bundled exercises, parsed once, in the lesson's order. An Error only if
// a bundled file is broken (the tests load every one).
const Result<std::vector<Exercise>> &bundledExercises();

// The exercises of a folder of exercise folders (a teacher's own, laid out
// as resources/exercises), in the lesson's order.
Result<std::vector<Exercise>> loadExercises(const std::string &root);

// One exercise by id ("order-aggregate") or by number ("1"); null if none.
const Exercise *findExercise(const std::vector<Exercise> &exercises, std::string_view idOrNumber);

} // namespace docshape::exercise
