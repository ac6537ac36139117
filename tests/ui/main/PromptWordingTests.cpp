// Issue 17 item 15: the save prompt names an opened example by its name, and
// the recovery dialog's buttons say what they do.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"

#include "io/ProjectFile.h"

#include <QAbstractButton>
#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QTest>
#include <QTimer>
#include <QToolBar>
#include <catch2/catch.hpp>

#include <memory>

using namespace docshape;
using namespace docshape::ui;

namespace {

QString exampleFile(const QString &name) {
    for (const QString &path : MainWindow::exampleFiles())
        if (path.endsWith(QLatin1Char('/') + name + QStringLiteral(".docshape")))
            return path;
    return {};
}

} // namespace

TEST_CASE("the save prompt calls an opened example by its name", "[ui][firsthour]") {
    MainWindow window;
    const QString example = exampleFile(QStringLiteral("order-aggregate"));
    REQUIRE_FALSE(example.isEmpty());
    REQUIRE(window.loadExample(example));
    REQUIRE(test::showActive(window));
    REQUIRE(window.document()->renameEntity("e3", QStringLiteral("Purchase")));

    auto seen = test::answerNextBox(QStringLiteral("Cancel"));
    CHECK_FALSE(window.maybeSave());
    REQUIRE(seen->answered);
    INFO(seen->text.toStdString());
    CHECK(seen->text.contains(QStringLiteral("order-aggregate (example)")));
    CHECK_FALSE(seen->text.contains(QStringLiteral("Untitled")));
    CHECK(window.document()->isModified());
}

TEST_CASE("the recovery dialog's buttons say what they do", "[ui][firsthour]") {
    const std::string dir = test::makeTempDir("ui-recovery-wording");
    const QString path = QString::fromStdString(dir + "/orders.docshape");
    REQUIRE(saveProject(test::makeOrderModel(), path.toStdString()));
    MainWindow crashed;
    REQUIRE(crashed.loadFile(path));
    REQUIRE(crashed.document()->renameEntity("e1", QStringLiteral("Purchase")));
    REQUIRE(crashed.writeRecovery());
    const QString recovery = crashed.recoveryPath();
    REQUIRE(QFile::exists(recovery));

    MainWindow next;
    REQUIRE(next.loadFile(path));
    REQUIRE(test::showActive(next));

    // Deciding later keeps the autosave and the file's model.
    auto seen = test::answerNextBox(QStringLiteral("Decide Later"));
    next.offerRecovery();
    REQUIRE(seen->answered);
    CHECK(seen->buttons.contains(QStringLiteral("Recover")));
    CHECK(seen->buttons.contains(QStringLiteral("Discard Autosave")));
    for (const char *vague : {"Yes", "No", "Discard"}) {
        INFO(vague);
        CHECK_FALSE(seen->buttons.contains(QString::fromLatin1(vague)));
    }
    CHECK(seen->text.contains(QStringLiteral("orders.docshape")));
    CHECK(QFile::exists(recovery));
    CHECK(next.document()->project().findEntity("e1")->name == "Order");

    // Recover brings the autosaved changes back.
    seen = test::answerNextBox(QStringLiteral("Recover"));
    next.offerRecovery();
    REQUIRE(seen->answered);
    CHECK(next.document()->project().findEntity("e1")->name == "Purchase");

    // Discard Autosave deletes it.
    seen = test::answerNextBox(QStringLiteral("Discard Autosave"));
    next.offerRecovery();
    REQUIRE(seen->answered);
    CHECK_FALSE(QFile::exists(recovery));
}

TEST_CASE("toolbar buttons stay in place as the undo text changes", "[ui][firsthour]") {
    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    auto *tools = window.findChild<QToolBar *>(QStringLiteral("mainToolBar"));
    REQUIRE(tools);
    const auto geometry = [&] {
        QList<QRect> out;
        for (QAction *action : tools->actions())
            if (QWidget *button = tools->widgetForAction(action))
                out.append(button->geometry());
        return out;
    };
    const QList<QRect> before = geometry();
    REQUIRE(before.size() >= 6);
    auto *undo = window.findChild<QAction *>(QStringLiteral("toolbarUndo"));
    auto *redo = window.findChild<QAction *>(QStringLiteral("toolbarRedo"));
    REQUIRE(undo);
    REQUIRE(redo);
    CHECK_FALSE(undo->isEnabled());

    REQUIRE(window.document()->renameEntity("e1", QStringLiteral("PurchaseOrderWithAVeryLongName")));
    QCoreApplication::processEvents();
    CHECK(undo->isEnabled());
    CHECK(undo->toolTip().contains(QStringLiteral("PurchaseOrderWithAVeryLongName")));
    CHECK(geometry() == before);

    // The toolbar's Undo undoes, and Redo then says what it redoes.
    QTest::mouseClick(tools->widgetForAction(undo), Qt::LeftButton);
    CHECK(window.document()->project().findEntity("e1")->name == "Order");
    CHECK(redo->isEnabled());
    CHECK(redo->toolTip().contains(QStringLiteral("PurchaseOrderWithAVeryLongName")));
    QCoreApplication::processEvents();
    CHECK(geometry() == before);
    QTest::mouseClick(tools->widgetForAction(redo), Qt::LeftButton);
    CHECK(window.document()->project().findEntity("e1")->name == "PurchaseOrderWithAVeryLongName");
}
