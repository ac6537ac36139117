// Issue 17 item 9: renaming a field in the inspector carries the access
// patterns and indexes that name it along, in the same undo step.
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "inspector/FieldForm.h"
#include "inspector/Inspector.h"

#include "advisor/Advisor.h"

#include <QLineEdit>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("a field renamed in the inspector renames its paths in patterns and indexes, one undo step",
          "[ui][firsthour]") {
    Project p = test::makeOrderModel();
    AccessPattern byEmail;
    byEmail.id = "q1";
    byEmail.name = "Customer by email";
    byEmail.entityId = "e3";
    byEmail.operation = Operation::FindMany;
    byEmail.equality = {"email"};
    byEmail.frequencyPerSecond = 5;
    p.accessPatterns = {byEmail};
    IndexSpec emailIndex;
    emailIndex.id = "i1";
    emailIndex.entityId = "e3";
    emailIndex.keys = {{"email", "1"}};
    emailIndex.unique = true;
    p.indexes = {emailIndex};

    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(p, QString());
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    window.selectObject(ObjectRef::field("f4"));
    auto *name = qobject_cast<QLineEdit *>(window.inspector()->fieldForm()->form()->editor(QStringLiteral("name")));
    REQUIRE(name);
    REQUIRE(name->text() == QStringLiteral("email"));

    QTest::mouseClick(name, Qt::LeftButton);
    QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(name, QStringLiteral("mail"));
    QTest::keyClick(name, Qt::Key_Return);

    CHECK(doc.project().findField("f4")->name == "mail");
    CHECK(doc.project().findAccessPattern("q1")->equality == std::vector<std::string>{"mail"});
    CHECK(doc.project().findIndex("i1")->keys == std::vector<IndexKey>{{"mail", "1"}});
    CHECK(doc.undoStack()->count() == 1);
    for (const auto &f : advise(doc.project(), doc.analysis()).findings)
        CHECK(f.id != "DS187");

    doc.undoStack()->undo();
    CHECK(doc.project().findField("f4")->name == "email");
    CHECK(doc.project().findAccessPattern("q1")->equality == std::vector<std::string>{"email"});
    CHECK(doc.project().findIndex("i1")->keys == std::vector<IndexKey>{{"email", "1"}});
    doc.undoStack()->redo();
    CHECK(doc.project().findAccessPattern("q1")->equality == std::vector<std::string>{"mail"});
}
