#include "help/HelpSetup.h"

#include "MainWindow.h"
#include "help/AboutDialog.h"
#include "help/GuideViewer.h"
#include "help/PanelTopics.h"
#include "help/ShortcutsDialog.h"

#include <QAction>
#include <QApplication>
#include <QDockWidget>
#include <QMenu>

namespace docshape::ui::help {

void HelpSetup::install(MainWindow *window) {
    QMenu *menu = window->helpMenu();
    if (!menu->isEmpty())
        menu->addSeparator();

    QAction *guide = menu->addAction(MainWindow::tr("User &Guide"));
    guide->setObjectName(QStringLiteral("userGuideAction"));
    guide->setShortcut(QKeySequence::HelpContents);
    guide->setStatusTip(MainWindow::tr("The user guide; F1 in a panel opens that panel's section"));
    QObject::connect(guide, &QAction::triggered, window,
                     [window] { showContextHelp(window, QApplication::focusWidget()); });
    // A floating dock is a window of its own, where the main window's
    // shortcuts do not reach: F1 is bound in each dock as well.
    const QList<QDockWidget *> docks = window->findChildren<QDockWidget *>();
    for (QDockWidget *dock : docks)
        dock->addAction(guide);

    QAction *shortcuts = menu->addAction(MainWindow::tr("&Keyboard Shortcuts"));
    shortcuts->setObjectName(QStringLiteral("keyboardShortcutsAction"));
    shortcuts->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_Slash));
    QObject::connect(shortcuts, &QAction::triggered, window, [window] {
        ShortcutsDialog dialog(window);
        dialog.exec();
    });

    menu->addSeparator();
    QAction *about = menu->addAction(MainWindow::tr("&About DocShape"));
    about->setObjectName(QStringLiteral("aboutAction"));
    about->setMenuRole(QAction::AboutRole);
    QObject::connect(about, &QAction::triggered, window, [window] {
        AboutDialog dialog(window);
        dialog.exec();
    });
}

GuideViewer *HelpSetup::viewer(MainWindow *window) {
    if (auto *existing = window->findChild<GuideViewer *>(QStringLiteral("guideViewer"), Qt::FindDirectChildrenOnly))
        return existing;
    return new GuideViewer(window);
}

void HelpSetup::showContextHelp(MainWindow *window, const QWidget *focus) {
    viewer(window)->showTopic(PanelTopics::topicFor(focus));
}

} // namespace docshape::ui::help
