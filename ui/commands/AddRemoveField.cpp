#include "commands/AddRemoveField.h"

#include "edit/ModelLookup.h"

#include <QCoreApplication>

namespace docshape::ui {

namespace {
QString removeText(const Project &project, const std::string &fieldId) {
    const Field *f = project.findField(fieldId);
    return QCoreApplication::translate("Commands", "Delete field %1")
        .arg(f ? QString::fromStdString(f->name) : QString());
}
} // namespace

AddField::AddField(Document *document, std::string entityId, std::string parentFieldId, Field field)
    : DocumentCommand(document, QCoreApplication::translate("Commands", "Add field %1")
                                    .arg(QString::fromStdString(field.name))),
      m_entityId(std::move(entityId)), m_parentFieldId(std::move(parentFieldId)),
      m_field(std::move(field)) {}

std::vector<Field> &AddField::targetList(Project &project) {
    if (!m_parentFieldId.empty())
        return edit::findField(project, m_parentFieldId)->fields;
    return project.findEntity(m_entityId)->fields;
}

ChangeEvent AddField::applyTo(Project &project) {
    targetList(project).push_back(m_field);
    return Change::field(Change::Action::Added, m_field.id, m_entityId);
}

ChangeEvent AddField::revertFrom(Project &project) {
    targetList(project).pop_back();
    return Change::field(Change::Action::Removed, m_field.id, m_entityId);
}

RemoveField::RemoveField(Document *document, const Project &current, std::string fieldId)
    : RemoveCascade(document, removeText(current, fieldId)), m_fieldId(std::move(fieldId)) {}

edit::Removal RemoveField::remove(Project &project) { return edit::removeField(project, m_fieldId); }

} // namespace docshape::ui
