#pragma once

class QAction;
class QWidget;

namespace docshape::ui {
class MainWindow;
}

namespace docshape::ui::help {

class GuideViewer;

// The Help menu's User Guide (F1: the section of the panel with focus),
// Keyboard Shortcuts (Ctrl+/) and About DocShape, after what the workshop
// put there. MainWindow installs it last, once every dock exists.
class HelpSetup {
public:
    static void install(MainWindow *window);

    // The window's guide viewer, made on first use (its object name is
    // guideViewer, so tests find it as a child of the window).
    static GuideViewer *viewer(MainWindow *window);
    // What F1 does: the guide at the section for the widget with focus.
    static void showContextHelp(MainWindow *window, const QWidget *focus);
};

} // namespace docshape::ui::help
