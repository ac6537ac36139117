#include "compare/CompareSetup.h"

#include "MainWindow.h"
#include "compare/ComparePanel.h"
#include "compare/CompareSession.h"
#include "document/Document.h"
#include "PlainText.h"

#include <QAction>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>

namespace docshape::ui::compare {

void CompareSetup::install(MainWindow *window, QMenu *fileMenu) {
    auto *panel = new ComparePanel(window);
    panel->setObjectName(QStringLiteral("comparePanel"));
    auto *session = new CompareSession(window->document(), window->scene(), panel, window);
    session->setObjectName(QStringLiteral("compareSession"));
    // The panels' advice (MainWindow hands it over once the panels exist).
    QDockWidget *dock = window->addPanel(panel, MainWindow::tr("Compare"), Qt::LeftDockWidgetArea);
    dock->hide();
    QObject::connect(panel, &ComparePanel::objectActivated, window, &MainWindow::selectObject);

    auto report = [window](const Status &status) {
        if (!status)
            warnPlain(window, MainWindow::tr("Compare"),
                                 QString::fromStdString(status.error().toString()));
    };
    fileMenu->addSeparator();
    QAction *withFile = fileMenu->addAction(MainWindow::tr("Compare &With…"), window, [=] {
        const QString dir = QFileInfo(window->document()->filePath()).absolutePath();
        const QString path = QFileDialog::getOpenFileName(window, MainWindow::tr("Compare with another version"), dir,
                                                          MainWindow::tr("DocShape models (*.docshape)"));
        if (!path.isEmpty())
            report(session->compareWithFile(path));
    });
    withFile->setShortcut(QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_C));
    fileMenu->addAction(MainWindow::tr("Compare With &Git Revision…"), window, [=] {
        bool ok = false;
        const QString revision = QInputDialog::getText(window, MainWindow::tr("Compare with a Git revision"),
                                                       MainWindow::tr("Revision (a commit, branch or tag, e.g. HEAD~1):"),
                                                       QLineEdit::Normal, QStringLiteral("HEAD"), &ok);
        if (ok)
            report(session->compareWithRevision(revision));
    });
    QAction *end = fileMenu->addAction(MainWindow::tr("End Comparison"), session, &CompareSession::end);
    end->setEnabled(false);
    QObject::connect(session, &CompareSession::started, end, [end, dock] {
        end->setEnabled(true);
        dock->show();
        dock->raise();
    });
    QObject::connect(session, &CompareSession::ended, end, [end, dock] {
        end->setEnabled(false);
        dock->hide();
    });
}

} // namespace docshape::ui::compare
