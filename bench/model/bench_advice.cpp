// The advisor on a large model: lint and full advice (costs, decisions,
// suggested indexes, worksheets, working set) on the generated
// 1,000-collection model must take at most 5 ms. analyze() is timed beside
// it, as the input the advisor needs, but is not part of the budget.
//
// The advisor runs its larger stages in two halves on two threads, so the
// budget is on wall-clock time; the process CPU time (both threads) is
// printed beside it, as is this thread's. The second thread is kept between
// runs and spins while it waits for a half (core/TwoHalves.cpp); the kernel
// adds a running thread's time to the process total only at its scheduler
// ticks, so the process column is approximate. On a loaded machine the wall
// time suffers first: compare this thread's CPU column, and rerun when the
// machine is quiet. Each time is from the call to its result; the time to
// free the result afterwards is the last column.
//
// As bench_analyze, it measures lint once with the C library's default
// allocator settings and then as the studio runs it, keeping freed memory
// for the next run (core/Memory.h); the budget is on the studio's figures.
#include "support/LargeModel.h"

#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "core/Memory.h"
#include "estimate/Analysis.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <time.h>
#include <vector>

using namespace docshape;

namespace {

double cpuMs(clockid_t clock) {
    timespec t{};
    clock_gettime(clock, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

struct Timing {
    double wallMs;
    double processMs; // CPU time of the whole process: both threads
    double threadMs;  // CPU time of this thread
    double freeMs;    // wall time to free the result afterwards (not in the others)
};

// Median wall-clock, process CPU and thread CPU time of work(), each its
// own median. As in bench_analyze, the clock stops when work() has returned
// its result; freeing the result is timed apart (the studio frees the
// previous advice when the next one replaces it, after computing it).
template <typename Work> Timing median(int runs, Work work) {
    std::vector<double> wall, process, thread, freeing;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double processStart = cpuMs(CLOCK_PROCESS_CPUTIME_ID);
        const double threadStart = cpuMs(CLOCK_THREAD_CPUTIME_ID);
        {
            auto result = work();
            thread.push_back(cpuMs(CLOCK_THREAD_CPUTIME_ID) - threadStart);
            process.push_back(cpuMs(CLOCK_PROCESS_CPUTIME_ID) - processStart);
            wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        }
        freeing.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count() -
                          wall.back());
    }
    for (auto *v : {&wall, &process, &thread, &freeing})
        std::sort(v->begin(), v->end());
    return {wall[wall.size() / 2], process[process.size() / 2], thread[thread.size() / 2],
            freeing[freeing.size() / 2]};
}

bool report(const char *what, Timing t, double budget) {
    const bool ok = budget <= 0 || t.wallMs <= budget;
    std::printf("%-40s %8.2f ms wall %8.2f ms process cpu %8.2f ms thread cpu %6.2f ms to free", what, t.wallMs,
                t.processMs, t.threadMs, t.freeMs);
    if (budget > 0)
        std::printf("   (budget %.0f ms wall: %s)", budget, ok ? "ok" : "OVER");
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

    report("analyze (input, not budgeted)", median(runs, [&] { return analyze(model); }), 0);
    report("lint, default allocator", median(runs, [&] { return lint(model, analysis); }), 0);
    keepFreedMemory();
    bool ok = report("lint", median(runs, [&] { return lint(model, analysis); }), 5);
    ok &= report("full advice", median(runs, [&] {
                     Advice advice = advise(model, analysis);
                     if (advice.worksheets.size() != analysis.collections.size())
                         std::abort();
                     return advice;
                 }),
                 5);
    report("full advice + JSON (analyze --json part)", median(runs, [&] {
               nlohmann::ordered_json j;
               appendAdvice(j, advise(model, analysis));
               return j;
           }),
           0);
    return ok ? 0 : 1;
}
