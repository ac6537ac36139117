// The Qt-free layout module (canvas/GraphLayout): Graphviz's placement and
// routing, checked on small graphs whose answer is known.
#include "canvas/GraphLayout.h"

#include <catch2/catch.hpp>

using namespace docshape::ui::canvas::graph;

TEST_CASE("an edge is routed around the card between its ends", "[ui][canvas][layout]") {
    const Box a{0, 0, 200, 150}, wall{300, -50, 200, 300}, c{600, 100, 200, 150};
    const End tail{a, 28, 46, 0};
    const End head{c, 146, 164, 0};
    const Route r = route(tail, head, {a, wall, c});
    CHECK(r.routed);
    // Straight, it would run through the wall.
    CHECK(crosses({{200, 37}, {600, 155}}, wall));
    CHECK_FALSE(crosses(flatten(r.bezier), wall));
    // It leaves a's right side at the tail's row and enters c's left side at the head's.
    CHECK(r.tailSide == Side::Right);
    CHECK(r.headSide == Side::Left);
    CHECK(r.tail == Point{200, 37});
    CHECK(r.head == Point{600, 155});
    CHECK(r.bezier.front() == r.tail);
    CHECK(r.bezier.back() == r.head);
    // The stubs are square to the sides.
    CHECK(r.bezier[3] == Point{200 + kStub, 37});
    CHECK(r.bezier[r.bezier.size() - 4] == Point{600 - kStub, 155});
}

TEST_CASE("a label goes beside its edge where no card or label is", "[ui][canvas][layout]") {
    const Box a{0, 0, 100, 100}, b{400, 0, 100, 100};
    const Route r = route({a, 40, 60, 0}, {b, 40, 60, 0}, {a, b});
    const auto free = placeLabel(r, 80, 16, {a, b});
    REQUIRE(free);
    CHECK(free->x > 100);
    CHECK(free->right() < 400);
    // A card sitting where the label would go pushes it elsewhere.
    const Box blocker{200, 20, 100, 29};
    const auto moved = placeLabel(r, 80, 16, {a, b, blocker});
    REQUIRE(moved);
    CHECK_FALSE(moved->intersects(blocker));
    CHECK_FALSE(moved->intersects(a));
    CHECK_FALSE(moved->intersects(b));
}

TEST_CASE("dot places a chain in ranks without overlaps", "[ui][canvas][layout]") {
    const std::vector<Node> nodes{{"a", 200, 120}, {"b", 200, 300}, {"c", 200, 120}, {"d", 150, 80}};
    const Placement p = layOut(nodes, {{"a", "b"}, {"b", "c"}, {"a", "c"}}, 120);
    REQUIRE(p.topLeft.size() == 4);
    CHECK(p.direction == Direction::LeftToRight);
    const auto at = [&](std::size_t i) { return Box{p.topLeft[i].second.x, p.topLeft[i].second.y, nodes[i].w, nodes[i].h}; };
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = i + 1; j < 4; ++j)
            CHECK_FALSE(at(i).intersects(at(j)));
    // Each rank right of the one it references, the rank gap between them.
    CHECK(at(1).x >= at(0).right() + 120 - 1);
    CHECK(at(2).x >= at(1).right() + 120 - 1);
}
