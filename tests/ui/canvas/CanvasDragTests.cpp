#include "ui/support/UiTestHelpers.h"

#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/DropChooser.h"
#include "canvas/EntityItem.h"
#include "canvas/RelationshipItem.h"
#include "document/Document.h"
#include "document/RelationshipLabels.h"

#include "io/ProjectFile.h"

#include <QScrollBar>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::canvas;

namespace {

struct CanvasFixture {
    Document document;
    DocumentScene *scene;
    CanvasView *view;

    CanvasFixture() {
        document.reset(test::makeOrderModel(), QString());
        scene = new DocumentScene(&document);
        view = new CanvasView(scene);
        view->resize(1400, 1000);
        view->show();
        REQUIRE(QTest::qWaitForWindowExposed(view));
        view->resetZoom();
        view->centerOn(scene->contentRect().center());
    }
    ~CanvasFixture() {
        delete view;
        delete scene;
    }

    QPoint viewPoint(const EntityItem *card, QPointF local) const {
        return view->mapFromScene(card->mapToScene(local));
    }
    // The middle of the card's title, away from the edge handle.
    QPoint titlePoint(const std::string &entityId) const {
        return viewPoint(scene->cardOf(entityId), QPointF(30, 14));
    }

    // Press, move in steps, release: what a hand does.
    void drag(QPoint from, QPoint to) {
        QWidget *vp = view->viewport();
        QTest::mousePress(vp, Qt::LeftButton, {}, from);
        const int steps = 8;
        for (int i = 1; i <= steps; ++i)
            QTest::mouseMove(vp, from + (to - from) * i / steps);
        QTest::mouseRelease(vp, Qt::LeftButton, {}, to);
    }

    std::uint64_t maxBytes(const std::string &entityId) const {
        const CollectionStat *stat = document.collectionStatOf(entityId);
        REQUIRE(stat);
        REQUIRE(stat->maxDocumentBytes.has_value());
        return *stat->maxDocumentBytes;
    }
};

} // namespace

TEST_CASE("dropping a card on another and choosing 'embed as array' embeds it", "[ui][canvas]") {
    CanvasFixture f;
    const std::string before = serializeProject(f.document.project());
    const std::uint64_t orderMaxBefore = f.maxBytes("e1");
    const QString badgeBefore = f.scene->cardOf("e1")->badgeText();
    const int steps = f.document.undoStack()->count();

    test::chooseFromNextPopup({DropChooser::embedArrayText()});
    f.drag(f.titlePoint("e2"), f.titlePoint("e1") + QPoint(20, 30));
    REQUIRE(test::popupChoiceDone());

    // The model shows the embedding, as one undo step.
    REQUIRE(f.document.undoStack()->count() == steps + 1);
    REQUIRE(f.document.project().relationships.size() == 1);
    const Relationship &r = f.document.project().relationships.front();
    CHECK(r.parentId == "e1");
    CHECK(r.childId == "e2");
    CHECK(r.representation == Representation::EmbedArray);
    REQUIRE(r.maxChildren == std::optional<std::uint64_t>(10));
    CHECK(r.fieldName == "lineItems");

    // LineItem is drawn inside Order now, as an array with its bound.
    EntityItem *item = f.scene->cardOf("e2");
    REQUIRE(item->isEmbedded());
    CHECK(item->parentCard() == f.scene->cardOf("e1"));
    CHECK(item->badgeText().contains(QStringLiteral("[0..10]")));

    // Order's maximum grows by exactly the bytes of the array at its bound:
    // key "lineItems" (1 + 9 + 1) + array document 4 + 10 x (1 + 1 + 1 + 62) + 1,
    // where 62 is a LineItem subdocument at its maximum.
    const std::uint64_t header = 1 + 9 + 1;
    const std::uint64_t array = 4 + 10 * (1 + 1 + 1 + 62) + 1;
    CHECK(f.maxBytes("e1") == orderMaxBefore + header + array);
    // ...and its card says so at once.
    CHECK(f.scene->cardOf("e1")->badgeText() != badgeBefore);

    const std::string after = serializeProject(f.document.project());
    f.document.undoStack()->undo();
    CHECK(serializeProject(f.document.project()) == before);
    CHECK(f.maxBytes("e1") == orderMaxBefore);
    CHECK_FALSE(f.scene->cardOf("e2")->isEmbedded());
    f.document.undoStack()->redo();
    CHECK(serializeProject(f.document.project()) == after);
    CHECK(f.scene->cardOf("e2")->isEmbedded());
}

TEST_CASE("a drag from a card's edge handle to another card creates a reference", "[ui][canvas]") {
    CanvasFixture f;
    const EntityItem *customer = f.scene->cardOf("e3");
    const QPoint handle = f.viewPoint(customer, customer->handleCenter() - QPointF(2, 0));

    test::chooseFromNextPopup({cardinalityLabel(Cardinality::OneToMany),
                               representationLabel(Representation::ReferenceFromChild)});
    f.drag(handle, f.titlePoint("e1") + QPoint(40, 60));
    REQUIRE(test::popupChoiceDone());

    REQUIRE(f.document.project().relationships.size() == 1);
    const Relationship &r = f.document.project().relationships.front();
    CHECK(r.parentId == "e3");
    CHECK(r.childId == "e1");
    CHECK(r.cardinality == Cardinality::OneToMany);
    CHECK(r.representation == Representation::ReferenceFromChild);
    CHECK(r.fieldName == "customerId");
    // Drawn as an edge; neither card moved or got embedded.
    RelationshipItem *edge = f.scene->edgeOf(r.id);
    REQUIRE(edge);
    CHECK(edge->label() == QStringLiteral("customerId · ") + representationLabel(Representation::ReferenceFromChild));
    CHECK_FALSE(f.scene->cardOf("e1")->isEmbedded());
    CHECK(f.document.project().findEntity("e3")->position.y == 400);
    f.document.undoStack()->undo();
    CHECK(f.document.project().relationships.empty());
    CHECK_FALSE(f.scene->edgeOf(r.id));
}

TEST_CASE("moving cards records one command on release", "[ui][canvas]") {
    CanvasFixture f;
    const int steps = f.document.undoStack()->count();
    const QPoint from = f.titlePoint("e3");
    f.drag(from, from + QPoint(300, 100)); // to empty canvas
    REQUIRE(f.document.undoStack()->count() == steps + 1);
    const CanvasPosition p = f.document.project().findEntity("e3")->position;
    CHECK(p.x == Approx(300));
    CHECK(p.y == Approx(500));
    f.document.undoStack()->undo();
    CHECK(f.document.project().findEntity("e3")->position.x == 0);
    CHECK(f.scene->cardOf("e3")->pos() == QPointF(0, 400));
}

TEST_CASE("dragging an embedded card onto empty canvas makes it a collection again", "[ui][canvas]") {
    CanvasFixture f;
    REQUIRE(f.document.relate("e1", "e2", Cardinality::OneToFew, Representation::EmbedArray));
    REQUIRE(f.scene->cardOf("e2")->isEmbedded());
    const std::size_t collections = f.document.analysis().collections.size();
    const std::string embedded = serializeProject(f.document.project());

    const QPoint from = f.titlePoint("e2");
    f.drag(from, from + QPoint(700, 20));

    EntityItem *item = f.scene->cardOf("e2");
    CHECK_FALSE(item->isEmbedded());
    const Relationship &r = f.document.project().relationships.front();
    CHECK(r.representation == Representation::ReferenceFromChild);
    CHECK(f.document.analysis().collections.size() == collections + 1);
    f.document.undoStack()->undo();
    CHECK(serializeProject(f.document.project()) == embedded);
}

TEST_CASE("the Delete key removes the selected card as one step", "[ui][canvas]") {
    CanvasFixture f;
    f.scene->selectObject(ObjectRef::entity("e3"));
    f.view->setFocus();
    QTest::keyClick(f.view, Qt::Key_Delete);
    CHECK_FALSE(f.document.project().findEntity("e3"));
    CHECK_FALSE(f.scene->cardOf("e3"));
    f.document.undoStack()->undo();
    CHECK(f.scene->cardOf("e3"));
}

// Issue 17 item 15: the arrow keys move the selected cards (as in any
// diagram editor) instead of scrolling; a held key is one undo step.
TEST_CASE("arrow keys move the selected card, one undo step for repeated presses", "[ui][canvas]") {
    CanvasFixture f;
    f.view->setFocus();
    const CanvasPosition start = f.document.project().findEntity("e1")->position;
    f.scene->selectObject(ObjectRef::entity("e1"));
    QTest::keyClick(f.view, Qt::Key_Right);
    QTest::keyClick(f.view, Qt::Key_Right);
    QTest::keyClick(f.view, Qt::Key_Down, Qt::ShiftModifier);
    const CanvasPosition moved = f.document.project().findEntity("e1")->position;
    CHECK(moved.x == start.x + 20);
    CHECK(moved.y == start.y + 1);
    CHECK(f.scene->cardOf("e1")->pos() == QPointF(moved.x, moved.y));
    CHECK(f.document.undoStack()->count() == 1);
    f.document.undoStack()->undo();
    CHECK(f.document.project().findEntity("e1")->position == start);

    // Nothing selected: the keys scroll the view and leave the model alone.
    f.scene->selectObject(ObjectRef{});
    f.view->resetZoom();
    f.view->horizontalScrollBar()->setValue(f.view->horizontalScrollBar()->maximum() / 2);
    const int before = f.view->horizontalScrollBar()->value();
    QTest::keyClick(f.view, Qt::Key_Right);
    CHECK(f.document.project().findEntity("e1")->position == start);
    CHECK(f.document.undoStack()->index() == 0);
    if (f.view->horizontalScrollBar()->maximum() > 0)
        CHECK(f.view->horizontalScrollBar()->value() != before);
}

// Issue 17 item 15: a tree (MongoDB manual, "Model Tree Structures with
// Parent References") is a reference from an entity to itself, drawn by
// dragging the edge handle out of the card and back onto it.
TEST_CASE("a handle dragged out of its card and back draws a reference to itself", "[ui][canvas][firsthour]") {
    CanvasFixture f;
    const EntityItem *customer = f.scene->cardOf("e3");
    const QPoint handle = f.viewPoint(customer, customer->handleCenter() - QPointF(2, 0));
    const QPoint outside = handle + QPoint(120, 0);

    const std::uint64_t maxBefore = f.maxBytes("e3");
    // Released on its own card without leaving it: a click, no reference.
    f.drag(handle, f.titlePoint("e3"));
    CHECK(f.document.project().relationships.empty());

    test::chooseFromNextPopup({cardinalityLabel(Cardinality::OneToMany),
                               representationLabel(Representation::ReferenceFromChild)});
    QWidget *vp = f.view->viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, handle);
    for (int i = 1; i <= 6; ++i)
        QTest::mouseMove(vp, handle + (outside - handle) * i / 6);
    const QPoint back = f.titlePoint("e3");
    for (int i = 1; i <= 6; ++i)
        QTest::mouseMove(vp, outside + (back - outside) * i / 6);
    CHECK(f.scene->cardOf("e3")->isDropTarget());
    QTest::mouseRelease(vp, Qt::LeftButton, {}, back);
    REQUIRE(test::popupChoiceDone());

    REQUIRE(f.document.project().relationships.size() == 1);
    const Relationship &r = f.document.project().relationships.front();
    CHECK(r.parentId == "e3");
    CHECK(r.childId == "e3");
    CHECK(r.representation == Representation::ReferenceFromChild);
    CHECK(r.fieldName == "parentId"); // the manual's name for a parent reference
    // Customer documents now hold their parent's id (bsonspec.org: an
    // element is its type, its key and NUL, then an ObjectId's 12 bytes).
    CHECK(f.maxBytes("e3") == maxBefore + 1 + 8 + 1 + 12);
    RelationshipItem *edge = f.scene->edgeOf(r.id);
    REQUIRE(edge);
    // Drawn as a loop beside the card, outside it.
    const QRectF card = customer->mapRectToScene(customer->cardRect());
    CHECK(edge->path().boundingRect().right() > card.right());
    CHECK(edge->path().boundingRect().left() >= card.right() - 1);
    f.document.undoStack()->undo();
    CHECK(f.document.project().relationships.empty());

    // Inside itself it cannot be.
    const auto embedded = f.document.relate("e3", "e3", Cardinality::OneToMany, Representation::EmbedArray);
    REQUIRE_FALSE(embedded.ok());
    CHECK(embedded.error().message.find("cannot be embedded in itself") != std::string::npos);
}
