// Issue 35 item 5: a model opens zoomed to read. When the whole model
// would be a speck (many collections far apart, as an import of a large
// database gives), the canvas fits its largest group of connected cards
// at a zoom where the text is read; Fit to View still shows everything.
#include "support/TestPaths.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include "io/ProjectFile.h"

#include <QTest>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

Entity entity(int i, double x, double y) {
    Entity e;
    e.id = "e" + std::to_string(i);
    e.name = "Collection" + std::to_string(i);
    e.count = 1000;
    e.position = {x, y};
    Field f;
    f.id = "f" + std::to_string(i);
    f.name = "name";
    f.avgBytes = 10;
    f.maxBytes = 20;
    e.fields.push_back(f);
    return e;
}

// Four collections joined by references far from sixty lone ones, spread
// over some 20,000 units: the whole model fitted into 1280 x 720 is a
// speck (a zoom of about 0.05).
std::string spreadModel() {
    Project p;
    p.name = "spread";
    for (int i = 1; i <= 4; ++i)
        p.entities.push_back(entity(i, 20000 + 300.0 * (i - 1), 12000 + 100.0 * (i % 2)));
    for (int i = 5; i < 65; ++i)
        p.entities.push_back(entity(i, double((i - 5) % 10) * 2000, double((i - 5) / 10) * 2000));
    Document doc;
    doc.reset(std::move(p), QString());
    for (const char *child : {"e2", "e3", "e4"})
        REQUIRE(doc.relate(child, "e1", Cardinality::OneToMany, Representation::ReferenceFromChild));
    const std::string file = test::makeTempDir("readable-fit") + "/spread.docshape";
    REQUIRE(saveProject(doc.project(), file));
    return file;
}

QRect onScreen(canvas::CanvasView *view, const QRectF &scene) { return view->mapFromScene(scene).boundingRect(); }

} // namespace

TEST_CASE("a model too large to read whole opens on its largest connected group, readable", "[ui][canvas][fit]") {
    const std::string file = spreadModel();
    MainWindow window;
    window.resize(1280, 720);
    REQUIRE(window.loadFile(qs(file)));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    canvas::CanvasView *view = window.canvas();
    const QRect viewport = view->viewport()->rect();

    // Not a speck: the text of the cards is readable...
    CHECK(view->zoom() >= canvas::CanvasView::kReadableZoom);
    CHECK(view->zoom() <= 1.0);
    // ...and what is shown is the group: its four cards, whole.
    for (const char *id : {"e1", "e2", "e3", "e4"}) {
        INFO(id);
        const canvas::EntityItem *card = window.scene()->cardOf(id);
        REQUIRE(card);
        CHECK(viewport.contains(onScreen(view, card->sceneBoundingRect())));
    }
    const QRect group = onScreen(view, window.scene()->largestGroupRect());
    CHECK(std::max(double(group.width()) / viewport.width(), double(group.height()) / viewport.height()) > 0.5);

    // Fit to View is the overview: every card, however small.
    view->fitToView();
    CHECK(view->zoom() < canvas::CanvasView::kReadableZoom);
    CHECK(viewport.adjusted(-1, -1, 1, 1).contains(onScreen(view, window.scene()->contentRect())));
}

TEST_CASE("a model whose one group would be a speck opens readable at its top left", "[ui][canvas][fit]") {
    // One group of sixty cards in a row some 18,000 units wide: fitted, a
    // speck; opened, its first cards at the readable zoom.
    Project p;
    p.name = "row";
    for (int i = 1; i <= 60; ++i)
        p.entities.push_back(entity(i, 300.0 * (i - 1), 0));
    Document doc;
    doc.reset(std::move(p), QString());
    for (int i = 2; i <= 60; ++i)
        REQUIRE(doc.relate("e" + std::to_string(i), "e" + std::to_string(i - 1), Cardinality::OneToMany,
                           Representation::ReferenceFromChild));
    const std::string file = test::makeTempDir("readable-row") + "/row.docshape";
    REQUIRE(saveProject(doc.project(), file));
    MainWindow window;
    window.resize(1280, 720);
    REQUIRE(window.loadFile(qs(file)));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    canvas::CanvasView *view = window.canvas();
    CHECK(view->zoom() == Approx(canvas::CanvasView::kReadableZoom));
    const canvas::EntityItem *first = window.scene()->cardOf("e1");
    REQUIRE(first);
    CHECK(view->viewport()->rect().contains(onScreen(view, first->sceneBoundingRect())));
}

TEST_CASE("a model that fits readably opens whole", "[ui][canvas][fit]") {
    MainWindow window;
    window.resize(1280, 720);
    REQUIRE(window.loadExample(qs(test::examplesDir() + "/order-aggregate.docshape")));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    canvas::CanvasView *view = window.canvas();
    CHECK(view->viewport()->rect().adjusted(-1, -1, 1, 1).contains(onScreen(view, window.scene()->contentRect())));
}
