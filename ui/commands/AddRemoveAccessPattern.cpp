#include "commands/AddRemoveAccessPattern.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>

namespace docshape::ui {

namespace {
QString nameOf(const AccessPattern &q) { return QString::fromStdString(q.name.empty() ? q.id : q.name); }

std::size_t positionOf(const Project &project, const std::string &id) {
    const auto &list = project.accessPatterns;
    const auto it = std::find_if(list.begin(), list.end(), [&](const AccessPattern &q) { return q.id == id; });
    return std::size_t(std::distance(list.begin(), it));
}
} // namespace

AddAccessPattern::AddAccessPattern(Document *document, AccessPattern pattern, std::size_t position)
    : DocumentCommand(document, QCoreApplication::translate("Commands", "Add access pattern %1").arg(nameOf(pattern))),
      m_pattern(std::move(pattern)), m_position(position) {}

ChangeEvent AddAccessPattern::applyTo(Project &project) {
    auto &list = project.accessPatterns;
    const std::size_t at = std::min(m_position, list.size());
    list.insert(list.begin() + std::ptrdiff_t(at), m_pattern);
    return Change::accessPattern(Change::Action::Added, m_pattern.id);
}

ChangeEvent AddAccessPattern::revertFrom(Project &project) {
    auto &list = project.accessPatterns;
    list.erase(list.begin() + std::ptrdiff_t(positionOf(project, m_pattern.id)));
    return Change::accessPattern(Change::Action::Removed, m_pattern.id);
}

RemoveAccessPattern::RemoveAccessPattern(Document *document, const Project &current, const AccessPattern &pattern)
    : DocumentCommand(document,
                      QCoreApplication::translate("Commands", "Delete access pattern %1").arg(nameOf(pattern))),
      m_pattern(pattern), m_position(positionOf(current, pattern.id)) {}

ChangeEvent RemoveAccessPattern::applyTo(Project &project) {
    auto &list = project.accessPatterns;
    list.erase(list.begin() + std::ptrdiff_t(positionOf(project, m_pattern.id)));
    return Change::accessPattern(Change::Action::Removed, m_pattern.id);
}

ChangeEvent RemoveAccessPattern::revertFrom(Project &project) {
    auto &list = project.accessPatterns;
    list.insert(list.begin() + std::ptrdiff_t(std::min(m_position, list.size())), m_pattern);
    return Change::accessPattern(Change::Action::Added, m_pattern.id);
}

} // namespace docshape::ui
