#pragma once

#include "document/ChangeEvent.h"
#include "panels/OnScreen.h"

#include <QWidget>

class QComboBox;
class QLabel;
class QTableWidget;

namespace docshape::ui::panels {

class AdviceSource;

// The access-pattern worksheet of lesson-135 for one collection: each row
// (top reads, top writes, filter and sort fields, expected document size,
// array bounds, atomic update boundary, deletion, tenant scope, retention,
// indexes) with the value derived from the model beside what the designer
// stated (Entity::stated); rows where the two disagree are marked. Live
// while on screen; hidden, it catches up when shown.
class WorksheetView : public QWidget {
    Q_OBJECT

public:
    enum Column { Row, Derived, Stated, ColumnCount };

    explicit WorksheetView(AdviceSource *source, QWidget *parent = nullptr);

    QComboBox *collectionChooser() const { return m_collection; }
    QTableWidget *table() const { return m_table; }
    // Rows marked as a mismatch in the shown worksheet.
    QStringList mismatchedRows() const;

public slots:
    void showCollection(const QString &name);

private:
    void onUpdated();
    void rebuildChooser();
    void fill();

    AdviceSource *m_source;
    QComboBox *m_collection;
    QTableWidget *m_table;
    QLabel *m_summary;
    OnScreen *m_onScreen;
    bool m_stale = false; // the advice changed while the view was off screen
};

} // namespace docshape::ui::panels
