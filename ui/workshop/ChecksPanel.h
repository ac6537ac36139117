#pragma once

#include "document/ObjectRef.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace docshape::ui::workshop {

class WorkshopSession;

// The exercise's checks on the model as it is now: pass or fail per check,
// the reason of each failure, a click on a failing check selects the object
// it concerns (objectActivated). Under them the hints revealed so far and
// Show Hint, which reveals the next one.
class ChecksPanel : public QWidget {
    Q_OBJECT

public:
    explicit ChecksPanel(WorkshopSession *session, QWidget *parent = nullptr);

    QTreeWidget *tree() const { return m_tree; }
    QPushButton *hintButton() const { return m_hintButton; }
    QLabel *hints() const { return m_hints; }
    QString summary() const;

signals:
    void objectActivated(const docshape::ui::ObjectRef &object);

private:
    void refresh();
    void refreshHints();
    void activate(QTreeWidgetItem *item);

    WorkshopSession *m_session;
    QLabel *m_title;
    QLabel *m_summary;
    QTreeWidget *m_tree;
    QLabel *m_hints;
    QPushButton *m_hintButton;
};

} // namespace docshape::ui::workshop
