#include "commands/ChangeRelationship.h"

#include "commands/CommandIds.h"
#include "document/Document.h"
#include "document/ModelLookup.h"

#include <utility>

namespace docshape::ui {

ChangeRelationship::ChangeRelationship(Document *document, Relationship newValue,
                                       const QString &text, const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

ChangeEvent ChangeRelationship::swap(Project &project) {
    Relationship *r = findRelationshipMutable(project, m_value.id);
    std::swap(*r, m_value);
    return {ChangeEvent::Kind::RelationshipChanged, {r->id}};
}

int ChangeRelationship::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeRelationship; }

bool ChangeRelationship::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeRelationship *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    if (const Relationship *current = document()->project().findRelationship(m_value.id))
        setObsolete(canonicalText(*current) == canonicalText(m_value));
    return true;
}

} // namespace docshape::ui
