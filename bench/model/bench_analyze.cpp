// The analysis of the 1,000-collection model of bench/support/LargeModel
// (about 20,000 fields, 2,000 access patterns, 3,000 indexes), as the studio
// runs it after each edit (freed memory kept for reuse: util/Memory.h), and
// as a one-shot `docshape-cli analyze` runs it (the C library's default
// allocator settings). Prints what is measured and the figure; run it under
// `taskset -c 0` for the figures on one CPU.
#include "support/LargeModel.h"
#include "support/Timing.h"

#include "estimate/Analysis.h"
#include "util/Memory.h"

#include <cstdio>
#include <cstdlib>

using namespace docshape;
using namespace docshape::bench;

int main(int argc, char **argv) {
    const int collections = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 51;
    const Project model = makeLargeModel(collections);

    const Analysis sample = analyze(model);
    std::size_t indexes = 0;
    for (const auto &c : sample.collections)
        indexes += c.indexes.size();
    std::printf("model: %zu entities, %zu collections, %zu indexes (with _id_), %zu problems\n",
                model.entities.size(), sample.collections.size(), indexes, sample.problems.size());
    printCpus();

    const Timings plain = timeRuns(runs, [&] { return analyze(model); });
    keepFreedMemory();
    printTimings("full analysis, as the studio runs it", timeRuns(runs, [&] { return analyze(model); }));
    printTimings("full analysis, default allocator (as the CLI)", plain);
    printTimings("  of which deriving the collection shapes", timeRuns(runs, [&] { return deriveCollections(model); }));
    return 0;
}
