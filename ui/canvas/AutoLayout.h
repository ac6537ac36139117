#pragma once

#include <QPointF>
#include <QSizeF>

#include <string>
#include <utility>
#include <vector>

namespace docshape::ui::canvas {

// Layered placement of collection cards: a card sits one column right of
// the cards that reference it, columns wrap when they grow taller than the
// layout is wide, so thousands of cards end up in a readable, roughly
// 16:9 block.
struct LayoutNode {
    std::string id;
    QSizeF size;
};

std::vector<std::pair<std::string, QPointF>>
layeredLayout(const std::vector<LayoutNode> &nodes,
              const std::vector<std::pair<std::string, std::string>> &edges);

} // namespace docshape::ui::canvas
