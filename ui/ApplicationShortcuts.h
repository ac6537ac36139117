#pragma once

#include <QObject>

class QWidget;

namespace docshape::ui {

// Lets the window's own shortcuts work from every panel. A text box claims
// some Ctrl combinations for itself (on X11 a line edit takes Ctrl+E to the
// end of the line), so Add Entity (Ctrl+E) pressed in the Inspector's Name
// box, where focus lands after adding an entity, moved the cursor instead.
// Inside `window`, a key combination that is one of its actions' shortcuts
// goes to the action, except the editing keys a text box must keep (undo,
// redo, cut, copy, paste, select all, and keys without Ctrl or Alt).
class ApplicationShortcuts : public QObject {
    Q_OBJECT

public:
    explicit ApplicationShortcuts(QWidget *window);

    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    QWidget *m_window;
};

} // namespace docshape::ui
