// File > Compare With…: the canvas marks added and changed cards and field
// rows, the panel lists the changes, and clicking one selects it.
#include "support/TestPaths.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "compare/ComparePanel.h"
#include "compare/CompareSession.h"
#include "panels/PanelSetup.h"
#include "diff/DiffReport.h"
#include "document/Document.h"
#include "io/ProjectFile.h"

#include <QAction>
#include <QApplication>
#include <QFile>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenuBar>
#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <catch2/catch.hpp>

#include <cstdlib>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::compare;

namespace {

QTreeWidgetItem *itemWithText(QTreeWidget *tree, const QString &prefix) {
    for (QTreeWidgetItemIterator it(tree); *it; ++it)
        if ((*it)->text(0).startsWith(prefix))
            return *it;
    return nullptr;
}

// Pixels of the view painted in a mark's colour (the frame and tag of a
// marked card, the bar of a marked row).
int markPixels(MainWindow &window, Mark mark) {
    auto *view = window.findChild<canvas::CanvasView *>();
    const QImage image = view->viewport()->grab().toImage();
    const QColor want = markColor(mark);
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x) {
            const QColor c = image.pixelColor(x, y);
            n += std::abs(c.red() - want.red()) + std::abs(c.green() - want.green()) +
                     std::abs(c.blue() - want.blue()) < 30;
        }
    return n;
}

QAction *menuAction(MainWindow &window, const QString &text) {
    for (QAction *a : window.findChildren<QAction *>())
        if (a->text() == text)
            return a;
    return nullptr;
}

bool git(const QString &dir, const QStringList &args) {
    QProcess p;
    p.setWorkingDirectory(dir);
    p.start(QStringLiteral("git"), QStringList{QStringLiteral("-c"), QStringLiteral("user.name=t"), QStringLiteral("-c"),
                                               QStringLiteral("user.email=t@example.com")} +
                                       args);
    return p.waitForFinished(30000) && p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0;
}

} // namespace

TEST_CASE("comparing two versions marks the changed cards and rows, and a click selects a change",
          "[ui][compare]") {
    MainWindow window;
    window.resize(1400, 900);
    const QString dir = QString::fromStdString(test::dataPath("migrate/schema-version"));
    REQUIRE(window.loadFile(dir + QStringLiteral("/new.docshape")));
    auto *session = window.findChild<CompareSession *>(QStringLiteral("compareSession"));
    auto *panel = window.findChild<ComparePanel *>(QStringLiteral("comparePanel"));
    REQUIRE(session);
    REQUIRE(panel);
    CHECK(window.scene()->compareMarks() == nullptr);

    REQUIRE(session->compareWithFile(dir + QStringLiteral("/old.docshape")));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    window.findChild<canvas::CanvasView *>()->fitToView();
    REQUIRE(window.scene()->compareMarks() == &session->marks());
    // v2 added profile (f3) and schemaVersion (f4), moved name (f1) into profile.
    CHECK(session->marks().entity("e1") == Mark::Changed);
    CHECK(session->marks().field("f3") == Mark::Added);
    CHECK(session->marks().field("f4") == Mark::Added);
    CHECK(session->marks().field("f1") == Mark::Changed);
    CHECK(session->marks().field("f2") == Mark::None); // email is as it was
    CHECK(panel->summary().contains(QStringLiteral("old.docshape")));
    // The cards paint the marks: the User card (changed) and the rows of the
    // added fields.
    CHECK(markPixels(window, Mark::Changed) > 50);
    CHECK(markPixels(window, Mark::Added) > 50);

    QTreeWidgetItem *moved = itemWithText(panel->tree(), QStringLiteral("~ User.profile.name"));
    REQUIRE(moved);
    panel->tree()->scrollToItem(moved);
    const QRect rect = panel->tree()->visualItemRect(moved);
    REQUIRE(rect.isValid());
    QTest::mouseClick(panel->tree()->viewport(), Qt::LeftButton, {}, rect.center());
    CHECK(window.scene()->currentObject() == ObjectRef::field("f1"));

    // Moving a card is layout: the versions are not diffed again.
    const int diffs = session->diffCount();
    window.document()->moveEntities({{"e1", CanvasPosition{300, 200}}}, QStringLiteral("Move"));
    CHECK(session->diffCount() == diffs);

    // The marks follow edits: renaming email marks it changed, once the
    // event loop is idle. Edits made before that are diffed together, once.
    Field email = *window.document()->project().findField("f2");
    email.name = QStringLiteral("mail").toStdString();
    REQUIRE(window.document()->changeField(email, QStringLiteral("Rename field")));
    email.avgBytes = email.avgBytes + 3;
    REQUIRE(window.document()->changeField(email, QStringLiteral("Change average bytes of field")));
    CHECK(session->pending());
    CHECK(session->diffCount() == diffs);
    QCoreApplication::processEvents();
    CHECK_FALSE(session->pending());
    CHECK(session->diffCount() == diffs + 1);
    CHECK(session->marks().field("f2") == Mark::Changed);
    QTreeWidgetItem *mail = itemWithText(panel->tree(), QStringLiteral("~ User.mail, renamed from email"));
    REQUIRE(mail);
    bool bytesListed = false;
    for (int i = 0; i < mail->childCount(); ++i)
        bytesListed = bytesListed || mail->child(i)->text(0).startsWith(QStringLiteral("avgBytes: "));
    CHECK(bytesListed);
    // The consequences come from the baseline's facts kept at the start and
    // the document's own analysis: the same as a whole diff of both files.
    const ModelDiff whole = diffModels(*loadProject(dir.toStdString() + "/old.docshape"), window.document()->project());
    const QString consequences = QString::fromStdString(diffText(whole).substr(diffText(whole).find("\nConsequences")));
    CHECK(consequences.contains(QStringLiteral("avg document size")));
    for (const QString &line : consequences.split(QLatin1Char('\n'), Qt::SkipEmptyParts).mid(1))
        CHECK(itemWithText(panel->tree(), line.mid(2)));

    session->end();
    CHECK(window.scene()->compareMarks() == nullptr);
    CHECK(panel->tree()->topLevelItemCount() == 0);
    CHECK(markPixels(window, Mark::Changed) == 0);
    CHECK(markPixels(window, Mark::Added) == 0);
}

TEST_CASE("File > Compare With Git Revision… compares the model with its file at a revision", "[ui][compare]") {
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const QString data = QString::fromStdString(test::dataPath("migrate/schema-version"));
    const QString model = dir.filePath(QStringLiteral("users.docshape"));
    REQUIRE(QFile::copy(data + QStringLiteral("/old.docshape"), model));
    REQUIRE(git(dir.path(), {QStringLiteral("init"), QStringLiteral("-q")}));
    REQUIRE(git(dir.path(), {QStringLiteral("add"), QStringLiteral("users.docshape")}));
    REQUIRE(git(dir.path(), {QStringLiteral("commit"), QStringLiteral("-q"), QStringLiteral("-m"), QStringLiteral("v1")}));
    REQUIRE(QFile::remove(model));
    REQUIRE(QFile::copy(data + QStringLiteral("/new.docshape"), model));

    MainWindow window;
    REQUIRE(window.loadFile(model));
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    auto *session = window.findChild<CompareSession *>(QStringLiteral("compareSession"));
    auto *panel = window.findChild<ComparePanel *>(QStringLiteral("comparePanel"));
    QAction *action = menuAction(window, QStringLiteral("Compare With &Git Revision…"));
    QAction *endAction = menuAction(window, QStringLiteral("End Comparison"));
    REQUIRE(action);
    REQUIRE(endAction);
    CHECK_FALSE(endAction->isEnabled());

    // The revision dialog is modal: type into it once it is up.
    bool typed = false;
    QTimer poll;
    poll.setInterval(20);
    QObject::connect(&poll, &QTimer::timeout, [&] {
        auto *dialog = qobject_cast<QInputDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        poll.stop();
        auto *edit = dialog->findChild<QLineEdit *>();
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, QStringLiteral("HEAD"));
        QTest::keyClick(edit, Qt::Key_Return);
        typed = true;
    });
    poll.start();
    action->trigger();
    CHECK(typed);
    REQUIRE(session->active());
    CHECK(session->baselineName() == QStringLiteral("users.docshape at HEAD"));
    CHECK(panel->isVisible());
    CHECK(endAction->isEnabled());
    CHECK(session->marks().field("f3") == Mark::Added);
    CHECK(session->marks().field("f1") == Mark::Changed);

    // A revision git does not know is refused with git's reason, and the
    // comparison on screen stays.
    const Status bad = session->compareWithRevision(QStringLiteral("no-such-branch"));
    CHECK_FALSE(bad.ok());
    CHECK_THAT(bad.error().toString(), Catch::Matchers::Contains("no-such-branch"));
    CHECK(session->active());

    endAction->trigger();
    CHECK_FALSE(session->active());
    CHECK_FALSE(panel->isVisible());
}

TEST_CASE("a baseline that does not load is refused with its reason", "[ui][compare]") {
    MainWindow window;
    const QString dir = QString::fromStdString(test::dataPath("migrate/schema-version"));
    REQUIRE(window.loadFile(dir + QStringLiteral("/new.docshape")));
    auto *session = window.findChild<CompareSession *>(QStringLiteral("compareSession"));
    const Status s = session->compareWithFile(QString::fromStdString(test::dataPath("malformed/01-truncated.docshape")));
    CHECK_FALSE(s.ok());
    CHECK_FALSE(session->active());
    CHECK(window.scene()->compareMarks() == nullptr);
}

TEST_CASE("a changed relationship or a dropped index marks the cards it belongs to", "[ui][compare]") {
    const std::string dir = test::dataPath("migrate/embed-referenced");
    auto before = loadProject(dir + "/old.docshape");
    auto after = loadProject(dir + "/new.docshape");
    REQUIRE(before);
    REQUIRE(after);
    // v2 embeds the line items (r1: Order e1 -> LineItem e2) and drops
    // LineItem's orderId index (i1); no field changed.
    const CompareMarks marks(diffModels(*before, *after), *before, *after);
    CHECK(marks.entity("e1") == Mark::Changed);
    CHECK(marks.entity("e2") == Mark::Changed);
    CHECK(marks.field("f1") == Mark::None);
}

TEST_CASE("File > Compare With… has a shortcut of its own", "[ui][compare]") {
    MainWindow window;
    QAction *compare = menuAction(window, QStringLiteral("Compare &With…"));
    REQUIRE(compare);
    REQUIRE_FALSE(compare->shortcut().isEmpty());
    // An ambiguous shortcut fires neither action (Qt's QAction::shortcut).
    for (QAction *a : window.findChildren<QAction *>())
        if (a != compare)
            for (const QKeySequence &k : a->shortcuts())
                CHECK_FALSE((k == compare->shortcut() && !a->text().isEmpty()));
}

// A comparison lasts through edits and reads each edit's advice: the one
// the panels read (its computation shared and carried over from the last
// edit), not an advice of its own for the whole model.
TEST_CASE("the comparison reads the advice the panels read", "[ui][compare]") {
    MainWindow window;
    auto *session = window.findChild<compare::CompareSession *>(QStringLiteral("compareSession"));
    REQUIRE(session);
    REQUIRE(panels::PanelSetup::of(&window));
    CHECK(session->adviceSource() == panels::PanelSetup::of(&window)->advice());
}

TEST_CASE("the Compare panel asks what the migration script would ask", "[ui][compare][migrate]") {
    MainWindow window;
    const QString dir = QString::fromStdString(test::dataPath("migrate/enum-remove"));
    REQUIRE(window.loadFile(dir + QStringLiteral("/new.docshape")));
    auto *session = window.findChild<CompareSession *>(QStringLiteral("compareSession"));
    auto *panel = window.findChild<ComparePanel *>(QStringLiteral("comparePanel"));
    REQUIRE(session);
    REQUIRE(panel);
    REQUIRE(session->compareWithFile(dir + QStringLiteral("/old.docshape")));

    // The same plan `docshape-cli migrate OLD NEW` makes: every decision its
    // check step stops for is in the panel, word for word.
    auto plan = planMigration(*loadProject(dir.toStdString() + "/old.docshape"), window.document()->project());
    REQUIRE(plan);
    REQUIRE(itemWithText(panel->tree(), QStringLiteral("Migration (docshape-cli migrate)")));
    int asked = 0;
    for (const MigrationStep &step : plan->steps)
        if (step.kind == StepKind::Check)
            for (const auto &d : step.details) {
                INFO(d);
                CHECK(itemWithText(panel->tree(), QStringLiteral("Asks before it writes: ") + QString::fromStdString(d)));
                ++asked;
            }
    CHECK(asked > 0);
    for (const auto &w : plan->warnings)
        CHECK(itemWithText(panel->tree(), QStringLiteral("Note: ") + QString::fromStdString(w)));
}

TEST_CASE("the Compare panel shows the migration's refusal with its choices, and what cannot be undone",
          "[ui][compare][migrate]") {
    // The refusal of the extract-tenant case with the parent's tenantId
    // renamed in the baseline: the plan docshape-cli migrate refuses.
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    const std::string data = test::dataPath("migrate/extract-tenant");
    auto baseline = loadProject(data + "/old.docshape");
    REQUIRE(baseline);
    baseline->entities[0].fields[0].name = "tenant";
    const QString baselineFile = dir.filePath(QStringLiteral("old.docshape"));
    REQUIRE(saveProject(*baseline, baselineFile.toStdString()));

    MainWindow window;
    REQUIRE(window.loadFile(QString::fromStdString(data + "/new.docshape")));
    auto *session = window.findChild<CompareSession *>(QStringLiteral("compareSession"));
    auto *panel = window.findChild<ComparePanel *>(QStringLiteral("comparePanel"));
    REQUIRE(session);
    REQUIRE(panel);
    REQUIRE(session->compareWithFile(baselineFile));
    auto refused = planMigration(*baseline, window.document()->project());
    REQUIRE_FALSE(refused);
    CHECK(itemWithText(panel->tree(), QStringLiteral("Refused, until you choose: ") +
                                          QString::fromStdString(refused.error().toString())));
    CHECK(refused.error().toString().find("state a duplicatedFrom") != std::string::npos);

    // What the date-to-string case cannot undo, word for word.
    const QString toText = QString::fromStdString(test::dataPath("migrate/date-to-string"));
    REQUIRE(window.loadFile(toText + QStringLiteral("/new.docshape")));
    REQUIRE(session->compareWithFile(toText + QStringLiteral("/old.docshape")));
    auto plan = planMigration(*loadProject(toText.toStdString() + "/old.docshape"), window.document()->project());
    REQUIRE(plan);
    int undoable = 0;
    for (const MigrationStep &step : plan->steps)
        if (!step.reversible) {
            INFO(step.rollback);
            CHECK(itemWithText(panel->tree(), QStringLiteral("Cannot be undone: %1 (%2)")
                                                  .arg(QString::fromStdString(step.title), QString::fromStdString(step.rollback))));
            ++undoable;
        }
    CHECK(undoable > 0);
}
