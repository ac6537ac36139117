// Issue 17 item 3: Help > Keyboard Shortcuts read from the live actions, and
// Help > About with the CMake project's version and the libraries linked.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "document/Document.h"
#include "help/AboutDialog.h"
#include "help/Guide.h"
#include "help/ShortcutsDialog.h"

#include <QAction>
#include <QApplication>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QRegularExpression>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <catch2/catch.hpp>

#include <functional>

using namespace docshape;
using namespace docshape::ui;

namespace {

// Runs `drive` on the next modal dialog of type D once it shows, while the
// key press that opens it runs its exec().
template <typename D> std::shared_ptr<bool> onNextDialog(std::function<void(D *)> drive) {
    auto done = std::make_shared<bool>(false);
    auto *timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, drive, done] {
        auto *dialog = qobject_cast<D *>(QApplication::activeModalWidget());
        if (!dialog || !dialog->isVisible())
            return;
        timer->stop();
        timer->deleteLater();
        drive(dialog);
        *done = true;
        dialog->reject();
    });
    timer->start();
    return done;
}

QAction *actionWithKey(MainWindow &window, const QKeySequence &key) {
    for (QAction *action : window.findChildren<QAction *>())
        if (action->shortcuts().contains(key))
            return action;
    return nullptr;
}

QTreeWidgetItem *rowStartingWith(QTreeWidget *list, const QString &text) {
    for (int row = 0; row < list->topLevelItemCount(); ++row)
        if (list->topLevelItem(row)->text(0).startsWith(text))
            return list->topLevelItem(row);
    return nullptr;
}

QString keysOf(const QAction *action) {
    QStringList keys;
    for (const QKeySequence &key : action->shortcuts())
        keys << key.toString(QKeySequence::NativeText);
    return keys.join(QStringLiteral(", "));
}

QString cmakeProjectVersion() {
    const QString text = QString::fromStdString(test::readFile(test::sourceDir() + "/CMakeLists.txt"));
    const auto match = QRegularExpression(QStringLiteral(R"(project\(DocShape VERSION ([0-9.]+))")).match(text);
    REQUIRE(match.hasMatch());
    return match.captured(1);
}

} // namespace

TEST_CASE("Ctrl+/ lists every shortcut with the key text of its action", "[ui][help]") {
    MainWindow window;
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    window.canvas()->setFocus();

    QAction *undo = actionWithKey(window, QKeySequence::Undo);
    QAction *redo = actionWithKey(window, QKeySequence(Qt::CTRL | Qt::Key_Y));
    REQUIRE(undo);
    REQUIRE(redo);
    int bound = 0;
    for (const QAction *action : window.findChildren<QAction *>())
        bound += action->shortcuts().isEmpty() ? 0 : 1;

    auto done = onNextDialog<help::ShortcutsDialog>([&](help::ShortcutsDialog *dialog) {
        QTreeWidget *list = dialog->list();
        CHECK(list->topLevelItemCount() == bound);
        QTreeWidgetItem *undoRow = rowStartingWith(list, QStringLiteral("Undo"));
        REQUIRE(undoRow);
        CHECK(undoRow->text(1) == undo->shortcut().toString(QKeySequence::NativeText));
        CHECK(undoRow->text(2) == QStringLiteral("Edit"));
        QTreeWidgetItem *redoRow = rowStartingWith(list, QStringLiteral("Redo"));
        REQUIRE(redoRow);
        CHECK(redoRow->text(1) == keysOf(redo));
        CHECK(redoRow->text(1) == QStringLiteral("Ctrl+Y, Ctrl+Shift+Z"));
        QTreeWidgetItem *guideRow = rowStartingWith(list, QStringLiteral("User Guide"));
        REQUIRE(guideRow);
        CHECK(guideRow->text(1) == QKeySequence(QKeySequence::HelpContents).toString(QKeySequence::NativeText));

        // The filter keeps the rows whose command or key matches.
        QTest::keyClicks(dialog->findChild<QLineEdit *>(QStringLiteral("shortcutFilter")), QStringLiteral("redo"));
        int shown = 0;
        for (int row = 0; row < list->topLevelItemCount(); ++row)
            shown += list->topLevelItem(row)->isHidden() ? 0 : 1;
        CHECK(shown == 1);
    });
    QTest::keyClick(window.canvas(), Qt::Key_Slash, Qt::ControlModifier);
    CHECK(QTest::qWaitFor([&] { return *done; }));
}

TEST_CASE("The guide's shortcut table says what the actions are bound to", "[ui][help]") {
    MainWindow window;
    const QString text = help::Guide::text(help::Guide::root().resolved(QUrl(QStringLiteral("10-keyboard-shortcuts.md"))));
    const QRegularExpression row(QStringLiteral(R"(^\| (\w+) \| ([^|]+?) \| (`.*`) \|$)"),
                                 QRegularExpression::MultilineOption);
    int rows = 0;
    for (auto it = row.globalMatch(text); it.hasNext();) {
        const auto match = it.next();
        const QString menuTitle = match.captured(1);
        const QString command = match.captured(2);
        QStringList keys = match.captured(3).split(QStringLiteral(", "));
        for (QString &key : keys)
            key.remove(QLatin1Char('`'));
        CAPTURE(menuTitle.toStdString(), command.toStdString());
        const QAction *found = nullptr;
        for (const QAction *action : window.findChildren<QAction *>()) {
            QString name = action->text();
            name.remove(QLatin1Char('&'));
            if (name == command && !action->shortcuts().isEmpty())
                found = action;
        }
        REQUIRE(found);
        CHECK(keysOf(found).split(QStringLiteral(", ")) == keys);
        ++rows;
    }
    CHECK(rows >= 25);
}

TEST_CASE("Help > About shows the CMake project's version and every linked library", "[ui][help]") {
    MainWindow window;
    REQUIRE(test::showActive(window));
    QAction *about = window.findChild<QAction *>(QStringLiteral("aboutAction"));
    REQUIRE(about);

    const QString version = cmakeProjectVersion();
    auto done = onNextDialog<help::AboutDialog>([&](help::AboutDialog *dialog) {
        CHECK(dialog->heading()->text().contains(QStringLiteral("DocShape ") + version));
        const QString summary = dialog->findChild<QLabel *>(QStringLiteral("aboutSummary"))->text();
        CHECK(summary.contains(QStringLiteral("Qt ") + QString::fromLatin1(qVersion())));
        QTreeWidget *libraries = dialog->libraries();
        QStringList names;
        for (int row = 0; row < libraries->topLevelItemCount(); ++row) {
            const QTreeWidgetItem *item = libraries->topLevelItem(row);
            CAPTURE(item->text(0));
            CHECK_FALSE(item->text(1).isEmpty());
            CHECK(item->text(1).front().isDigit());
            CHECK_FALSE(item->text(2).isEmpty());
            names << item->text(0);
            if (item->text(0) == QStringLiteral("Qt Charts"))
                CHECK(item->text(2) == QStringLiteral("GPL-3"));
        }
        for (const char *expected : {"libbson", "PCRE2", "simdjson", "zlib", "Graphviz", "cairo", "Pango", "librsvg",
                                     "nlohmann_json", "Qt Charts", "Qt Svg"}) {
            CAPTURE(expected);
            CHECK(std::any_of(names.begin(), names.end(),
                              [&](const QString &n) { return n.startsWith(QLatin1String(expected)); }));
        }
    });
    about->trigger();
    CHECK(QTest::qWaitFor([&] { return *done; }));
}
