#pragma once

#include <optional>
#include <string>
#include <vector>

// Placement of cards and routing of the edges between them through
// Graphviz (libgvc): plain data in, plain data out, no Qt, so that a test
// can check the geometry. Coordinates are scene units (one Graphviz point
// each), y downwards, rectangles by their top-left corner.
namespace docshape::ui::canvas::graph {

struct Point {
    double x = 0;
    double y = 0;
    friend bool operator==(const Point &, const Point &) = default;
};

struct Box {
    double x = 0;
    double y = 0;
    double w = 0;
    double h = 0;
    double right() const { return x + w; }
    double bottom() const { return y + h; }
    Point center() const { return {x + w / 2, y + h / 2}; }
    bool intersects(const Box &o) const {
        return x < o.right() && o.x < right() && y < o.bottom() && o.y < bottom();
    }
    Box grown(double m) const { return {x - m, y - m, w + 2 * m, h + 2 * m}; }
};

// ---- Auto-layout ----------------------------------------------------------

struct Node {
    std::string id;
    double w = 0;
    double h = 0;
};

struct Link {
    std::string tail;
    std::string head;
};

enum class Direction { LeftToRight, TopToBottom };

struct Placement {
    std::vector<std::pair<std::string, Point>> topLeft; // in the order of the nodes
    Direction direction = Direction::LeftToRight;
};

// Graphviz's layered layout (`dot`) of the cards, each weakly connected part
// laid out on its own and the parts packed in an array. Edges run from a
// referenced card to the cards that reference it. The direction is chosen by
// the shape: left to right unless that gives a drawing much wider than a
// screen and top to bottom a better one. `rankGap` leaves room between
// ranks for the edges' labels.
Placement layOut(const std::vector<Node> &nodes, const std::vector<Link> &links, double rankGap);

// ---- Routing --------------------------------------------------------------

// One end of an edge: the card it ends on (the outermost card, for a card
// drawn inside another) and the band of that card's rows where the edge
// ends (the field that holds the reference, or the header). The end sits
// on the card's left or right side, `inset` inside it (a card drawn inside
// another is inset from its parent's sides).
struct End {
    Box card;
    double rowTop = 0;
    double rowBottom = 0;
    double inset = 0;       // from the left side
    double insetRight = -1; // from the right side; negative: `inset`
};

enum class Side { Left, Right };

struct Route {
    // A cubic Bézier curve: the start point, then three points per segment.
    std::vector<Point> bezier;
    Point tail; // on the tail card's side
    Point head;
    Side tailSide = Side::Right;
    Side headSide = Side::Left;
    // False when Graphviz could not route around the obstacles (cards that
    // overlap) and the edge is drawn straight.
    bool routed = false;
};

// How far outside its card an edge ends before it turns: the crow's foot
// and the bar are drawn on this stretch, square to the card's side.
constexpr double kStub = 18;

// Routes the edge between two ends around `obstacles` (the cards near it,
// the end cards included) with Graphviz's spline router (neato -n2 with the
// cards pinned). The path leaves each card square to its side at the row of
// its end.
Route route(const End &tail, const End &head, const std::vector<Box> &obstacles);

// The box for a label of `w` x `h` beside the route, as near its middle as
// can be, that overlaps none of `avoid` (cards and the labels already
// placed); nothing when every candidate overlaps.
std::optional<Box> placeLabel(const Route &route, double w, double h, const std::vector<Box> &avoid);

// Points along the route's curve, for hit tests and geometry checks.
std::vector<Point> flatten(const std::vector<Point> &bezier, int stepsPerSegment = 12);

// True when the polyline passes through the inside of `box`.
bool crosses(const std::vector<Point> &polyline, const Box &box);

} // namespace docshape::ui::canvas::graph
