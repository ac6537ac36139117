#pragma once

#include "core/Project.h"
#include "util/Result.h"
#include "document/ObjectRef.h"

#include <QMainWindow>
#include <QString>

class QAction;
class QDockWidget;
class QLabel;
class QMenu;
class QTimer;
class QToolBar;
class QUndoView;

namespace docshape::ui {

class Document;
namespace canvas {
class CanvasView;
class FindBar;
class DocumentScene;
} // namespace canvas
namespace inspector {
class Inspector;
}

// The studio window: the canvas in the middle, the inspector and the undo
// history as docks, file handling (recent files, examples, autosave and
// recovery) and the status bar.
//
// Extension points for further panels: addPanel() docks a widget and lists
// it in View > Panels; document() emits `changed` with typed events;
// currentObjectChanged/selectObject share the selection (a findings list
// selects what it points at with selectObject).
class MainWindow : public QMainWindow {
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    Document *document() const { return m_document; }
    canvas::DocumentScene *scene() const { return m_scene; }
    canvas::CanvasView *canvas() const { return m_view; }
    inspector::Inspector *inspector() const { return m_inspector; }
    QMenu *viewMenu() const { return m_viewMenu; }
    // The Help menu, made on first use: the workshop and the guide each add
    // their part to it.
    QMenu *helpMenu();

    QDockWidget *addPanel(QWidget *panel, const QString &title, Qt::DockWidgetArea area = Qt::BottomDockWidgetArea);

    // Opens a file without asking anything; on failure nothing changes.
    Status loadFile(const QString &path);
    // Opens a bundled example (a resource path or a file), untitled.
    Status loadExample(const QString &path);
    // The bundled examples, as paths loadExample accepts.
    static QStringList exampleFiles();

    // Where the autosave of the current document goes: beside its file, or
    // in the application data directory while untitled.
    QString recoveryPath() const;
    // Writes the recovery file now (the autosave timer calls this); false when
    // there is nothing to write or the write failed, which the status bar says.
    bool writeRecovery();
    // Replaces the project with the recovery file's, as one undoable step.
    Status recoverFrom(const QString &recoveryFile);
    // Asks whether to save unsaved changes; false when the user cancels.
    bool maybeSave();

public slots:
    void selectObject(const docshape::ui::ObjectRef &object);
    void newProject();
    void open();
    void openInteractive(const QString &path);
    bool save();
    bool saveAs();
    void revert();
    void addEntity();
    void addField();
    // Edit > Cut, Copy, Paste, Duplicate: the selected entities (with what
    // they embed) or the current field, through the system clipboard as a
    // DocShape fragment (edit::Fragment) and as its JSON text.
    void cut();
    void copy();
    void paste();
    void duplicate();
    // What the command line asks for, once the window is shown: a file or a
    // bundled example by name (either may be empty), a failure explained in
    // a dialog as File > Open does, then the recovery offer.
    void openAtStartup(const QString &file, const QString &example);
    // Asks whether to recover the autosave of the current document, if one
    // is newer than its file (after a crash).
    void offerRecovery();
    // File > Import Data…: the dialog, then its model opened as a new,
    // untitled model whose one undo step is the import.
    void importData();
    void openImported(Project project);

signals:
    void currentObjectChanged(const docshape::ui::ObjectRef &object);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    // The name the user knows the model by: its file's, the example's it
    // was opened from ("order-aggregate (example)"), or Untitled.
    QString shownName() const;
    void updateTitle();
    void updateStatus();
    void addRecentFile(const QString &path);
    void rebuildRecentMenu();
    void rebuildExamplesMenu();
    void showRefusal(const QString &message);
    void removeRecovery();

    Document *m_document;
    canvas::DocumentScene *m_scene;
    canvas::CanvasView *m_view;
    inspector::Inspector *m_inspector;
    QUndoView *m_history;
    QMenu *m_viewMenu = nullptr;
    QMenu *m_panelsMenu = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_examplesMenu = nullptr;
    QLabel *m_statusLabel;
    QLabel *m_zoomLabel = nullptr;
    canvas::FindBar *m_findBar = nullptr;
    QToolBar *m_findToolBar = nullptr;
    QTimer *m_autosave;
    QString m_exampleName; // title of an opened example while untitled
};

} // namespace docshape::ui
