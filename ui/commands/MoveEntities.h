#pragma once

#include "commands/DocumentCommand.h"

#include <string>
#include <utility>
#include <vector>

namespace docshape::ui {

// Moves entities on the canvas: recorded once, on mouse release, for all
// the cards dragged together (or for an auto-layout).
class MoveEntities : public DocumentCommand {
public:
    // Positions must be finite numbers (validateProject's one rule for them).
    MoveEntities(Document *document, std::vector<std::pair<std::string, CanvasPosition>> positions,
                 const QString &text);

    // A finite position breaks no rule: nothing to validate.
    EditScope scope(const Project &) const override { return {}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

private:
    ChangeEvent swap(Project &project);

    std::vector<std::pair<std::string, CanvasPosition>> m_positions;
};

} // namespace docshape::ui
