#pragma once

#include <QObject>
#include <QPointer>

#include "panels/PatternHighlight.h"

#include <string>
#include <vector>

class QDockWidget;

namespace docshape::ui {
class MainWindow;
}

namespace docshape::ui::indexes {
class IndexesPanel;
}

namespace docshape::ui::panels {

class AccessPatternTable;
class PatternHighlight;
class AdviceSource;
class ChartsPanel;
class ExportDialog;
class FindingsPanel;
class ValidationPreview;
class WorksheetView;

// The analysis panels of the studio, docked into the main window and wired
// to its canvas and inspector: access patterns, indexes, findings,
// worksheet, charts and validation preview, plus Tools > Export. MainWindow calls install()
// once; everything else lives here so that the window stays small.
class PanelSetup : public QObject {
    Q_OBJECT

public:
    static PanelSetup *install(MainWindow *window);
    // The panels of a window that installed them, or nullptr.
    static PanelSetup *of(const MainWindow *window);

    AdviceSource *advice() const { return m_advice; }
    AccessPatternTable *accessPatterns() const { return m_accessPatterns; }
    FindingsPanel *findings() const { return m_findings; }
    WorksheetView *worksheet() const { return m_worksheet; }
    ChartsPanel *charts() const { return m_charts; }
    ValidationPreview *validation() const { return m_validation; }
    indexes::IndexesPanel *indexes() const { return m_indexes; }
    QDockWidget *dockOf(QWidget *panel) const;

    // The entities outlined on the canvas for the current access pattern,
    // its own first; empty when nothing is highlighted.
    const std::vector<std::string> &highlightedEntities() const { return m_highlighted; }
    PatternHighlight *highlightItem() const { return m_outline; }

    // The export dialog, created on first use and kept while the window lives.
    ExportDialog *exportDialog();
    void showExportDialog();
    // The Export dialog with the application types chosen and the
    // database's outputs not (File > Export Application Types…); Zod when
    // no language was chosen yet.
    void showTypesExport();

private:
    explicit PanelSetup(MainWindow *window);
    void highlight(const std::vector<std::string> &entityIds);
    void drawHighlight();
    void clearHighlight();

    MainWindow *m_window;
    AdviceSource *m_advice;
    AccessPatternTable *m_accessPatterns;
    FindingsPanel *m_findings;
    WorksheetView *m_worksheet;
    ChartsPanel *m_charts;
    ValidationPreview *m_validation;
    indexes::IndexesPanel *m_indexes;
    ExportDialog *m_export = nullptr;
    std::vector<std::string> m_highlighted;
    QPointer<PatternHighlight> m_outline; // the scene deletes it when it rebuilds
};

} // namespace docshape::ui::panels
