#pragma once

#include "commands/DocumentCommand.h"

#include <memory>
#include <vector>

namespace docshape::ui {

// Several edits that make sense only together (drag an embedded card out:
// re-point its relationship and place it), validated and undone as one.
// Unlike a QUndoStack macro it is validated before it is pushed.
class CompositeCommand : public DocumentCommand {
public:
    CompositeCommand(Document *document, const QString &text);

    void add(std::unique_ptr<DocumentCommand> command) { m_parts.push_back(std::move(command)); }
    bool isEmpty() const { return m_parts.empty(); }

    EditScope scope(const Project &project) const override;
    // The parts' events, in the order they were made.
    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    std::vector<std::unique_ptr<DocumentCommand>> m_parts;
};

} // namespace docshape::ui
