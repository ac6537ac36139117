#include "import/ReferenceConfirmation.h"

#include "io/ProjectFile.h"

#include <algorithm>

namespace docshape::import {

namespace {

// The entity stored as `collection`, const or not as the project is.
template <typename P> auto *rootOf(P &project, const std::string &collection) {
    for (auto &e : project.entities)
        if (e.collectionName == collection)
            return &e;
    return static_cast<decltype(&project.entities.front())>(nullptr);
}

} // namespace

bool canConfirm(const Project &project, const ReferenceCandidate &c) {
    // The model's relationships refer to the parent's _id, from one field.
    if (c.path.find('.') != std::string::npos || c.targetPath != "_id" || c.array)
        return false;
    const Entity *child = rootOf(project, c.collection);
    const Entity *parent = rootOf(project, c.target);
    return child && parent &&
           std::any_of(child->fields.begin(), child->fields.end(), [&](const Field &f) { return f.name == c.path; });
}

Status confirmReference(Project &project, const ReferenceCandidate &c) {
    if (!canConfirm(project, c))
        return Error{c.collection + "." + c.path, "only a top-level field of a collection can become a reference"};
    Project changed = project; // the project changes only when the result is valid
    Entity &child = *rootOf(changed, c.collection);
    const Entity &parent = *rootOf(changed, c.target);
    const auto field = std::find_if(child.fields.begin(), child.fields.end(), [&](const Field &f) { return f.name == c.path; });
    Relationship r;
    r.id = changed.newId("r");
    r.name = parent.name + " of " + child.name;
    r.parentId = parent.id;
    r.childId = child.id;
    r.cardinality = Cardinality::OneToMany;
    r.representation = Representation::ReferenceFromChild;
    r.fieldName = c.path;
    r.parentRequired = field->required;
    r.avgChildren = parent.count > 0 ? child.count * field->presence / parent.count : 0;
    child.fields.erase(field);
    changed.relationships.push_back(std::move(r));
    if (Status s = validateProject(changed); !s)
        return s;
    project = std::move(changed);
    return {};
}

} // namespace docshape::import
