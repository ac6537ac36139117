#include "document/Cascade.h"

#include "document/ModelLookup.h"

#include <algorithm>
#include <set>
#include <utility>

namespace docshape::ui {

namespace {
using IdSet = std::set<std::string, std::less<>>;

template <typename T, typename Pred> void eraseIf(std::vector<T> &v, Pred pred) {
    v.erase(std::remove_if(v.begin(), v.end(), pred), v.end());
}

void collect(const Field &field, IdSet &ids) {
    ids.insert(field.id);
    for (const auto &f : field.fields)
        collect(f, ids);
}

void clearDuplicationSources(std::vector<Field> &fields, const IdSet &removedFields) {
    for (auto &f : fields) {
        // Read through const: a field without details keeps none.
        const std::string &source = std::as_const(f).details->duplicatedFrom;
        if (!source.empty() && removedFields.count(source)) {
            f.details.edit().duplicatedFrom.clear();
            f.details.edit().duplication = Duplication::None;
        }
        clearDuplicationSources(f.fields, removedFields);
    }
}

// Drops every reference to the removed fields from the rest of the project.
void dropFieldReferences(Project &p, const IdSet &removedFields) {
    for (auto &r : p.relationships)
        eraseIf(r.copiedFieldIds, [&](const std::string &id) { return removedFields.count(id) > 0; });
    for (auto &e : p.entities) {
        clearDuplicationSources(e.fields, removedFields);
        for (auto &v : e.variants)
            clearDuplicationSources(v.fields, removedFields);
    }
}
} // namespace

Project withoutEntities(const Project &project, const std::vector<std::string> &entityIds) {
    Project p = project;
    const IdSet removed(entityIds.begin(), entityIds.end());
    IdSet removedFields;
    for (const auto &e : p.entities)
        if (removed.count(e.id))
            for (const auto &id : fieldIdsOf(e))
                removedFields.insert(id);

    eraseIf(p.entities, [&](const Entity &e) { return removed.count(e.id) > 0; });
    eraseIf(p.relationships, [&](const Relationship &r) {
        return removed.count(r.parentId) > 0 || removed.count(r.childId) > 0;
    });
    eraseIf(p.indexes, [&](const IndexSpec &i) { return removed.count(i.entityId) > 0; });
    eraseIf(p.accessPatterns, [&](const AccessPattern &a) { return removed.count(a.entityId) > 0; });
    for (auto &a : p.accessPatterns)
        eraseIf(a.alsoReads, [&](const std::string &id) { return removed.count(id) > 0; });
    dropFieldReferences(p, removedFields);
    return p;
}

Project withoutField(const Project &project, const std::string &fieldId) {
    Project p = project;
    std::size_t index = 0;
    auto *list = fieldListOf(p, fieldId, &index);
    if (!list)
        return p;
    IdSet removedFields;
    collect((*list)[index], removedFields);
    list->erase(list->begin() + std::ptrdiff_t(index));
    dropFieldReferences(p, removedFields);
    return p;
}

} // namespace docshape::ui
