// Issue 17 item 15: copy, cut, paste and duplicate of entities and fields on
// the canvas, with the keys of any editor; each paste is one undo step.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include "io/ProjectFile.h"

#include <QClipboard>
#include <algorithm>
#include <cmath>
#include <QGuiApplication>
#include <QLineEdit>
#include <QMimeData>
#include <QStatusBar>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

namespace {

QString orderExample() {
    return QString::fromStdString(test::sourceDir() + "/resources/examples/order-aggregate.docshape");
}

const Entity *entityNamed(const Document &doc, const std::string &name) {
    return doc.project().findEntityByName(name);
}

// Whether the entity's card overlaps another collection card.
bool overlapsAnotherCard(MainWindow &window, const std::string &id) {
    const canvas::EntityItem *card = window.scene()->cardOf(id);
    REQUIRE(card);
    const QRectF rect = card->mapRectToScene(card->cardRect());
    for (const Entity &e : window.document()->project().entities) {
        const canvas::EntityItem *other = window.scene()->cardOf(e.id);
        if (e.id != id && other && !other->isEmbedded() && other->mapRectToScene(other->cardRect()).intersects(rect))
            return true;
    }
    return false;
}

} // namespace

TEST_CASE("Ctrl+C and Ctrl+V copy a card with what it embeds, one undo step, and paste again further on",
          "[ui][canvas][clipboard][firsthour]") {
    MainWindow window;
    REQUIRE(window.loadFile(orderExample()));
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    const std::string before = serializeProject(doc.project());
    const std::size_t entities = doc.project().entities.size();
    const std::size_t collections = doc.analysis().collections.size();
    REQUIRE(entityNamed(doc, "Order"));
    const std::string orderId = entityNamed(doc, "Order")->id;
    const CanvasPosition at = entityNamed(doc, "Order")->position;

    window.scene()->selectObject(ObjectRef::entity(orderId));
    window.canvas()->setFocus();
    QTest::keyClick(window.canvas(), Qt::Key_C, Qt::ControlModifier);
    const QMimeData *data = QGuiApplication::clipboard()->mimeData();
    REQUIRE(data);
    CHECK(data->hasFormat(QStringLiteral("application/x-docshape-fragment")));
    CHECK(data->text().contains(QStringLiteral("\"docshapeFragment\"")));
    CHECK(serializeProject(doc.project()) == before); // copying is no edit

    QTest::keyClick(window.canvas(), Qt::Key_V, Qt::ControlModifier);
    // Order, LineItem and ShippingAddress: one more collection (the copy of
    // orders), its embedded entities inside it.
    REQUIRE(doc.project().entities.size() == entities + 3);
    const Entity *copy = entityNamed(doc, "OrderCopy");
    REQUIRE(copy);
    CHECK(entityNamed(doc, "LineItemCopy"));
    CHECK(entityNamed(doc, "ShippingAddressCopy"));
    CHECK(copy->collectionName == "ordersCopy");
    // Beside the original, on a spot no card covers.
    CHECK(copy->position.y >= at.y);
    CHECK(std::hypot(copy->position.x - at.x, copy->position.y - at.y) < 1500);
    CHECK_FALSE(overlapsAnotherCard(window, copy->id));
    CHECK(doc.analysis().collections.size() == collections + 1);
    // Its references to Customer and Product came along: its documents are
    // the original's, byte for byte.
    CHECK(doc.project().relationships.size() == 8);
    const CollectionStat *original = doc.collectionStatOf(orderId);
    const CollectionStat *pasted = doc.collectionStatOf(copy->id);
    REQUIRE(original);
    REQUIRE(pasted);
    CHECK(pasted->avgDocumentBytes == original->avgDocumentBytes);
    CHECK(pasted->maxDocumentBytes == original->maxDocumentBytes);
    // The new card is on the canvas and selected.
    REQUIRE(window.scene()->cardOf(copy->id));
    CHECK(window.scene()->cardOf(copy->id)->isSelected());
    CHECK(window.scene()->cardOf(entityNamed(doc, "LineItemCopy")->id)->isEmbedded());
    CHECK(doc.undoStack()->count() == 1);
    CHECK(doc.undoStack()->undoText() == QStringLiteral("Paste 3 entities"));

    // Again: the next free names, on the next free spot.
    QTest::keyClick(window.canvas(), Qt::Key_V, Qt::ControlModifier);
    const Entity *second = entityNamed(doc, "OrderCopy2");
    REQUIRE(second);
    CHECK_FALSE(overlapsAnotherCard(window, second->id));

    doc.undoStack()->undo();
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    CHECK(window.scene()->cardCount() == entities);
}

TEST_CASE("Ctrl+D duplicates the selected cards, Ctrl+X cuts them and Ctrl+V brings them back",
          "[ui][canvas][clipboard][firsthour]") {
    MainWindow window;
    REQUIRE(window.loadFile(orderExample()));
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    const std::string customerId = entityNamed(doc, "Customer")->id;
    window.scene()->selectObject(ObjectRef::entity(customerId));
    window.canvas()->setFocus();
    QTest::keyClick(window.canvas(), Qt::Key_D, Qt::ControlModifier);
    const Entity *copy = entityNamed(doc, "CustomerCopy");
    REQUIRE(copy);
    CHECK(copy->collectionName == "customersCopy");
    CHECK_FALSE(overlapsAnotherCard(window, copy->id));
    CHECK(doc.undoStack()->undoText() == QStringLiteral("Duplicate Customer"));
    const std::string copyId = copy->id;

    // Cut the copy: gone in one step, on the clipboard.
    REQUIRE(window.scene()->currentObject() == ObjectRef::entity(copyId));
    QTest::keyClick(window.canvas(), Qt::Key_X, Qt::ControlModifier);
    CHECK_FALSE(entityNamed(doc, "CustomerCopy"));
    CHECK(doc.undoStack()->count() == 2);
    // Pasted back under its own name, now free again.
    QTest::keyClick(window.canvas(), Qt::Key_V, Qt::ControlModifier);
    CHECK(entityNamed(doc, "CustomerCopy"));
}

TEST_CASE("a copied field pastes into the selected entity under a free name", "[ui][canvas][clipboard][firsthour]") {
    MainWindow window;
    REQUIRE(window.loadFile(orderExample()));
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    const Entity *customer = entityNamed(doc, "Customer");
    const Field &email = *std::find_if(customer->fields.begin(), customer->fields.end(),
                                       [](const Field &f) { return f.name == "email"; });
    const std::string emailId = email.id;
    window.scene()->selectObject(ObjectRef::field(emailId));
    window.canvas()->setFocus();
    QTest::keyClick(window.canvas(), Qt::Key_C, Qt::ControlModifier);
    // Into Product, which has no email yet.
    const std::string productId = entityNamed(doc, "Product")->id;
    window.scene()->selectObject(ObjectRef::entity(productId));
    QTest::keyClick(window.canvas(), Qt::Key_V, Qt::ControlModifier);
    const Entity *product = doc.project().findEntity(productId);
    const auto pasted = std::find_if(product->fields.begin(), product->fields.end(),
                                     [](const Field &f) { return f.name == "email"; });
    REQUIRE(pasted != product->fields.end());
    CHECK(pasted->id != emailId);
    CHECK(pasted->maxBytes == email.maxBytes);
    CHECK(window.scene()->currentObject() == ObjectRef::field(pasted->id));
    CHECK(doc.undoStack()->undoText() == QStringLiteral("Paste field email"));
    // Twice into Customer: beside the original, as emailCopy.
    window.scene()->selectObject(ObjectRef::entity(customer->id));
    QTest::keyClick(window.canvas(), Qt::Key_V, Qt::ControlModifier);
    customer = entityNamed(doc, "Customer");
    CHECK(std::count_if(customer->fields.begin(), customer->fields.end(),
                        [](const Field &f) { return f.name == "emailCopy"; }) == 1);
}

TEST_CASE("pasting what is not a DocShape fragment changes nothing and says why", "[ui][canvas][clipboard]") {
    MainWindow window;
    REQUIRE(window.loadFile(orderExample()));
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    const std::string before = serializeProject(doc.project());
    QGuiApplication::clipboard()->setText(QStringLiteral("{\"docshapeFragment\": 1, \"kind\": \"entities\", "
                                                         "\"project\": {\"formatVersion\": 1, \"entities\": "
                                                         "[{\"id\": \"e1\", \"name\": \"A\", \"fields\": "
                                                         "[{\"id\": \"f1\", \"name\": \"a.b\"}]}]}}"));
    window.canvas()->setFocus();
    QTest::keyClick(window.canvas(), Qt::Key_V, Qt::ControlModifier);
    CHECK(serializeProject(doc.project()) == before);
    CHECK(doc.undoStack()->count() == 0);
    const QString message = window.statusBar()->currentMessage();
    INFO(message.toStdString());
    CHECK(message.startsWith(QStringLiteral("Nothing to paste: clipboard.project.entities[0].fields[0].name: ")));

    // In a text box the keys are the text box's.
    QLineEdit edit;
    edit.setText(QStringLiteral("plain"));
    edit.show();
    REQUIRE(QTest::qWaitForWindowExposed(&edit));
    edit.activateWindow();
    edit.setFocus();
    edit.selectAll();
    QTest::keyClick(&edit, Qt::Key_C, Qt::ControlModifier);
    CHECK(QGuiApplication::clipboard()->text() == QStringLiteral("plain"));
    CHECK(doc.undoStack()->count() == 0);
}
