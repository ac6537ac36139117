#pragma once

#include "commands/DocumentCommand.h"

#include "util/Result.h"

#include <cstddef>
#include <string>

namespace docshape::ui {

// Inserts an access pattern at `position` of Project::accessPatterns (the
// end when out of range), so that undoing a removal puts it back in place
// and the table keeps its row order.
class AddAccessPattern : public DocumentCommand {
public:
    AddAccessPattern(Document *document, AccessPattern pattern, std::size_t position);

    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    AccessPattern m_pattern;
    std::size_t m_position;
};

// Removes one access pattern; undo restores it at its old row.
class RemoveAccessPattern : public DocumentCommand {
public:
    // `pattern` must be in `current`.
    RemoveAccessPattern(Document *document, const Project &current, const AccessPattern &pattern);

    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    AccessPattern m_pattern;
    std::size_t m_position;
};

// The way panels add and remove access patterns (Okular style: the widget
// calls a function that builds and pushes the command). An empty id gets a
// fresh "q" id; returns the id, or why the model refused the edit.
Result<std::string> addAccessPattern(Document &document, AccessPattern pattern);
Status removeAccessPattern(Document &document, const std::string &patternId);

} // namespace docshape::ui
