#include "commands/ChangeField.h"

#include "commands/CommandIds.h"
#include "document/Document.h"
#include "edit/ModelLookup.h"

#include <utility>

namespace docshape::ui {

ChangeField::ChangeField(Document *document, Field newValue, std::string entityId, const QString &text,
                         const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_entityId(std::move(entityId)),
      m_mergeKey(mergeKey) {
    m_value.fields.clear();
}

bool ChangeField::sameProperties(const Field &a, const Field &b) {
    Field withSubfields = a;
    withSubfields.fields = b.fields;
    return withSubfields == b;
}

ChangeEvent ChangeField::swap(Project &project) {
    // Among its entity's fields first: a walk over the whole model only if
    // it is not there.
    Entity *owner = project.findEntity(m_entityId);
    Field *field = owner ? edit::findField(*owner, m_value.id) : nullptr;
    if (!field)
        field = edit::findField(project, m_value.id);
    std::uint32_t properties = m_value.name != field->name ? Change::Name : 0;
    Field renamed = m_value;
    renamed.name = field->name;
    if (!sameProperties(renamed, *field))
        properties |= Change::Other;
    // Subfields have their own commands: they stay in the model.
    std::swap(m_value.fields, field->fields);
    std::swap(*field, m_value);
    return Change::field(Change::Action::Changed, field->id, m_entityId, properties);
}

int ChangeField::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeField; }

bool ChangeField::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeField *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    // Both are applied: the model holds o's new value, we keep the oldest.
    if (const Field *current = document()->project().findField(m_value.id))
        setObsolete(sameProperties(m_value, *current));
    return true;
}

} // namespace docshape::ui
