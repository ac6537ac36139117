#pragma once

// Random edits of a project, each with what it touched as the studio's
// Document reports it (AnalysisChange): for the tests that check work
// carried over from before an edit (reanalyze, the advisor's memo) against
// the same work done afresh.

#include "core/Project.h"
#include "estimate/Analysis.h"
#include "io/ProjectValidator.h"

#include <random>
#include <string>
#include <vector>

namespace docshape::test {

struct FieldAt {
    Field *field;
    std::string entityId;
};

inline void collectFields(std::vector<Field> &fields, const std::string &entityId, std::vector<FieldAt> &out) {
    for (Field &f : fields) {
        out.push_back({&f, entityId});
        collectFields(f.fields, entityId, out);
    }
}

inline std::vector<FieldAt> allFields(Project &p) {
    std::vector<FieldAt> fields;
    for (Entity &e : p.entities)
        collectFields(e.fields, e.id, fields);
    return fields;
}

template <typename T> T &pick(std::vector<T> &items, std::mt19937 &rng) {
    return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

// One random edit of `p` and what it touched; false when the model has
// nothing of the kind to edit. The edit may be one the studio refuses
// (validateProject says so).
inline bool randomEdit(Project &p, std::mt19937 &rng, AnalysisChange &change, std::string &what) {
    change = {};
    const int kind = std::uniform_int_distribution<int>(0, 14)(rng);
    switch (kind) {
    case 0: { // a field's size or presence
        std::vector<FieldAt> fields = allFields(p);
        if (fields.empty())
            return false;
        FieldAt &at = pick(fields, rng);
        Field &f = *at.field;
        if (hasByteLength(f.isArray() ? f.elementType : f.type)) {
            f.avgBytes = f.avgBytes * 1.5 + 1;
            if (f.maxBytes > 0 && f.maxBytes < f.avgBytes)
                f.maxBytes = std::uint64_t(f.avgBytes) + 1;
        } else if (f.isArray()) {
            f.avgCount += 1;
            if (f.maxCount && double(*f.maxCount) < f.avgCount)
                f.maxCount = std::uint64_t(f.avgCount) + 1;
        } else if (f.required) {
            f.required = false;
            f.presence = 0.5;
        } else {
            f.presence = f.presence / 2;
        }
        change.entities = {at.entityId};
        what = "field " + f.id;
        return true;
    }
    case 1: { // an entity's count and growth
        Entity &e = pick(p.entities, rng);
        e.count = e.count * 2 + 10;
        e.growthPerDay += 3;
        change.entities = {e.id};
        what = "entity " + e.id;
        return true;
    }
    case 2: { // a relationship's parameters
        if (p.relationships.empty())
            return false;
        Relationship &r = pick(p.relationships, rng);
        r.avgChildren += 1;
        if (r.maxChildren && double(*r.maxChildren) < r.avgChildren)
            r.maxChildren = std::uint64_t(r.avgChildren) + 1;
        if (r.subsetCount > 0)
            r.subsetCount += 1;
        change.entities = {r.parentId, r.childId};
        what = "relationship " + r.id;
        return true;
    }
    case 3: { // an index made unique or sparse
        if (p.indexes.empty())
            return false;
        IndexSpec &ix = pick(p.indexes, rng);
        if (ix.unique)
            ix.sparse = !ix.sparse;
        else
            ix.unique = true;
        change.indexes = {ix.id};
        what = "index " + ix.id;
        return true;
    }
    case 4: { // an index removed
        if (p.indexes.empty())
            return false;
        const std::size_t i = std::uniform_int_distribution<std::size_t>(0, p.indexes.size() - 1)(rng);
        change.indexes = {p.indexes[i].id};
        what = "index removed " + p.indexes[i].id;
        p.indexes.erase(p.indexes.begin() + std::ptrdiff_t(i));
        return true;
    }
    case 5: // a field added
    case 13: { // a field 'id' beside _id
        Entity &e = pick(p.entities, rng);
        Field f;
        f.id = p.newId("f");
        f.name = kind == 5 ? "extra" + f.id : "id";
        f.avgBytes = 12;
        f.maxBytes = 40;
        e.fields.push_back(f);
        change.entities = {e.id};
        what = "field " + f.name + " added to " + e.id;
        return true;
    }
    case 6: { // an entity renamed
        Entity &e = pick(p.entities, rng);
        e.name += "X";
        change.entities = {e.id};
        what = "entity renamed " + e.id;
        return true;
    }
    case 7: { // an access pattern's frequency
        if (p.accessPatterns.empty())
            return false;
        AccessPattern &q = pick(p.accessPatterns, rng);
        q.frequencyPerSecond = q.frequencyPerSecond * 3 + 50;
        change.accessPatterns = {q.id};
        what = "pattern frequency " + q.id;
        return true;
    }
    case 8: { // an access pattern filters on one more path, or one fewer
        if (p.accessPatterns.empty())
            return false;
        AccessPattern &q = pick(p.accessPatterns, rng);
        if (!q.equality.empty() && rng() % 2)
            q.equality.pop_back();
        else
            q.equality.push_back(rng() % 2 ? std::string("noSuchField") : std::string("_id"));
        change.accessPatterns = {q.id};
        what = "pattern filter " + q.id;
        return true;
    }
    case 9: { // an access pattern moved to another entity
        if (p.accessPatterns.empty())
            return false;
        AccessPattern &q = pick(p.accessPatterns, rng);
        q.entityId = pick(p.entities, rng).id;
        q.alsoReads.clear();
        change.accessPatterns = {q.id};
        what = "pattern moved " + q.id;
        return true;
    }
    case 10: { // an index's first key on another path
        if (p.indexes.empty())
            return false;
        IndexSpec &ix = pick(p.indexes, rng);
        if (ix.keys.empty())
            return false;
        ix.keys.front().path = rng() % 2 ? std::string("noSuchField") : std::string("_id");
        change.indexes = {ix.id};
        what = "index key " + ix.id;
        return true;
    }
    case 11: { // a field becomes a copy of another entity's field
        std::vector<FieldAt> fields = allFields(p);
        if (fields.size() < 2)
            return false;
        FieldAt &copy = pick(fields, rng);
        const FieldAt &source = pick(fields, rng);
        if (source.entityId == copy.entityId)
            return false;
        copy.field->details.edit().duplicatedFrom = source.field->id;
        copy.field->details.edit().duplication = Duplication::None;
        change.entities = {copy.entityId};
        what = "field " + copy.field->id + " copies " + source.field->id;
        return true;
    }
    case 12: { // a field renamed (a copy elsewhere may name it)
        std::vector<FieldAt> fields = allFields(p);
        if (fields.empty())
            return false;
        FieldAt &at = pick(fields, rng);
        at.field->name += "Y";
        change.entities = {at.entityId};
        what = "field renamed " + at.field->id;
        return true;
    }
    default: { // a project setting: everything
        p.growthDays += 30;
        change.everything = true;
        what = "growth horizon";
        return true;
    }
    }
}

// randomEdit, as the studio takes it: an edit it would refuse
// (validateProject) is undone and reported as touching everything (the
// project's objects are copies of what they were).
inline bool randomAcceptedEdit(Project &p, std::mt19937 &rng, AnalysisChange &change, std::string &what) {
    const Project before = p;
    if (!randomEdit(p, rng, change, what))
        return false;
    if (validateProject(p))
        return true;
    p = before;
    change = {};
    change.everything = true;
    what += " (refused, undone)";
    return true;
}

} // namespace docshape::test
