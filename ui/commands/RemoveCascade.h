#pragma once

#include "commands/DocumentCommand.h"

#include "edit/Cascade.h"

namespace docshape::ui {

// Base of the removals that cascade through the model (an entity takes its
// relationships, indexes and access patterns with it; a field its copies):
// the model's edit::Removal records what went and what lost a reference,
// so that undo puts back exactly that, without a copy of the project.
class RemoveCascade : public DocumentCommand {
public:
    using DocumentCommand::DocumentCommand;

    // A cascade can reach any object: the whole project is validated.
    EditScope scope(const Project &) const override { return EditScope::all(); }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

protected:
    virtual edit::Removal remove(Project &project) = 0;

private:
    edit::Removal m_removal;
    ChangeEvent m_event;
};

} // namespace docshape::ui
