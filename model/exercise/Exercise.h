#pragma once

#include "core/Project.h"
#include "util/Result.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace docshape::exercise {

// One check of an exercise as written in its exercise.json: a stable id,
// what it asks in words, and the kind of test with its parameters (the
// names of the objects it reads, by the names the statement gives them).
// The kinds are listed in ExerciseCheck.h.
struct CheckSpec {
    std::string id;
    std::string says;
    std::string kind;
    nlohmann::json params; // the entry's other keys
};

// An exercise of the workshop (resources/exercises/<id>/): the statement, a
// starting model, hints revealed one at a time, a worked solution with its
// explanation, and the checks. A plain value.
struct Exercise {
    std::string id;    // the folder name, e.g. "order-aggregate"
    int number = 0;    // its place in the lesson, 1-10
    std::string title; // the lesson's words, e.g. "Model an order aggregate"
    std::string statement;
    std::vector<std::string> topics; // mastery checklist topics (Mastery.h)
    std::string mainRead;            // the access pattern the explanation's index must serve
    std::vector<std::string> hints;  // in the order they are revealed
    std::vector<CheckSpec> checks;
    std::string solutionExplanation; // solution.md: why the worked solution is
                                     // shaped as it is

    Project start;         // start.docshape
    Project solution;      // solution.docshape
    std::string startText; // the starting model's file text, written by `exercise start`
};

// The files of one exercise folder, by name, as read from disk or from the
// copy compiled into the program.
struct ExerciseFiles {
    std::string id;
    std::string exerciseJson;
    std::string startModel;
    std::string solutionModel;
    std::string solutionExplanation;
};

// Reads an exercise from its files, checking what a teacher could get
// wrong: unknown keys, a topic that is not on the checklist, a check with
// no id or an unknown kind, a main read the starting model lacks. Errors
// say which file and where.
Result<Exercise> parseExercise(const ExerciseFiles &files);

} // namespace docshape::exercise
