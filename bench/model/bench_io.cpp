// Loading and saving a large model: the .docshape budget is 100 ms to load
// and 100 ms to save a 1,000-collection model (bench/support/LargeModel).
#include "support/LargeModel.h"

#include "io/ProjectFile.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <sys/resource.h>
#include <time.h>
#include <vector>

using namespace docshape;

namespace {

double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) * 1e3 + static_cast<double>(t.tv_nsec) / 1e6;
}

// Median wall-clock and CPU time. On a shared, loaded machine the CPU time
// is the steadier figure; the wall time is what a user waits.
struct Timing {
    double wallMs;
    double cpuMs;
};

Timing median(int runs, const std::function<void()> &work) {
    std::vector<double> wall, cpu;
    for (int i = 0; i < runs; ++i) {
        const auto start = std::chrono::steady_clock::now();
        const double cpuStart = cpuMs();
        work();
        cpu.push_back(cpuMs() - cpuStart);
        const auto end = std::chrono::steady_clock::now();
        wall.push_back(std::chrono::duration<double, std::milli>(end - start).count());
    }
    std::sort(wall.begin(), wall.end());
    std::sort(cpu.begin(), cpu.end());
    return {wall[wall.size() / 2], cpu[cpu.size() / 2]};
}

std::size_t countFields(const std::vector<Field> &fields) {
    std::size_t n = fields.size();
    for (const Field &f : fields)
        n += countFields(f.fields);
    return n;
}

long peakRssKiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss; // KiB on Linux
}

void report(const char *what, Timing t, double budget) {
    std::printf("%-36s %8.2f ms wall %8.2f ms cpu%s\n", what, t.wallMs, t.cpuMs,
                budget <= 0 ? "" : t.wallMs <= budget ? "   (budget 100 ms: ok)"
                                                      : "   (budget 100 ms: OVER)");
}

} // namespace

int main(int argc, char **argv) {
    const int collections = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 9;

    const long rssBefore = peakRssKiB();
    const Project model = makeLargeModel(collections);
    std::size_t fields = 0;
    for (const Entity &e : model.entities)
        fields += countFields(e.fields);
    const std::string text = serializeProject(model);
    std::printf("model: %d collections, %zu entities, %zu fields, %zu relationships, %zu access "
                "patterns, %zu indexes; %.2f MiB of text\n",
                collections, model.entities.size(), fields, model.relationships.size(),
                model.accessPatterns.size(), model.indexes.size(),
                static_cast<double>(text.size()) / (1 << 20));

    if (const Status valid = validateProject(model); !valid) {
        std::printf("generated model is invalid: %s\n", valid.error().toString().c_str());
        return 1;
    }
    if (auto back = parseProject(text); !back || !(*back == model)) {
        std::printf("round trip failed: %s\n",
                    back ? "projects differ" : back.error().toString().c_str());
        return 1;
    }
    std::printf("median of %d runs:\n", runs);

    report("parse (JSON + read + validate)", median(runs, [&] {
               auto p = parseProject(text);
               if (!p)
                   std::abort();
           }),
           100);
    report("  of which validateProject", median(runs, [&] {
               if (!validateProject(model))
                   std::abort();
           }),
           0);
    report("serialize", median(runs, [&] {
               if (serializeProject(model).size() != text.size())
                   std::abort();
           }),
           100);

    const auto dir = std::filesystem::temp_directory_path() / "docshape-bench-io";
    std::filesystem::create_directories(dir);
    const std::string path = (dir / "large.docshape").string();
    report("save (validate + serialize + fsync)", median(runs, [&] {
               if (!saveProject(model, path))
                   std::abort();
           }),
           100);
    report("load from disk", median(runs, [&] {
               if (!loadProject(path))
                   std::abort();
           }),
           100);
    std::filesystem::remove_all(dir);

    const long rssAfter = peakRssKiB();
    std::printf("peak RSS: %.1f MiB (%.1f MiB at start)\n", rssAfter / 1024.0, rssBefore / 1024.0);
    return 0;
}
