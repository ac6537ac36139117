#pragma once

#include <QByteArray>
#include <QFont>
#include <QObject>
#include <QPointer>

#include <vector>

class QDockWidget;
class QMainWindow;

namespace docshape::ui::workshop {

// View > Presenter Mode, for a projector: larger fonts everywhere, the
// workshop's docks (checks, explanation) shown and wide, the other docks
// out of the way. Leaving it restores the window's layout and font exactly.
class PresenterMode : public QObject {
    Q_OBJECT

public:
    // `prominent` are the docks to show wide, in order (the first the widest).
    PresenterMode(QMainWindow *window, std::vector<QDockWidget *> prominent, QObject *parent = nullptr);

    bool active() const { return m_active; }
    void setActive(bool on);

    static constexpr double kFontScale = 1.6;

signals:
    void toggled(bool on);

private:
    QMainWindow *m_window;
    std::vector<QPointer<QDockWidget>> m_prominent;
    bool m_active = false;
    QByteArray m_state;
    QFont m_font;
    bool m_fontWasSet = false;
};

} // namespace docshape::ui::workshop
