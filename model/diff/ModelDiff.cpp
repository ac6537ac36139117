#include "diff/ModelDiff.h"

#include "diff/DiffConsequences.h"
#include "diff/PropertyValues.h"

#include <map>
#include <set>

namespace docshape {

using nlohmann::ordered_json;
using diffdetail::compareMembers;
using diffdetail::valueJson;

std::string_view toString(ChangeKind kind) {
    switch (kind) {
    case ChangeKind::Added:
        return "added";
    case ChangeKind::Removed:
        return "removed";
    case ChangeKind::Renamed:
        return "renamed";
    case ChangeKind::Changed:
        return "changed";
    }
    return {};
}

std::string_view toString(ObjectKind kind) {
    switch (kind) {
    case ObjectKind::Project:
        return "project";
    case ObjectKind::Entity:
        return "entity";
    case ObjectKind::Field:
        return "field";
    case ObjectKind::Relationship:
        return "relationship";
    case ObjectKind::AccessPattern:
        return "accessPattern";
    case ObjectKind::Index:
        return "index";
    case ObjectKind::Decision:
        return "decision";
    }
    return {};
}

std::vector<const ObjectChange *> ModelDiff::of(ObjectKind kind) const {
    std::vector<const ObjectChange *> out;
    for (const auto &c : changes)
        if (c.object == kind)
            out.push_back(&c);
    return out;
}

namespace {

// A field where it sits: its entity, its parent field (empty at the top) and
// its dotted path of names.
struct PlacedField {
    const Field *field = nullptr;
    const Entity *entity = nullptr;
    std::string parentId;
    std::string path; // "Order.items.sku"
};

void placeFields(const std::vector<Field> &fields, const Entity &entity, const std::string &parentId,
                 const std::string &prefix, std::vector<PlacedField> &out) {
    for (const auto &f : fields) {
        out.push_back({&f, &entity, parentId, prefix + "." + f.name});
        placeFields(f.fields, entity, f.id, prefix + "." + f.name, out);
    }
}

std::vector<PlacedField> placedFields(const Project &project) {
    std::vector<PlacedField> out;
    for (const auto &e : project.entities) {
        placeFields(e.fields, e, {}, e.name, out);
        for (const auto &v : e.variants)
            placeFields(v.fields, e, {}, e.name + "[" + v.value + "]", out);
    }
    return out;
}

// The variants of an entity without their fields (listed as fields).
ordered_json variantsJson(const Entity &e) {
    ordered_json out = ordered_json::array();
    for (const auto &v : e.variants)
        out.push_back({{"value", v.value}, {"share", v.share}});
    return out;
}

std::string nameOf(const Relationship &r, const Project &p) {
    if (!r.name.empty())
        return r.name;
    const Entity *parent = p.findEntity(r.parentId);
    const Entity *child = p.findEntity(r.childId);
    return (parent ? parent->name : r.parentId) + " - " + (child ? child->name : r.childId);
}

std::string nameOf(const IndexSpec &i, const Project &) { return indexName(i); }
std::string nameOf(const AccessPattern &q, const Project &) { return q.name; }
std::string nameOf(const Decision &d, const Project &) { return d.title; }
std::string nameOf(const Entity &e, const Project &) { return e.name; }

// Objects of one list matched by id: the new version's in its order, then
// the removed ones in the old version's order.
template <typename T, typename Compare>
void diffList(ObjectKind kind, const std::vector<T> &before, const std::vector<T> &after, const Project &pb,
              const Project &pa, Compare compare, std::vector<ObjectChange> &out) {
    std::map<std::string_view, const T *> old;
    for (const auto &o : before)
        old.emplace(o.id, &o);
    std::set<std::string_view> seen;
    for (const auto &o : after) {
        auto it = old.find(o.id);
        if (it == old.end()) {
            out.push_back({kind, ChangeKind::Added, o.id, nameOf(o, pa), {}, {}, {}, {}});
            continue;
        }
        seen.insert(o.id);
        std::vector<PropertyChange> props = compare(*it->second, o);
        if (props.empty())
            continue;
        const std::string oldName = nameOf(*it->second, pb);
        const std::string newName = nameOf(o, pa);
        const bool renamed = oldName != newName;
        out.push_back({kind, renamed ? ChangeKind::Renamed : ChangeKind::Changed, o.id, newName,
                       renamed ? oldName : std::string(), {}, {}, std::move(props)});
    }
    for (const auto &o : before)
        if (!seen.contains(o.id))
            out.push_back({kind, ChangeKind::Removed, o.id, nameOf(o, pb), {}, {}, {}, {}});
}

void diffFields(const Project &before, const Project &after, std::vector<ObjectChange> &out) {
    const std::vector<PlacedField> oldFields = placedFields(before);
    const std::vector<PlacedField> newFields = placedFields(after);
    std::map<std::string_view, const PlacedField *> old;
    for (const auto &p : oldFields)
        old.emplace(p.field->id, &p);
    std::set<std::string_view> seen;
    for (const auto &p : newFields) {
        auto it = old.find(p.field->id);
        if (it == old.end()) {
            out.push_back({ObjectKind::Field, ChangeKind::Added, p.field->id, p.field->name, {}, p.entity->id, p.path, {}});
            continue;
        }
        seen.insert(p.field->id);
        const PlacedField &o = *it->second;
        std::vector<PropertyChange> props = compareMembers(*o.field, *p.field, {"id", "fields"});
        if (o.entity->id != p.entity->id)
            props.insert(props.begin(), {"entity", o.entity->name, p.entity->name});
        if (o.parentId != p.parentId && o.entity->id == p.entity->id)
            props.insert(props.begin(), {"parent", o.path.substr(0, o.path.rfind('.')),
                                         p.path.substr(0, p.path.rfind('.'))});
        if (props.empty())
            continue;
        const bool renamed = o.field->name != p.field->name;
        out.push_back({ObjectKind::Field, renamed ? ChangeKind::Renamed : ChangeKind::Changed, p.field->id,
                       p.field->name, renamed ? o.field->name : std::string(), p.entity->id, p.path,
                       std::move(props)});
    }
    for (const auto &o : oldFields) {
        if (seen.contains(o.field->id))
            continue;
        // A field removed with its parent is said once, by the parent.
        if (!o.parentId.empty() && !after.findField(o.parentId))
            continue;
        out.push_back({ObjectKind::Field, ChangeKind::Removed, o.field->id, o.field->name, {}, o.entity->id, o.path, {}});
    }
}

std::vector<PropertyChange> compareEntities(const Entity &a, const Entity &b) {
    std::vector<PropertyChange> props = compareMembers(a, b, {"id", "fields", "variants", "position"});
    ordered_json va = variantsJson(a), vb = variantsJson(b);
    if (va != vb)
        props.push_back({"variants", std::move(va), std::move(vb)});
    return props;
}

bool embeds(Representation r) {
    return r == Representation::EmbedOne || r == Representation::EmbedArray || r == Representation::Bucket;
}

std::string numberText(std::uint64_t n) { return std::to_string(n); }

std::vector<RepresentationChange> representationChanges(const Project &before, const Project &after) {
    std::vector<RepresentationChange> out;
    for (const auto &r : after.relationships) {
        const Relationship *o = before.findRelationship(r.id);
        if (!o)
            continue;
        std::string summary;
        if (o->representation != r.representation) {
            summary = std::string(toString(o->representation)) + " → " + std::string(toString(r.representation));
            if (embeds(o->representation) != embeds(r.representation))
                summary += embeds(r.representation) ? " (reference → embed)" : " (embed → reference)";
        } else if (r.representation == Representation::Subset && o->subsetCount != r.subsetCount) {
            summary = "subset " + numberText(o->subsetCount) + " → " + numberText(r.subsetCount);
        } else if (r.representation == Representation::Bucket && o->bucketSize != r.bucketSize) {
            summary = "bucket " + numberText(o->bucketSize) + " → " + numberText(r.bucketSize);
        } else {
            continue;
        }
        out.push_back({r.id, nameOf(r, after), o->representation, r.representation, std::move(summary)});
    }
    return out;
}

} // namespace

ModelDiff diffObjects(const Project &before, const Project &after) {
    ModelDiff d;
    d.beforeName = before.name;
    d.afterName = after.name;
    std::vector<PropertyChange> settings =
        compareMembers(before, after, {"entities", "relationships", "accessPatterns", "indexes", "decisions"});
    if (!settings.empty()) {
        const bool renamed = before.name != after.name;
        d.changes.push_back({ObjectKind::Project, renamed ? ChangeKind::Renamed : ChangeKind::Changed, {}, after.name,
                             renamed ? before.name : std::string(), {}, {}, std::move(settings)});
    }
    diffList(ObjectKind::Entity, before.entities, after.entities, before, after, compareEntities, d.changes);
    diffFields(before, after, d.changes);
    diffList(ObjectKind::Relationship, before.relationships, after.relationships, before, after,
             [](const Relationship &a, const Relationship &b) { return compareMembers(a, b, {"id"}); }, d.changes);
    diffList(ObjectKind::AccessPattern, before.accessPatterns, after.accessPatterns, before, after,
             [](const AccessPattern &a, const AccessPattern &b) { return compareMembers(a, b, {"id"}); }, d.changes);
    diffList(ObjectKind::Index, before.indexes, after.indexes, before, after,
             [](const IndexSpec &a, const IndexSpec &b) { return compareMembers(a, b, {"id"}); }, d.changes);
    diffList(ObjectKind::Decision, before.decisions, after.decisions, before, after,
             [](const Decision &a, const Decision &b) { return compareMembers(a, b, {"id"}); }, d.changes);
    d.representations = representationChanges(before, after);
    return d;
}

ModelDiff diffModels(const Project &before, const Project &after) {
    ModelDiff d = diffObjects(before, after);
    if (!d.equal())
        d.consequences = diffConsequences(before, after);
    return d;
}

} // namespace docshape
