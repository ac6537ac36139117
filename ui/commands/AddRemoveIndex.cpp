#include "commands/AddRemoveIndex.h"

#include <QCoreApplication>

#include <algorithm>
#include <iterator>

namespace docshape::ui {

namespace {
QString nameOf(const IndexSpec &ix) { return QString::fromStdString(indexName(ix)); }

std::size_t positionOf(const Project &project, const std::string &id) {
    const auto &list = project.indexes;
    const auto it = std::find_if(list.begin(), list.end(), [&](const IndexSpec &ix) { return ix.id == id; });
    return std::size_t(std::distance(list.begin(), it));
}
} // namespace

AddIndex::AddIndex(Document *document, IndexSpec index, std::size_t position)
    : DocumentCommand(document, QCoreApplication::translate("Commands", "Add index %1").arg(nameOf(index))),
      m_index(std::move(index)), m_position(position) {}

ChangeEvent AddIndex::applyTo(Project &project) {
    auto &list = project.indexes;
    list.insert(list.begin() + std::ptrdiff_t(std::min(m_position, list.size())), m_index);
    return Change::index(Change::Action::Added, m_index.id);
}

ChangeEvent AddIndex::revertFrom(Project &project) {
    auto &list = project.indexes;
    list.erase(list.begin() + std::ptrdiff_t(positionOf(project, m_index.id)));
    return Change::index(Change::Action::Removed, m_index.id);
}

RemoveIndex::RemoveIndex(Document *document, const Project &current, const IndexSpec &index)
    : DocumentCommand(document, QCoreApplication::translate("Commands", "Delete index %1").arg(nameOf(index))),
      m_index(index), m_position(positionOf(current, index.id)) {}

ChangeEvent RemoveIndex::applyTo(Project &project) {
    auto &list = project.indexes;
    list.erase(list.begin() + std::ptrdiff_t(positionOf(project, m_index.id)));
    return Change::index(Change::Action::Removed, m_index.id);
}

ChangeEvent RemoveIndex::revertFrom(Project &project) {
    auto &list = project.indexes;
    list.insert(list.begin() + std::ptrdiff_t(std::min(m_position, list.size())), m_index);
    return Change::index(Change::Action::Added, m_index.id);
}

} // namespace docshape::ui
