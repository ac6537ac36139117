#include "commands/CompositeCommand.h"

namespace docshape::ui {

CompositeCommand::CompositeCommand(Document *document, const QString &text, ChangeEvent event)
    : DocumentCommand(document, text), m_event(std::move(event)) {}

ChangeEvent CompositeCommand::applyTo(Project &project) {
    for (auto &part : m_parts)
        part->applyTo(project);
    return m_event;
}

ChangeEvent CompositeCommand::revertFrom(Project &project) {
    for (auto it = m_parts.rbegin(); it != m_parts.rend(); ++it)
        (*it)->revertFrom(project);
    return m_event;
}

} // namespace docshape::ui
