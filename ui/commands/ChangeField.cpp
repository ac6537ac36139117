#include "commands/ChangeField.h"

#include "commands/CommandIds.h"
#include "document/Document.h"
#include "document/ModelLookup.h"

#include <utility>

namespace docshape::ui {

ChangeField::ChangeField(Document *document, Field newValue, const QString &text,
                         const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

ChangeEvent ChangeField::swap(Project &project) {
    const Entity *entity = entityOfFieldMutable(project, m_value.id);
    Field *field = findFieldMutable(project, m_value.id);
    // Subfields have their own commands; a property edit keeps them.
    std::swap(m_value.fields, field->fields);
    std::swap(*field, m_value);
    return {ChangeEvent::Kind::FieldsChanged, {entity->id}};
}

int ChangeField::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeField; }

bool ChangeField::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeField *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    if (const Field *current = document()->project().findField(m_value.id)) {
        Field old = m_value;
        old.fields = current->fields;
        setObsolete(canonicalText(*current) == canonicalText(old));
    }
    return true;
}

} // namespace docshape::ui
