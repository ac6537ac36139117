#pragma once

#include "migrate/MigrationPlan.h"

#include "diff/ModelDiff.h"
#include "document/ObjectRef.h"

#include <QWidget>

class QLabel;
class QTreeWidget;
class QTreeWidgetItem;

namespace docshape::ui::compare {

// The list of a comparison's changes, by kind of object, each with its
// properties' old and new values, then the consequences (sizes, index
// entries, findings, access costs). Clicking a change of an object the
// version on screen has selects it (objectActivated).
class ComparePanel : public QWidget {
    Q_OBJECT

public:
    explicit ComparePanel(QWidget *parent = nullptr);

    // Shows `diff` of `current` against the baseline named `baseline`.
    void showDiff(const ModelDiff &diff, const Project &current, const QString &baseline);
    // Adds what `docshape-cli migrate BASELINE CURRENT` would ask and say:
    // its refusal (where, and the choices), the decisions its check step
    // stops for, what cannot be undone, and its warnings. After showDiff.
    void showMigration(const Result<MigrationPlan> &plan);
    void clear();

    QTreeWidget *tree() const { return m_tree; }
    QString summary() const;

signals:
    void objectActivated(const docshape::ui::ObjectRef &object);

private:
    void activate(QTreeWidgetItem *item);

    QLabel *m_summary;
    QTreeWidget *m_tree;
};

} // namespace docshape::ui::compare
