#pragma once

#include "compare/CompareMarks.h"
#include "core/Project.h"
#include "util/Result.h"

#include <QObject>
#include <QPointer>
#include <QString>

#include <optional>

namespace docshape::ui {
class Document;
namespace canvas {
class DocumentScene;
}
} // namespace docshape::ui

namespace docshape::ui::compare {

class ComparePanel;

// A comparison of the document with a baseline version: another file, or
// the document's own file at a Git revision. While it lasts, the scene
// paints its marks and the panel lists the changes; both follow every edit
// of the document.
class CompareSession : public QObject {
    Q_OBJECT

public:
    CompareSession(Document *document, canvas::DocumentScene *scene, ComparePanel *panel, QObject *parent = nullptr);
    ~CompareSession() override;

    Status compareWithFile(const QString &path);
    // `git show REVISION:./FILE` in the folder of the document's file.
    Status compareWithRevision(const QString &revision);
    void end();

    bool active() const { return m_baseline.has_value(); }
    const CompareMarks &marks() const { return m_marks; }
    QString baselineName() const { return m_baselineName; }
    // For tests: how often the versions were diffed since the session was made.
    int diffCount() const { return m_diffs; }

signals:
    void started();
    void ended();

private:
    Status start(Project baseline, const QString &name);
    void refresh();

    Document *m_document;
    QPointer<canvas::DocumentScene> m_scene; // may go first when the window closes
    ComparePanel *m_panel;
    std::optional<Project> m_baseline;
    QString m_baselineName;
    CompareMarks m_marks;
    int m_diffs = 0;
};

} // namespace docshape::ui::compare
