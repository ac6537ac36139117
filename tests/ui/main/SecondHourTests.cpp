// Issue 38, "the studio's second hour": what a new user hit building a model
// from an empty page, each as the user met it, through real widgets.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "compare/CompareSession.h"
#include "document/Document.h"
#include "inspector/Inspector.h"
#include "inspector/RelationshipForm.h"

#include "io/ProjectFile.h"

#include <QApplication>
#include <QDockWidget>
#include <QKeyEvent>
#include <QLabel>
#include <QUndoStack>
#include <QLineEdit>
#include <QTest>
#include <catch2/catch.hpp>

#include <algorithm>

using namespace docshape;
using namespace docshape::ui;

namespace {

bool hasEntityNamed(const Project &project, const std::string &name) {
    return std::any_of(project.entities.begin(), project.entities.end(),
                       [&](const Entity &e) { return e.name == name; });
}

// A line edit that claims Ctrl+E for itself, as QLineEdit does where the
// platform's key bindings are X11's (end of line): the offscreen platform
// the tests run on has no such binding.
class ClaimingEdit : public QLineEdit {
public:
    using QLineEdit::QLineEdit;

protected:
    bool event(QEvent *event) override {
        if (event->type() == QEvent::ShortcutOverride) {
            const auto *key = static_cast<QKeyEvent *>(event);
            if (key->key() == Qt::Key_E && key->modifiers() == Qt::ControlModifier) {
                event->accept();
                return true;
            }
        }
        return QLineEdit::event(event);
    }
};

} // namespace

// Item 5: focus lands in the Inspector's Name box after Add Entity, and a
// line edit claims Ctrl+E (end of line on X11): the next Ctrl+E moved the
// cursor, and typing the next name renamed the previous entity.
TEST_CASE("Ctrl+E adds an entity from the Inspector's Name box, where Add Entity leaves the focus",
          "[ui][secondhour]") {
    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    const std::size_t before = window.document()->project().entities.size();
    window.canvas()->setFocus();
    QTest::keyClick(window.canvas(), Qt::Key_E, Qt::ControlModifier);
    REQUIRE(window.document()->project().entities.size() == before + 1);
    auto *name = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    REQUIRE(name);
    QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(name, QStringLiteral("Restaurant"));
    QTest::keyClick(name, Qt::Key_E, Qt::ControlModifier);
    CHECK(window.document()->project().entities.size() == before + 2);
    name = qobject_cast<QLineEdit *>(QApplication::focusWidget());
    REQUIRE(name);
    QTest::keyClick(name, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(name, QStringLiteral("Courier"));
    QTest::keyClick(name, Qt::Key_Return);
    CHECK(hasEntityNamed(window.document()->project(), "Restaurant"));
    CHECK(hasEntityNamed(window.document()->project(), "Courier"));
    // Ctrl+A stayed the text box's (select all), though the window has a
    // Select All of its own: each name replaced the default one.
    CHECK(window.document()->project().entities.size() == before + 2);
}

TEST_CASE("the window's shortcuts win over a text box that claims the same keys", "[ui][secondhour]") {
    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    auto *edit = new ClaimingEdit(window.centralWidget());
    edit->show();
    edit->setFocus();
    QApplication::processEvents();
    REQUIRE(QApplication::focusWidget() == edit);
    const std::size_t before = window.document()->project().entities.size();
    QTest::keyClick(edit, Qt::Key_E, Qt::ControlModifier);
    CHECK(window.document()->project().entities.size() == before + 1);
}

// Item 1: renaming a relationship's key to a field the entity already has
// was accepted, and Review held two 'restaurantId' keys. The edit is now
// refused where it is typed, with the reason, and the model is unchanged.
TEST_CASE("a relationship's key cannot take the name of a field its documents already hold", "[ui][secondhour]") {
    Project project = test::makeOrderModel();
    Relationship r;
    r.id = "r1";
    r.name = "Orders of a customer";
    r.parentId = "e3"; // Customer
    r.childId = "e1";  // Order, which has a field orderNumber
    r.representation = Representation::ReferenceFromChild;
    r.avgChildren = 10;
    r.fieldName = "customerId";
    project.relationships.push_back(r);
    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(project, QString());
    REQUIRE(test::showActive(window));
    window.selectObject(ObjectRef::relationship("r1"));
    inspector::RelationshipForm *form = window.inspector()->relationshipForm();
    auto *key = qobject_cast<QLineEdit *>(form->form()->editor(QStringLiteral("fieldName")));
    REQUIRE(key);
    QTest::mouseClick(key, Qt::LeftButton);
    QTest::keyClick(key, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(key, QStringLiteral("orderNumber"));
    QTest::keyClick(key, Qt::Key_Return);
    CHECK(window.document()->project().relationships.front().fieldName == "customerId");
    CHECK(window.document()->undoStack()->count() == 0);
    QLabel *error = form->form()->messageLabel(QStringLiteral("fieldName"));
    REQUIRE(error);
    CHECK(error->isVisibleTo(form));
    CHECK(error->text().contains(QStringLiteral("'orderNumber' twice")));
}

// Item 4: a comparison kept running after another model was opened, and
// compared two unrelated models ("2763 changes", nonsense renames).
TEST_CASE("opening, creating or importing a model ends the comparison", "[ui][secondhour]") {
    const std::string dir = test::makeTempDir("compare-ends");
    const std::string baseline = dir + "/baseline.docshape";
    REQUIRE(saveProject(test::makeOrderModel(), baseline));
    for (const char *how : {"open", "new", "import"}) {
        INFO(how);
        MainWindow window;
        window.resize(1400, 900);
        window.document()->reset(test::makeOrderModel(), QString());
        REQUIRE(test::showActive(window));
        auto *session = window.findChild<compare::CompareSession *>(QStringLiteral("compareSession"));
        REQUIRE(session);
        REQUIRE(session->compareWithFile(QString::fromStdString(baseline)));
        REQUIRE(session->active());
        auto *panel = window.findChild<QWidget *>(QStringLiteral("comparePanel"));
        REQUIRE(panel);
        CHECK(panel->isVisible());
        if (std::string_view(how) == "open")
            window.openInteractive(QString::fromStdString(test::examplesDir() + "/iot-readings.docshape"));
        else if (std::string_view(how) == "new")
            window.newProject();
        else
            window.openImported(test::makeOrderModel());
        CHECK_FALSE(session->active());
        CHECK_FALSE(panel->isVisible());
    }
}
