// reanalyze (issue 16: the analysis recomputed for what an edit touched)
// equals analyze, the whole analysis, after every edit of a random series
// on each bundled example (test::randomEdit): field sizes and presence,
// counts and growth, relationship parameters (embedded arrays, extended
// references, subsets, buckets, references), indexes changed or removed,
// fields added or renamed, entities renamed, access patterns (which the
// analysis does not read). The oracle is the full analysis of the edited
// project.
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "support/RandomEdits.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace docshape;

namespace {

void requireSame(const Analysis &incremental, const Analysis &full) {
    REQUIRE(incremental.collections.size() == full.collections.size());
    // The shapes, kept or derived again, as derived afresh.
    REQUIRE(incremental.derived.collections.size() == full.derived.collections.size());
    for (std::size_t i = 0; i < full.derived.collections.size(); ++i) {
        INFO("shape of collection " << full.derived.collections[i].name);
        CHECK(incremental.derived.collections[i] == full.derived.collections[i]);
    }
    CHECK(incremental.derived.problems == full.derived.problems);
    for (std::size_t i = 0; i < full.collections.size(); ++i) {
        INFO("collection " << full.collections[i].name);
        CHECK(incremental.collections[i] == full.collections[i]);
    }
    CHECK(incremental.problems == full.problems);
    CHECK(incremental.problemsPerCollection == full.problemsPerCollection);
    CHECK(incremental.documentTargetBytes == full.documentTargetBytes);
    CHECK(incremental.maxDocumentBytes == full.maxDocumentBytes);
}

} // namespace

TEST_CASE("reanalyze after an edit equals the whole analysis, over random edits of every example",
          "[analysis][reanalyze]") {
    const std::vector<std::string> examples = test::examplePaths();
    REQUIRE(examples.size() >= 7);
    std::mt19937 rng(16);
    int edits = 0;
    for (const std::string &path : examples) {
        auto loaded = loadProject(path);
        REQUIRE(loaded.ok());
        Project p = std::move(*loaded);
        Analysis current = analyze(p);
        for (int round = 0; round < 60; ++round) {
            AnalysisChange change;
            std::string what;
            if (!test::randomAcceptedEdit(p, rng, change, what))
                continue;
            INFO(path << ", round " << round << ": " << what);
            current = reanalyze(p, std::move(current), change);
            requireSame(current, analyze(p));
            ++edits;
        }
    }
    CHECK(edits > 300);
}
