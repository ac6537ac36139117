#pragma once

#include "commands/DocumentCommand.h"

#include <memory>
#include <vector>

namespace docshape::ui {

// Several edits that make sense only together (drag an embedded card out:
// re-point its relationship and place it), validated and undone as one.
// Unlike a QUndoStack macro it can be checked on a copy before it is pushed.
class CompositeCommand : public DocumentCommand {
public:
    CompositeCommand(Document *document, const QString &text, ChangeEvent event);

    void add(std::unique_ptr<DocumentCommand> command) { m_parts.push_back(std::move(command)); }
    bool isEmpty() const { return m_parts.empty(); }

    ChangeEvent applyTo(Project &project) override;
    ChangeEvent revertFrom(Project &project) override;

private:
    std::vector<std::unique_ptr<DocumentCommand>> m_parts;
    ChangeEvent m_event;
};

} // namespace docshape::ui
