#include "commands/ChangeIndex.h"

#include "commands/CommandIds.h"
#include "document/Document.h"
#include "edit/ModelLookup.h"

#include <utility>

namespace docshape::ui {

ChangeIndex::ChangeIndex(Document *document, IndexSpec newValue, const QString &text, const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

ChangeEvent ChangeIndex::swap(Project &project) {
    IndexSpec *index = edit::findIndex(project, m_value.id);
    IndexSpec renamed = m_value;
    renamed.name = index->name;
    const std::uint32_t properties =
        (m_value.name != index->name ? Change::Name : 0) | (renamed == *index ? 0 : Change::Other);
    std::swap(*index, m_value);
    return Change::index(Change::Action::Changed, index->id, properties);
}

int ChangeIndex::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeIndex; }

bool ChangeIndex::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeIndex *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    if (const IndexSpec *current = document()->project().findIndex(m_value.id))
        setObsolete(*current == m_value);
    return true;
}

} // namespace docshape::ui
