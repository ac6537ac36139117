#include "commands/ChangeAccessPattern.h"

#include "document/Document.h"

#include <QCoreApplication>

#include <algorithm>
#include <utility>

namespace docshape::ui {

namespace {
AccessPattern *find(Project &project, const std::string &id) {
    auto &list = project.accessPatterns;
    const auto it = std::find_if(list.begin(), list.end(), [&](const AccessPattern &q) { return q.id == id; });
    return it == list.end() ? nullptr : &*it;
}
} // namespace

ChangeAccessPattern::ChangeAccessPattern(Document *document, AccessPattern newValue, const QString &text,
                                         const QString &mergeKey)
    : DocumentCommand(document, text), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

ChangeEvent ChangeAccessPattern::swap(Project &project) {
    AccessPattern *pattern = find(project, m_value.id);
    std::swap(*pattern, m_value);
    return {ChangeEvent::Kind::ProjectChanged, {pattern->id}};
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

Status changeAccessPattern(Document &document, const AccessPattern &newValue, const QString &text,
                           const QString &mergeKey) {
    const AccessPattern *current = document.project().findAccessPattern(newValue.id);
    if (!current)
        return Error{newValue.id, QCoreApplication::translate("Commands", "no such access pattern").toStdString()};
    if (*current == newValue)
        return {};
    return document.push(new ChangeAccessPattern(&document, newValue, text, mergeKey));
}

} // namespace docshape::ui
