// The canvas updates what an edit names (issue 16): a relationship change
// redraws its two cards and its edge, and embedding or un-embedding moves
// one card; only a new project builds the whole scene.
#include "ui/support/UiTestHelpers.h"

#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "canvas/RelationshipItem.h"
#include "document/Document.h"
#include "document/RelationshipLabels.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::canvas;

namespace {

struct SceneFixture {
    Document document;
    DocumentScene scene{&document};
    std::string reference;

    SceneFixture() {
        document.reset(test::makeOrderModel(), QString());
        // Customer -< Order, drawn as an edge between two collection cards.
        auto id = document.relate("e3", "e1", Cardinality::OneToMany, Representation::ReferenceFromChild);
        REQUIRE(id);
        reference = *id;
        REQUIRE(scene.edgeOf(reference));
    }

    // The scene was neither rebuilt nor given new cards or edges since
    // `rebuilds` and `created` were read.
    void requireNoRebuild(int rebuilds, int created) const {
        CHECK(scene.rebuildCount() == rebuilds);
        CHECK(scene.itemsCreated() == created);
    }
};

} // namespace

TEST_CASE("a relationship parameter edit updates its edge without rebuilding the scene", "[ui][canvas]") {
    SceneFixture f;
    const int rebuilds = f.scene.rebuildCount();
    const int created = f.scene.itemsCreated();
    RelationshipItem *edge = f.scene.edgeOf(f.reference);
    EntityItem *customer = f.scene.cardOf("e3");
    EntityItem *order = f.scene.cardOf("e1");

    Relationship r = *f.document.project().findRelationship(f.reference);
    r.avgChildren = 12;
    r.maxChildren = 40;
    REQUIRE(f.document.changeRelationship(r, QStringLiteral("Change average"), QStringLiteral("avgChildren")));
    r.cardinality = Cardinality::OneToFew;
    REQUIRE(f.document.changeRelationship(r, QStringLiteral("Change cardinality"), QStringLiteral("cardinality")));

    f.requireNoRebuild(rebuilds, created);
    // Another representation that keeps both collections: the same edge,
    // relabelled.
    REQUIRE(f.document.relate("e3", "e1", Cardinality::OneToFew, Representation::ReferenceArrayInParent));
    f.requireNoRebuild(rebuilds, created);
    // The same items, updated in place.
    CHECK(f.scene.edgeOf(f.reference) == edge);
    CHECK(f.scene.cardOf("e3") == customer);
    CHECK(f.scene.cardOf("e1") == order);
    // The field that holds the reference, then the representation.
    const QString field = QString::fromStdString(f.document.project().findRelationship(f.reference)->fieldName);
    CHECK(edge->label() == field + QStringLiteral(" · ") + representationLabel(Representation::ReferenceArrayInParent));

    for (int i = 0; i < 3; ++i)
        f.document.undoStack()->undo();
    f.requireNoRebuild(rebuilds, created);
    CHECK(f.scene.edgeOf(f.reference) == edge);
    CHECK(edge->label() == QString::fromStdString(f.document.project().findRelationship(f.reference)->fieldName) +
                               QStringLiteral(" · ") + representationLabel(Representation::ReferenceFromChild));
}

TEST_CASE("embedding and un-embedding move one card and rebuild nothing", "[ui][canvas]") {
    SceneFixture f;
    const int rebuilds = f.scene.rebuildCount();
    const int created = f.scene.itemsCreated();
    EntityItem *item = f.scene.cardOf("e2");
    EntityItem *order = f.scene.cardOf("e1");
    const std::size_t cards = f.scene.cardCount();

    auto embedding = f.document.relate("e1", "e2", Cardinality::OneToFew, Representation::EmbedArray);
    REQUIRE(embedding);
    f.requireNoRebuild(rebuilds, created);
    CHECK(f.scene.cardOf("e2") == item);
    CHECK(item->parentCard() == order);
    CHECK(f.scene.cardCount() == cards);
    CHECK_FALSE(f.scene.edgeOf(*embedding)); // drawn inside its parent, not as an edge

    // The relationship becomes a reference held by the child: the same
    // card, out of its parent, and one new item, the reference's edge.
    REQUIRE(f.document.unembed("e2", {900, 100}));
    f.requireNoRebuild(rebuilds, created + 1);
    CHECK(f.scene.cardOf("e2") == item);
    CHECK(item->parentCard() == nullptr);
    CHECK(f.scene.cardCount() == cards);
    REQUIRE(f.scene.edgeOf(*embedding));
    CHECK(f.scene.edgeOf(*embedding)->childCard() == item);

    f.document.undoStack()->undo(); // embedded again
    CHECK(item->parentCard() == order);
    CHECK_FALSE(f.scene.edgeOf(*embedding));
    f.document.undoStack()->undo(); // a collection again
    CHECK(item->parentCard() == nullptr);
    CHECK(f.scene.cardOf("e2") == item);
    f.requireNoRebuild(rebuilds, created + 1);
}

TEST_CASE("renaming and editing a field redraw one card, a new project rebuilds", "[ui][canvas]") {
    SceneFixture f;
    const int rebuilds = f.scene.rebuildCount();
    const int created = f.scene.itemsCreated();
    REQUIRE(f.document.renameEntity("e1", QStringLiteral("Purchase")));
    Field field = *f.document.project().findField("f2");
    field.maxBytes = 64;
    REQUIRE(f.document.changeField(field, QStringLiteral("Change maximum"), QStringLiteral("maxBytes")));
    f.requireNoRebuild(rebuilds, created);

    // The counters do count: a project replacement is a reset, and so is
    // its undo.
    Project other = f.document.project();
    other.name = "recovered";
    REQUIRE(f.document.replaceProject(other, QStringLiteral("Recover")));
    CHECK(f.scene.rebuildCount() == rebuilds + 1);
    CHECK(f.scene.itemsCreated() > created);
    f.document.undoStack()->undo();
    CHECK(f.scene.rebuildCount() == rebuilds + 2);
}

// A route runs around the cards: it changes only when a card comes, goes,
// moves or changes size, or when its own edge changes. An edit that leaves
// every card where and as large as it was routes nothing again.
TEST_CASE("an edit reroutes edges only where a card changed size, or its own edge changed", "[ui][canvas]") {
    SceneFixture f;
    RelationshipItem *edge = f.scene.edgeOf(f.reference);
    EntityItem *order = f.scene.cardOf("e1");

    // A field's description is not drawn on the card.
    int routed = f.scene.edgesRouted();
    Field field = *f.document.project().findField("f1"); // Order.orderNumber
    field.details.edit().description = "the order's number, as printed on the invoice";
    const QRectF orderRect = order->sceneBoundingRect();
    REQUIRE(f.document.changeField(field, QStringLiteral("Describe"), QStringLiteral("description")));
    REQUIRE(order->sceneBoundingRect() == orderRect);
    CHECK(f.scene.edgesRouted() == routed);

    // A new average changes the size badge in the header, not the card's
    // size: the header repaints, no route changes.
    field = *f.document.project().findField("f1");
    const QString badge = order->badgeText();
    field.avgBytes = field.maxBytes - 2;
    REQUIRE(f.document.changeField(field, QStringLiteral("Change average"), QStringLiteral("avgBytes")));
    REQUIRE(order->badgeText() != badge);
    REQUIRE(order->sceneBoundingRect() == orderRect);
    CHECK(f.scene.edgesRouted() == routed);

    // A new field makes the Order card taller: its edge is routed again, to
    // the card as it is now.
    Field added;
    added.name = "giftMessage";
    REQUIRE(f.document.addField("e1", "", added));
    REQUIRE(order->sceneBoundingRect() != orderRect);
    CHECK(f.scene.edgesRouted() > routed);
    const QRectF card = order->mapRectToScene(order->cardRect()).adjusted(-2, -2, 2, 2);
    const QPointF tail = edge->path().pointAtPercent(0), head = edge->path().pointAtPercent(1);
    CHECK((card.contains(tail) || card.contains(head)));

    // The edge's own change routes it, though no card changed.
    routed = f.scene.edgesRouted();
    Relationship r = *f.document.project().findRelationship(f.reference);
    r.avgChildren = 25;
    REQUIRE(f.document.changeRelationship(r, QStringLiteral("Change average"), QStringLiteral("avgChildren")));
    CHECK(f.scene.edgesRouted() == routed + 1);
}

// What an edge repaints is its curve and its label. An edge whose label
// found no place among crowded cards has no label, and must not claim the
// scene from the origin to its curve: every edit of either card would then
// repaint the whole canvas in view.
TEST_CASE("an edge without a label is bounded by its curve", "[ui][canvas]") {
    SceneFixture f;
    RelationshipItem *edge = f.scene.edgeOf(f.reference);
    // Move both cards far from the origin, then route the edge as a crowded
    // canvas would: no place for the label.
    f.document.moveEntities({{"e3", {4000, 3000}}, {"e1", {4600, 3000}}});
    const graph::Route route = edge->route();
    edge->setRoute(route, QRectF());
    const QRectF curve = edge->path().controlPointRect();
    REQUIRE(curve.left() > 3000);
    const QRectF bounds = edge->boundingRect();
    CHECK_FALSE(bounds.contains(QPointF(0, 0)));
    CHECK(bounds.left() > 3000);
    CHECK(bounds.top() > 2000);
    CHECK(curve.adjusted(-16, -16, 16, 16).contains(bounds));
    CHECK_FALSE(edge->shape().boundingRect().contains(QPointF(0, 0)));
}
