#include "commands/MoveEntities.h"

#include <utility>

namespace docshape::ui {

MoveEntities::MoveEntities(Document *document,
                           std::vector<std::pair<std::string, CanvasPosition>> positions,
                           const QString &text)
    : DocumentCommand(document, text), m_positions(std::move(positions)) {}

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
