#include "commands/CompositeCommand.h"

namespace docshape::ui {

CompositeCommand::CompositeCommand(Document *document, const QString &text) : DocumentCommand(document, text) {}

EditScope CompositeCommand::scope(const Project &project) const {
    EditScope scope;
    for (const auto &part : m_parts)
        scope.merge(part->scope(project));
    return scope;
}

ChangeEvent CompositeCommand::applyTo(Project &project) {
    ChangeEvent event;
    for (auto &part : m_parts)
        event.append(part->applyTo(project));
    return event;
}

ChangeEvent CompositeCommand::revertFrom(Project &project) {
    ChangeEvent event;
    for (auto it = m_parts.rbegin(); it != m_parts.rend(); ++it)
        event.append((*it)->revertFrom(project));
    return event;
}

} // namespace docshape::ui
