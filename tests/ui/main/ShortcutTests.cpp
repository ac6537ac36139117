// Issue 17 item 6: Redo's shortcuts, pressed on the canvas.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "document/Document.h"

#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("Redo answers Ctrl+Y and Ctrl+Shift+Z, each bound once", "[ui][firsthour]") {
    MainWindow window;
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    QUndoStack *stack = window.document()->undoStack();
    REQUIRE(window.document()->renameEntity("e3", QStringLiteral("Client")));
    window.canvas()->setFocus();

    QTest::keyClick(window.canvas(), Qt::Key_Z, Qt::ControlModifier);
    REQUIRE(stack->index() == 0);
    QTest::keyClick(window.canvas(), Qt::Key_Y, Qt::ControlModifier);
    CHECK(stack->index() == 1);
    stack->undo();
    QTest::keyClick(window.canvas(), Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(stack->index() == 1);
    CHECK(window.document()->project().findEntity("e3")->name == "Client");
}
