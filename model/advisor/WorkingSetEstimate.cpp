#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"

#include <algorithm>
#include <cmath>

namespace docshape::advisor {

WorkingSetEstimate::WorkingSetEstimate(const Context &ctx) : m_ctx(ctx) {
    const auto &collections = ctx.analysis.collections;
    m_hotDocuments.assign(collections.size(), 0);
    m_firstIndex.assign(collections.size() + 1, 0);
    for (std::size_t c = 0; c < collections.size(); ++c)
        m_firstIndex[c + 1] = m_firstIndex[c] + collections[c].indexes.size();
    m_firstUse.assign(m_firstIndex.back(), 0);
    m_used.assign(collections.size(), 0);
}

void WorkingSetEstimate::add(const PatternPlan &plan, const AccessCost &cost) {
    if (plan.collection < 0 || plan.pattern->frequencyPerSecond <= 0)
        return;
    const auto &collections = m_ctx.analysis.collections;
    const auto c = static_cast<std::size_t>(plan.collection);
    const AccessPattern &q = *plan.pattern;
    const double documents = std::max(1.0, collections[c].documents);
    const double touches = q.frequencyPerSecond * m_ctx.s.hotWindowSeconds;
    if (q.operation == Operation::Insert) {
        m_hotDocuments[c] += touches; // every insert is a new, hot document
    } else {
        // Uniform access over the values of the equality fields: the
        // pattern reaches at most its per-execution documents for each
        // value, and repeated touches of the same documents count once.
        const double perExecution =
            std::max(1.0, std::min(documents, q.kind == AccessKind::Read ? cost.docsExamined : cost.documentsTouched));
        double values = 1;
        for (std::size_t e = 0; e < plan.equality.size(); ++e)
            values /= plan.selectivity[e];
        const double reachable = std::min(documents, std::max(1.0, values) * perExecution);
        m_hotDocuments[c] += reachable * (1 - std::exp(-touches * perExecution / reachable));
    }
    // The indexes the patterns use, each once, per collection in the order
    // of first use.
    auto use = [&](const IndexStat *index) {
        const std::size_t k = m_firstIndex[c] + static_cast<std::size_t>(index - collections[c].indexes.data());
        if (!m_firstUse[k])
            m_firstUse[k] = ++m_used[c];
    };
    if (plan.index)
        use(plan.index);
    if (q.operation == Operation::Insert && !collections[c].indexes.empty())
        use(&collections[c].indexes.front());
}

WorkingSet WorkingSetEstimate::finish(Context &ctx) {
    WorkingSet ws;
    ws.ramGiB = ctx.project.ramGiB;
    constexpr double kGiB = 1024.0 * 1024 * 1024;
    ws.cacheBytes = std::max(0.5 * (ctx.project.ramGiB - 1) * kGiB, 256.0 * 1024 * 1024);
    const auto &collections = ctx.analysis.collections;
    std::vector<const IndexStat *> used; // of one collection, in the order of first use
    for (std::size_t c = 0; c < collections.size(); ++c) {
        const double docs = std::min(collections[c].documents, m_hotDocuments[c]);
        ws.hotDocumentBytes += docs * collections[c].avgDocumentBytes;
        used.assign(m_used[c], nullptr);
        const auto &indexes = collections[c].indexes;
        for (std::size_t k = 0; k < indexes.size(); ++k)
            if (const std::uint32_t rank = m_firstUse[m_firstIndex[c] + k])
                used[rank - 1] = &indexes[k];
        for (const IndexStat *index : used)
            ws.indexBytes += index->estimatedBytes;
    }
    ws.totalBytes = ws.hotDocumentBytes + ws.indexBytes;
    ws.fits = ws.totalBytes <= ws.cacheBytes;
    ws.hotWindowSeconds = ctx.s.hotWindowSeconds;
    if (!ws.fits) {
        Finding &f = ctx.add(rule::kWorkingSet, Context::projectTarget(ctx.project),
                             "working set {0} (hot documents {1} + indexes {2}) exceeds the {3} WiredTiger cache of a "
                             "{4} GiB node",
                             Bytes{ws.totalBytes}, Bytes{ws.hotDocumentBytes}, Bytes{ws.indexBytes},
                             Bytes{ws.cacheBytes}, Num{ctx.project.ramGiB});
        f.reasonPhrase = ws.sayAssumptions(f.words);
    }
    return ws;
}

} // namespace docshape::advisor
