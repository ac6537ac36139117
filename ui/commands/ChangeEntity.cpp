#include "commands/ChangeEntity.h"

#include "commands/CommandIds.h"
#include "document/Document.h"
#include "document/ModelLookup.h"

#include <utility>

namespace docshape::ui {

ChangeEntity::ChangeEntity(Document *document, Entity newValue, const QString &text,
                           const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

ChangeEvent ChangeEntity::swap(Project &project) {
    Entity *entity = project.findEntity(m_value.id);
    // Positions belong to MoveEntities; keep the one on the canvas.
    std::swap(m_value.position, entity->position);
    std::swap(*entity, m_value);
    return {ChangeEvent::Kind::EntityChanged, {entity->id}};
}

int ChangeEntity::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeEntity; }

bool ChangeEntity::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeEntity *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    // Both are applied: the model holds o's new value, we keep the oldest.
    if (const Entity *current = document()->project().findEntity(m_value.id))
        setObsolete(canonicalText(*current) == canonicalText(m_value));
    return true;
}

} // namespace docshape::ui
