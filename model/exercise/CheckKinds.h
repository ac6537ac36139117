#pragma once

#include "advisor/Advice.h"
#include "core/Project.h"
#include "estimate/Analysis.h"
#include "exercise/Exercise.h"
#include "exercise/ExerciseCheck.h"
#include "util/Result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <optional>
#include <string_view>

namespace docshape::exercise {

// Internal to the exercise library: what every check reads, computed once
// per submission.
struct CheckContext {
    const Exercise &exercise;
    const Project &project;
    const Analysis &analysis;
    const Advice &advice;
};

// Whether a check's kind exists and its parameters are there with the
// right JSON types (run on load, so a broken exercise.json is an error
// with its place, not a check that always fails).
Status validateCheckSpec(const CheckSpec &spec);

// The maxItems the exported $jsonSchema `schema` sets on the array at a
// dotted path (through `items` of arrays), or nothing.
std::optional<std::uint64_t> maxItemsAt(const nlohmann::ordered_json &schema, std::string_view path);

// One check of the exercise on the submission. `spec` passed validateCheckSpec.
CheckResult runCheck(const CheckSpec &spec, const CheckContext &ctx);

// The checks of the explanation (Explanation.h): given, and each checkable
// statement against the model.
std::vector<CheckResult> explanationChecks(const CheckContext &ctx);

} // namespace docshape::exercise
