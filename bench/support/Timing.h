#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <sched.h>
#include <time.h>
#include <vector>

// What the model benchmarks share: the median and the slowest of a run of
// wall-clock timings, the median CPU time of this thread beside them (the
// work runs on it alone; on a busy machine wall time also counts the time
// the thread waited for a CPU), and a line that says on how many CPUs they
// ran (run a benchmark under `taskset -c 0` for the figure on one CPU).
namespace docshape::bench {

struct Timings {
    double medianMs = 0; // wall
    double worstMs = 0;  // wall
    double cpuMs = 0;    // median CPU time of this thread
    int runs = 0;
};

inline double threadCpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Times work() `runs` times from the call to its result; the result is freed
// outside the timing.
template <typename Work> Timings timeRuns(int runs, Work work) {
    std::vector<double> wall, cpu;
    wall.reserve(static_cast<std::size_t>(runs));
    cpu.reserve(static_cast<std::size_t>(runs));
    for (int i = 0; i < runs; ++i) {
        const double cpuStart = threadCpuMs();
        const auto start = std::chrono::steady_clock::now();
        auto result = work();
        wall.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
        cpu.push_back(threadCpuMs() - cpuStart);
        (void)result;
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], wall.back(), cpu[cpu.size() / 2], runs};
}

inline int cpusAllowed() {
    cpu_set_t set;
    CPU_ZERO(&set);
    return sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : 0;
}

inline void printCpus() {
    const int cpus = cpusAllowed();
    std::printf("single thread; the process may run on %d CPU%s%s\n", cpus, cpus == 1 ? "" : "s",
                cpus == 1 ? " (pinned)" : "");
}

inline void printTimings(const char *what, const Timings &t) {
    std::printf("%-50s median %7.3f ms, worst %7.3f ms; CPU median %6.3f ms (%d runs)\n", what, t.medianMs,
                t.worstMs, t.cpuMs, t.runs);
}

} // namespace docshape::bench
