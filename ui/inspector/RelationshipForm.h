#pragma once

#include "document/ObjectRef.h"
#include "inspector/PropertyForm.h"

#include "core/Relationship.h"

#include <QWidget>

namespace docshape::ui {
class Document;
}

namespace docshape::ui::inspector {

// Every parameter of one relationship: its ends, cardinality, child counts
// and bound (and who enforces it), representation with its field names,
// subset and bucket sizes, copied fields and how the copies are kept.
class RelationshipForm : public QWidget {
    Q_OBJECT

public:
    explicit RelationshipForm(Document *document, QWidget *parent = nullptr);

    void setRelationship(const std::string &relationshipId);
    const std::string &relationshipId() const { return m_relationshipId; }
    void refresh();
    PropertyForm<Relationship> *form() const { return m_form; }

signals:
    void activate(const docshape::ui::ObjectRef &object);

private:
    Document *m_document;
    std::string m_relationshipId;
    QLabel *m_title;
    PropertyForm<Relationship> *m_form;
};

} // namespace docshape::ui::inspector
