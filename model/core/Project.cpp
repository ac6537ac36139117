#include "core/Project.h"

#include "util/EnumNames.h"

#include <set>

namespace docshape {

namespace {

template <typename T> const T *findById(const std::vector<T> &items, std::string_view id) {
    for (const auto &item : items)
        if (item.id == id)
            return &item;
    return nullptr;
}

const Field *findFieldIn(const std::vector<Field> &fields, std::string_view id) {
    for (const auto &field : fields) {
        if (field.id == id)
            return &field;
        if (const Field *nested = findFieldIn(field.fields, id))
            return nested;
    }
    return nullptr;
}

void collectFieldIds(const std::vector<Field> &fields, std::set<std::string, std::less<>> &ids) {
    for (const auto &field : fields) {
        ids.insert(field.id);
        collectFieldIds(field.fields, ids);
    }
}
} // namespace

const Entity *Project::findEntity(std::string_view id) const { return findById(entities, id); }
Entity *Project::findEntity(std::string_view id) {
    return const_cast<Entity *>(std::as_const(*this).findEntity(id));
}
const Entity *Project::findEntityByName(std::string_view entityName) const {
    for (const auto &entity : entities)
        if (entity.name == entityName)
            return &entity;
    return nullptr;
}
const Relationship *Project::findRelationship(std::string_view id) const {
    return findById(relationships, id);
}
const AccessPattern *Project::findAccessPattern(std::string_view id) const {
    return findById(accessPatterns, id);
}
const IndexSpec *Project::findIndex(std::string_view id) const { return findById(indexes, id); }

const Field *Project::findField(std::string_view id) const {
    for (const auto &entity : entities) {
        if (const Field *f = findFieldIn(entity.fields, id))
            return f;
        for (const auto &variant : entity.variants)
            if (const Field *f = findFieldIn(variant.fields, id))
                return f;
    }
    return nullptr;
}

std::string Project::newId(std::string_view prefix) const {
    std::set<std::string, std::less<>> used;
    for (const auto &e : entities) {
        used.insert(e.id);
        collectFieldIds(e.fields, used);
        for (const auto &v : e.variants)
            collectFieldIds(v.fields, used);
    }
    for (const auto &r : relationships)
        used.insert(r.id);
    for (const auto &q : accessPatterns)
        used.insert(q.id);
    for (const auto &i : indexes)
        used.insert(i.id);
    for (const auto &d : decisions)
        used.insert(d.id);
    for (std::size_t n = 1;; ++n) {
        std::string candidate = std::string(prefix) + std::to_string(n);
        if (!used.contains(candidate))
            return candidate;
    }
}

std::string_view toString(Tenancy t) { return detail::enumName(kTenancyNames, t); }
std::optional<Tenancy> tenancyFromString(std::string_view s) {
    return detail::enumFromName(kTenancyNames, s);
}

} // namespace docshape
