#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <string_view>
#include <unordered_set>
#include <utility>

namespace docshape::advisor {

namespace {

constexpr std::size_t kTopRows = 5;

// Most frequent first, in model order among equals. Sorted once: an
// insertion in order for each pattern moved the list along each time.
void sortByFrequency(std::vector<const AccessPattern *> &list) {
    std::stable_sort(list.begin(), list.end(), [](const AccessPattern *a, const AccessPattern *b) {
        return a->frequencyPerSecond > b->frequencyPerSecond;
    });
}

struct SortKeyHash {
    std::size_t operator()(const std::pair<std::string_view, int> &k) const {
        return std::hash<std::string_view>()(k.first) ^ std::size_t(k.second + 1);
    }
};

double ratio(double a, double b) {
    if (a <= 0 || b <= 0)
        return a == b ? 1 : INFINITY;
    return std::max(a, b) / std::min(a, b);
}

} // namespace

Worksheet WorksheetBuilder::build(Context &ctx) {
    const CollectionView &view = ctx.view();
    const int c = view.index;
    const CollectionStat &stat = *view.stat;
    const CollectionShape &shape = *view.shape;
    Worksheet ws;
    ws.collection = stat.name;
    ws.rootEntityId = stat.rootEntityId;

    m_reads.clear();
    m_writes.clear();
    m_filters.clear();
    m_sorts.clear();
    // Each path once, in the order first met: the sets find the repeats, as
    // a search of the list for each path made 100,000 paths take minutes.
    std::unordered_set<std::string_view> filters;
    std::unordered_set<std::pair<std::string_view, int>, SortKeyHash> sorts;
    const auto addFilter = [&](std::string_view path) {
        if (filters.insert(path).second)
            m_filters.push_back(path);
    };
    for (const AccessPattern *q : ctx.patternsOn(c)) {
        (q->kind == AccessKind::Read ? m_reads : m_writes).push_back(q);
        const PatternPlan &plan = ctx.plans[ctx.position(*q)];
        for (const auto path : plan.equality)
            addFilter(path);
        for (const auto &path : q->range)
            addFilter(path);
        for (const auto &k : q->sort) {
            const std::pair<std::string_view, int> key(k.path, k.direction < 0 ? -1 : 1);
            if (sorts.insert(key).second)
                m_sorts.push_back(key);
        }
    }
    sortByFrequency(m_reads);
    sortByFrequency(m_writes);
    Wording &words = m_words;
    words.clear();
    auto count = [&ws](Worksheet::Section section) -> std::uint16_t & { return ws.counts[section]; };
    for (std::size_t i = 0; i < m_reads.size() && i < kTopRows; ++i, ++count(Worksheet::Reads))
        words.say("", m_reads[i]->name, Rate{m_reads[i]->frequencyPerSecond});
    for (std::size_t i = 0; i < m_writes.size() && i < kTopRows; ++i, ++count(Worksheet::Writes))
        words.say("", m_writes[i]->name, Rate{m_writes[i]->frequencyPerSecond});
    for (const auto path : m_filters) {
        words.say("", path);
        ++count(Worksheet::Filters);
    }
    for (const auto &[path, direction] : m_sorts) {
        words.say("", path, Static{direction < 0 ? " (descending)" : " (ascending)"});
        ++count(Worksheet::Sorts);
    }

    ws.documentBytes = stat.avgDocumentBytes;
    ws.maxDocumentBytes = stat.maxDocumentBytes;
    ws.hasArrays = !stat.arrays.empty();
    std::optional<double> largest = 0.0;
    for (std::size_t j = 0; j < stat.arrays.size(); ++j) {
        const ArrayStat &a = stat.arrays[j];
        const CollectionView::Array &info = view.array(j);
        BoundEnforcer enforcer = info.enforcer;
        if (info.node && info.node->origin == NodeOrigin::Bucket)
            enforcer = BoundEnforcer::Validator; // DocShape writes the bound itself
        if (a.maxCount) {
            if (largest)
                largest = std::max(*largest, static_cast<double>(*a.maxCount));
        } else {
            largest.reset();
        }
        words.say("", a.path, Num{a.avgCount}, Num{a.maxCount ? 1.0 : 0.0},
                  Num{a.maxCount ? static_cast<double>(*a.maxCount) : 0.0}, Static{toString(enforcer)},
                  Num{a.growthPerDay});
        ++count(Worksheet::Arrays);
    }
    if (ws.hasArrays)
        ws.largestArrayBound = largest;

    const Entity *root = stat.kind == CollectionKind::Entity ? shape.root : nullptr;
    ws.junction = stat.kind == CollectionKind::Junction;
    if (!ws.junction && shape.root) {
        words.say("", shape.root->name);
        ++count(Worksheet::Boundary);
        for (const auto &id : shape.embeddedEntityIds)
            if (const Entity *e = ctx.entity(id); e && e != shape.root) {
                words.say("", e->name);
                ++count(Worksheet::Boundary);
            }
        ws.deletionPolicy = shape.root->deletion;
        ws.embedsEntities = !shape.embeddedEntityIds.empty();
    }
    for (const auto &index : stat.indexes) {
        words.say("", index.name);
        ++count(Worksheet::Indexes);
    }
    for (std::size_t k = 0; k < stat.indexes.size(); ++k)
        if (const IndexSpec *spec = view.spec(k); spec && spec->expireAfterSeconds) {
            words.say("", stat.indexes[k].name, Num{static_cast<double>(*spec->expireAfterSeconds)});
            ++count(Worksheet::Ttls);
        }
    ws.tenancy = ctx.project.tenancy;
    ws.tenantScoped = shape.root && shape.root->tenantScoped;
    ws.tenantFieldMissing = ws.tenancy == Tenancy::SharedCollection && ws.tenantScoped && !view.hasTenantField();
    if (ws.tenancy == Tenancy::SharedCollection && ws.tenantScoped) {
        words.say("", ctx.project.tenantField);
        ++count(Worksheet::Tenant);
    }
    ws.words = words;
    ws.tenantCount = ctx.project.tenantCount;
    if (shape.root && shape.root->retentionDays)
        ws.retentionDays = *shape.root->retentionDays;
    if (shape.root && shape.root->timeSeries && shape.root->timeSeries->expireAfterSeconds)
        ws.timeSeriesExpireAfterSeconds = static_cast<double>(*shape.root->timeSeries->expireAfterSeconds);

    if (root) {
        ws.statedDocumentBytes = root->stated.documentBytes;
        ws.statedMaxArrayCount = root->stated.maxArrayCount;
        ws.statedAtomicUpdateBoundary = root->stated.atomicUpdateBoundary;
        auto target = [root] { return Context::entityTarget(*root); };
        if (ws.statedDocumentBytes &&
            ratio(*ws.statedDocumentBytes, ws.documentBytes) >= ctx.s.mismatchRatio) {
            ws.documentSizeMismatch = true;
            Finding &f = ctx.add(rule::kWorksheetMismatch, target(),
                                 "{0} worksheet, expected document size: stated {1}, computed {2}", stat.name,
                                 Bytes{*ws.statedDocumentBytes}, Bytes{ws.documentBytes});
            f.reasonPhrase = f.words.say("A factor of {0} (threshold {1}).",
                                         Num{ratio(*ws.statedDocumentBytes, ws.documentBytes)},
                                         Num{ctx.s.mismatchRatio});
        }
        if (const auto stated = ws.statedMaxArrayCount) {
            if (ws.hasArrays && !ws.largestArrayBound) {
                ws.arrayBoundsMismatch = true;
                ctx.add(rule::kWorksheetMismatch, target(),
                        "{0} worksheet, expected array bounds: stated at most {1}, but an array has no maximum "
                        "in the model",
                        stat.name, Num{*stated});
            } else if (!ws.hasArrays) {
                ws.arrayBoundsMismatch = true;
                ctx.add(rule::kWorksheetMismatch, target(),
                        "{0} worksheet, expected array bounds: stated {1}, but the documents have no arrays",
                        stat.name, Num{*stated});
            } else if (ratio(*stated, *ws.largestArrayBound) >= ctx.s.mismatchRatio) {
                ws.arrayBoundsMismatch = true;
                ctx.add(rule::kWorksheetMismatch, target(),
                        "{0} worksheet, expected array bounds: stated {1}, the model's largest bound is {2}",
                        stat.name, Num{*stated}, Num{*ws.largestArrayBound});
            }
        }
    }
    return ws;
}

} // namespace docshape::advisor
