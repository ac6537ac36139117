#include "estimate/Analysis.h"

#include "core/Thresholds.h"
#include "derive/IndexRules.h"
#include "estimate/BsonSize.h"
#include "estimate/IndexEstimator.h"
#include "util/Units.h"

#include <algorithm>
#include <atomic>
#include <functional>
#include <set>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <optional>
#include <iterator>
#include <span>

namespace docshape {

namespace {

constexpr double kGrowthSearchDays = 36500; // a century: beyond it, "never"

// What one walk over a document's structure collects besides its depth.
struct Structure {
    std::vector<ArrayStat> &arrays;
    std::vector<std::string> &unboundedValues; // values without a maximum length
    bool grows = false;                        // an array still grows
};

// One walk over a document's structure: its nesting depth (returned), its
// arrays with their dotted paths, the values without a maximum length, and
// whether any array still grows.
int walkStructure(const ObjectShape &shape, std::string &path, Structure &out) {
    int deepest = 0;
    auto visit = [&](const ShapeNode &n) {
        const BsonType valueType = n.type == BsonType::Array ? n.elementType : n.type;
        if (hasByteLength(valueType) && !n.maxBytes)
            out.unboundedValues.push_back(dottedPath(path, n.name));
        if (n.type != BsonType::Array && n.type != BsonType::Object)
            return;
        const std::size_t parentLength = path.size();
        if (parentLength)
            path += '.';
        path += n.name;
        int d = 0;
        if (n.type == BsonType::Array) {
            ArrayStat &a = out.arrays.emplace_back();
            a.path = path;
            a.avgCount = n.avgCount;
            a.maxCount = n.maxCount;
            a.growthPerDay = n.countGrowthPerDay;
            a.entityId = n.entityId;
            if (n.countGrowthPerDay > 0 && (!n.maxCount || n.avgCount < static_cast<double>(*n.maxCount)))
                out.grows = true;
            d = 1 + (n.elementType == BsonType::Object ? walkStructure(*n.object, path, out) : 0);
        } else {
            d = walkStructure(*n.object, path, out);
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
    std::vector<KeyBytes> keys;
    std::string path;
};

// The limits in force, from the project's thresholds.
struct Limits {
    double target = 0;       // bytes an average document should stay under
    double maxDocument = 0;  // bytes a document may have
};

// The size limit as problems word it: "16 MiB", the name the manual gives
// the BSON limit, or the size of another limit a model sets.
std::string limitText(double bytes) {
    constexpr double kMiB = 1024.0 * 1024.0;
    if (bytes == 16 * kMiB)
        return "16 MiB";
    return units::bytesWithExact(bytes);
}

// Sizes, arrays, depth, breakdown and growth of one collection: everything
// that reads its shape.
void measure(const Project &project, const Limits &limits, const CollectionShape &c, CollectionStat &s,
             Scratch &scratch) {
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
    scratch.path.clear();
    std::vector<std::string> unboundedValues;
    Structure structure{s.arrays, unboundedValues};
    s.depth = walkStructure(c.shape, scratch.path, structure);
    const bool growing = structure.grows;
    for (const auto &a : s.arrays)
        if (!a.maxCount)
            s.unbounded.push_back(a.path);
    std::move(unboundedValues.begin(), unboundedValues.end(), std::back_inserter(s.unbounded));

    s.breakdown.reserve(c.shape.fields.size() + (c.shape.variants.empty() ? 0 : 1));
    for (std::size_t i = 0; i < c.shape.fields.size(); ++i) {
        FieldBytes &fb = s.breakdown.emplace_back();
        fb.name = c.shape.fields[i].name;
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
            [&](double d) { return averageObjectBytesAfter(c.shape, d); }, limits.target);
        s.daysToMaxLimit = firstDayReaching(
            [&](double d) { return largestObjectBytesAfter(c.shape, d); },
            limits.maxDocument + 1);
    } else {
        s.avgDocumentBytesAfterGrowth = s.avgDocumentBytes;
        if (s.avgDocumentBytes >= limits.target)
            s.daysToAvgTarget = 0.0;
        // The largest document without a maximum is at least the average
        // one: past the limit already when the average is.
        const double largest = s.maxDocumentBytes ? static_cast<double>(*s.maxDocumentBytes)
                                                  : largestObjectBytesAfter(c.shape, 0);
        if (largest > limits.maxDocument)
            s.daysToMaxLimit = 0.0;
    }
    s.dataBytesAfterGrowth = s.documentsAfterGrowth * s.avgDocumentBytesAfterGrowth;
}

// The collection's indexes and the limits it breaks, after measure().
void finish(const Project &project, const Limits &limits, int nsLimit, const CollectionShape &c,
            std::span<const IndexSpec *const> indexes, CollectionStat &s, std::vector<Problem> &problems,
            IndexEstimator &estimator) {
    s.indexes = estimator.estimate(c, indexes, problems);
    if (auto refused = idTypeRefusal(c.shape))
        problems.push_back({"error", c.name, *refused});

    if (s.avgDocumentBytes > limits.maxDocument)
        problems.push_back({"error", c.name,
                            "the average document is " + units::bytesWithExact(s.avgDocumentBytes) + ", over the " +
                                limitText(limits.maxDocument) + " BSON document limit"});
    else if (s.maxDocumentBytes && static_cast<double>(*s.maxDocumentBytes) > limits.maxDocument)
        problems.push_back({"error", c.name,
                            "the largest document is " + units::wholeBytesWithExact(*s.maxDocumentBytes) +
                                ", over the " + limitText(limits.maxDocument) + " BSON document limit"});
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

std::string largestCrossingText(const CollectionStat &s, double limitBytes) {
    if (!s.daysToMaxLimit)
        return {};
    std::string text = "the largest document crosses " + limitText(limitBytes);
    text += *s.daysToMaxLimit <= 0 ? std::string(" already")
                                   : " after " + units::countText(std::round(*s.daysToMaxLimit)) + " days";
    if (!s.maxDocumentBytes) {
        std::string what;
        for (std::size_t i = 0; i < s.unbounded.size(); ++i)
            what += (i ? ", " : "") + s.unbounded[i];
        text += " (an estimate: nothing bounds " + (what.empty() ? std::string("it") : what) +
                ", taken at its average and grown at its stated rate)";
    }
    return text;
}

std::string FieldBytes::label() const {
    if (!variants)
        return std::string(name);
    std::string out;
    out.reserve(name.size() + 11);
    out.append("(").append(name).append(" variants)");
    return out;
}

namespace {

// Whether a collection's statistics may differ after an edit that touched
// `entities` and `indexes`: it stores, embeds, copies or references one of
// the entities, or holds one of the indexes (now or before the edit).
bool touched(const CollectionShape &c, std::span<const IndexSpec *const> indexes, const CollectionStat &before,
             const std::set<std::string_view> &entities, const std::set<std::string_view> &indexIds) {
    for (const IndexSpec *spec : indexes)
        if (indexIds.count(spec->id))
            return true;
    for (const IndexStat &index : before.indexes)
        if (indexIds.count(index.id))
            return true;
    return namesAny(c, entities);
}

std::atomic<std::uint64_t> measurementCount{0};

// The analysis of `project`, whose collections are `derived`; each
// collection (by its position) that `reuse` gives a previous position for
// takes that collection's statistics and problems from `previous` instead
// of measuring it.
Analysis analyzeReusing(const Project &project, Derived derived, Analysis *previous,
                        const std::function<int(std::size_t, const CollectionShape &,
                                                std::span<const IndexSpec *const>)> &reuse) {
    Analysis a;
    const Thresholds thresholds(project);
    const Limits limits{thresholds.get(threshold::kDocumentTargetBytes), thresholds.get(threshold::kMaxDocumentBytes)};
    a.documentTargetBytes = limits.target;
    a.maxDocumentBytes = limits.maxDocument;
    a.derived = std::move(derived);
    const int nsLimit = namespaceLimit(project.mongoVersion);
    const IndexesByCollection indexes(project, a.derived);
    Scratch scratch;
    IndexEstimator estimator;
    std::vector<Problem> problems; // each collection's, in collection order
    const std::size_t n = a.derived.collections.size();
    a.collections.resize(n);
    a.problemsPerCollection.resize(n);
    a.measurements.resize(n);
    // Where each previous collection's problems start.
    std::vector<std::size_t> previousStart;
    if (previous) {
        std::size_t at = previous->derived.problems.size();
        for (const std::uint32_t count : previous->problemsPerCollection) {
            previousStart.push_back(at);
            at += count;
        }
    }
    for (std::size_t i = 0; i < n; ++i) {
        const CollectionShape &c = a.derived.collections[i];
        const std::size_t before = problems.size();
        const int j = previous ? reuse(i, c, indexes.of(i)) : -1;
        if (j >= 0) {
            const auto k = static_cast<std::size_t>(j);
            a.collections[i] = std::move(previous->collections[k]);
            a.measurements[i] = previous->measurements[k];
            const auto first = previous->problems.begin() + static_cast<std::ptrdiff_t>(previousStart[k]);
            std::move(first, first + previous->problemsPerCollection[k], std::back_inserter(problems));
        } else {
            a.measurements[i] = ++measurementCount;
            measure(project, limits, c, a.collections[i], scratch);
            finish(project, limits, nsLimit, c, indexes.of(i), a.collections[i], problems, estimator);
        }
        a.problemsPerCollection[i] = static_cast<std::uint32_t>(problems.size() - before);
    }

    // Problems: the derivation's, then each collection's.
    a.problems.reserve(a.derived.problems.size() + problems.size());
    for (const auto &p : a.derived.problems)
        a.problems.push_back({"error", "", p});
    std::move(problems.begin(), problems.end(), std::back_inserter(a.problems));
    return a;
}

} // namespace

Analysis analyze(const Project &project) { return analyzeReusing(project, deriveCollections(project), nullptr, {}); }

void AnalysisChange::add(const AnalysisChange &other) {
    everything = everything || other.everything;
    entities.insert(entities.end(), other.entities.begin(), other.entities.end());
    indexes.insert(indexes.end(), other.indexes.begin(), other.indexes.end());
    accessPatterns.insert(accessPatterns.end(), other.accessPatterns.begin(), other.accessPatterns.end());
}

Analysis reanalyze(const Project &project, Analysis previous, const AnalysisChange &change) {
    if (change.everything || previous.problemsPerCollection.size() != previous.collections.size() ||
        previous.measurements.size() != previous.collections.size())
        return analyze(project);
    const std::set<std::string_view> entities(change.entities.begin(), change.entities.end());
    const std::set<std::string_view> indexIds(change.indexes.begin(), change.indexes.end());
    // An edit that keeps the set of collections (anything else is
    // `everything`) keeps their derivation order: the previous statistics
    // of a collection are at its own position, under the same kind, root and
    // name (a renamed collection is measured again).
    const auto reuse = [&](std::size_t k, const CollectionShape &c, std::span<const IndexSpec *const> indexes) {
        if (k >= previous.collections.size())
            return -1;
        const CollectionStat &before = previous.collections[k];
        if (before.kind != c.kind || before.rootEntityId != c.rootEntityId || before.name != c.name ||
            touched(c, indexes, before, entities, indexIds))
            return -1;
        return int(k);
    };
    Derived derived = rederive(project, previous.derived, entities);
    return analyzeReusing(project, std::move(derived), &previous, reuse);
}

} // namespace docshape
