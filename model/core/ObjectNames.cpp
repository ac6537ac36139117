#include "core/ObjectNames.h"

namespace docshape {

std::string relationshipLabel(const Project &project, const Relationship &r) {
    const Entity *parent = project.findEntity(r.parentId);
    const Entity *child = project.findEntity(r.childId);
    std::string out = parent ? parent->name : std::string("?");
    out += " → ";
    out += child ? child->name : std::string("?");
    const bool byCollection = r.representation == Representation::Junction || r.representation == Representation::Bucket;
    const std::string &holder = byCollection && !r.junctionName.empty() ? r.junctionName : r.fieldName;
    if (!holder.empty()) {
        out += " (";
        out += holder;
        out += ')';
    }
    return out;
}

std::string relationshipName(const Project &project, const Relationship &r) {
    return r.name.empty() ? relationshipLabel(project, r) : r.name;
}

} // namespace docshape
