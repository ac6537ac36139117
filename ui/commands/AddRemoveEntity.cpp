#include "commands/AddRemoveEntity.h"

#include <QCoreApplication>

namespace docshape::ui {

namespace {
QString removeText(const Project &project, const std::vector<std::string> &ids) {
    if (ids.size() == 1)
        if (const Entity *e = project.findEntity(ids.front()))
            return QCoreApplication::translate("Commands", "Delete entity %1")
                .arg(QString::fromStdString(e->name));
    return QCoreApplication::translate("Commands", "Delete %n entities", nullptr, int(ids.size()));
}
} // namespace

AddEntity::AddEntity(Document *document, Entity entity)
    : DocumentCommand(document, QCoreApplication::translate("Commands", "Add entity %1")
                                    .arg(QString::fromStdString(entity.name))),
      m_entity(std::move(entity)) {}

ChangeEvent AddEntity::applyTo(Project &project) {
    project.entities.push_back(m_entity);
    return Change::entity(Change::Action::Added, m_entity.id);
}

ChangeEvent AddEntity::revertFrom(Project &project) {
    // Commands are undone in reverse order, so the entity is the last one.
    project.entities.pop_back();
    return Change::entity(Change::Action::Removed, m_entity.id);
}

RemoveEntities::RemoveEntities(Document *document, const Project &current, std::vector<std::string> ids)
    : RemoveCascade(document, removeText(current, ids)), m_ids(std::move(ids)) {}

edit::Removal RemoveEntities::remove(Project &project) { return edit::removeEntities(project, m_ids); }

} // namespace docshape::ui
