#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Swaps the whole project with another one. Used where an edit cascades
// through the model (removing an entity removes its relationships, indexes
// and access patterns) and for recovery: undo restores the exact previous
// project, byte for byte, at the cost of one project copy per command.
class ReplaceProject : public DocumentCommand {
public:
    ReplaceProject(Document *document, Project other, const QString &text, ChangeEvent event);

    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    Project m_other;
    ChangeEvent m_event;
};

} // namespace docshape::ui
