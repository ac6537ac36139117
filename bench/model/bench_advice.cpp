// The advisor on the 1,000-collection model of bench/support/LargeModel:
// lint (the findings) and full advice (costs, decisions, suggested indexes,
// worksheets, working set), from an analysis made once, as the studio runs
// them after each edit (freed memory kept for reuse: util/Memory.h). The
// analysis is timed beside them, as the input the advisor needs. Prints what
// is measured and the figure; run it under `taskset -c 0` for the figures
// on one CPU.
#include "support/LargeModel.h"
#include "support/Timing.h"

#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "estimate/Analysis.h"
#include "util/Memory.h"

#include <cstdio>
#include <cstdlib>

using namespace docshape;
using namespace docshape::bench;

int main(int argc, char **argv) {
    const int collections = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 15;
    const Project model = makeLargeModel(collections);
    const Analysis analysis = analyze(model);
    const Advice sample = advise(model, analysis);
    std::printf("model: %zu collections, %zu entities, %zu relationships, %zu access patterns, %zu indexes\n",
                analysis.collections.size(), model.entities.size(), model.relationships.size(),
                model.accessPatterns.size(), model.indexes.size());
    std::printf("advice: %zu findings, %zu access costs, %zu relationship decisions, %zu suggested indexes, "
                "%zu worksheets\n",
                sample.findings.size(), sample.accessPatterns.size(), sample.relationships.size(),
                sample.suggestedIndexes.size(), sample.worksheets.size());
    printCpus();

    keepFreedMemory();
    printTimings("analysis (the advisor's input)", timeRuns(runs, [&] { return analyze(model); }));
    printTimings("lint", timeRuns(runs, [&] { return lint(model, analysis); }));
    printTimings("full advice", timeRuns(runs, [&] {
                     Advice advice = advise(model, analysis);
                     if (advice.worksheets.size() != analysis.collections.size())
                         std::abort();
                     return advice;
                 }));
    printTimings("full advice + its JSON (the analyze --json part)", timeRuns(runs, [&] {
                     nlohmann::ordered_json j;
                     appendAdvice(j, advise(model, analysis));
                     return j;
                 }));
    return 0;
}
