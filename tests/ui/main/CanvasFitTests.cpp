// Issue 17 item 5: a model opened before the window is shown (docshape FILE,
// --example, recovery) is fitted to the canvas the user sees.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"

#include "io/ProjectFile.h"

#include <QFile>
#include <QTest>
#include <catch2/catch.hpp>

#include <algorithm>

using namespace docshape;
using namespace docshape::ui;

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }

// The share of the viewport the model's cards take, along the fuller axis.
double fill(MainWindow &window) {
    canvas::CanvasView *view = window.canvas();
    const QRect onScreen = view->mapFromScene(window.scene()->contentRect()).boundingRect();
    const QRect viewport = view->viewport()->rect();
    return std::max(double(onScreen.width()) / viewport.width(), double(onScreen.height()) / viewport.height());
}
} // namespace

TEST_CASE("a model opened before the window is shown fills the canvas once it is", "[ui][firsthour]") {
    const QString example = qs(test::examplesDir() + "/order-aggregate.docshape");
    REQUIRE(QFile::exists(example));
    MainWindow window;
    window.resize(1400, 900);
    SECTION("an example (--example)") { REQUIRE(window.loadExample(example)); }
    SECTION("a file (docshape FILE)") { REQUIRE(window.loadFile(example)); }
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    // Fitted: the cards span most of the viewport, not a speck in its middle.
    CHECK(fill(window) > 0.6);
    CHECK(fill(window) <= 1.0);

    // A window manager's geometry after the first show keeps it fitted...
    window.resize(1024, 700);
    QTest::qWait(20);
    CHECK(fill(window) > 0.6);
    CHECK(fill(window) <= 1.0);
    // ...until the user zooms: then a resize keeps the user's zoom.
    REQUIRE(test::showActive(window));
    window.canvas()->setFocus();
    const qreal before = window.canvas()->zoom();
    QTest::keyClick(window.canvas(), Qt::Key_Minus, Qt::ControlModifier);
    const qreal zoomed = window.canvas()->zoom();
    CHECK(zoomed < before);
    window.resize(1300, 850);
    QTest::qWait(20);
    CHECK(window.canvas()->zoom() == zoomed);
}

TEST_CASE("recovered work opened at start is fitted to the shown canvas", "[ui][firsthour]") {
    const std::string dir = test::makeTempDir("firsthour-recover");
    const QString file = qs(dir + "/model.docshape");
    auto project = loadProject(test::examplesDir() + "/order-aggregate.docshape");
    REQUIRE(project);
    REQUIRE(saveProject(*project, file.toStdString()));
    REQUIRE(saveProject(*project, (file + QStringLiteral(".autosave")).toStdString()));
    MainWindow window;
    window.resize(1400, 900);
    // The previous model was zoomed into: the recovered one is fitted anew.
    for (int i = 0; i < 4; ++i)
        window.canvas()->zoomIn();
    REQUIRE(window.recoverFrom(file + QStringLiteral(".autosave")));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    CHECK(fill(window) > 0.6);
    CHECK(fill(window) <= 1.0);
}
