#include "estimate/Analysis.h"

#include "estimate/BsonSize.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cstdio>

namespace docshape {

namespace {

constexpr double kGrowthSearchDays = 36500; // a century: beyond it, "never"

std::string formatBytes(double bytes) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.0f", bytes);
    return buf;
}

int depthOf(const ObjectShape &shape) {
    int deepest = 0;
    auto visit = [&deepest](const ShapeNode &n) {
        int d = 0;
        if (n.type == BsonType::Object)
            d = depthOf(n.object);
        else if (n.type == BsonType::Array)
            d = 1 + (n.elementType == BsonType::Object ? depthOf(n.object) : 0);
        deepest = std::max(deepest, d);
    };
    for (const auto &n : shape.fields)
        visit(n);
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            visit(n);
    return 1 + deepest;
}

void collectArrays(const ObjectShape &shape, const std::string &prefix, std::vector<ArrayStat> &out) {
    auto visit = [&](const ShapeNode &n) {
        if (n.type != BsonType::Array && n.type != BsonType::Object)
            return;
        const std::string path = prefix.empty() ? n.name : prefix + "." + n.name;
        if (n.type == BsonType::Array) {
            ArrayStat a;
            a.path = path;
            a.avgCount = n.avgCount;
            a.maxCount = n.maxCount;
            a.growthPerDay = n.countGrowthPerDay;
            a.entityId = n.entityId;
            out.push_back(std::move(a));
        }
        if (n.hasObject())
            collectArrays(n.object, path, out);
    };
    for (const auto &n : shape.fields)
        visit(n);
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            visit(n);
}

bool grows(const ObjectShape &shape) {
    auto check = [](const ShapeNode &n) {
        if (n.type == BsonType::Array && n.countGrowthPerDay > 0 &&
            (!n.maxCount || n.avgCount < static_cast<double>(*n.maxCount)))
            return true;
        return n.hasObject() && grows(n.object);
    };
    for (const auto &n : shape.fields)
        if (check(n))
            return true;
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            if (check(n))
                return true;
    return false;
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

CollectionStat statFor(const Project &project, int nsLimit, const CollectionShape &c,
                       const std::vector<const IndexSpec *> &indexes, std::vector<Problem> &problems) {
    CollectionStat s;
    s.name = c.name;
    s.kind = c.kind;
    s.rootEntityId = c.rootEntityId;
    s.documents = c.documents;
    const double days = project.growthDays;
    double after = c.documents + c.growthPerDay * days;
    if (c.root && c.root->retentionDays)
        after = std::min(after, std::max(c.documents, c.growthPerDay * *c.root->retentionDays));
    s.documentsAfterGrowth = after;
    s.avgDocumentBytes = averageObjectBytes(c.shape);
    s.maxDocumentBytes = maxObjectBytes(c.shape);
    s.dataBytes = s.documents * s.avgDocumentBytes;
    s.depth = depthOf(c.shape);
    collectArrays(c.shape, "", s.arrays);

    for (const auto &n : c.shape.fields) {
        FieldBytes fb;
        fb.name = n.name;
        fb.avgBytes = averageElementBytes(n);
        auto mx = maxElementBytes(n);
        fb.bounded = mx.has_value();
        fb.maxBytes = mx.value_or(0);
        s.breakdown.push_back(std::move(fb));
    }
    if (!c.shape.variants.empty()) {
        FieldBytes fb;
        fb.name = "(" + c.shape.discriminator + " variants)";
        for (const auto &v : c.shape.variants)
            for (const auto &n : v.fields)
                fb.avgBytes += v.share * averageElementBytes(n);
        s.breakdown.push_back(std::move(fb));
    }

    if (grows(c.shape)) {
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

    s.indexes = estimateIndexes(c, indexes, problems);

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
    return s;
}

} // namespace

Analysis analyze(const Project &project) {
    Analysis a;
    a.derived = deriveCollections(project);
    for (const auto &p : a.derived.problems)
        a.problems.push_back({"error", "", p});
    a.collections.reserve(a.derived.collections.size());
    const auto indexes = indexesByCollection(project, a.derived);
    const int nsLimit = namespaceLimit(project.mongoVersion);
    for (std::size_t i = 0; i < a.derived.collections.size(); ++i)
        a.collections.push_back(statFor(project, nsLimit, a.derived.collections[i], indexes[i], a.problems));
    return a;
}

} // namespace docshape
