// Issue 17 item 2: Find (Ctrl+F) over entities and fields, the zoom in the
// status bar, and names that stay readable zoomed out.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "canvas/FindBar.h"
#include "document/Document.h"

#include <QImage>
#include <QLabel>
#include <QLineEdit>
#include <QPainter>
#include <QTest>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }

struct Window {
    MainWindow window;
    Window() {
        window.resize(1400, 900);
        REQUIRE(window.loadExample(qs(test::examplesDir() + "/order-aggregate.docshape")));
        REQUIRE(test::showActive(window));
        window.canvas()->setFocus();
    }
    canvas::FindBar *findBar() { return window.findChild<canvas::FindBar *>(QStringLiteral("findBar")); }
    QLabel *zoomLabel() { return window.findChild<QLabel *>(QStringLiteral("zoomStatus")); }
};
} // namespace

TEST_CASE("Ctrl+F finds a field, selects it and centres its card", "[ui][canvas][find]") {
    Window w;
    QTest::keyClick(w.window.canvas(), Qt::Key_F, Qt::ControlModifier);
    canvas::FindBar *bar = w.findBar();
    REQUIRE(bar);
    REQUIRE(bar->isVisible());
    CHECK(bar->lineEdit()->hasFocus());

    // A field of Customer, found by its path, case-insensitively.
    const Entity *customer = nullptr;
    for (const auto &e : w.window.document()->project().entities)
        if (e.name == "Customer")
            customer = &e;
    REQUIRE(customer);
    REQUIRE_FALSE(customer->fields.empty());
    const Field &field = customer->fields.back();
    const QString path = QStringLiteral("customer.") + qs(field.name).toUpper();
    QTest::keyClicks(bar->lineEdit(), path);
    QTest::keyClick(bar->lineEdit(), Qt::Key_Return);

    CHECK(w.window.scene()->currentObject() == ObjectRef::field(field.id));
    const canvas::EntityItem *card = w.window.scene()->cardOf(customer->id);
    REQUIRE(card);
    CHECK(card->isSelected());
    const QPointF centre = w.window.canvas()->mapToScene(w.window.canvas()->viewport()->rect().center());
    CHECK(std::abs(centre.x() - card->sceneBoundingRect().center().x()) < 4);
    CHECK(std::abs(centre.y() - card->sceneBoundingRect().center().y()) < 4);
    CHECK(bar->statusText().startsWith(QStringLiteral("1 of ")));

    // Nothing found says so; Escape closes the bar.
    bar->lineEdit()->clear();
    QTest::keyClicks(bar->lineEdit(), QStringLiteral("nosuchthing"));
    CHECK(bar->statusText() == QStringLiteral("No match"));
    QTest::keyClick(bar->lineEdit(), Qt::Key_Escape);
    CHECK_FALSE(bar->isVisible());
}

TEST_CASE("the status bar shows the canvas's zoom", "[ui][canvas][zoom]") {
    Window w;
    QLabel *label = w.zoomLabel();
    REQUIRE(label);
    QTest::keyClick(w.window.canvas(), Qt::Key_0, Qt::ControlModifier); // actual size
    CHECK(label->text() == QStringLiteral("Zoom 100%"));
    QTest::keyClick(w.window.canvas(), Qt::Key_Minus, Qt::ControlModifier);
    CHECK(label->text() == QStringLiteral("Zoom 80%"));
    CHECK(w.window.canvas()->zoom() == Approx(0.8));
}

TEST_CASE("zoomed far out, cards keep their names", "[ui][canvas][lod]") {
    Window w;
    canvas::CanvasView *view = w.window.canvas();
    view->setZoom(0.1);
    QImage image(view->viewport()->size(), QImage::Format_ARGB32);
    {
        QPainter painter(&image);
        view->render(&painter);
    }
    for (const auto &e : w.window.document()->project().entities) {
        const canvas::EntityItem *card = w.window.scene()->cardOf(e.id);
        if (!card || card->isEmbedded())
            continue;
        INFO(e.name);
        CHECK(card->sketchName() == qs(e.name));
    }
}
