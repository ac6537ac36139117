#pragma once

#include "document/ChangeEvent.h"
#include "document/ObjectRef.h"

#include <QScrollArea>

class QStackedWidget;
class QLabel;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::inspector {

class EntityForm;
class FieldForm;
class RelationshipForm;

// The inspector dock's content: the form of the current object, refreshed
// on every change of the document.
class Inspector : public QScrollArea {
    Q_OBJECT

public:
    explicit Inspector(Document *document, QWidget *parent = nullptr);

    ObjectRef object() const { return m_object; }
    EntityForm *entityForm() const { return m_entityForm; }
    FieldForm *fieldForm() const { return m_fieldForm; }
    RelationshipForm *relationshipForm() const { return m_relationshipForm; }

public slots:
    void setObject(const docshape::ui::ObjectRef &object);
    // Puts the keyboard in the shown object's Name editor with the name
    // selected, so that typing replaces it (after Add Entity, Add Field).
    void startRename();

signals:
    // The user asked to go to another object (a field in the entity's list,
    // the relationship of an embedded entity...).
    void activate(const docshape::ui::ObjectRef &object);

private:
    void onChanged(const ChangeEvent &event);
    void showObject(const ObjectRef &object);

    Document *m_document;
    ObjectRef m_object;
    QStackedWidget *m_stack;
    QLabel *m_empty;
    EntityForm *m_entityForm;
    FieldForm *m_fieldForm;
    RelationshipForm *m_relationshipForm;
};

} // namespace docshape::ui::inspector
