#include "workshop/WorkshopSetup.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "document/Document.h"
#include "panels/PanelSetup.h"
#include "workshop/ChecksPanel.h"
#include "workshop/ExerciseBrowser.h"
#include "workshop/ExplanationForm.h"
#include "workshop/PresenterMode.h"
#include "workshop/SolutionView.h"
#include "workshop/WorkshopSession.h"
#include "PlainText.h"

#include <QAction>
#include <QDockWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPointer>

#include <memory>

namespace docshape::ui::workshop {

void WorkshopSetup::install(MainWindow *window) {
    auto *session = new WorkshopSession(window->document(), panels::PanelSetup::of(window)->advice(), window);
    session->setObjectName(QStringLiteral("workshopSession"));

    auto *checks = new ChecksPanel(session, window);
    checks->setObjectName(QStringLiteral("checksPanel"));
    QDockWidget *checksDock = window->addPanel(checks, MainWindow::tr("Checks"), Qt::LeftDockWidgetArea);
    auto *form = new ExplanationForm(window->document(), window);
    form->setObjectName(QStringLiteral("explanationForm"));
    QDockWidget *formDock = window->addPanel(form, MainWindow::tr("Explanation"), Qt::LeftDockWidgetArea);
    window->splitDockWidget(checksDock, formDock, Qt::Vertical);
    QObject::connect(checks, &ChecksPanel::objectActivated, window, &MainWindow::selectObject);
    auto *presenter = new PresenterMode(window, {checksDock, formDock}, window);
    presenter->setObjectName(QStringLiteral("presenterMode"));

    auto showDocks = [checksDock, formDock](bool on) {
        checksDock->setVisible(on);
        formDock->setVisible(on);
        if (on)
            checksDock->raise();
    };
    showDocks(session->exercise() != nullptr);

    QMenu *help = window->helpMenu();
    QAction *browse = new QAction(MainWindow::tr("&Workshop…"), window);
    browse->setObjectName(QStringLiteral("workshopAction"));
    browse->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_W));
    browse->setStatusTip(MainWindow::tr("The lesson's ten exercises: start one and have it checked as you work"));
    QAction *hint = new QAction(MainWindow::tr("Show &Hint"), window);
    hint->setObjectName(QStringLiteral("showHintAction"));
    hint->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_H));
    QAction *solution = new QAction(MainWindow::tr("Compare With &Solution"), window);
    solution->setObjectName(QStringLiteral("compareSolutionAction"));
    solution->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::SHIFT | Qt::Key_W));
    // Put before whatever the menu already has (About…, the manual).
    QAction *before = help->actions().isEmpty() ? nullptr : help->actions().front();
    help->insertActions(before, {browse, hint, solution});
    if (before)
        help->insertSeparator(before);

    QAction *presenterAction = new QAction(MainWindow::tr("&Presenter Mode"), window);
    presenterAction->setObjectName(QStringLiteral("presenterModeAction"));
    presenterAction->setCheckable(true);
    presenterAction->setShortcuts({QKeySequence(Qt::Key_F11), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_P)});
    presenterAction->setStatusTip(MainWindow::tr("Larger fonts and the checks panel prominent, for a projector"));
    window->viewMenu()->addSeparator();
    window->viewMenu()->addAction(presenterAction);
    QObject::connect(presenterAction, &QAction::toggled, presenter, &PresenterMode::setActive);
    QObject::connect(presenter, &PresenterMode::toggled, presenterAction, &QAction::setChecked);

    auto updateActions = [=] {
        const bool bound = session->exercise() != nullptr;
        hint->setEnabled(bound && session->shownHints().size() < session->hintCount());
        solution->setEnabled(bound);
    };
    updateActions();
    QObject::connect(session, &WorkshopSession::exerciseChanged, window, [=] {
        updateActions();
        if (!presenter->active())
            showDocks(session->exercise() != nullptr);
    });
    QObject::connect(session, &WorkshopSession::hintsChanged, window, updateActions);

    QObject::connect(browse, &QAction::triggered, window, [=] {
        ExerciseBrowser browser(session, window);
        if (browser.exec() != QDialog::Accepted || browser.chosen().isEmpty())
            return;
        if (!window->maybeSave())
            return;
        if (Status s = session->start(browser.chosen()); !s) {
            warnPlain(window, MainWindow::tr("Workshop"), QString::fromStdString(s.error().toString()));
            return;
        }
        window->canvas()->fitToView();
    });
    QObject::connect(hint, &QAction::triggered, session, [=] {
        checksDock->show();
        checksDock->raise();
        session->revealHint();
    });
    auto solutionWindow = std::make_shared<QPointer<SolutionView>>();
    QObject::connect(session, &WorkshopSession::exerciseChanged, window, [solutionWindow] {
        if (*solutionWindow) {
            (*solutionWindow)->close();
            *solutionWindow = nullptr;
        }
    });
    QObject::connect(solution, &QAction::triggered, window, [=] {
        const exercise::Exercise *ex = session->exercise();
        if (!ex)
            return;
        if (*solutionWindow && (*solutionWindow)->exerciseId() != ex->id) {
            (*solutionWindow)->close();
            *solutionWindow = nullptr;
        }
        if (!*solutionWindow)
            *solutionWindow = new SolutionView(*ex, window->document(), window);
        (*solutionWindow)->show();
        (*solutionWindow)->raise();
        (*solutionWindow)->activateWindow();
    });
}

} // namespace docshape::ui::workshop
