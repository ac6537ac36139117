#pragma once

#include "core/Project.h"

#include <string>
#include <string_view>

namespace docshape::exercise {

// Which exercise a model is the student's work on. Like the explanation, the
// binding travels in the model itself, as the decision titled
// kBindingTitle whose text is "exercise: <id>", so that a saved submission
// reopens bound to its exercise and `exercise check` needs no other file.
inline constexpr std::string_view kBindingTitle = "Workshop exercise";

// The id the model is bound to, or empty when it is bound to none.
std::string boundExercise(const Project &project);

// `project` bound to the exercise `id` (the decision replaced or added).
void bindExercise(Project &project, std::string_view id);

} // namespace docshape::exercise
