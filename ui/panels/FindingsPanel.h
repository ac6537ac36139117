#pragma once

#include "document/ChangeEvent.h"
#include "document/ObjectRef.h"
#include "panels/OnScreen.h"

#include "advisor/Finding.h"

#include <QWidget>

#include <optional>
#include <string>
#include <vector>

class QComboBox;
class QPushButton;
class QLabel;
class QTextBrowser;
class QTreeWidget;
class QTreeWidgetItem;

namespace docshape::ui::panels {

class AdviceSource;

// The advisor's findings, most severe first: severity icon, rule id and
// message; the reasoning, its source and the fix of the selected one in a
// details pane. Live while on screen: rebuilt on every change, keeping the
// selected finding selected when it is still there; hidden, it catches up
// when shown. Clicking one asks to select its object.
class FindingsPanel : public QWidget {
    Q_OBJECT

public:
    explicit FindingsPanel(AdviceSource *source, QWidget *parent = nullptr);

    QTreeWidget *list() const { return m_list; }
    QComboBox *severityFilter() const { return m_filter; }
    QString detailsHtml() const;
    QString summary() const;
    // The number of findings listed (after the filter).
    int visibleCount() const;

    // The model object a finding points at, as the canvas and inspector
    // select it (an index, access pattern or collection selects its entity).
    ObjectRef objectOf(const FindingTarget &target) const;

    // "Create suggested index": enabled for a finding that says an access
    // pattern needs an index (DS184, DS185) when the advisor suggests one.
    QPushButton *createIndexButton() const { return m_createIndex; }
    // The access pattern whose suggested index the selected finding names;
    // empty when it names none.
    std::string suggestionPatternOfCurrent() const;

public slots:
    // Adds the suggested index of the selected finding, one undo step.
    void createSuggestedIndex();

signals:
    void activate(const docshape::ui::ObjectRef &object);
    // For a finding on an access pattern: the table shows its row.
    void activateAccessPattern(const std::string &patternId);
    void indexCreated(const std::string &indexId);
    void editRefused(const QString &message);

protected:
    void resizeEvent(QResizeEvent *event) override;

private:
    void onUpdated();
    void rebuild();
    void applyFilter();
    void applyFilter(std::size_t first, std::size_t last);
    void showDetails();
    void onActivated(QTreeWidgetItem *item);
    std::optional<Severity> minimumSeverity() const;
    void fitObjectColumn();

    AdviceSource *m_source;
    QComboBox *m_filter;
    QLabel *m_summary;
    QTreeWidget *m_list;
    QTextBrowser *m_details;
    QPushButton *m_createIndex;
    std::vector<Finding> m_shown; // the findings listed, row by row
    OnScreen *m_onScreen;
    bool m_stale = false;  // the advice changed while the panel was off screen
    bool m_listed = false; // rebuild() has filled the list, summary and details once
    bool m_objectWidthByUser = false;  // the user has dragged the Object column's edge
    bool m_fittingObjectColumn = false; // fitObjectColumn() is setting it
};

} // namespace docshape::ui::panels
