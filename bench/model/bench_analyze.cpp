// Full analysis of a large model: the estimation budget is 2 ms for the
// 1,000-collection model of bench/support/LargeModel (about 20,000 fields,
// 2,000 access patterns, 3,000 indexes), analysed as the studio analyses it
// after each edit (freed memory kept for reuse: core/Memory.h). The figure
// with the C library's default allocator settings is printed beside it.
//
// The budget is on wall time. The CPU column is the whole process's; the
// second thread is kept between runs and spins while it waits for work
// (core/TwoHalves.cpp), and the kernel adds a running thread's time to the
// process total only at its scheduler ticks, so that column is approximate.
#include "support/LargeModel.h"

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

// CPU time of the whole process: analyze may use a second thread.
double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

struct Runs {
    double wallMs = 0; // median
    double cpuMs = 0;  // median, both threads
    double minWallMs = 0;
};

Runs analyzeRuns(const Project &model, int runs, std::size_t &indexes, std::size_t &problems, double &checksum) {
    std::vector<double> wall, cpu;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuMs();
        const Analysis a = analyze(model);
        cpu.push_back(cpuMs() - cpuStart);
        wall.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        indexes = 0;
        for (const auto &c : a.collections) {
            indexes += c.indexes.size();
            checksum += c.avgDocumentBytes;
        }
        problems = a.problems.size();
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2], wall.front()};
}

} // namespace

int main(int argc, char **argv) {
    const int collections = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 51;
    const Project model = makeLargeModel(collections);

    std::size_t indexes = 0, problems = 0;
    double checksum = 0;
    // First with the C library's default allocator settings, as a one-shot
    // `docshape-cli analyze` runs; then as the studio runs it, which keeps
    // freed memory for the next analysis (core/Memory.h).
    const Runs plain = analyzeRuns(model, runs, indexes, problems, checksum);
    keepFreedMemory();
    const Runs studio = analyzeRuns(model, runs, indexes, problems, checksum);

    std::vector<double> deriveCpu;
    for (int i = 0; i < runs; ++i) {
        const double cpuStart = cpuMs();
        const Derived d = deriveCollections(model);
        deriveCpu.push_back(cpuMs() - cpuStart);
        checksum += static_cast<double>(d.collections.size());
    }
    std::sort(deriveCpu.begin(), deriveCpu.end());
    std::printf("analyze: %zu entities, %zu indexes (with _id_), %zu problems (checksum %.0f)\n",
                model.entities.size(), indexes, problems, checksum);
    std::printf("full analysis, default allocator      median %.3f ms wall, %.3f ms cpu, min %.3f ms wall over %d runs\n",
                plain.wallMs, plain.cpuMs, plain.minWallMs, runs);
    std::printf("full analysis, freed memory kept      median %.3f ms wall, %.3f ms cpu, min %.3f ms wall over %d runs"
                "   (budget 2 ms: %s)\n",
                studio.wallMs, studio.cpuMs, studio.minWallMs, runs, studio.wallMs <= 2.0 ? "ok" : "OVER");
    std::printf("  of which deriving the collection shapes  median %.3f ms cpu\n", deriveCpu[deriveCpu.size() / 2]);
    return 0;
}
