#include "commands/ChangeEntity.h"

#include "commands/CommandIds.h"
#include "document/Document.h"

#include <utility>

namespace docshape::ui {

namespace {
// The value with the model's fields and position, as the command would leave it.
Entity asApplied(Entity value, const Entity &current) {
    value.fields = current.fields;
    value.position = current.position;
    return value;
}
} // namespace

ChangeEntity::ChangeEntity(Document *document, Entity newValue, const QString &text,
                           const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {
    m_value.fields.clear();
}

std::uint32_t ChangeEntity::differences(const Entity &a, const Entity &b) {
    std::uint32_t properties = 0;
    if (a.name != b.name || a.collectionName != b.collectionName)
        properties |= Change::Name;
    Entity others = asApplied(a, b);
    others.name = b.name;
    others.collectionName = b.collectionName;
    if (!(others == b))
        properties |= Change::Other;
    return properties;
}

ChangeEvent ChangeEntity::swap(Project &project) {
    Entity *entity = project.findEntity(m_value.id);
    const std::uint32_t properties = differences(m_value, *entity);
    std::swap(m_value.position, entity->position);
    std::swap(m_value.fields, entity->fields);
    std::swap(*entity, m_value);
    return Change::entity(Change::Action::Changed, entity->id, properties);
}

int ChangeEntity::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeEntity; }

bool ChangeEntity::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeEntity *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    // Both are applied: the model holds o's new value, we keep the oldest.
    if (const Entity *current = document()->project().findEntity(m_value.id))
        setObsolete(asApplied(m_value, *current) == *current);
    return true;
}

} // namespace docshape::ui
