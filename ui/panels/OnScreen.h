#pragma once

#include <QObject>

#include <functional>

class QDockWidget;
class QWidget;

namespace docshape::ui::panels {

// Whether a panel is where the user can see it, so that panels off screen
// skip their work on each edit and catch up when they come back. A docked
// panel whose tab is not the current one stays "visible" to Qt (its dock is
// moved off screen), so QWidget::isVisible() cannot tell: the dock's
// visibilityChanged signal can.
class OnScreen : public QObject {
    Q_OBJECT

public:
    // Follows `panel` (shown, hidden, put in a dock or its tab chosen) and
    // calls `changed` with the new answer each time it changes.
    OnScreen(QWidget *panel, std::function<void(bool onScreen)> changed);

    bool onScreen() const;

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void followDock();
    void update();

    QWidget *m_panel;
    std::function<void(bool)> m_changed;
    QDockWidget *m_dock = nullptr;
    bool m_dockShown = false;
    bool m_was = false;
};

} // namespace docshape::ui::panels
