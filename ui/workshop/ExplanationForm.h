#pragma once

#include <QWidget>

#include <array>

class QLabel;
class QLineEdit;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::workshop {

// The explanation seed lesson-135 asks for after every exercise, as a form:
// boundary, assumption, array bound, source of truth, tenant constraint and
// the index of the main read. It edits the model's "Workshop explanation"
// decision (exercise/Explanation.h), which the explain.* checks read:
// typing into one field is one undo step, and the form follows undo.
class ExplanationForm : public QWidget {
    Q_OBJECT

public:
    enum FieldId { Boundary, Assumption, ArrayBound, SourceOfTruth, TenantConstraint, Index, FieldCount };

    explicit ExplanationForm(Document *document, QWidget *parent = nullptr);

    QLineEdit *edit(FieldId field) const { return m_edits[std::size_t(field)]; }

private:
    void load();
    void commit(FieldId field);

    Document *m_document;
    QLabel *m_intro;
    std::array<QLineEdit *, FieldCount> m_edits{};
};

} // namespace docshape::ui::workshop
