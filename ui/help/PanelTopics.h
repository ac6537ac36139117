#pragma once

#include <QUrl>

class QDockWidget;
class QWidget;

namespace docshape::ui::help {

// Which section of the guide explains which panel: F1 in a dock opens its
// section. Docks are known by their object names (MainWindow::addPanel), so
// that a retitled or translated dock keeps its section; a dock missing from
// the table has no section, which the tests catch for every dock the main
// window has.
class PanelTopics {
public:
    // The guide page of a dock (chapter and heading), or an empty URL.
    static QUrl topicOf(const QDockWidget *dock);
    // For the widget with focus: the section of the dock it is in, else
    // the guide's start.
    static QUrl topicFor(const QWidget *focus);
};

} // namespace docshape::ui::help
