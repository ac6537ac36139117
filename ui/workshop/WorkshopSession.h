#pragma once

#include "exercise/Exercise.h"
#include "exercise/ExerciseCheck.h"
#include "util/Result.h"

#include <QObject>
#include <QString>
#include <QStringList>

#include <optional>
#include <vector>

namespace docshape::ui {
class Document;
namespace panels {
class AdviceSource;
}
} // namespace docshape::ui

namespace docshape::ui::workshop {

// Checks passed out of the total for the student's saved work of an exercise.
struct Progress {
    int passed = 0;
    int total = 0;
    QString file; // where that work was saved
};

// The workshop state of a window: the bundled exercises, the one the
// document is bound to (the model's "Workshop exercise" decision, so a saved
// submission reopens bound), and its grade, recomputed from the analysis and
// advice the studio keeps current after every edit that may change them.
// Per user (QSettings): how many hints of each exercise were revealed, and
// the progress of the saved work of each exercise.
class WorkshopSession : public QObject {
    Q_OBJECT

public:
    WorkshopSession(Document *document, panels::AdviceSource *advice, QObject *parent = nullptr);

    Document *document() const { return m_document; }

    // The bundled exercises in the lesson's order (empty if they cannot be
    // read: loadError() says why).
    const std::vector<exercise::Exercise> &exercises() const;
    QString loadError() const;

    // The exercise the document is bound to, or nullptr.
    const exercise::Exercise *exercise() const { return m_exercise; }
    const exercise::Grade &grade() const { return m_grade; }

    // Opens the exercise's starting model as a new untitled document bound
    // to it (the caller asked about unsaved changes).
    Status start(const QString &idOrNumber);

    // Hints of the current exercise revealed so far, in order, and the next
    // one revealed (false when all are shown or no exercise is bound).
    QStringList shownHints() const;
    bool revealHint();
    int hintCount() const;

    static std::optional<Progress> progress(const QString &exerciseId);

    // For tests: how often the document was graded since the session began.
    int gradeCount() const { return m_grades; }

signals:
    // The bound exercise changed (or none is bound any more).
    void exerciseChanged();
    // The grade was recomputed.
    void graded();
    void hintsChanged();

private:
    void rebind();
    void regrade();
    void recordProgress();

    Document *m_document;
    panels::AdviceSource *m_advice;
    const exercise::Exercise *m_exercise = nullptr;
    exercise::Grade m_grade;
    int m_grades = 0;
};

} // namespace docshape::ui::workshop
