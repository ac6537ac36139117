#include "commands/ChangeProject.h"

#include <utility>

namespace docshape::ui {

ChangeProject::ChangeProject(Document *document, edit::ProjectSettings newValue, const QString &text)
    : DocumentCommand(document, text), m_value(std::move(newValue)) {}

ChangeEvent ChangeProject::swap(Project &project) {
    edit::ProjectSettings old = edit::settingsOf(project);
    edit::ProjectSettings renamed = m_value;
    renamed.name = old.name;
    const std::uint32_t properties =
        (old.name != m_value.name ? Change::Name : 0) | (renamed == old ? 0 : Change::Other);
    edit::applySettings(project, m_value);
    m_value = std::move(old);
    return Change::project(properties);
}

} // namespace docshape::ui
