#pragma once

#include "commands/DocumentCommand.h"

#include "edit/ProjectSettings.h"

namespace docshape::ui {

// Replaces the project's own settings (name, database, version, RAM,
// tenancy, growth horizon, thresholds) in one step: File > Project
// Settings' OK.
class ChangeProject : public DocumentCommand {
public:
    ChangeProject(Document *document, edit::ProjectSettings newValue, const QString &text);

    EditScope scope(const Project &) const override { return {.project = true}; }
    ChangeEvent applyTo(Project &project) override { return swap(project); }
    ChangeEvent revertFrom(Project &project) override { return swap(project); }

private:
    ChangeEvent swap(Project &project);

    edit::ProjectSettings m_value; // the new value before redo, the old one after
};

} // namespace docshape::ui
