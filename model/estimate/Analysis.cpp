#include "estimate/Analysis.h"

#include "core/Memory.h"
#include "core/TwoHalves.h"
#include "estimate/BsonSize.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdint>
#include <optional>
#include <span>

namespace docshape {

namespace {

constexpr double kGrowthSearchDays = 36500; // a century: beyond it, "never"

std::string formatBytes(double bytes) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", bytes);
    return buf;
}

// One walk over a document's structure: its nesting depth (returned), its
// arrays with their dotted paths, and whether any array still grows.
int walkStructure(const ObjectShape &shape, std::string &path, std::vector<ArrayStat> &arrays, bool &grows) {
    int deepest = 0;
    auto visit = [&](const ShapeNode &n) {
        if (n.type != BsonType::Array && n.type != BsonType::Object)
            return;
        const std::size_t parentLength = path.size();
        if (parentLength)
            path += '.';
        path += n.name;
        int d = 0;
        if (n.type == BsonType::Array) {
            ArrayStat &a = arrays.emplace_back();
            a.path = path;
            a.avgCount = n.avgCount;
            a.maxCount = n.maxCount;
            a.growthPerDay = n.countGrowthPerDay;
            a.entityId = n.entityId;
            if (n.countGrowthPerDay > 0 && (!n.maxCount || n.avgCount < static_cast<double>(*n.maxCount)))
                grows = true;
            d = 1 + (n.elementType == BsonType::Object ? walkStructure(*n.object, path, arrays, grows) : 0);
        } else {
            d = walkStructure(*n.object, path, arrays, grows);
        }
        deepest = std::max(deepest, d);
        path.resize(parentLength);
    };
    for (const auto &n : shape.fields)
        visit(n);
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            visit(n);
    return 1 + deepest;
}

// First day on which f(day) >= limit, for a nondecreasing f; nullopt when not
// within a century.
template <typename F> std::optional<double> firstDayReaching(F f, double limit) {
    if (f(0.0) >= limit)
        return 0.0;
    if (f(kGrowthSearchDays) < limit)
        return std::nullopt;
    double lo = 0, hi = kGrowthSearchDays;
    while (hi - lo > 0.01) {
        const double mid = (lo + hi) / 2;
        (f(mid) >= limit ? hi : lo) = mid;
    }
    return hi;
}

int namespaceLimit(const std::string &mongoVersion) {
    int major = 0, minor = 0;
    std::sscanf(mongoVersion.c_str(), "%d.%d", &major, &minor);
    return (major > 4 || (major == 4 && minor >= 4)) ? kMaxNamespaceBytes : 120;
}

// Buffers measure() reuses from one collection to the next.
struct Scratch {
    Arena *memory = nullptr; // the thread's arena, for the statistics' lists
    std::vector<KeyBytes> keys;
    std::string path;
    std::vector<ArrayStat> arrays; // collected here, then copied once at their exact size
};

// Sizes, arrays, depth, breakdown and growth of one collection: everything
// that reads its shape. Runs as each shape is derived, while it is in cache.
void measure(const Project &project, const CollectionShape &c, CollectionStat &s, Scratch &scratch) {
    s.name = c.name;
    s.kind = c.kind;
    s.rootEntityId = c.rootEntityId;
    s.documents = c.documents;
    const double days = project.growthDays;
    double after = c.documents + c.growthPerDay * days;
    if (c.root && c.root->retentionDays)
        after = std::min(after, std::max(c.documents, c.growthPerDay * *c.root->retentionDays));
    s.documentsAfterGrowth = after;
    std::vector<KeyBytes> &keys = scratch.keys;
    const DocumentBytes bytes = documentBytes(c.shape, keys);
    s.avgDocumentBytes = bytes.avg;
    s.maxDocumentBytes = bytes.max;
    s.dataBytes = s.documents * s.avgDocumentBytes;
    bool growing = false;
    scratch.path.clear();
    scratch.arrays.clear();
    s.depth = walkStructure(c.shape, scratch.path, scratch.arrays, growing);
    const ArenaAllocator<ArrayStat> memory(scratch.memory);
    s.arrays = ArenaVector<ArrayStat>(std::make_move_iterator(scratch.arrays.begin()),
                                      std::make_move_iterator(scratch.arrays.end()), memory);

    s.breakdown = ArenaVector<FieldBytes>(memory);
    s.breakdown.reserve(c.shape.fields.size() + (c.shape.variants.empty() ? 0 : 1));
    for (std::size_t i = 0; i < c.shape.fields.size(); ++i) {
        FieldBytes &fb = s.breakdown.emplace_back();
        fb.name = c.shape.fields[i].name; // a view: the shape stays in the analysis
        fb.avgBytes = keys[i].avg;
        fb.bounded = keys[i].max.has_value();
        fb.maxBytes = keys[i].max.value_or(0);
    }
    if (!c.shape.variants.empty()) {
        FieldBytes &fb = s.breakdown.emplace_back();
        fb.name = c.shape.discriminator;
        fb.variants = true;
        for (const auto &v : c.shape.variants)
            for (const auto &n : v.fields)
                fb.avgBytes += v.share * averageElementBytes(n);
    }

    if (growing) {
        s.avgDocumentBytesAfterGrowth = averageObjectBytesAfter(c.shape, days);
        s.daysToAvgTarget = firstDayReaching(
            [&](double d) { return averageObjectBytesAfter(c.shape, d); }, kPracticalTargetBytes);
        s.daysToMaxLimit = firstDayReaching(
            [&](double d) { return largestObjectBytesAfter(c.shape, d); },
            static_cast<double>(kMaxDocumentBytes) + 1);
    } else {
        s.avgDocumentBytesAfterGrowth = s.avgDocumentBytes;
        if (s.avgDocumentBytes >= kPracticalTargetBytes)
            s.daysToAvgTarget = 0.0;
        if (s.maxDocumentBytes && *s.maxDocumentBytes > kMaxDocumentBytes)
            s.daysToMaxLimit = 0.0;
    }
    s.dataBytesAfterGrowth = s.documentsAfterGrowth * s.avgDocumentBytesAfterGrowth;
}

// The collection's indexes and the limits it breaks, after measure().
void finish(const Project &project, int nsLimit, const CollectionShape &c, std::span<const IndexSpec *const> indexes,
            CollectionStat &s, std::vector<Problem> &problems, IndexEstimator &estimator, Arena *memory) {
    s.indexes = estimator.estimate(c, indexes, problems, memory);

    if (s.maxDocumentBytes && *s.maxDocumentBytes > kMaxDocumentBytes)
        problems.push_back({"error", c.name,
                            "the largest document is " + formatBytes(static_cast<double>(*s.maxDocumentBytes)) +
                                " bytes, over the 16 MiB (16777216 bytes) BSON document limit"});
    if (s.depth > kMaxNestingDepth)
        problems.push_back({"error", c.name,
                            "documents nest " + std::to_string(s.depth) +
                                " levels deep; BSON allows at most 100"});
    if (s.indexes.size() > static_cast<std::size_t>(kMaxIndexesPerCollection))
        problems.push_back({"error", c.name,
                            std::to_string(s.indexes.size()) +
                                " indexes (with _id_); a collection can have at most 64"});
    const std::size_t nsBytes = project.database.size() + 1 + c.name.size();
    if (nsBytes > static_cast<std::size_t>(nsLimit)) {
        const std::string ns = project.database + "." + c.name;
        problems.push_back({"error", c.name,
                            "namespace '" + ns + "' is " + std::to_string(ns.size()) +
                                " bytes; MongoDB " + project.mongoVersion + " allows at most " +
                                std::to_string(nsLimit)});
    }
}

} // namespace

Analysis &Analysis::operator=(Analysis &&other) noexcept {
    if (this != &other) {
        Analysis old(std::move(*this)); // goes at the end, statistics before arenas
        memory = std::move(other.memory);
        derived = std::move(other.derived);
        collections = std::move(other.collections);
        problems = std::move(other.problems);
    }
    return *this;
}

std::string FieldBytes::label() const {
    if (!variants)
        return std::string(name);
    std::string out;
    out.reserve(name.size() + 11);
    out.append("(").append(name).append(" variants)");
    return out;
}

Analysis analyze(const Project &project) {
    // Wake the second thread while the lookup tables are built (a model of
    // that many entities is derived on two threads).
    prepareTwoHalves(project.entities.size(), kSplitFrom);
    Analysis a; // first: its arenas outlive every list below, even when unwinding
    a.memory = std::make_unique<Arena[]>(2);
    const int nsLimit = namespaceLimit(project.mongoVersion);
    std::optional<IndexesByEntity> indexesByEntity;
    // Each entity collection is measured, and its indexes estimated, as soon
    // as it is derived, while its shape is in cache, on the thread that
    // derived it. Collections whose indexes cannot be placed before every
    // collection is known (an entity stored in two), and the junction and
    // bucket collections, are finished after, on this thread.
    //
    // The second thread starts deriving while this one still builds the
    // tables below (`tables`); what it derives before they are ready it
    // measures at once, into its own list, and places and finishes once they
    // are (or, at the latest, this thread does after the derivation).
    struct Early {
        std::size_t position = 0;
        const CollectionShape *shape = nullptr; // in place for good: the collections are pre-sized
        CollectionStat stat;
    };
    struct PerThread {
        Scratch scratch;
        IndexEstimator estimator;
        std::vector<const IndexSpec *> indexes;
        std::vector<Problem> problems;
        std::vector<std::size_t> problemCollections; // per problem: its collection's position
        std::vector<Early> early;
    };
    PerThread threads[2];
    threads[0].scratch.memory = &a.memory[0];
    threads[1].scratch.memory = &a.memory[1];
    std::vector<CollectionStat> measured;
    std::vector<std::uint8_t> finished; // one writer per element
    auto finishInto = [&](PerThread &h, const CollectionShape &c, std::size_t position,
                          std::span<const IndexSpec *const> indexes) {
        finish(project, nsLimit, c, indexes, measured[position], h.problems, h.estimator, h.scratch.memory);
        h.problemCollections.resize(h.problems.size(), position);
    };
    std::atomic<bool> tablesReady{false};
    // Finds the collection's indexes, measures it into `measureInto` unless
    // that is null (measured already), and finishes it when every index of
    // it is known (else after the derivation). The index specifications are
    // found first, so that they come into the cache while it is measured.
    auto place = [&](PerThread &h, const CollectionShape &c, std::size_t position, CollectionStat *measureInto) {
        const bool placed = indexesByEntity->collect(c, h.indexes);
        if (placed)
            for (const IndexSpec *spec : h.indexes)
                prefetchBytes(spec, sizeof(IndexSpec));
        if (measureInto)
            measure(project, c, *measureInto, h.scratch);
        if (placed) {
            finishInto(h, c, position, h.indexes);
            finished[position] = 1;
        }
    };
    auto placeEarly = [&](PerThread &h) {
        for (Early &e : h.early) {
            measured[e.position] = std::move(e.stat);
            place(h, *e.shape, e.position, nullptr);
        }
        h.early.clear();
    };
    auto ready = [&](int thread, std::size_t position, const CollectionShape &c) {
        PerThread &h = threads[thread];
        if (!tablesReady.load(std::memory_order_acquire)) {
            Early &e = h.early.emplace_back();
            e.position = position;
            e.shape = &c;
            measure(project, c, e.stat, h.scratch);
            return;
        }
        if (!h.early.empty())
            placeEarly(h);
        place(h, c, position, &measured[position]);
    };
    // This thread builds the index placement and the statistics' places
    // while the derivation's tables are built on the second.
    auto tables = [&] {
        indexesByEntity.emplace(project);
        measured.resize(project.entities.size());
        finished.assign(project.entities.size(), 0);
        tablesReady.store(true, std::memory_order_release);
    };
    a.derived = deriveCollections(project, ready, tables);
    for (PerThread &h : threads) // both threads are done
        placeEarly(h);
    const std::size_t n = a.derived.collections.size();
    measured.resize(n);
    finished.resize(n, 0);
    std::optional<IndexesByCollection> indexes;
    for (std::size_t i = 0; i < n; ++i) {
        if (finished[i])
            continue;
        const CollectionShape &c = a.derived.collections[i];
        if (c.kind != CollectionKind::Entity)
            measure(project, c, measured[i], threads[0].scratch);
        if (!indexes)
            indexes.emplace(project, a.derived);
        finishInto(threads[0], c, i, indexes->of(i));
    }
    a.collections = std::move(measured);

    // Problems: the derivation's, then each collection's in collection order.
    a.problems.reserve(a.derived.problems.size() + threads[0].problems.size() + threads[1].problems.size());
    for (const auto &p : a.derived.problems)
        a.problems.push_back({"error", "", p});
    std::vector<std::pair<std::size_t, Problem *>> order;
    for (PerThread &h : threads)
        for (std::size_t k = 0; k < h.problems.size(); ++k)
            order.emplace_back(h.problemCollections[k], &h.problems[k]);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto &x, const auto &y) { return x.first < y.first; });
    for (auto &[position, problem] : order)
        a.problems.push_back(std::move(*problem));
    return a;
}

} // namespace docshape
