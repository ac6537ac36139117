#pragma once

#include "commands/DocumentCommand.h"
#include "commands/RemoveCascade.h"

#include <string>
#include <vector>

namespace docshape::ui {

// Appends an entity to the project.
class AddEntity : public DocumentCommand {
public:
    AddEntity(Document *document, Entity entity);

    EditScope scope(const Project &) const override { return {.entities = {m_entity.id}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    Entity m_entity;
};

// Removes entities with everything that points at them: relationships,
// indexes, access patterns, copied-field lists and duplication sources.
class RemoveEntities : public RemoveCascade {
public:
    RemoveEntities(Document *document, const Project &current, std::vector<std::string> ids);

protected:
    edit::Removal remove(Project &project) override;

private:
    std::vector<std::string> m_ids;
};

} // namespace docshape::ui
