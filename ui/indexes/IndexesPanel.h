#pragma once

#include "document/ChangeEvent.h"
#include "panels/OnScreen.h"

#include <QWidget>

#include <string>

class QToolButton;
class QTreeWidget;
class QTreeWidgetItem;

namespace docshape::ui::panels {
class AdviceSource;
}

namespace docshape::ui::indexes {

class IndexEditor;

// The Indexes panel: per collection, the implicit _id_ index and the
// model's indexes with their keys, entries and estimated size (the
// analysis's), the access patterns each serves (the advisor's plans) and
// the unused ones marked (the advisor's DS183); beside the list, the form
// of the selected index. Insert adds an index on the selected collection,
// Delete removes the selected index; each is one undo step.
class IndexesPanel : public QWidget {
    Q_OBJECT

public:
    enum Column { Name, Keys, Entries, Size, Serves, Notes, Columns };
    enum Role { IndexIdRole = Qt::UserRole + 1, EntityIdRole };

    explicit IndexesPanel(panels::AdviceSource *source, QWidget *parent = nullptr);

    QTreeWidget *list() const { return m_list; }
    IndexEditor *editor() const { return m_editor; }
    // The model index of the current row; empty for none or _id_.
    std::string currentIndexId() const;
    // The row of the index, or nullptr.
    QTreeWidgetItem *itemOf(const std::string &indexId) const;

public slots:
    void selectIndex(const std::string &indexId);
    // The collection new indexes go on (the canvas's current entity).
    void setContextEntity(const std::string &entityId) { m_contextEntity = entityId; }
    void addIndex();
    void removeCurrentIndex();

signals:
    void editRefused(const QString &message);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void rebuild();
    void onCurrentChanged();
    std::string entityForNewIndex() const;

    panels::AdviceSource *m_source;
    QTreeWidget *m_list;
    IndexEditor *m_editor;
    QToolButton *m_remove;
    std::string m_contextEntity;
    panels::OnScreen *m_onScreen;
    bool m_stale = true;
};

} // namespace docshape::ui::indexes
