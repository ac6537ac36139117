#pragma once

#include "document/ObjectRef.h"
#include "inspector/PropertyForm.h"

#include "core/Field.h"

#include <QWidget>

class QPushButton;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::inspector {

// Every parameter of one field: type, presence, sizes, array counts and
// bounds and who enforces them, constraints, duplication, computed source.
class FieldForm : public QWidget {
    Q_OBJECT

public:
    explicit FieldForm(Document *document, QWidget *parent = nullptr);

    void setField(const std::string &fieldId);
    const std::string &fieldId() const { return m_fieldId; }
    void refresh();
    PropertyForm<Field> *form() const { return m_form; }

signals:
    void activate(const docshape::ui::ObjectRef &object);

private:
    Document *m_document;
    std::string m_fieldId;
    QLabel *m_title;
    PropertyForm<Field> *m_form;
    QPushButton *m_addSubfield;
    QPushButton *m_remove;
    QPushButton *m_owner;
};

} // namespace docshape::ui::inspector
