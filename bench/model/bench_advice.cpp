// The advisor on a large model: lint and full advice (costs, decisions,
// suggested indexes, worksheets, working set) on the generated
// 1,000-collection model must take at most 5 ms. analyze() is timed beside
// it, as the input the advisor needs, but is not part of the budget.
#include "support/LargeModel.h"

#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "estimate/Analysis.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <time.h>
#include <vector>

using namespace docshape;

namespace {

double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

struct Timing {
    double wallMs;
    double cpuMs;
};

// Median wall-clock and CPU time; on a shared machine the CPU time is the
// steadier figure.
Timing median(int runs, const std::function<void()> &work) {
    std::vector<double> wall, cpu;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuMs();
        work();
        cpu.push_back(cpuMs() - cpuStart);
        wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

bool report(const char *what, Timing t, double budget) {
    const bool ok = budget <= 0 || t.cpuMs <= budget;
    std::printf("%-40s %8.2f ms wall %8.2f ms cpu", what, t.wallMs, t.cpuMs);
    if (budget > 0)
        std::printf("   (budget %.0f ms: %s)", budget, ok ? "ok" : "OVER");
    std::printf("\n");
    return ok;
}

} // namespace

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
    std::printf("median of %d runs:\n", runs);

    report("analyze (input, not budgeted)", median(runs, [&] {
               if (analyze(model).collections.empty())
                   std::abort();
           }),
           0);
    bool ok = report("lint", median(runs, [&] { (void)lint(model, analysis); }), 5);
    ok &= report("full advice", median(runs, [&] {
                     if (advise(model, analysis).worksheets.size() != analysis.collections.size())
                         std::abort();
                 }),
                 5);
    report("full advice + JSON (analyze --json part)", median(runs, [&] {
               nlohmann::ordered_json j;
               appendAdvice(j, advise(model, analysis));
           }),
           0);
    return ok ? 0 : 1;
}
