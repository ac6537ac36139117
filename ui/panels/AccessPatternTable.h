#pragma once

#include "document/ChangeEvent.h"
#include "panels/OnScreen.h"

#include <QWidget>

#include <string>
#include <vector>

class QLabel;
class QLineEdit;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QToolButton;

namespace docshape::ui::panels {

class AccessPatternModel;
class AdviceSource;

// The access-pattern table of the studio: every read and write of the
// workload, editable in place (each commit one undo step), sortable and
// filterable; beside it the advisor's cost of the selected pattern and the
// index it suggests. Insert adds a pattern on the context entity, Delete
// removes the selected one.
class AccessPatternTable : public QWidget {
    Q_OBJECT

public:
    explicit AccessPatternTable(AdviceSource *source, QWidget *parent = nullptr);

    QTableView *view() const { return m_view; }
    AccessPatternModel *model() const { return m_model; }
    QSortFilterProxyModel *proxy() const { return m_proxy; }
    // The rich text of the cost pane, for tests.
    QString costText() const;

    // The pattern of the current row; empty when none.
    std::string currentPatternId() const;
    // "Create suggested index", enabled when the advisor suggests an index
    // for the current pattern (its query no index serves).
    QPushButton *createIndexButton() const { return m_createIndex; }

public slots:
    void selectPattern(const std::string &patternId);
    // The entity new patterns start on (the canvas's current entity).
    void setContextEntity(const std::string &entityId) { m_contextEntity = entityId; }
    void addPattern();
    void removeCurrentPattern();
    // Adds the index the advisor suggests for the current pattern, one undo step.
    void createSuggestedIndex();

signals:
    // The entities whose collections the current pattern touches, its own
    // first: the canvas highlights their cards.
    void highlightEntities(const std::vector<std::string> &entityIds);
    void editRefused(const QString &message);
    void indexCreated(const std::string &indexId);

protected:
    bool eventFilter(QObject *watched, QEvent *event) override;

private:
    void onCurrentChanged();
    void updateCostPane();

    AdviceSource *m_source;
    AccessPatternModel *m_model;
    QSortFilterProxyModel *m_proxy;
    QTableView *m_view;
    QLineEdit *m_filter;
    QToolButton *m_remove;
    QLabel *m_cost;
    QPushButton *m_createIndex;
    std::string m_contextEntity;
    std::string m_keepSelected; // the current pattern across a model reset
    OnScreen *m_onScreen;
};

} // namespace docshape::ui::panels
