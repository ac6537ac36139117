#include "commands/ReplaceProject.h"

#include <utility>

namespace docshape::ui {

ReplaceProject::ReplaceProject(Document *document, Project other, const QString &text,
                               ChangeEvent event)
    : DocumentCommand(document, text), m_other(std::move(other)), m_event(std::move(event)) {}

ChangeEvent ReplaceProject::applyTo(Project &project) {
    std::swap(project, m_other);
    return m_event;
}

ChangeEvent ReplaceProject::revertFrom(Project &project) {
    std::swap(project, m_other);
    return m_event;
}

} // namespace docshape::ui
