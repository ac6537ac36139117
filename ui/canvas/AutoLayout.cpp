#include "canvas/AutoLayout.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <queue>

namespace docshape::ui::canvas {

std::vector<std::pair<std::string, QPointF>>
layeredLayout(const std::vector<LayoutNode> &nodes,
              const std::vector<std::pair<std::string, std::string>> &edges) {
    constexpr qreal kGapX = 80;
    constexpr qreal kGapY = 40;
    std::map<std::string, std::size_t> index;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        index[nodes[i].id] = i;

    // Longest-path layering from the sources, breadth first; an edge that
    // closes a cycle is ignored (a node is layered once).
    std::vector<std::vector<std::size_t>> out(nodes.size());
    std::vector<int> indegree(nodes.size(), 0);
    for (const auto &[from, to] : edges) {
        auto a = index.find(from), b = index.find(to);
        if (a == index.end() || b == index.end() || a->second == b->second)
            continue;
        out[a->second].push_back(b->second);
        ++indegree[b->second];
    }
    std::vector<int> layer(nodes.size(), -1);
    std::queue<std::size_t> queue;
    for (std::size_t i = 0; i < nodes.size(); ++i)
        if (indegree[i] == 0) {
            layer[i] = 0;
            queue.push(i);
        }
    std::vector<int> remaining = indegree;
    while (!queue.empty()) {
        const std::size_t n = queue.front();
        queue.pop();
        for (std::size_t m : out[n]) {
            layer[m] = std::max(layer[m], layer[n] + 1);
            if (--remaining[m] == 0)
                queue.push(m);
        }
    }
    for (auto &l : layer)
        if (l < 0)
            l = 0; // in a cycle

    qreal totalArea = 0;
    for (const auto &n : nodes)
        totalArea += (n.size.width() + kGapX) * (n.size.height() + kGapY);
    const qreal maxColumnHeight = std::max<qreal>(800, std::sqrt(totalArea * 9 / 16));

    const int layers = nodes.empty() ? 0 : *std::max_element(layer.begin(), layer.end()) + 1;
    std::vector<std::pair<std::string, QPointF>> result;
    qreal x = 0;
    for (int l = 0; l < layers; ++l) {
        qreal y = 0;
        qreal columnWidth = 0;
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            if (layer[i] != l)
                continue;
            if (y > 0 && y + nodes[i].size.height() > maxColumnHeight) {
                x += columnWidth + kGapX;
                y = 0;
                columnWidth = 0;
            }
            result.emplace_back(nodes[i].id, QPointF(x, y));
            y += nodes[i].size.height() + kGapY;
            columnWidth = std::max(columnWidth, nodes[i].size.width());
        }
        x += columnWidth + kGapX * 2;
    }
    return result;
}

} // namespace docshape::ui::canvas
