#include "canvas/GraphLayout.h"

#include <graphviz/cgraph.h>
#include <graphviz/gvc.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

namespace docshape::ui::canvas::graph {

namespace {
// How far beyond the box of its two ends an edge's route looks for cards in
// its way: Graphviz's router is quadratic in the obstacles it is given.
constexpr double kArea = 150;

// One Graphviz context for the process: loading its plugins is the costly
// part, and Graphviz is used from the GUI thread only.
GVC_t *context() {
    static GVC_t *gvc = [] {
        // Graphviz reports through agerr; its warnings (a fallback to
        // straight edges) are read from Route::routed instead of printed.
        agseterr(AGMAX);
        return gvContext();
    }();
    return gvc;
}

bool g_fellBack = false;
int captureError(char *message) {
    if (message && std::string(message).find("straight") != std::string::npos)
        g_fellBack = true;
    return 0;
}

void set(void *object, const char *name, const std::string &value) {
    agsafeset(object, const_cast<char *>(name), const_cast<char *>(value.c_str()), const_cast<char *>(""));
}

std::string num(double v) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", v);
    return buffer;
}

Agnode_t *box(Agraph_t *g, const std::string &name, double cx, double cy, double w, double h, bool pinned) {
    Agnode_t *n = agnode(g, const_cast<char *>(name.c_str()), 1);
    set(n, "width", num(w / 72));
    set(n, "height", num(h / 72));
    if (pinned)
        set(n, "pos", num(cx) + "," + num(cy) + "!");
    return n;
}

struct Laid {
    std::vector<Point> topLeft;
    double width = 0;
    double height = 0;
};

Laid runDot(const std::vector<Node> &nodes, const std::vector<Link> &links, double rankGap, Direction d) {
    Laid out;
    Agraph_t *g = agopen(const_cast<char *>("layout"), Agdirected, nullptr);
    set(g, "rankdir", d == Direction::LeftToRight ? "LR" : "TB");
    set(g, "ranksep", num(rankGap / 72));
    set(g, "nodesep", num(36.0 / 72));
    // Only the places: the edges are routed for whatever places the cards
    // end up at (route()).
    set(g, "splines", "none");
    set(g, "pack", "40");
    set(g, "packmode", "array");
    // Bounded crossing minimisation keeps a thousand cards within budget.
    set(g, "mclimit", "0.5");
    agattr(g, AGNODE, const_cast<char *>("shape"), const_cast<char *>("box"));
    agattr(g, AGNODE, const_cast<char *>("fixedsize"), const_cast<char *>("true"));
    agattr(g, AGNODE, const_cast<char *>("label"), const_cast<char *>(""));
    std::map<std::string, Agnode_t *> byId;
    std::vector<Agnode_t *> made;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
        Agnode_t *n = box(g, "n" + std::to_string(i), 0, 0, nodes[i].w, nodes[i].h, false);
        byId[nodes[i].id] = n;
        made.push_back(n);
    }
    for (const auto &l : links) {
        auto a = byId.find(l.tail), b = byId.find(l.head);
        if (a == byId.end() || b == byId.end() || a->second == b->second)
            continue;
        agedge(g, a->second, b->second, nullptr, 1);
    }
    if (gvLayout(context(), g, "dot") == 0) {
        const boxf bb = GD_bb(g);
        out.width = bb.UR.x - bb.LL.x;
        out.height = bb.UR.y - bb.LL.y;
        for (std::size_t i = 0; i < nodes.size(); ++i) {
            const pointf c = ND_coord(made[i]);
            out.topLeft.push_back({std::round(c.x - bb.LL.x - nodes[i].w / 2),
                                   std::round(bb.UR.y - c.y - nodes[i].h / 2)});
        }
        gvFreeLayout(context(), g);
    }
    agclose(g);
    return out;
}

double aspectPenalty(const Laid &l) {
    if (l.width <= 0 || l.height <= 0)
        return 1e9;
    return std::abs(std::log((l.width / l.height) / 1.6));
}

Point endPoint(const End &end, Side side, double outward) {
    const double y = (end.rowTop + end.rowBottom) / 2;
    const double right = end.insetRight < 0 ? end.inset : end.insetRight;
    return side == Side::Right ? Point{end.card.right() - right + outward, y}
                               : Point{end.card.x + end.inset - outward, y};
}

double distance(Point a, Point b) { return std::hypot(a.x - b.x, a.y - b.y); }

void lineTo(std::vector<Point> &bezier, Point to) {
    const Point from = bezier.back();
    bezier.push_back({from.x + (to.x - from.x) / 3, from.y + (to.y - from.y) / 3});
    bezier.push_back({from.x + 2 * (to.x - from.x) / 3, from.y + 2 * (to.y - from.y) / 3});
    bezier.push_back(to);
}

bool sameBox(const Box &a, const Box &b) { return a.x == b.x && a.y == b.y && a.w == b.w && a.h == b.h; }

} // namespace

Placement layOut(const std::vector<Node> &nodes, const std::vector<Link> &links, double rankGap) {
    Placement placement;
    if (nodes.empty())
        return placement;
    Laid best = runDot(nodes, links, rankGap, Direction::LeftToRight);
    placement.direction = Direction::LeftToRight;
    // A long chain laid left to right is a strip: top to bottom may fit a
    // screen better. Tried for models a workshop draws, not for thousands.
    if (nodes.size() <= 200 && aspectPenalty(best) > std::log(2.0)) {
        Laid tb = runDot(nodes, links, rankGap, Direction::TopToBottom);
        if (aspectPenalty(tb) < aspectPenalty(best)) {
            best = std::move(tb);
            placement.direction = Direction::TopToBottom;
        }
    }
    for (std::size_t i = 0; i < nodes.size() && i < best.topLeft.size(); ++i)
        placement.topLeft.emplace_back(nodes[i].id, best.topLeft[i]);
    return placement;
}

Route route(const End &tail, const End &head, const std::vector<Box> &obstacles) {
    Route r;
    if (sameBox(tail.card, head.card)) {
        // Both ends on one card (a tree pattern, or two cards drawn inside
        // the same one): a loop on its right side.
        r.tailSide = r.headSide = Side::Right;
        r.tail = endPoint(tail, Side::Right, 0);
        r.head = endPoint(head, Side::Right, 0);
        const double x = tail.card.right() + kStub + 16;
        double ty = r.tail.y, hy = r.head.y;
        r.bezier.push_back(r.tail);
        if (std::abs(ty - hy) < 8) {
            r.tail.y = ty = ty - 5;
            r.head.y = hy = hy + 5;
            r.bezier.front() = r.tail;
        }
        lineTo(r.bezier, {tail.card.right() + kStub, ty});
        lineTo(r.bezier, {x, ty});
        lineTo(r.bezier, {x, hy});
        lineTo(r.bezier, {head.card.right() + kStub, hy});
        lineTo(r.bezier, r.head);
        r.routed = true;
        return r;
    }

    // The pair of sides with the shortest gap between the stubs' ends.
    constexpr std::array<std::pair<Side, Side>, 4> kCombos{{{Side::Right, Side::Left},
                                                             {Side::Right, Side::Right},
                                                             {Side::Left, Side::Left},
                                                             {Side::Left, Side::Right}}};
    double bestGap = 1e300;
    for (const auto &[ts, hs] : kCombos) {
        const double gap = distance(endPoint(tail, ts, kStub), endPoint(head, hs, kStub));
        if (gap < bestGap - 0.5) {
            bestGap = gap;
            r.tailSide = ts;
            r.headSide = hs;
        }
    }
        // The stubs start on the outer card's side, square to it.
    const auto insetOf = [](const End &e, Side side) {
        return side == Side::Right && e.insetRight >= 0 ? e.insetRight : e.inset;
    };
    const Point tailOut = endPoint(tail, r.tailSide, kStub + insetOf(tail, r.tailSide));
    const Point headOut = endPoint(head, r.headSide, kStub + insetOf(head, r.headSide));
    const Point tailSideAt = endPoint(tail, r.tailSide, 0);
    const Point headSideAt = endPoint(head, r.headSide, 0);

    // Only the cards around the two ends can be in the way.
    Box area{std::min(tailOut.x, headOut.x), std::min(tailOut.y, headOut.y), std::abs(tailOut.x - headOut.x),
             std::abs(tailOut.y - headOut.y)};
    area = area.grown(kArea);

    Agraph_t *g = agopen(const_cast<char *>("route"), Agundirected, nullptr);
    set(g, "splines", "true");
    set(g, "esep", "+4");
    agattr(g, AGNODE, const_cast<char *>("shape"), const_cast<char *>("box"));
    agattr(g, AGNODE, const_cast<char *>("fixedsize"), const_cast<char *>("true"));
    agattr(g, AGNODE, const_cast<char *>("label"), const_cast<char *>(""));
    int k = 0;
    for (const Box &b : obstacles)
        if (b.intersects(area)) {
            const Point c = b.center();
            box(g, "o" + std::to_string(k++), c.x, c.y, b.w, b.h, true);
        }
    Agnode_t *a = box(g, "tail", tailOut.x, tailOut.y, 2, 2, true);
    Agnode_t *b = box(g, "head", headOut.x, headOut.y, 2, 2, true);
    Agedge_t *e = agedge(g, a, b, nullptr, 1);

    std::vector<Point> spline;
    g_fellBack = false;
    agseterrf(captureError);
    agseterr(AGWARN);
    if (gvLayout(context(), g, "nop2") == 0) {
        // The layout may be translated: measure it at the tail's stub.
        const pointf at = ND_coord(a);
        const double dx = at.x - tailOut.x, dy = at.y - tailOut.y;
        if (ED_spl(e) && ED_spl(e)->size > 0) {
            const bezier &bz = ED_spl(e)->list[0];
            for (int i = 0; i < bz.size; ++i)
                spline.push_back({bz.list[i].x - dx, bz.list[i].y - dy});
        }
        gvFreeLayout(context(), g);
    }
    agseterr(AGMAX);
    agseterrf(nullptr);
    agclose(g);
    r.routed = !spline.empty() && !g_fellBack;

    r.bezier.push_back(tailSideAt);
    if (spline.size() >= 4 && (spline.size() - 1) % 3 == 0) {
        if (distance(spline.front(), headOut) < distance(spline.front(), tailOut))
            std::reverse(spline.begin(), spline.end());
        lineTo(r.bezier, tailOut);
        lineTo(r.bezier, spline.front());
        r.bezier.insert(r.bezier.end(), spline.begin() + 1, spline.end());
        lineTo(r.bezier, headOut);
    } else {
        lineTo(r.bezier, tailOut);
        lineTo(r.bezier, headOut);
    }
    lineTo(r.bezier, headSideAt);
    r.tail = tailSideAt;
    r.head = headSideAt;
    return r;
}

std::vector<Point> flatten(const std::vector<Point> &bz, int steps) {
    std::vector<Point> out;
    if (bz.empty())
        return out;
    out.push_back(bz.front());
    for (std::size_t i = 0; i + 3 < bz.size(); i += 3) {
        const Point p0 = bz[i], p1 = bz[i + 1], p2 = bz[i + 2], p3 = bz[i + 3];
        for (int s = 1; s <= steps; ++s) {
            const double t = double(s) / steps, u = 1 - t;
            const double a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t;
            out.push_back({a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y});
        }
    }
    return out;
}

bool crosses(const std::vector<Point> &polyline, const Box &box) {
    // Liang-Barsky clipping of each segment against the box's inside.
    for (std::size_t i = 0; i + 1 < polyline.size(); ++i) {
        const Point p = polyline[i], q = polyline[i + 1];
        const double dx = q.x - p.x, dy = q.y - p.y;
        double t0 = 0, t1 = 1;
        const std::array<double, 4> pk{-dx, dx, -dy, dy};
        const std::array<double, 4> qk{p.x - box.x, box.right() - p.x, p.y - box.y, box.bottom() - p.y};
        bool inside = true;
        for (int k = 0; k < 4 && inside; ++k) {
            if (pk[k] == 0) {
                if (qk[k] <= 0)
                    inside = false;
            } else {
                const double t = qk[k] / pk[k];
                if (pk[k] < 0)
                    t0 = std::max(t0, t);
                else
                    t1 = std::min(t1, t);
                if (t0 >= t1)
                    inside = false;
            }
        }
        if (inside && t1 - t0 > 1e-9)
            return true;
    }
    return false;
}

std::optional<Box> placeLabel(const Route &route, double w, double h, const std::vector<Box> &avoid) {
    const std::vector<Point> line = flatten(route.bezier);
    if (line.size() < 2)
        return std::nullopt;
    std::vector<double> along{0};
    for (std::size_t i = 1; i < line.size(); ++i)
        along.push_back(along.back() + distance(line[i - 1], line[i]));
    const double total = along.back();
    auto free = [&](const Box &b) {
        return std::none_of(avoid.begin(), avoid.end(), [&](const Box &o) { return b.intersects(o.grown(2)); });
    };
    for (const double gap : {3.0, 14.0})
        for (int step = 0; step <= 32; ++step) {
            // 0.5, 0.475, 0.525, 0.45, ... along the edge, off the stubs.
            const double f = 0.5 + (step % 2 ? -1 : 1) * 0.025 * ((step + 1) / 2);
            const double target = total * f;
            const std::size_t i = std::size_t(std::lower_bound(along.begin(), along.end(), target) - along.begin());
            const std::size_t j = std::clamp<std::size_t>(i, 1, line.size() - 1);
            const Point p = line[j];
            const double tx = line[j].x - line[j - 1].x, ty = line[j].y - line[j - 1].y;
            const bool horizontal = std::abs(tx) >= std::abs(ty);
            const Box above{p.x - w / 2, p.y - gap - h, w, h};
            const Box below{p.x - w / 2, p.y + gap, w, h};
            const Box left{p.x - gap - w, p.y - h / 2, w, h};
            const Box right{p.x + gap, p.y - h / 2, w, h};
            const std::array<Box, 4> candidates = horizontal ? std::array<Box, 4>{above, below, right, left}
                                                             : std::array<Box, 4>{right, left, above, below};
            for (const Box &b : candidates)
                if (free(b))
                    return b;
        }
    return std::nullopt;
}

} // namespace docshape::ui::canvas::graph
