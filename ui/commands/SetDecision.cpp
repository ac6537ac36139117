#include "commands/SetDecision.h"

#include "commands/CommandIds.h"
#include "document/Document.h"

#include <algorithm>
#include <utility>

namespace docshape::ui {

namespace {
std::optional<Decision> decisionOf(const Project &project, const std::string &id) {
    for (const Decision &d : project.decisions)
        if (d.id == id)
            return d;
    return std::nullopt;
}
} // namespace

SetDecision::SetDecision(Document *document, Decision newValue, const QString &text, const QString &mergeKey)
    : DocumentCommand(document, text), m_id(newValue.id), m_value(std::move(newValue)), m_mergeKey(mergeKey) {}

ChangeEvent SetDecision::swap(Project &project) {
    auto &list = project.decisions;
    const auto it = std::find_if(list.begin(), list.end(), [this](const Decision &d) { return d.id == m_id; });
    std::optional<Decision> old;
    if (it != list.end())
        old = *it;
    if (m_value && it != list.end())
        *it = std::move(*m_value);
    else if (m_value)
        list.push_back(std::move(*m_value));
    else if (it != list.end())
        list.erase(it);
    m_value = std::move(old);
    return Change::project(Change::Other);
}

int SetDecision::id() const { return m_mergeKey.isEmpty() ? -1 : CmdSetDecision; }

bool SetDecision::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const SetDecision *>(other);
    if (o->m_mergeKey != m_mergeKey || o->m_id != m_id)
        return false;
    setObsolete(decisionOf(document()->project(), m_id) == m_value);
    return true;
}

} // namespace docshape::ui
