#include "core/Project.h"

#include "util/EnumNames.h"

#include <vector>

namespace docshape {

namespace {

// Items is a vector of T or a const one; the pointer has the same constness.
template <typename Items> auto findById(Items &items, std::string_view id) -> decltype(&items.front()) {
    for (auto &item : items)
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

} // namespace

const Entity *Project::findEntity(std::string_view id) const { return findById(entities, id); }
Entity *Project::findEntity(std::string_view id) { return findById(entities, id); }
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
    // The smallest n >= 1 whose prefix + n is free: mark the numbers below
    // kLimit that ids of the form prefix + digits (no leading zero) use.
    constexpr std::size_t kLimit = std::size_t(1) << 22;
    std::vector<bool> used;
    const auto mark = [&](const std::string &id) {
        if (id.size() <= prefix.size() || id.size() > prefix.size() + 7 ||
            id.compare(0, prefix.size(), prefix) != 0 || id[prefix.size()] == '0')
            return;
        std::size_t n = 0;
        for (std::size_t i = prefix.size(); i < id.size(); ++i) {
            if (id[i] < '0' || id[i] > '9')
                return;
            n = n * 10 + std::size_t(id[i] - '0');
        }
        if (n >= kLimit)
            return;
        if (used.size() <= n)
            used.resize(n + 1, false);
        used[n] = true;
    };
    const auto visitIds = [this](const auto &visit) {
        const auto inFields = [&](const auto &self, const std::vector<Field> &fields) -> void {
            for (const auto &field : fields) {
                visit(field.id);
                self(self, field.fields);
            }
        };
        for (const auto &e : entities) {
            visit(e.id);
            inFields(inFields, e.fields);
            for (const auto &v : e.variants)
                inFields(inFields, v.fields);
        }
        for (const auto &r : relationships)
            visit(r.id);
        for (const auto &q : accessPatterns)
            visit(q.id);
        for (const auto &i : indexes)
            visit(i.id);
        for (const auto &d : decisions)
            visit(d.id);
    };
    visitIds(mark);
    std::size_t n = 1;
    while (n < used.size() && used[n])
        ++n;
    // Below kLimit a number that no id uses is free; beyond it (millions of
    // ids) each candidate is looked for.
    for (;; ++n) {
        std::string candidate = std::string(prefix) + std::to_string(n);
        bool taken = false;
        if (n >= kLimit)
            visitIds([&](const std::string &id) { taken = taken || id == candidate; });
        if (!taken)
            return candidate;
    }
}

std::string_view toString(Tenancy t) { return detail::enumName(kTenancyNames, t); }
std::optional<Tenancy> tenancyFromString(std::string_view s) {
    return detail::enumFromName(kTenancyNames, s);
}

} // namespace docshape
