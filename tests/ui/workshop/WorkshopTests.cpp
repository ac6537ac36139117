// Issue 21 item 4, the studio side of workshop mode: Help > Workshop… opens
// an exercise, the Checks panel follows real edits, Show Hint, the
// explanation form, Compare With Solution and presenter mode, each driven
// with mouse and key events.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "document/Document.h"
#include "inspector/Inspector.h"
#include "inspector/RelationshipForm.h"
#include "workshop/ChecksPanel.h"
#include "workshop/ExerciseBrowser.h"
#include "workshop/ExplanationForm.h"
#include "workshop/PresenterMode.h"
#include "workshop/SolutionView.h"
#include "workshop/WorkshopSession.h"

#include "exercise/Binding.h"
#include "exercise/Explanation.h"
#include "exercise/Mastery.h"
#include "io/ProjectFile.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSettings>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTimer>
#include <QTreeWidget>
#include <catch2/catch.hpp>

#include <tuple>
#include <vector>

#include <functional>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::workshop;

namespace {

QAction *actionNamed(MainWindow &window, const char *name) {
    return window.findChild<QAction *>(QLatin1String(name));
}

WorkshopSession *sessionOf(MainWindow &window) {
    return window.findChild<WorkshopSession *>(QStringLiteral("workshopSession"));
}

ChecksPanel *checksOf(MainWindow &window) { return window.findChild<ChecksPanel *>(QStringLiteral("checksPanel")); }

// Runs `drive` on the exercise browser as soon as it is up (exec() blocks).
void whenBrowserOpens(std::function<void(ExerciseBrowser *)> drive) {
    auto *timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, drive] {
        auto *browser = qobject_cast<ExerciseBrowser *>(QApplication::activeModalWidget());
        if (!browser || !browser->isVisible())
            return;
        timer->stop();
        timer->deleteLater();
        drive(browser);
    });
    timer->start();
}

void clickItem(QTreeWidget *tree, QTreeWidgetItem *item) {
    tree->scrollToItem(item);
    const QRect rect = tree->visualItemRect(item);
    QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, rect.center());
}

// Help > Workshop…, a click on exercise `number` in the list, Start.
void startWithMouse(MainWindow &window, int number, QStringList *seen = nullptr) {
    bool driven = false;
    whenBrowserOpens([&](ExerciseBrowser *browser) {
        QTreeWidget *list = browser->exerciseList();
        if (seen)
            for (int i = 0; i < list->topLevelItemCount(); ++i)
                *seen << list->topLevelItem(i)->text(1);
        clickItem(list, list->topLevelItem(number - 1));
        if (seen)
            *seen << browser->statement()->toPlainText();
        QTest::mouseClick(browser->startButton(), Qt::LeftButton);
        driven = true;
    });
    actionNamed(window, "workshopAction")->trigger();
    REQUIRE(driven);
}

QTreeWidgetItem *checkItem(MainWindow &window, const QString &checkId) {
    QTreeWidget *tree = checksOf(window)->tree();
    for (int i = 0; i < tree->topLevelItemCount(); ++i)
        if (tree->topLevelItem(i)->data(0, Qt::UserRole + 2).toString() == checkId)
            return tree->topLevelItem(i);
    return nullptr;
}

bool checkPasses(MainWindow &window, const QString &checkId) {
    QTreeWidgetItem *item = checkItem(window, checkId);
    REQUIRE(item);
    return item->text(0).startsWith(QStringLiteral("PASS"));
}

void forgetWorkshop() { QSettings().remove(QStringLiteral("workshop")); }

} // namespace

TEST_CASE("Help > Workshop lists the ten exercises and the checklist, Start opens one bound and untitled",
          "[ui][workshop]") {
    forgetWorkshop();
    MainWindow window;
    REQUIRE(test::showActive(window));
    QMenu *help = window.menuBar()->findChild<QMenu *>(QStringLiteral("helpMenu"));
    REQUIRE(help);
    CHECK(help->actions().contains(actionNamed(window, "workshopAction")));

    bool checked = false;
    whenBrowserOpens([&](ExerciseBrowser *browser) {
        // The lesson's ten exercises, and the mastery checklist's eleven
        // topics, each covered by at least one exercise.
        CHECK(browser->exerciseList()->topLevelItemCount() == 10);
        REQUIRE(browser->topicList()->topLevelItemCount() == int(exercise::kMasteryTopics.size()));
        // Every topic but polymorphism is covered by an exercise (none of the
        // lesson's ten is about it), and the browser says so.
        for (int i = 0; i < browser->topicList()->topLevelItemCount(); ++i) {
            const QTreeWidgetItem *row = browser->topicList()->topLevelItem(i);
            INFO(row->text(0).toStdString());
            CHECK((row->text(1) == QStringLiteral("none")) == (row->text(0) == QStringLiteral("polymorphism")));
        }
        CHECK(browser->exerciseList()->topLevelItem(1)->text(2) == QStringLiteral("not started"));
        checked = true;
        browser->reject();
    });
    actionNamed(window, "workshopAction")->trigger();
    REQUIRE(checked);
    CHECK(sessionOf(window)->exercise() == nullptr);

    QStringList seen;
    startWithMouse(window, 2, &seen);
    CHECK(seen.contains(QStringLiteral("Model a user with millions of posts")));
    CHECK(seen.last().contains(QStringLiteral("postIds")));
    const exercise::Exercise *bound = sessionOf(window)->exercise();
    REQUIRE(bound);
    CHECK(bound->id == "author-posts");
    CHECK(window.document()->filePath().isEmpty());
    CHECK_FALSE(window.document()->isModified());
    // The binding travels with the model (its "Workshop exercise" decision).
    CHECK(exercise::boundExercise(window.document()->project()) == "author-posts");
    CHECK(checksOf(window)->isVisible());
}

TEST_CASE("the Checks panel turns a check to pass when the fix is made with the inspector", "[ui][workshop]") {
    forgetWorkshop();
    MainWindow window;
    REQUIRE(test::showActive(window));
    startWithMouse(window, 2);
    WorkshopSession *session = sessionOf(window);
    REQUIRE(session->exercise());
    REQUIRE_FALSE(checkPasses(window, QStringLiteral("posts-not-array")));
    const QString before = checksOf(window)->summary();

    // A click on the failing check selects what it concerns: the relationship
    // that keeps the post ids in the author.
    QTreeWidgetItem *failing = checkItem(window, QStringLiteral("posts-not-array"));
    clickItem(checksOf(window)->tree(), failing);
    REQUIRE(window.scene()->currentObject() == ObjectRef::relationship("r1"));

    // The fix, by keyboard in the inspector: the reference moves to the child
    // (lesson-135: "reference from the many side").
    auto *representation = window.inspector()->findChild<QComboBox *>(QStringLiteral("representation"));
    REQUIRE(representation);
    REQUIRE(representation->isVisible());
    representation->setFocus();
    const int undoBefore = window.document()->undoStack()->count();
    QTest::keyClick(representation, Qt::Key_Up); // reference array in parent -> reference from child
    REQUIRE(window.document()->project().findRelationship("r1")->representation == Representation::ReferenceFromChild);
    CHECK(window.document()->undoStack()->count() == undoBefore + 1);
    CHECK(checkPasses(window, QStringLiteral("posts-not-array")));
    CHECK(checksOf(window)->summary() != before);

    // Undo is one step back to the failing check.
    QApplication::setActiveWindow(&window);
    REQUIRE(test::showActive(window));
    QTest::keyClick(window.canvas(), Qt::Key_Z, Qt::ControlModifier);
    CHECK_FALSE(checkPasses(window, QStringLiteral("posts-not-array")));
}

TEST_CASE("Show Hint reveals the next hint, one at a time, and the hints shown are remembered", "[ui][workshop]") {
    forgetWorkshop();
    QStringList hints;
    {
        MainWindow window;
        REQUIRE(test::showActive(window));
        startWithMouse(window, 6);
        for (const auto &h : sessionOf(window)->exercise()->hints)
            hints << QString::fromStdString(h);
        REQUIRE(hints.size() == 3);
        QLabel *shown = checksOf(window)->hints();
        CHECK_FALSE(shown->text().contains(hints[0].toHtmlEscaped()));
        QTest::mouseClick(checksOf(window)->hintButton(), Qt::LeftButton);
        CHECK(shown->text().contains(hints[0].toHtmlEscaped()));
        CHECK_FALSE(shown->text().contains(hints[1].toHtmlEscaped()));
        QTest::mouseClick(checksOf(window)->hintButton(), Qt::LeftButton);
        CHECK(shown->text().contains(hints[1].toHtmlEscaped()));
        CHECK_FALSE(shown->text().contains(hints[2].toHtmlEscaped()));
    }
    MainWindow again;
    REQUIRE(test::showActive(again));
    startWithMouse(again, 6);
    QLabel *shown = checksOf(again)->hints();
    CHECK(shown->text().contains(hints[1].toHtmlEscaped()));
    CHECK_FALSE(shown->text().contains(hints[2].toHtmlEscaped()));
    // Help > Show Hint's shortcut reveals the last one; then there is no more.
    QApplication::setActiveWindow(&again);
    REQUIRE(test::showActive(again));
    QTest::keyClick(&again, Qt::Key_H, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK(shown->text().contains(hints[2].toHtmlEscaped()));
    CHECK_FALSE(checksOf(again)->hintButton()->isEnabled());
    CHECK_FALSE(actionNamed(again, "showHintAction")->isEnabled());
}

TEST_CASE("the explanation form writes the Workshop explanation decision, one undo step per field",
          "[ui][workshop]") {
    forgetWorkshop();
    MainWindow window;
    REQUIRE(test::showActive(window));
    startWithMouse(window, 2);
    auto *form = window.findChild<ExplanationForm *>(QStringLiteral("explanationForm"));
    REQUIRE(form);
    REQUIRE(form->isVisible());
    CHECK_FALSE(checkPasses(window, QStringLiteral("explain.given")));
    QUndoStack *stack = window.document()->undoStack();
    const int start = stack->count();

    const QStringList answers = {QStringLiteral("a post is its own document holding authorId"),
                                 QStringLiteral("nothing bounds an author's posts"), QStringLiteral("none"),
                                 QStringLiteral("none"), QStringLiteral("none"),
                                 QStringLiteral("authorId_1_publishedAt_-1")};
    for (int i = 0; i < ExplanationForm::FieldCount; ++i) {
        QLineEdit *edit = form->edit(ExplanationForm::FieldId(i));
        QTest::mouseClick(edit, Qt::LeftButton);
        QTest::keyClicks(edit, answers[i]);
    }
    // Typing into a field is one step; six fields, six steps.
    CHECK(stack->count() == start + ExplanationForm::FieldCount);
    const auto explanation = exercise::explanationOf(window.document()->project());
    REQUIRE(explanation);
    CHECK(explanation->boundary == answers[0].toStdString());
    CHECK(explanation->index == answers[5].toStdString());
    CHECK(checkPasses(window, QStringLiteral("explain.given")));

    // Undo empties the last field again, in the form too.
    stack->undo();
    CHECK(form->edit(ExplanationForm::Index)->text().isEmpty());
    CHECK_FALSE(checkPasses(window, QStringLiteral("explain.given")));
    stack->redo();
    CHECK(form->edit(ExplanationForm::Index)->text() == answers[5]);
}

TEST_CASE("Compare With Solution shows the solution read-only, marked, beside its explanation", "[ui][workshop]") {
    forgetWorkshop();
    MainWindow window;
    REQUIRE(test::showActive(window));
    startWithMouse(window, 2);
    QApplication::setActiveWindow(&window);
    REQUIRE(test::showActive(window));
    QTest::keyClick(&window, Qt::Key_W, Qt::ControlModifier | Qt::AltModifier | Qt::ShiftModifier);
    auto *view = window.findChild<SolutionView *>(QStringLiteral("solutionView"));
    REQUIRE(view);
    REQUIRE(QTest::qWaitForWindowExposed(view));
    CHECK(view->explanation()->toPlainText().contains(QStringLiteral("A post is its own document")));
    CHECK_FALSE(view->canvas()->isInteractive());
    CHECK(view->scene()->cardCount() == sessionOf(window)->exercise()->solution.entities.size());
    // The start keeps post ids in the author: the solution differs there.
    const std::size_t marksAtStart = view->marks().size();
    CHECK(marksAtStart > 0);
    CHECK(view->scene()->compareMarks() == &view->marks());

    // The marks follow the student's edits: with the solution's design, nothing differs.
    Project solved = sessionOf(window)->exercise()->solution;
    exercise::bindExercise(solved, "author-posts");
    REQUIRE(window.document()->replaceProject(solved, QStringLiteral("Paste the solution")));
    CHECK(view->marks().size() == 0);
    const auto total = sessionOf(window)->grade().checks.size();
    CHECK(sessionOf(window)->grade().passed());
    CHECK(checksOf(window)->summary() == QStringLiteral("%1 of %1 checks pass").arg(total));
}

TEST_CASE("presenter mode enlarges the fonts, makes the checks prominent, and toggling back restores the layout",
          "[ui][workshop]") {
    forgetWorkshop();
    MainWindow window;
    REQUIRE(test::showActive(window));
    startWithMouse(window, 6);
    auto *inspectorDock = window.findChild<QDockWidget *>(QStringLiteral("inspectorDock"));
    auto *checksDock = window.findChild<QDockWidget *>(QStringLiteral("checksPanelDock"));
    REQUIRE(inspectorDock);
    REQUIRE(checksDock);
    REQUIRE(inspectorDock->isVisible());
    // The layout as a user sees it: which docks show, and where.
    const auto docksNow = [&] {
        std::vector<std::tuple<QString, bool, int>> docks;
        for (QDockWidget *dock : window.findChildren<QDockWidget *>())
            docks.emplace_back(dock->objectName(), dock->isVisible(), int(window.dockWidgetArea(dock)));
        return docks;
    };
    const auto layout = docksNow();
    const QFont font = window.font();
    const int checksWidth = checksDock->width();

    QApplication::setActiveWindow(&window);
    REQUIRE(test::showActive(window));
    QTest::keyClick(&window, Qt::Key_F11);
    QAction *presenter = actionNamed(window, "presenterModeAction");
    REQUIRE(presenter->isChecked());
    CHECK(window.font().pointSizeF() == Approx(font.pointSizeF() * PresenterMode::kFontScale));
    CHECK(checksOf(window)->tree()->font().pointSizeF() == Approx(font.pointSizeF() * PresenterMode::kFontScale));
    CHECK(checksDock->isVisible());
    CHECK(window.dockWidgetArea(checksDock) == Qt::RightDockWidgetArea);
    CHECK_FALSE(inspectorDock->isVisible());
    // The dock layout settles on the next events.
    CHECK(QTest::qWaitFor([&] { return checksDock->width() > checksWidth; }));

    QTest::keyClick(&window, Qt::Key_P, Qt::ControlModifier | Qt::ShiftModifier);
    CHECK_FALSE(presenter->isChecked());
    CHECK(window.font() == font);
    CHECK(inspectorDock->isVisible());
    CHECK(window.dockWidgetArea(checksDock) == Qt::LeftDockWidgetArea);
    CHECK(QTest::qWaitFor([&] { return docksNow() == layout; }));
}

TEST_CASE("the browser shows the progress of the saved work of each exercise", "[ui][workshop]") {
    forgetWorkshop();
    QTemporaryDir dir;
    REQUIRE(dir.isValid());
    MainWindow window;
    REQUIRE(test::showActive(window));
    startWithMouse(window, 2);
    const exercise::Grade &grade = sessionOf(window)->grade();
    const int total = int(grade.checks.size());
    const int passed = total - int(grade.failures());
    REQUIRE(window.document()->save(dir.filePath(QStringLiteral("posts.docshape"))));
    const auto progress = WorkshopSession::progress(QStringLiteral("author-posts"));
    REQUIRE(progress);
    CHECK(progress->passed == passed);
    CHECK(progress->total == total);

    // A reopened submission is bound to its exercise again.
    MainWindow other;
    REQUIRE(other.loadFile(dir.filePath(QStringLiteral("posts.docshape"))));
    REQUIRE(sessionOf(other)->exercise());
    CHECK(sessionOf(other)->exercise()->id == "author-posts");

    bool checked = false;
    whenBrowserOpens([&](ExerciseBrowser *browser) {
        CHECK(browser->exerciseList()->topLevelItem(1)->text(2) == QStringLiteral("%1 / %2 checks").arg(passed).arg(total));
        CHECK(browser->exerciseList()->topLevelItem(0)->text(2) == QStringLiteral("not started"));
        checked = true;
        browser->reject();
    });
    actionNamed(window, "workshopAction")->trigger();
    CHECK(checked);
}
