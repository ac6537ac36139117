#pragma once

#include "commands/DocumentCommand.h"
#include "commands/RemoveCascade.h"

#include <string>

namespace docshape::ui {

// Appends a field to an entity, or to the object field `parentFieldId`.
class AddField : public DocumentCommand {
public:
    AddField(Document *document, std::string entityId, std::string parentFieldId, Field field);

    EditScope scope(const Project &) const override { return {.entities = {m_entityId}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    std::vector<Field> &targetList(Project &project);

    std::string m_entityId;
    std::string m_parentFieldId;
    Field m_field;
};

// Removes a field, its subfields and every reference to them.
class RemoveField : public RemoveCascade {
public:
    RemoveField(Document *document, const Project &current, std::string fieldId);

protected:
    edit::Removal remove(Project &project) override;

private:
    std::string m_fieldId;
};

} // namespace docshape::ui
