#include "commands/ReplaceProject.h"

#include <utility>

namespace docshape::ui {

ReplaceProject::ReplaceProject(Document *document, Project other, const QString &text)
    : DocumentCommand(document, text), m_other(std::move(other)) {}

ChangeEvent ReplaceProject::applyTo(Project &project) {
    std::swap(project, m_other);
    return ChangeEvent::resetAll();
}

ChangeEvent ReplaceProject::revertFrom(Project &project) {
    std::swap(project, m_other);
    return ChangeEvent::resetAll().reversed();
}

} // namespace docshape::ui
