#pragma once

#include "compare/CompareMarks.h"
#include "exercise/Exercise.h"

#include <QWidget>

class QTabWidget;
class QTextBrowser;

namespace docshape::ui {
class Document;
namespace canvas {
class CanvasView;
class DocumentScene;
} // namespace canvas
namespace compare {
class ComparePanel;
}
} // namespace docshape::ui

namespace docshape::ui::workshop {

// Compare With Solution: a window beside the student's with the exercise's
// worked solution as a read-only diagram, its cards marked where they differ
// from the student's model (the compare view's marks), next to the
// solution's explanation (solution.md) and the list of differences. The
// marks and the list follow the student's edits.
class SolutionView : public QWidget {
    Q_OBJECT

public:
    SolutionView(const exercise::Exercise &exercise, Document *student, QWidget *parent = nullptr);
    ~SolutionView() override;

    canvas::CanvasView *canvas() const { return m_view; }
    canvas::DocumentScene *scene() const { return m_scene; }
    QTextBrowser *explanation() const { return m_explanation; }
    compare::ComparePanel *differences() const { return m_differences; }
    const compare::CompareMarks &marks() const { return m_marks; }
    std::string exerciseId() const { return m_exerciseId; }

private:
    void refresh();

    Document *m_student;
    std::string m_exerciseId;
    Document *m_solution;
    canvas::DocumentScene *m_scene;
    canvas::CanvasView *m_view;
    QTabWidget *m_tabs;
    QTextBrowser *m_explanation;
    compare::ComparePanel *m_differences;
    compare::CompareMarks m_marks;
};

} // namespace docshape::ui::workshop
