// Issue 17 item 14: Add Entity and Add Field leave the keyboard in the new
// object's name, selected, so that typing names it.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "inspector/EntityForm.h"
#include "inspector/Inspector.h"

#include <QApplication>
#include <QTest>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("Add Entity and Add Field put the new name under the keyboard", "[ui][firsthour]") {
    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    window.selectObject(ObjectRef::entity("e1")); // Order
    // Focus left in another editor of the inspector, as after choosing a type.
    window.inspector()->entityForm()->form()->editor(QStringLiteral("idType"))->setFocus();

    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("email"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    const Entity *order = window.document()->project().findEntity("e1");
    REQUIRE(order);
    CHECK(order->fields.back().name == "email");

    // Again, from the name editor the first one left the keyboard in.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("phone"));
    // A third without Enter: the name typed belongs to the second.
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F, Qt::ControlModifier | Qt::ShiftModifier);
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("fax"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    order = window.document()->project().findEntity("e1");
    REQUIRE(order->fields.size() >= 3);
    CHECK(order->fields[order->fields.size() - 2].name == "phone");
    CHECK(order->fields.back().name == "fax");

    const std::size_t entities = window.document()->project().entities.size();
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_E, Qt::ControlModifier);
    QTest::keyClicks(QApplication::focusWidget(), QStringLiteral("Invoice"));
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_Return);
    REQUIRE(window.document()->project().entities.size() == entities + 1);
    CHECK(window.document()->project().entities.back().name == "Invoice");
}
