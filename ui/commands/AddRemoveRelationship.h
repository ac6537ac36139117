#pragma once

#include "commands/DocumentCommand.h"

#include <cstddef>

namespace docshape::ui {

// Adds a relationship: an embedding or a reference drawn on the canvas.
class AddRelationship : public DocumentCommand {
public:
    AddRelationship(Document *document, Relationship relationship, const QString &text);

    EditScope scope(const Project &) const override { return {.relationships = {m_relationship.id}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    Relationship m_relationship;
};

// Removes a relationship; undo puts it back at the same place in the list.
// Nothing refers to a relationship, so nothing cascades.
class RemoveRelationship : public DocumentCommand {
public:
    // `id` must be a relationship of `current`.
    RemoveRelationship(Document *document, const Project &current, const std::string &id);

    EditScope scope(const Project &) const override { return {.relationships = {m_relationship.id}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    Relationship m_relationship;
    std::size_t m_index = 0;
};

} // namespace docshape::ui
