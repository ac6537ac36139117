#pragma once

#include "document/ObjectRef.h"
#include "inspector/PropertyForm.h"

#include "core/Entity.h"

#include <QWidget>

class QListWidget;
class QPushButton;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::inspector {

// Every parameter of one entity (counts, growth, retention, deletion,
// tenancy, validation, time series, the stated worksheet) and its fields.
class EntityForm : public QWidget {
    Q_OBJECT

public:
    explicit EntityForm(Document *document, QWidget *parent = nullptr);

    void setEntity(const std::string &entityId);
    const std::string &entityId() const { return m_entityId; }
    void refresh();
    PropertyForm<Entity> *form() const { return m_form; }

signals:
    void activate(const docshape::ui::ObjectRef &object);

private:
    Document *m_document;
    std::string m_entityId;
    QLabel *m_title;
    QLabel *m_estimate;
    QLabel *m_embedding;
    PropertyForm<Entity> *m_form;
    QListWidget *m_fields;
};

} // namespace docshape::ui::inspector
