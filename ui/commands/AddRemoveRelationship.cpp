#include "commands/AddRemoveRelationship.h"

#include <QCoreApplication>

namespace docshape::ui {

AddRelationship::AddRelationship(Document *document, Relationship relationship, const QString &text)
    : DocumentCommand(document, text), m_relationship(std::move(relationship)) {}

ChangeEvent AddRelationship::applyTo(Project &project) {
    project.relationships.push_back(m_relationship);
    return Change::relationship(Change::Action::Added, m_relationship.id);
}

ChangeEvent AddRelationship::revertFrom(Project &project) {
    project.relationships.pop_back();
    return Change::relationship(Change::Action::Removed, m_relationship.id);
}

RemoveRelationship::RemoveRelationship(Document *document, const Project &current,
                                       const std::string &id)
    : DocumentCommand(document, QString()) {
    for (std::size_t i = 0; i < current.relationships.size(); ++i)
        if (current.relationships[i].id == id) {
            m_relationship = current.relationships[i];
            m_index = i;
        }
    const Entity *parent = current.findEntity(m_relationship.parentId);
    const Entity *child = current.findEntity(m_relationship.childId);
    setText(QCoreApplication::translate("Commands", "Delete relationship %1 – %2")
                .arg(parent ? QString::fromStdString(parent->name) : QString(),
                     child ? QString::fromStdString(child->name) : QString()));
}

ChangeEvent RemoveRelationship::applyTo(Project &project) {
    project.relationships.erase(project.relationships.begin() + std::ptrdiff_t(m_index));
    return Change::relationship(Change::Action::Removed, m_relationship.id);
}

ChangeEvent RemoveRelationship::revertFrom(Project &project) {
    project.relationships.insert(project.relationships.begin() + std::ptrdiff_t(m_index),
                                 m_relationship);
    return Change::relationship(Change::Action::Added, m_relationship.id);
}

} // namespace docshape::ui
