#include "commands/ChangeRelationship.h"

#include "commands/CommandIds.h"
#include "document/Document.h"
#include "edit/ModelLookup.h"

#include <utility>

namespace docshape::ui {

ChangeRelationship::ChangeRelationship(Document *document, Relationship newValue,
                                       const QString &text, const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

std::uint32_t ChangeRelationship::differences(const Relationship &a, const Relationship &b) {
    std::uint32_t properties = 0;
    if (a.parentId != b.parentId || a.childId != b.childId || a.representation != b.representation)
        properties |= Change::Placement;
    if (a.name != b.name || a.junctionName != b.junctionName)
        properties |= Change::Name;
    Relationship others = a;
    others.parentId = b.parentId;
    others.childId = b.childId;
    others.representation = b.representation;
    others.name = b.name;
    others.junctionName = b.junctionName;
    if (!(others == b))
        properties |= Change::Other;
    return properties;
}

ChangeEvent ChangeRelationship::swap(Project &project) {
    Relationship *r = edit::findRelationship(project, m_value.id);
    const std::uint32_t properties = differences(m_value, *r);
    std::swap(*r, m_value);
    return Change::relationship(Change::Action::Changed, r->id, properties);
}

int ChangeRelationship::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeRelationship; }

bool ChangeRelationship::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeRelationship *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    if (const Relationship *current = document()->project().findRelationship(m_value.id))
        setObsolete(*current == m_value);
    return true;
}

} // namespace docshape::ui
