#pragma once

#include "commands/DocumentCommand.h"

namespace docshape::ui {

// Swaps the whole project with another one (recovery of an autosave, an
// importer): undo restores the exact previous project. Both ways, views
// are told to rebuild.
class ReplaceProject : public DocumentCommand {
public:
    ReplaceProject(Document *document, Project other, const QString &text);

    EditScope scope(const Project &) const override { return EditScope::all(); }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    Project m_other;
};

} // namespace docshape::ui
