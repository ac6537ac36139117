#pragma once

#include "commands/DocumentCommand.h"

#include <cstddef>
#include <string>

namespace docshape::ui {

// Inserts an index at `position` of Project::indexes (the end when out of
// range), so that undoing a removal puts it back in place.
class AddIndex : public DocumentCommand {
public:
    AddIndex(Document *document, IndexSpec index, std::size_t position);

    EditScope scope(const Project &) const override { return {.indexes = {m_index.id}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    IndexSpec m_index;
    std::size_t m_position;
};

// Removes one index; undo restores it at its old place. Nothing refers to
// an index, so nothing cascades.
class RemoveIndex : public DocumentCommand {
public:
    // `index` must be in `current`.
    RemoveIndex(Document *document, const Project &current, const IndexSpec &index);

    EditScope scope(const Project &) const override { return {.indexes = {m_index.id}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    IndexSpec m_index;
    std::size_t m_position;
};

} // namespace docshape::ui
