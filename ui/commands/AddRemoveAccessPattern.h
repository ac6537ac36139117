#pragma once

#include "commands/DocumentCommand.h"

#include <cstddef>
#include <string>

namespace docshape::ui {

// Inserts an access pattern at `position` of Project::accessPatterns (the
// end when out of range), so that undoing a removal puts it back in place
// and the table keeps its row order.
class AddAccessPattern : public DocumentCommand {
public:
    AddAccessPattern(Document *document, AccessPattern pattern, std::size_t position);

    EditScope scope(const Project &) const override { return {.accessPatterns = {m_pattern.id}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    AccessPattern m_pattern;
    std::size_t m_position;
};

// Removes one access pattern; undo restores it at its old row. Nothing
// refers to an access pattern, so nothing cascades.
class RemoveAccessPattern : public DocumentCommand {
public:
    // `pattern` must be in `current`.
    RemoveAccessPattern(Document *document, const Project &current, const AccessPattern &pattern);

    EditScope scope(const Project &) const override { return {.accessPatterns = {m_pattern.id}}; }
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    AccessPattern m_pattern;
    std::size_t m_position;
};

} // namespace docshape::ui
