// The studio binds a model to its exercise in the model itself, so that a
// saved submission reopens bound (issue 21 item 4) and stays gradable.
#include "exercise/Binding.h"
#include "exercise/ExerciseCatalog.h"
#include "exercise/ExerciseCheck.h"
#include "exercise/Explanation.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::exercise;

TEST_CASE("a model bound to an exercise keeps the binding through a save and load", "[exercise]") {
    const auto &all = bundledExercises();
    REQUIRE(all);
    const Exercise *ex = findExercise(*all, "2");
    REQUIRE(ex);
    Project p = ex->start;
    CHECK(boundExercise(p).empty());
    bindExercise(p, ex->id);
    CHECK(boundExercise(p) == "author-posts");
    bindExercise(p, "audit-history"); // rebinding replaces, never adds a second decision
    CHECK(boundExercise(p) == "audit-history");
    CHECK(std::count_if(p.decisions.begin(), p.decisions.end(),
                        [](const Decision &d) { return d.title == kBindingTitle; }) == 1);

    auto reloaded = parseProject(serializeProject(p));
    REQUIRE(reloaded);
    CHECK(boundExercise(*reloaded) == "audit-history");
    // The binding is not the explanation, and grading reads neither from it.
    CHECK_FALSE(explanationOf(*reloaded));
    const Grade bound = grade(*ex, *reloaded);
    const Grade unbound = grade(*ex, ex->start);
    REQUIRE(bound.checks.size() == unbound.checks.size());
    for (std::size_t i = 0; i < bound.checks.size(); ++i)
        CHECK(bound.checks[i].passed == unbound.checks[i].passed);
}
