// Issue 17 item 4: a name is committed when it is finished, not on every
// keystroke: a refused name never leaves a fragment behind.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "inspector/EntityForm.h"
#include "inspector/Inspector.h"

#include "io/ProjectFile.h"

#include <QLabel>
#include <QLineEdit>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("a name is committed when finished, a refused one changes nothing and says why", "[ui][firsthour]") {
    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    window.selectObject(ObjectRef::entity("e3")); // Customer
    inspector::EntityForm *form = window.inspector()->entityForm();
    auto *name = qobject_cast<QLineEdit *>(form->form()->editor(QStringLiteral("name")));
    REQUIRE(name);
    QLabel *error = form->form()->messageLabel(QStringLiteral("name"));
    const std::string before = serializeProject(doc.project());
    const auto retype = [&](const QString &text) {
        QTest::mouseClick(name, Qt::LeftButton);
        QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(name, text);
    };

    // Typing "Order" passes through "Orde", and "Order" exists: nothing
    // reaches the model while typing, and Enter is refused with the reason.
    retype(QStringLiteral("Order"));
    CHECK(serializeProject(doc.project()) == before);
    QTest::keyClick(name, Qt::Key_Return);
    CHECK(serializeProject(doc.project()) == before);
    CHECK(doc.undoStack()->count() == 0);
    CHECK(error->isVisibleTo(form));
    CHECK(error->text().contains(QStringLiteral("Order")));
    CHECK(name->text() == QStringLiteral("Customer"));

    // A good name is one undo step, named after the whole name.
    retype(QStringLiteral("Client"));
    CHECK(doc.project().findEntity("e3")->name == "Customer");
    QTest::keyClick(name, Qt::Key_Return);
    CHECK(doc.project().findEntity("e3")->name == "Client");
    CHECK(doc.undoStack()->count() == 1);
    CHECK(doc.undoStack()->text(0) == QStringLiteral("Rename entity Customer to Client"));
    CHECK_FALSE(error->isVisibleTo(form));

    // Escape reverts the typing.
    retype(QStringLiteral("Zed"));
    QTest::keyClick(name, Qt::Key_Escape);
    CHECK(name->text() == QStringLiteral("Client"));
    CHECK(doc.undoStack()->count() == 1);

    // Leaving the editor commits too.
    retype(QStringLiteral("Buyer"));
    QTest::keyClick(name, Qt::Key_Tab);
    CHECK_FALSE(name->hasFocus());
    CHECK(doc.project().findEntity("e3")->name == "Buyer");
    CHECK(doc.undoStack()->count() == 2);
    doc.undoStack()->undo();
    CHECK(doc.project().findEntity("e3")->name == "Client");
    CHECK(name->text() == QStringLiteral("Client"));
}
