#pragma once

namespace docshape::ui {
class MainWindow;
}

namespace docshape::ui::workshop {

// Workshop mode in a window: Help > Workshop… (the exercise browser), the
// Checks and Explanation panels, Help > Show Hint and Compare With Solution,
// and View > Presenter Mode. The Help menu is the menu bar's "helpMenu",
// made here if no one made it yet. Children of the window: the session
// "workshopSession", the panels "checksPanel" and "explanationForm", the
// presenter mode "presenterMode".
struct WorkshopSetup {
    static void install(MainWindow *window);
};

} // namespace docshape::ui::workshop
