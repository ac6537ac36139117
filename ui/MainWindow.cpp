#include "MainWindow.h"
#include "settings/ProjectSettingsDialog.h"

#include "ApplicationShortcuts.h"
#include "Format.h"
#include "PlainText.h"
#include "canvas/CanvasView.h"
#include "canvas/FindBar.h"
#include "canvas/DocumentScene.h"
#include "compare/CompareSession.h"
#include "compare/CompareSetup.h"
#include "document/Document.h"
#include "export/ExportDiagramDialog.h"
#include "export/ExportReportDialog.h"
#include "help/HelpSetup.h"
#include "import/ImportDialog.h"
#include "inspector/Inspector.h"
#include "panels/PanelSetup.h"
#include "workshop/WorkshopSetup.h"

#include "edit/Fragment.h"
#include "io/AtomicFile.h"
#include "io/BundledExamples.h"
#include "io/ProjectFile.h"

#include <QAction>
#include <QApplication>
#include <QClipboard>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QGraphicsItem>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QPushButton>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>
#include <QUndoView>

namespace docshape::ui {

namespace {
constexpr int kAutosaveMs = 60 * 1000;
constexpr int kMaxRecent = 10;
const QString kFileFilter = QStringLiteral("DocShape models (*.docshape);;All files (*)");
QString qs(const std::string &s) { return QString::fromStdString(s); }
} // namespace

MainWindow::MainWindow(QWidget *parent) : QMainWindow(parent) {
    setObjectName(QStringLiteral("mainWindow"));
    new ApplicationShortcuts(this);
    m_document = new Document(this);
    m_scene = new canvas::DocumentScene(m_document, this);
    m_view = new canvas::CanvasView(m_scene, this);
    setCentralWidget(m_view);

    m_inspector = new inspector::Inspector(m_document, this);
    m_history = new QUndoView(m_document->undoStack(), this);
    m_history->setObjectName(QStringLiteral("history"));
    m_history->setEmptyLabel(tr("<opened>"));
    // Each step is one line of text: the list lays out a new step without
    // measuring every earlier one again.
    m_history->setUniformItemSizes(true);

    m_statusLabel = plainLabel(this);
    m_statusLabel->setObjectName(QStringLiteral("collectionStatus"));
    statusBar()->addPermanentWidget(m_statusLabel);
    m_zoomLabel = new QLabel(this);
    m_zoomLabel->setObjectName(QStringLiteral("zoomStatus"));
    m_zoomLabel->setToolTip(tr("Zoom (Ctrl+0: actual size, Ctrl+9: fit)"));
    statusBar()->addPermanentWidget(m_zoomLabel);
    const auto showZoom = [this](qreal zoom) {
        m_zoomLabel->setText(tr("Zoom %1%").arg(qRound(zoom * 100)));
    };
    connect(m_view, &canvas::CanvasView::zoomChanged, this, showZoom);
    showZoom(m_view->zoom());

    createActions();
    addPanel(m_inspector, tr("Inspector"), Qt::RightDockWidgetArea);
    addPanel(m_history, tr("History"), Qt::RightDockWidgetArea);
    // Findings, access patterns, worksheet, charts, validation, Tools > Export.
    panels::PanelSetup::install(this);
    // The File menu's comparison (made with the actions, before the panels)
    // reads the advice the panels read instead of advising on its own.
    if (auto *session = findChild<compare::CompareSession *>(QStringLiteral("compareSession")))
        session->setAdviceSource(panels::PanelSetup::of(this)->advice());
    // Help > Workshop…, the Checks and Explanation panels, presenter mode.
    workshop::WorkshopSetup::install(this);
    // User Guide (F1 in a panel: its section), shortcuts, About; after every dock.
    help::HelpSetup::install(this);

    connect(m_scene, &canvas::DocumentScene::currentObjectChanged, this, [this](const ObjectRef &object) {
        m_inspector->setObject(object);
        updateStatus();
        emit currentObjectChanged(object);
    });
    connect(m_scene, &canvas::DocumentScene::editRefused, this, &MainWindow::showRefusal);
    connect(m_inspector, &inspector::Inspector::activate, this, &MainWindow::selectObject);
    connect(m_document, &Document::changed, this, [this] { updateStatus(); });
    connect(m_document, &Document::modifiedChanged, this, &MainWindow::updateTitle);
    connect(m_document, &Document::filePathChanged, this, &MainWindow::updateTitle);

    m_autosave = new QTimer(this);
    m_autosave->setInterval(kAutosaveMs);
    connect(m_autosave, &QTimer::timeout, this, &MainWindow::writeRecovery);
    m_autosave->start();

    resize(1400, 900);
    updateTitle();
    updateStatus();
}

MainWindow::~MainWindow() = default;

QDockWidget *MainWindow::addPanel(QWidget *panel, const QString &title, Qt::DockWidgetArea area) {
    auto *dock = new QDockWidget(title, this);
    dock->setObjectName(panel->objectName().isEmpty() ? title : panel->objectName() + QStringLiteral("Dock"));
    dock->setWidget(panel);
    addDockWidget(area, dock);
    if (m_panelsMenu)
        m_panelsMenu->addAction(dock->toggleViewAction());
    return dock;
}

QMenu *MainWindow::helpMenu() {
    if (auto *menu = menuBar()->findChild<QMenu *>(QStringLiteral("helpMenu")))
        return menu;
    QMenu *menu = menuBar()->addMenu(tr("&Help"));
    menu->setObjectName(QStringLiteral("helpMenu"));
    return menu;
}

void MainWindow::createActions() {
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&New"), QKeySequence::New, this, &MainWindow::newProject);
    file->addAction(tr("&Open…"), QKeySequence::Open, this, &MainWindow::open);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    m_examplesMenu = file->addMenu(tr("Open &Example"));
    file->addAction(tr("&Import Data…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_I), this,
                    &MainWindow::importData);
    file->addSeparator();
    file->addAction(tr("&Save"), QKeySequence::Save, this, &MainWindow::save);
    // Not QKeySequence::SaveAs: it is empty outside GNOME's and KDE's key
    // schemes, so under a plain window manager Save As had no key.
    file->addAction(tr("Save &As…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S), this, &MainWindow::saveAs);
    file->addAction(tr("Re&vert"), this, &MainWindow::revert);
    file->addSeparator();
    QAction *settingsAction = file->addAction(tr("Project Se&ttings…"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_S), this,
                                        [this] { settings::ProjectSettingsDialog::run(m_document, this); });
    settingsAction->setObjectName(QStringLiteral("projectSettingsAction"));
    compare::CompareSetup::install(this, file);
    file->addSeparator();
    file->addAction(tr("Export &Diagram…"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_D), this, [this] {
        exporting::ExportDiagramDialog(m_scene, this).exec();
    })->setObjectName(QStringLiteral("exportDiagramAction"));
    file->addAction(tr("Export Re&port…"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_P), this, [this] {
        exporting::ExportReportDialog(m_scene, this).exec();
    })->setObjectName(QStringLiteral("exportReportAction"));
    file->addAction(tr("Export Application &Types…"), QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A), this, [this] {
        if (panels::PanelSetup *panels = panels::PanelSetup::of(this))
            panels->showTypesExport();
    })->setObjectName(QStringLiteral("exportTypesAction"));
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence(Qt::CTRL | Qt::Key_Q), this, &QWidget::close);
    rebuildRecentMenu();
    rebuildExamplesMenu();

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_document->undoStack()->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    QAction *redo = m_document->undoStack()->createRedoAction(this, tr("&Redo"));
    // QKeySequence::Redo is Ctrl+Shift+Z here already: listing both bound it
    // twice (an ambiguous shortcut that never fires). Ctrl+Y as on Windows.
    redo->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Y), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)});
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    edit->addAction(tr("Add &Entity"), QKeySequence(Qt::CTRL | Qt::Key_E), this, &MainWindow::addEntity);
    edit->addAction(tr("Add &Field"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_F), this, &MainWindow::addField);
    edit->addSeparator();
    // On the canvas only: in a text box the same keys cut, copy and paste text.
    const auto canvasAction = [this, edit](const QString &text, const QKeySequence &keys, auto slot,
                                           const char *name) {
        QAction *action = edit->addAction(text, this, slot);
        action->setShortcut(keys);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        action->setObjectName(QLatin1String(name));
        m_view->addAction(action);
        return action;
    };
    canvasAction(tr("Cu&t"), QKeySequence::Cut, &MainWindow::cut, "cutAction");
    canvasAction(tr("&Copy"), QKeySequence::Copy, &MainWindow::copy, "copyAction");
    canvasAction(tr("&Paste"), QKeySequence::Paste, &MainWindow::paste, "pasteAction");
    canvasAction(tr("D&uplicate"), QKeySequence(Qt::CTRL | Qt::Key_D), &MainWindow::duplicate, "duplicateAction");
    canvasAction(tr("&Delete"), QKeySequence::Delete, [this] { m_scene->deleteSelection(); }, "deleteAction");
    edit->addSeparator();
    // Ctrl+F is free: Add Field is Ctrl+Shift+F.
    QAction *find = edit->addAction(tr("&Find…"), QKeySequence::Find, this, [this] {
        m_findToolBar->show();
        m_findBar->activate();
    });
    find->setStatusTip(tr("Find an entity or a field and centre it on the canvas"));
    edit->addAction(tr("Select &All"), QKeySequence::SelectAll, this, [this] {
        for (QGraphicsItem *item : m_scene->items())
            if (item->flags() & QGraphicsItem::ItemIsSelectable)
                item->setSelected(true);
    });

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    m_viewMenu->addAction(tr("Zoom &In"), QKeySequence::ZoomIn, m_view, &canvas::CanvasView::zoomIn);
    m_viewMenu->addAction(tr("Zoom &Out"), QKeySequence::ZoomOut, m_view, &canvas::CanvasView::zoomOut);
    m_viewMenu->addAction(tr("&Actual Size"), QKeySequence(Qt::CTRL | Qt::Key_0), m_view,
                          &canvas::CanvasView::resetZoom);
    m_viewMenu->addAction(tr("&Fit to View"), QKeySequence(Qt::CTRL | Qt::Key_9), m_view,
                          &canvas::CanvasView::fitToView);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(tr("Auto-&layout"), QKeySequence(Qt::CTRL | Qt::Key_L), this, [this] {
        m_scene->autoLayout();
        m_view->fitToView();
    });
    m_viewMenu->addSeparator();
    m_panelsMenu = m_viewMenu->addMenu(tr("&Panels"));

    m_findBar = new canvas::FindBar(m_scene, m_view, this);
    m_findToolBar = new QToolBar(tr("Find"), this);
    m_findToolBar->setObjectName(QStringLiteral("findToolBar"));
    m_findToolBar->setMovable(false);
    m_findToolBar->addWidget(m_findBar);
    m_findToolBar->hide();
    connect(m_findBar, &canvas::FindBar::closed, this, [this] {
        m_findToolBar->hide();
        m_view->setFocus();
    });

    QToolBar *tools = addToolBar(tr("Main"));
    tools->setObjectName(QStringLiteral("mainToolBar"));
    // The menu's Undo says what it undoes; on the toolbar that text would
    // resize the button with every edit and shift the buttons after it, so
    // the toolbar keeps a fixed "Undo" and says what in the tooltip.
    QUndoStack *stack = m_document->undoStack();
    auto *toolUndo = tools->addAction(tr("Undo"), stack, &QUndoStack::undo);
    auto *toolRedo = tools->addAction(tr("Redo"), stack, &QUndoStack::redo);
    toolUndo->setObjectName(QStringLiteral("toolbarUndo"));
    toolRedo->setObjectName(QStringLiteral("toolbarRedo"));
    const auto update = [this, stack, toolUndo, toolRedo] {
        toolUndo->setEnabled(stack->canUndo());
        toolUndo->setToolTip(plainToolTip(stack->canUndo() ? tr("Undo %1").arg(stack->undoText()) : tr("Undo")));
        toolRedo->setEnabled(stack->canRedo());
        toolRedo->setToolTip(plainToolTip(stack->canRedo() ? tr("Redo %1").arg(stack->redoText()) : tr("Redo")));
    };
    update();
    connect(stack, &QUndoStack::indexChanged, this, update);
    connect(stack, &QUndoStack::undoTextChanged, this, update);
    connect(stack, &QUndoStack::redoTextChanged, this, update);
    tools->addSeparator();
    tools->addAction(tr("Add Entity"), this, &MainWindow::addEntity);
    tools->addAction(tr("Add Field"), this, &MainWindow::addField);
    tools->addSeparator();
    tools->addAction(tr("Fit"), m_view, &canvas::CanvasView::fitToView);
    tools->addAction(tr("Auto-layout"), this, [this] {
        m_scene->autoLayout();
        m_view->fitToView();
    });
    addToolBarBreak();
    addToolBar(m_findToolBar);
}

QString MainWindow::shownName() const {
    if (m_document->filePath().isEmpty() && !m_exampleName.isEmpty())
        return tr("%1 (example)").arg(m_exampleName);
    return m_document->displayName();
}

void MainWindow::updateTitle() {
    setWindowTitle(tr("%1[*] — DocShape").arg(shownName()));
    setWindowModified(m_document->isModified());
}

void MainWindow::updateStatus() {
    const ObjectRef current = m_scene->currentObject();
    std::string entityId;
    if (current.kind == ObjectRef::Kind::Entity)
        entityId = current.id;
    else if (current.kind == ObjectRef::Kind::Field)
        if (const Entity *e = m_document->entityOfField(current.id))
            entityId = e->id;
    const CollectionStat *stat = entityId.empty() ? nullptr : m_document->collectionStatOf(entityId);
    if (!stat) {
        const auto &a = m_document->analysis();
        const std::size_t entities = m_document->project().entities.size();
        const std::size_t collections = a.collections.size();
        m_statusLabel->setText(formatCountOf((long long)entities, tr("entity"), tr("entities")) + QStringLiteral(" · ") +
                               formatCountOf((long long)collections, tr("collection"), tr("collections")));
        m_statusLabel->setToolTip(QString());
        return;
    }
    double entries = 0;
    for (const auto &index : stat->indexes)
        entries += index.entries;
    m_statusLabel->setText(tr("%1: avg document %2 · max %3 · %4 index entries")
                               .arg(qs(stat->name), formatBytes(stat->avgDocumentBytes),
                                    formatMaxBytes(stat->maxDocumentBytes), formatCount(entries)));
    m_statusLabel->setToolTip(
        plainToolTip(tr("average document %1, maximum %2")
            .arg(formatExactBytes(stat->avgDocumentBytes), formatExactMaxBytes(stat->maxDocumentBytes))));
}

void MainWindow::selectObject(const ObjectRef &object) { m_scene->selectObject(object); }

Status MainWindow::loadFile(const QString &path) {
    Status status = m_document->load(path);
    if (!status)
        return status;
    m_exampleName.clear();
    addRecentFile(path);
    updateTitle();
    m_view->fitToRead();
    return {};
}

Status MainWindow::loadExample(const QString &path) {
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{path.toStdString(), file.errorString().toStdString()};
    const QByteArray text = file.readAll();
    auto project = parseProject(std::string_view(text.constData(), std::size_t(text.size())));
    if (!project)
        return project.error();
    m_exampleName = QFileInfo(path).completeBaseName();
    m_document->reset(std::move(project.value()), QString());
    updateTitle();
    m_view->fitToRead();
    return {};
}

QStringList MainWindow::exampleFiles() {
    const QDir dir(QString::fromStdString(bundledExamplesDirectory()));
    QStringList paths;
    for (const std::string &name : bundledExampleNames())
        paths << dir.filePath(QString::fromStdString(name) + QStringLiteral(".docshape"));
    return paths;
}

void MainWindow::rebuildExamplesMenu() {
    m_examplesMenu->clear();
    const QStringList examples = exampleFiles();
    for (const QString &path : examples)
        m_examplesMenu->addAction(QFileInfo(path).completeBaseName(), this, [this, path] {
            if (!maybeSave())
                return;
            Status status = loadExample(path);
            if (!status)
                warnPlain(this, tr("Open Example"), qs(status.error().toString()));
        });
    m_examplesMenu->setEnabled(!examples.isEmpty());
}

void MainWindow::addRecentFile(const QString &path) {
    QSettings settings;
    QStringList recent = settings.value(QStringLiteral("recentFiles")).toStringList();
    const QString absolute = QFileInfo(path).absoluteFilePath();
    recent.removeAll(absolute);
    recent.prepend(absolute);
    while (recent.size() > kMaxRecent)
        recent.removeLast();
    settings.setValue(QStringLiteral("recentFiles"), recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value(QStringLiteral("recentFiles")).toStringList();
    for (const QString &path : recent)
        m_recentMenu->addAction(QDir::toNativeSeparators(path), this, [this, path] {
            if (maybeSave())
                openInteractive(path);
        });
    m_recentMenu->setEnabled(!recent.isEmpty());
}

void MainWindow::newProject() {
    if (!maybeSave())
        return;
    removeRecovery();
    m_exampleName.clear();
    m_document->reset(Project{}, QString());
    updateTitle();
}

void MainWindow::importData() {
    if (!maybeSave())
        return;
    ImportDialog dialog(this);
    if (dialog.exec() != QDialog::Accepted)
        return;
    if (auto result = dialog.takeResult())
        openImported(std::move(result->project));
}

void MainWindow::openImported(Project project) {
    removeRecovery();
    m_exampleName.clear();
    m_document->reset(Project{}, QString());
    // Laid out by the canvas, which knows the cards' sizes, in the same
    // undo step: the importer's placement is only a start.
    // Checked first: a refused model leaves no empty step on the stack.
    Status s = validateProject(project);
    if (s) {
        QUndoStack *stack = m_document->undoStack();
        stack->beginMacro(tr("Import data"));
        s = m_document->replaceProject(std::move(project), tr("Import data"));
        if (s)
            m_scene->autoLayout();
        stack->endMacro();
    }
    if (!s)
        showRefusal(qs(s.error().toString()));
    updateTitle();
    m_view->fitToRead();
}

void MainWindow::open() {
    if (!maybeSave())
        return;
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Model"), QString(), kFileFilter);
    if (!path.isEmpty())
        openInteractive(path);
}

void MainWindow::openInteractive(const QString &path) {
    Status status = loadFile(path);
    if (!status) {
        warnPlain(this, tr("Open"),
                             tr("%1 could not be opened:\n\n%2").arg(QDir::toNativeSeparators(path),
                                                                    qs(status.error().toString())));
        return;
    }
    offerRecovery();
}

bool MainWindow::save() {
    if (m_document->filePath().isEmpty())
        return saveAs();
    Status status = m_document->save(m_document->filePath());
    if (!status) {
        warnPlain(this, tr("Save"), qs(status.error().toString()));
        return false;
    }
    removeRecovery();
    addRecentFile(m_document->filePath());
    return true;
}

bool MainWindow::saveAs() {
    QString path = QFileDialog::getSaveFileName(this, tr("Save Model As"), m_document->filePath(), kFileFilter);
    if (path.isEmpty())
        return false;
    if (QFileInfo(path).suffix().isEmpty())
        path += QStringLiteral(".docshape");
    const QString oldRecovery = recoveryPath();
    Status status = m_document->save(path);
    if (!status) {
        warnPlain(this, tr("Save"), qs(status.error().toString()));
        return false;
    }
    QFile::remove(oldRecovery);
    m_exampleName.clear();
    addRecentFile(path);
    updateTitle();
    return true;
}

void MainWindow::revert() {
    const QString path = m_document->filePath();
    if (path.isEmpty() || !m_document->isModified())
        return;
    QMessageBox ask(QMessageBox::Question, tr("Revert"),
                    tr("Discard your changes and reload %1?").arg(m_document->displayName()),
                    QMessageBox::Yes | QMessageBox::No, this);
    ask.setTextFormat(Qt::PlainText);
    if (ask.exec() != QMessageBox::Yes)
        return;
    Status status = m_document->load(path);
    if (!status)
        warnPlain(this, tr("Revert"), qs(status.error().toString()));
    else
        removeRecovery();
}

void MainWindow::addEntity() {
    const QPointF near = m_view->mapToScene(m_view->viewport()->rect().topLeft() + QPoint(40, 40));
    auto id = m_document->addEntity(QString(), m_scene->freePosition(near));
    if (!id) {
        showRefusal(qs(id.error().toString()));
        return;
    }
    selectObject(ObjectRef::entity(*id));
    m_inspector->startRename();
}

namespace {

// The clipboard format of a DocShape fragment; its text goes beside it as
// plain text, so that a paste into an editor shows the JSON.
const QString kFragmentMime = QStringLiteral("application/x-docshape-fragment");

// "Order", or "3 entities": what an undo step or a message names.
QString fragmentWords(const edit::Fragment &fragment) {
    if (fragment.kind == edit::Fragment::Kind::Fields) {
        const auto &fields = fragment.project.entities.front().fields; // the holder comes first
        return fields.size() == 1 ? MainWindow::tr("field %1").arg(qs(fields.front().name))
                                  : MainWindow::tr("%1 fields").arg(fields.size());
    }
    const std::size_t copied = fragment.project.entities.size() - fragment.contextIds.size();
    return copied == 1 ? qs(fragment.project.entities.front().name) : MainWindow::tr("%1 entities").arg(copied);
}

} // namespace

void MainWindow::copy() {
    const std::optional<edit::Fragment> fragment = m_scene->copySelection();
    if (!fragment) {
        statusBar()->showMessage(tr("Select entities or a field to copy."), 4000);
        return;
    }
    const QByteArray text = QByteArray::fromStdString(edit::fragmentText(*fragment));
    auto *data = new QMimeData;
    data->setData(kFragmentMime, text);
    data->setText(QString::fromUtf8(text));
    QGuiApplication::clipboard()->setMimeData(data);
    statusBar()->showMessage(tr("Copied %1.").arg(fragmentWords(*fragment)), 4000);
}

void MainWindow::cut() {
    if (!m_scene->copySelection())
        return copy(); // says what to select
    copy();
    m_scene->deleteSelection();
}

void MainWindow::paste() {
    const QMimeData *data = QGuiApplication::clipboard()->mimeData();
    const QString text = !data                              ? QString()
                         : data->hasFormat(kFragmentMime) ? QString::fromUtf8(data->data(kFragmentMime))
                                                            : data->text();
    const Result<edit::Fragment> fragment = edit::parseFragment(text.toStdString());
    if (!fragment) {
        statusBar()->showMessage(tr("Nothing to paste: %1").arg(qs(fragment.error().toString())), 8000);
        return;
    }
    m_scene->paste(*fragment, tr("Paste %1").arg(fragmentWords(*fragment)));
}

void MainWindow::duplicate() {
    const std::optional<edit::Fragment> fragment = m_scene->copySelection();
    if (!fragment) {
        statusBar()->showMessage(tr("Select entities or a field to duplicate."), 4000);
        return;
    }
    m_scene->paste(*fragment, tr("Duplicate %1").arg(fragmentWords(*fragment)));
}

void MainWindow::addField() {
    const ObjectRef current = m_scene->currentObject();
    std::string entityId = current.kind == ObjectRef::Kind::Entity ? current.id : std::string();
    if (current.kind == ObjectRef::Kind::Field)
        if (const Entity *e = m_document->entityOfField(current.id))
            entityId = e->id;
    const Entity *entity = m_document->project().findEntity(entityId);
    if (!entity) {
        statusBar()->showMessage(tr("Select an entity to add a field to."), 4000);
        return;
    }
    Field f;
    for (std::size_t i = entity->fields.size() + 1;; ++i) {
        f.name = "field" + std::to_string(i);
        bool used = false;
        for (const auto &other : entity->fields)
            used = used || other.name == f.name;
        if (!used)
            break;
    }
    f.avgBytes = 16;
    f.maxBytes = 64;
    auto id = m_document->addField(entityId, {}, f);
    if (!id) {
        showRefusal(qs(id.error().toString()));
        return;
    }
    selectObject(ObjectRef::field(*id));
    m_inspector->startRename();
}

void MainWindow::showRefusal(const QString &message) {
    statusBar()->showMessage(tr("Refused: %1").arg(message), 8000);
}

QString MainWindow::recoveryPath() const {
    if (!m_document->filePath().isEmpty())
        return m_document->filePath() + QStringLiteral(".autosave");
    const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppDataLocation);
    return dir + QStringLiteral("/untitled.docshape.autosave");
}

bool MainWindow::writeRecovery() {
    if (!m_document->isModified())
        return false;
    const QString path = recoveryPath();
    QDir().mkpath(QFileInfo(path).absolutePath());
    // The model file's own atomic write: a crash mid-way leaves the previous
    // recovery file or the new one, complete (the save-fault tests cover it).
    const Status status = io::writeFileAtomically(path.toStdString(), serializeProject(m_document->project()));
    // In the status bar, not a dialog: the timer retries every minute, and a
    // full disk should not interrupt the work each time. Shown until the next
    // attempt, so that the user knows the changes are not protected.
    if (!status)
        statusBar()->showMessage(tr("Autosave failed: %1").arg(qs(status.error().toString())), kAutosaveMs);
    return status.ok();
}

void MainWindow::removeRecovery() { QFile::remove(recoveryPath()); }

Status MainWindow::recoverFrom(const QString &recoveryFile) {
    auto project = loadProject(recoveryFile.toStdString());
    if (!project)
        return project.error();
    Status status = m_document->replaceProject(std::move(project.value()), tr("Recover autosaved changes"));
    if (status)
        m_view->fitToRead();
    return status;
}

void MainWindow::openAtStartup(const QString &file, const QString &example) {
    if (!file.isEmpty()) {
        openInteractive(file); // the loader's message in a dialog, then recovery
        return;
    }
    if (!example.isEmpty()) {
        const QStringList examples = exampleFiles();
        QString found;
        QStringList names;
        for (const QString &path : examples) {
            names << QFileInfo(path).completeBaseName();
            if (names.back() == example)
                found = path;
        }
        Status status = found.isEmpty()
                            ? Status(Error{example.toStdString(), tr("no bundled example has this name; the examples are: %1")
                                                                      .arg(names.join(QStringLiteral(", ")))
                                                                      .toStdString()})
                            : loadExample(found);
        if (!status) {
            warnPlain(this, tr("Open Example"),
                                 tr("The example %1 could not be opened:\n\n%2").arg(example, qs(status.error().toString())));
            return;
        }
    }
    offerRecovery();
}

void MainWindow::offerRecovery() {
    const QString path = recoveryPath();
    const QFileInfo recovery(path);
    if (!recovery.exists())
        return;
    const QFileInfo original(m_document->filePath());
    if (original.exists() && recovery.lastModified() < original.lastModified())
        return; // saved after the autosave: nothing to recover
    // Buttons named by what they do: Yes / No / Discard left users guessing
    // which one keeps the autosave.
    QMessageBox box(QMessageBox::Question, tr("Recover"),
                    tr("DocShape did not close normally while %1 had unsaved changes. Recover the autosaved "
                       "version?")
                        .arg(shownName()),
                    QMessageBox::NoButton, this);
    box.setObjectName(QStringLiteral("recoveryDialog"));
    box.setTextFormat(Qt::PlainText);
    box.setInformativeText(tr("Recover opens the autosaved changes, as one step you can undo. Discard Autosave "
                              "deletes them. Decide Later keeps them and asks again next time."));
    QPushButton *recover = box.addButton(tr("Recover"), QMessageBox::AcceptRole);
    QPushButton *discard = box.addButton(tr("Discard Autosave"), QMessageBox::DestructiveRole);
    QPushButton *later = box.addButton(tr("Decide Later"), QMessageBox::RejectRole);
    recover->setObjectName(QStringLiteral("recover"));
    discard->setObjectName(QStringLiteral("discardAutosave"));
    later->setObjectName(QStringLiteral("decideLater"));
    box.setDefaultButton(recover);
    box.setEscapeButton(later);
    box.exec();
    if (box.clickedButton() == recover) {
        Status status = recoverFrom(path);
        if (!status)
            warnPlain(this, tr("Recover"), qs(status.error().toString()));
    } else if (box.clickedButton() == discard) {
        QFile::remove(path);
    }
}

bool MainWindow::maybeSave() {
    if (!m_document->isModified())
        return true;
    QMessageBox ask(QMessageBox::Warning, tr("Unsaved changes"), tr("%1 has unsaved changes. Save them?").arg(shownName()),
                    QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, this);
    ask.setDefaultButton(QMessageBox::Save);
    ask.setTextFormat(Qt::PlainText);
    const auto answer = ask.exec();
    if (answer == QMessageBox::Save)
        return save();
    if (answer == QMessageBox::Discard) {
        removeRecovery();
        return true;
    }
    return false;
}

void MainWindow::closeEvent(QCloseEvent *event) {
    if (maybeSave())
        event->accept();
    else
        event->ignore();
}

} // namespace docshape::ui
