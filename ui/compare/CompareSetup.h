#pragma once

class QMenu;

namespace docshape::ui {
class MainWindow;
}

namespace docshape::ui::compare {

// File > Compare With… (another file), Compare With Git Revision… (the
// model's own file at a revision) and End Comparison, with the Compare panel
// they fill. The session is the window's child "compareSession", the panel
// "comparePanel".
struct CompareSetup {
    static void install(MainWindow *window, QMenu *fileMenu);
};

} // namespace docshape::ui::compare
