#include "commands/AddRemoveField.h"

#include "document/Cascade.h"
#include "document/ModelLookup.h"

#include <QCoreApplication>

namespace docshape::ui {

namespace {
QString removeText(const Project &project, const std::string &fieldId) {
    const Field *f = project.findField(fieldId);
    return QCoreApplication::translate("Commands", "Delete field %1")
        .arg(f ? QString::fromStdString(f->name) : QString());
}
std::string ownerId(const Project &project, const std::string &fieldId) {
    Project &p = const_cast<Project &>(project);
    const Entity *e = entityOfFieldMutable(p, fieldId);
    return e ? e->id : std::string();
}
} // namespace

AddField::AddField(Document *document, std::string entityId, std::string parentFieldId, Field field)
    : DocumentCommand(document, QCoreApplication::translate("Commands", "Add field %1")
                                    .arg(QString::fromStdString(field.name))),
      m_entityId(std::move(entityId)), m_parentFieldId(std::move(parentFieldId)),
      m_field(std::move(field)) {}

std::vector<Field> &AddField::targetList(Project &project) {
    if (!m_parentFieldId.empty())
        return findFieldMutable(project, m_parentFieldId)->fields;
    return project.findEntity(m_entityId)->fields;
}

ChangeEvent AddField::applyTo(Project &project) {
    targetList(project).push_back(m_field);
    return {ChangeEvent::Kind::FieldsChanged, {m_entityId}};
}

ChangeEvent AddField::revertFrom(Project &project) {
    targetList(project).pop_back();
    return {ChangeEvent::Kind::FieldsChanged, {m_entityId}};
}

RemoveField::RemoveField(Document *document, const Project &current, const std::string &fieldId)
    : ReplaceProject(document, withoutField(current, fieldId), removeText(current, fieldId),
                     {ChangeEvent::Kind::FieldsChanged, {ownerId(current, fieldId)}}) {}

} // namespace docshape::ui
