#include "commands/MoveEntities.h"

#include "commands/CommandIds.h"

#include <utility>

namespace docshape::ui {

MoveEntities::MoveEntities(Document *document,
                           std::vector<std::pair<std::string, CanvasPosition>> positions,
                           const QString &text, bool nudge)
    : DocumentCommand(document, text), m_positions(std::move(positions)), m_nudge(nudge) {}

int MoveEntities::id() const { return m_nudge ? CmdNudgeEntities : -1; }

bool MoveEntities::mergeWith(const QUndoCommand *other) {
    const auto *o = static_cast<const MoveEntities *>(other);
    if (!o->m_nudge || o->m_positions.size() != m_positions.size())
        return false;
    for (std::size_t i = 0; i < m_positions.size(); ++i)
        if (o->m_positions[i].first != m_positions[i].first)
            return false;
    // Both are applied: the model holds o's new positions, we keep the oldest.
    return true;
}

ChangeEvent MoveEntities::swap(Project &project) {
    ChangeEvent event;
    for (auto &[id, position] : m_positions) {
        if (Entity *e = project.findEntity(id)) {
            std::swap(e->position, position);
            event.add(Change::entity(Change::Action::Changed, id, Change::Position));
        }
    }
    return event;
}

} // namespace docshape::ui
