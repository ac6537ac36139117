#include "panels/OnScreen.h"

#include <QDockWidget>
#include <QEvent>
#include <QWidget>

namespace docshape::ui::panels {

OnScreen::OnScreen(QWidget *panel, std::function<void(bool onScreen)> changed)
    : QObject(panel), m_panel(panel), m_changed(std::move(changed)) {
    panel->installEventFilter(this);
    followDock();
    m_was = onScreen();
}

bool OnScreen::onScreen() const { return m_panel->isVisible() && (!m_dock || m_dockShown); }

void OnScreen::followDock() {
    auto *dock = qobject_cast<QDockWidget *>(m_panel->parentWidget());
    if (dock == m_dock)
        return;
    if (m_dock)
        disconnect(m_dock, nullptr, this, nullptr);
    m_dock = dock;
    m_dockShown = dock && dock->isVisible() && !dock->visibleRegion().isEmpty();
    if (m_dock)
        connect(m_dock, &QDockWidget::visibilityChanged, this, [this](bool shown) {
            m_dockShown = shown;
            update();
        });
}

void OnScreen::update() {
    const bool now = onScreen();
    if (now == m_was)
        return;
    m_was = now;
    if (m_changed)
        m_changed(now);
}

bool OnScreen::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_panel) {
        if (event->type() == QEvent::ParentChange)
            followDock();
        if (event->type() == QEvent::Show || event->type() == QEvent::Hide || event->type() == QEvent::ParentChange)
            update();
    }
    return QObject::eventFilter(watched, event);
}

} // namespace docshape::ui::panels
