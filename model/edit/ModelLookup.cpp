#include "edit/ModelLookup.h"

#include <algorithm>

namespace docshape::edit {

namespace {

// One search for const and mutable projects, so that neither casts.
template <typename Fields>
auto *listIn(Fields &fields, std::string_view id, std::size_t *index) {
    using List = std::remove_reference_t<Fields>;
    for (std::size_t i = 0; i < fields.size(); ++i) {
        if (fields[i].id == id) {
            if (index)
                *index = i;
            return &fields;
        }
        if (List *nested = listIn(fields[i].fields, id, index))
            return nested;
    }
    return static_cast<List *>(nullptr);
}

// The field among the entity's own and its variants' fields.
template <typename E> auto *fieldIn(E &entity, std::string_view fieldId) {
    std::size_t index = 0;
    auto *list = listIn(entity.fields, fieldId, &index);
    for (auto &variant : entity.variants)
        if (!list)
            list = listIn(variant.fields, fieldId, &index);
    return list ? &(*list)[index] : nullptr;
}

template <typename P> auto *entityHolding(P &project, std::string_view fieldId) {
    using E = std::remove_reference_t<decltype(project.entities.front())>;
    for (auto &entity : project.entities)
        if (fieldIn(entity, fieldId))
            return &entity;
    return static_cast<E *>(nullptr);
}

template <typename T> T *byId(std::vector<T> &items, std::string_view id) {
    const auto it = std::find_if(items.begin(), items.end(), [&](const T &item) { return item.id == id; });
    return it == items.end() ? nullptr : &*it;
}

void collect(const std::vector<Field> &fields, std::vector<std::string> &out) {
    for (const auto &f : fields) {
        out.push_back(f.id);
        collect(f.fields, out);
    }
}

} // namespace

std::vector<Field> *fieldListOf(Project &project, std::string_view fieldId, std::size_t *index) {
    for (auto &entity : project.entities) {
        if (auto *list = listIn(entity.fields, fieldId, index))
            return list;
        for (auto &variant : entity.variants)
            if (auto *list = listIn(variant.fields, fieldId, index))
                return list;
    }
    return nullptr;
}

Field *findField(Project &project, std::string_view fieldId) {
    std::size_t index = 0;
    auto *list = fieldListOf(project, fieldId, &index);
    return list ? &(*list)[index] : nullptr;
}

Field *findField(Entity &entity, std::string_view fieldId) { return fieldIn(entity, fieldId); }
const Field *findField(const Entity &entity, std::string_view fieldId) { return fieldIn(entity, fieldId); }

Relationship *findRelationship(Project &project, std::string_view id) { return byId(project.relationships, id); }
AccessPattern *findAccessPattern(Project &project, std::string_view id) { return byId(project.accessPatterns, id); }
IndexSpec *findIndex(Project &project, std::string_view id) { return byId(project.indexes, id); }

const Entity *entityOfField(const Project &project, std::string_view fieldId) {
    return entityHolding(project, fieldId);
}
Entity *entityOfField(Project &project, std::string_view fieldId) { return entityHolding(project, fieldId); }

const Relationship *embeddingOf(const Project &project, std::string_view entityId) {
    for (const auto &r : project.relationships)
        if (r.childId == entityId &&
            (r.representation == Representation::EmbedOne || r.representation == Representation::EmbedArray))
            return &r;
    return nullptr;
}

std::vector<std::string> fieldIdsOf(const Entity &entity) {
    std::vector<std::string> ids;
    collect(entity.fields, ids);
    for (const auto &variant : entity.variants)
        collect(variant.fields, ids);
    return ids;
}

std::vector<std::string> fieldIdsOf(const Field &field) {
    std::vector<std::string> ids{field.id};
    collect(field.fields, ids);
    return ids;
}

} // namespace docshape::edit
