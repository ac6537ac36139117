#include "edit/Cascade.h"

#include "edit/ModelLookup.h"

#include <algorithm>
#include <set>
#include <utility>

namespace docshape::edit {

namespace {
using IdSet = std::set<std::string, std::less<>>;

// Moves the items that match out of `items` into `removed`, with the
// positions they had.
template <typename T, typename Pred>
void take(std::vector<T> &items, std::vector<std::pair<std::size_t, T>> &removed, Pred pred) {
    std::vector<T> kept;
    kept.reserve(items.size());
    for (std::size_t i = 0; i < items.size(); ++i) {
        if (pred(items[i]))
            removed.emplace_back(i, std::move(items[i]));
        else
            kept.push_back(std::move(items[i]));
    }
    items = std::move(kept);
}

template <typename T>
void putBack(std::vector<T> &items, const std::vector<std::pair<std::size_t, T>> &removed) {
    // Ascending positions: each insertion lands where it was, since every
    // earlier one is already back.
    for (const auto &[at, item] : removed)
        items.insert(items.begin() + std::ptrdiff_t(std::min(at, items.size())), item);
}

template <typename T> void putBackValues(std::vector<T> &items, const std::vector<T> &before) {
    for (auto it = before.rbegin(); it != before.rend(); ++it)
        for (auto &item : items)
            if (item.id == it->id)
                item = *it;
}

bool refersToRemoved(const std::vector<Field> &fields, const IdSet &removedFields) {
    for (const auto &f : fields) {
        // Read through const: a field without details keeps none.
        const std::string &source = std::as_const(f).details->duplicatedFrom;
        if ((!source.empty() && removedFields.count(source)) || refersToRemoved(f.fields, removedFields))
            return true;
    }
    return false;
}

void clearDuplicationSources(std::vector<Field> &fields, const IdSet &removedFields) {
    for (auto &f : fields) {
        const std::string &source = std::as_const(f).details->duplicatedFrom;
        if (!source.empty() && removedFields.count(source)) {
            f.details.edit().duplicatedFrom.clear();
            f.details.edit().duplication = Duplication::None;
        }
        clearDuplicationSources(f.fields, removedFields);
    }
}

// Drops every reference to the removed fields from the rest of the project,
// recording each object before it changes. `owner`, when set, is the
// entity the removal already recorded.
void dropFieldReferences(Project &p, const IdSet &removedFields, Removal &removal, const std::string &owner) {
    if (removedFields.empty())
        return;
    for (auto &r : p.relationships) {
        const auto copied = [&](const std::string &id) { return removedFields.count(id) > 0; };
        if (std::any_of(r.copiedFieldIds.begin(), r.copiedFieldIds.end(), copied)) {
            removal.changedRelationships.push_back(r);
            std::erase_if(r.copiedFieldIds, copied);
        }
    }
    for (auto &e : p.entities) {
        bool refers = refersToRemoved(e.fields, removedFields);
        for (const auto &v : e.variants)
            refers = refers || refersToRemoved(v.fields, removedFields);
        if (!refers)
            continue;
        if (e.id != owner)
            removal.changedEntities.push_back(e);
        clearDuplicationSources(e.fields, removedFields);
        for (auto &v : e.variants)
            clearDuplicationSources(v.fields, removedFields);
    }
}
} // namespace

Removal removeEntities(Project &project, const std::vector<std::string> &entityIds) {
    Removal removal;
    IdSet removed;
    for (const auto &id : entityIds)
        if (project.findEntity(id))
            removed.insert(id);
    if (removed.empty())
        return removal;
    IdSet removedFields;
    for (const auto &e : project.entities)
        if (removed.count(e.id))
            for (auto &id : fieldIdsOf(e))
                removedFields.insert(std::move(id));

    const auto gone = [&](const std::string &id) { return removed.count(id) > 0; };
    take(project.entities, removal.entities, [&](const Entity &e) { return gone(e.id); });
    take(project.relationships, removal.relationships,
         [&](const Relationship &r) { return gone(r.parentId) || gone(r.childId); });
    take(project.indexes, removal.indexes, [&](const IndexSpec &i) { return gone(i.entityId); });
    take(project.accessPatterns, removal.accessPatterns, [&](const AccessPattern &a) { return gone(a.entityId); });
    for (auto &a : project.accessPatterns)
        if (std::any_of(a.alsoReads.begin(), a.alsoReads.end(), gone)) {
            removal.changedAccessPatterns.push_back(a);
            std::erase_if(a.alsoReads, gone);
        }
    dropFieldReferences(project, removedFields, removal, {});

    for (const auto &[at, e] : removal.entities)
        removal.removedIds.push_back(e.id);
    removal.removedIds.insert(removal.removedIds.end(), removedFields.begin(), removedFields.end());
    for (const auto &[at, r] : removal.relationships)
        removal.removedIds.push_back(r.id);
    for (const auto &[at, i] : removal.indexes)
        removal.removedIds.push_back(i.id);
    for (const auto &[at, a] : removal.accessPatterns)
        removal.removedIds.push_back(a.id);
    return removal;
}

Removal removeField(Project &project, const std::string &fieldId) {
    Removal removal;
    Entity *owner = entityOfField(project, fieldId);
    std::size_t index = 0;
    std::vector<Field> *list = fieldListOf(project, fieldId, &index);
    if (!owner || !list)
        return removal;
    removal.changedEntities.push_back(*owner);
    const std::vector<std::string> ids = fieldIdsOf((*list)[index]);
    list->erase(list->begin() + std::ptrdiff_t(index));
    dropFieldReferences(project, IdSet(ids.begin(), ids.end()), removal, owner->id);
    removal.removedIds = ids;
    return removal;
}

void restore(Project &project, const Removal &removal) {
    // The reverse of the removal: the changed objects first (they never
    // include a removed one), then the removed ones at their places.
    putBackValues(project.accessPatterns, removal.changedAccessPatterns);
    putBackValues(project.entities, removal.changedEntities);
    putBackValues(project.relationships, removal.changedRelationships);
    putBack(project.entities, removal.entities);
    putBack(project.relationships, removal.relationships);
    putBack(project.indexes, removal.indexes);
    putBack(project.accessPatterns, removal.accessPatterns);
}

} // namespace docshape::edit
