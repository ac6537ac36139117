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
    // `nudge`: a move by the arrow keys, which merges with the next nudge
    // of the same cards, so that holding a key is one undo step.
    MoveEntities(Document *document, std::vector<std::pair<std::string, CanvasPosition>> positions,
                 const QString &text, bool nudge = false);

    int id() const override;
    bool mergeWith(const QUndoCommand *other) override;

    // A finite position breaks no rule: nothing to validate.
    EditScope scope(const Project &) const override { return {}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

private:
    ChangeEvent swap(Project &project);

    std::vector<std::pair<std::string, CanvasPosition>> m_positions; // the new ones before redo, the old after
    bool m_nudge = false;
};

} // namespace docshape::ui
