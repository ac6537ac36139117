#pragma once

#include "compare/CompareMarks.h"
#include "core/Project.h"
#include "diff/DiffConsequences.h"
#include "util/Result.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <QTimer>

#include <optional>

namespace docshape::ui {
class Document;
namespace canvas {
class DocumentScene;
}
namespace panels {
class AdviceSource;
}
} // namespace docshape::ui

namespace docshape::ui::compare {

class ComparePanel;

// A comparison of the document with a baseline version: another file, or
// the document's own file at a Git revision. While it lasts, the scene
// paints its marks and the panel lists the changes; both follow every edit
// of the document. The baseline is analysed once, when the comparison
// starts; the version on screen reuses the document's analysis. Edits are
// coalesced: the versions are diffed once when the event loop is next idle,
// however many changes came before (a macro, a burst of spin-box steps).
class CompareSession : public QObject {
    Q_OBJECT

public:
    CompareSession(Document *document, canvas::DocumentScene *scene, ComparePanel *panel, QObject *parent = nullptr);
    ~CompareSession() override;
    // The advice the panels show of the document, read rather than computed
    // again (its computation is shared); without one the session advises.
    void setAdviceSource(const panels::AdviceSource *advice);
    const panels::AdviceSource *adviceSource() const;

    Status compareWithFile(const QString &path);
    // `git show REVISION:./FILE` in the folder of the document's file.
    Status compareWithRevision(const QString &revision);
    void end();

    bool active() const { return m_baseline.has_value(); }
    const CompareMarks &marks() const { return m_marks; }
    QString baselineName() const { return m_baselineName; }
    // For tests: how often the versions were diffed since the session was made.
    int diffCount() const { return m_diffs; }
    // True while an edit waits for its diff (the marks describe the version
    // before it); flush() diffs now.
    bool pending() const { return m_pending.isActive(); }
    void flush();

signals:
    void started();
    void ended();

private:
    Status start(Project baseline, const QString &name);
    void refresh();

    Document *m_document;
    QPointer<canvas::DocumentScene> m_scene; // may go first when the window closes
    ComparePanel *m_panel;
    QPointer<const panels::AdviceSource> m_advice;
    std::optional<Project> m_baseline;
    std::optional<DiffFacts> m_baselineFacts;
    QTimer m_pending;
    QString m_baselineName;
    CompareMarks m_marks;
    int m_diffs = 0;
};

} // namespace docshape::ui::compare
