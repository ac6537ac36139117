#pragma once

#include "commands/DocumentCommand.h"
#include "commands/ReplaceProject.h"

#include <string>
#include <vector>

namespace docshape::ui {

// Appends an entity to the project.
class AddEntity : public DocumentCommand {
public:
    AddEntity(Document *document, Entity entity);

    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    Entity m_entity;
};

// Removes entities with everything that points at them: relationships,
// indexes, access patterns, copied-field lists and duplication sources.
class RemoveEntities : public ReplaceProject {
public:
    RemoveEntities(Document *document, const Project &current, const std::vector<std::string> &ids);
};

} // namespace docshape::ui
