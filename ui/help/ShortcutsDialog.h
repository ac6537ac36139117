#pragma once

#include <QDialog>

class QLineEdit;
class QMainWindow;
class QTreeWidget;

namespace docshape::ui::help {

// Help > Keyboard Shortcuts: every action of the window that has a
// shortcut, read from the live actions when the dialog opens (so it cannot
// drift from what the keys do), menu by menu in menu order, then the
// actions that are in no menu. A filter narrows by command or key.
class ShortcutsDialog : public QDialog {
    Q_OBJECT

public:
    explicit ShortcutsDialog(QMainWindow *window);

    QTreeWidget *list() const { return m_list; }

private:
    void applyFilter(const QString &text);

    QLineEdit *m_filter;
    QTreeWidget *m_list;
};

} // namespace docshape::ui::help
