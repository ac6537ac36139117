#include "commands/ChangeAccessPattern.h"

#include "commands/CommandIds.h"
#include "document/Document.h"
#include "edit/ModelLookup.h"

#include <utility>

namespace docshape::ui {

ChangeAccessPattern::ChangeAccessPattern(Document *document, AccessPattern newValue, const QString &text,
                                         const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

ChangeEvent ChangeAccessPattern::swap(Project &project) {
    AccessPattern *pattern = edit::findAccessPattern(project, m_value.id);
    AccessPattern renamed = m_value;
    renamed.name = pattern->name;
    const std::uint32_t properties =
        (m_value.name != pattern->name ? Change::Name : 0) | (renamed == *pattern ? 0 : Change::Other);
    std::swap(*pattern, m_value);
    return Change::accessPattern(Change::Action::Changed, pattern->id, properties);
}

int ChangeAccessPattern::id() const { return m_mergeKey.isEmpty() ? -1 : CmdChangeAccessPattern; }

bool ChangeAccessPattern::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const ChangeAccessPattern *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_value.id != m_value.id)
        return false;
    // Both are applied: the model holds o's new value, we keep the oldest.
    if (const AccessPattern *current = document()->project().findAccessPattern(m_value.id))
        setObsolete(*current == m_value);
    return true;
}

} // namespace docshape::ui
