#include "workshop/PresenterMode.h"

#include <QDockWidget>
#include <QMainWindow>

#include <cmath>

namespace docshape::ui::workshop {

PresenterMode::PresenterMode(QMainWindow *window, std::vector<QDockWidget *> prominent, QObject *parent)
    : QObject(parent), m_window(window) {
    for (QDockWidget *dock : prominent)
        m_prominent.emplace_back(dock);
}

void PresenterMode::setActive(bool on) {
    if (on == m_active)
        return;
    m_active = on;
    if (on) {
        m_state = m_window->saveState();
        m_fontWasSet = m_window->testAttribute(Qt::WA_SetFont);
        m_font = m_window->font();
        QFont large = m_font;
        if (large.pointSizeF() > 0)
            large.setPointSizeF(large.pointSizeF() * kFontScale);
        else
            large.setPixelSize(int(std::lround(large.pixelSize() * kFontScale)));
        m_window->setFont(large);
        QList<QDockWidget *> docks;
        QList<int> widths;
        for (QDockWidget *dock : m_window->findChildren<QDockWidget *>()) {
            bool keep = false;
            for (const auto &p : m_prominent)
                keep = keep || p == dock;
            if (!keep && dock->parentWidget() == m_window)
                dock->hide();
        }
        int width = m_window->width() * 2 / 5;
        for (const auto &dock : m_prominent) {
            if (!dock)
                continue;
            dock->setFloating(false);
            m_window->addDockWidget(Qt::RightDockWidgetArea, dock, Qt::Vertical);
            dock->show();
            docks << dock;
            widths << width;
        }
        m_window->resizeDocks(docks, widths, Qt::Horizontal);
        if (!docks.isEmpty())
            docks.front()->raise();
    } else {
        if (m_fontWasSet)
            m_window->setFont(m_font);
        else
            m_window->setFont(QFont()); // back to the application's font
        m_window->restoreState(m_state);
    }
    emit toggled(on);
}

} // namespace docshape::ui::workshop
