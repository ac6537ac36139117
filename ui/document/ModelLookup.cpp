#include "document/ModelLookup.h"

#include "io/ProjectFile.h"

namespace docshape::ui {

namespace {
std::vector<Field> *findListIn(std::vector<Field> &fields, std::string_view id, std::size_t *index) {
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].id == id) {
            if (index)
                *index = i;
            return &fields;
        }
        if (auto *nested = findListIn(fields[i].fields, id, index))
            return nested;
    }
    return nullptr;
}

void collectIds(const std::vector<Field> &fields, std::vector<std::string> &out) {
    for (const auto &f : fields) {
        out.push_back(f.id);
        collectIds(f.fields, out);
    }
}
} // namespace

std::vector<Field> *fieldListOf(Project &project, std::string_view fieldId, std::size_t *index) {
    for (auto &entity : project.entities) {
        if (auto *list = findListIn(entity.fields, fieldId, index))
            return list;
        for (auto &variant : entity.variants)
            if (auto *list = findListIn(variant.fields, fieldId, index))
                return list;
    }
    return nullptr;
}

Field *findFieldMutable(Project &project, std::string_view fieldId) {
    std::size_t index = 0;
    auto *list = fieldListOf(project, fieldId, &index);
    return list ? &(*list)[index] : nullptr;
}

Entity *entityOfFieldMutable(Project &project, std::string_view fieldId) {
    for (auto &entity : project.entities) {
        std::size_t index = 0;
        if (findListIn(entity.fields, fieldId, &index))
            return &entity;
        for (auto &variant : entity.variants)
            if (findListIn(variant.fields, fieldId, &index))
                return &entity;
    }
    return nullptr;
}

Relationship *findRelationshipMutable(Project &project, std::string_view id) {
    for (auto &r : project.relationships)
        if (r.id == id)
            return &r;
    return nullptr;
}

std::vector<std::string> fieldIdsOf(const Entity &entity) {
    std::vector<std::string> ids;
    collectIds(entity.fields, ids);
    for (const auto &variant : entity.variants)
        collectIds(variant.fields, ids);
    return ids;
}

std::string canonicalText(const Entity &entity) {
    Project p;
    p.entities.push_back(entity);
    return serializeProject(p);
}

std::string canonicalText(const Field &field) {
    Entity e;
    e.fields.push_back(field);
    return canonicalText(e);
}

std::string canonicalText(const Relationship &relationship) {
    Project p;
    p.relationships.push_back(relationship);
    return serializeProject(p);
}

} // namespace docshape::ui
