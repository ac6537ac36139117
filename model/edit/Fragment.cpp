#include "edit/Fragment.h"

#include "edit/ModelLookup.h"

#include "io/ProjectFile.h"
#include "io/ProjectReader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <unordered_set>

namespace docshape::edit {

namespace {

constexpr std::string_view kEnvelopeKey = "docshapeFragment";
constexpr int kEnvelopeVersion = 1;

void forEachField(std::vector<Field> &fields, const std::function<void(Field &)> &visit) {
    for (Field &f : fields) {
        visit(f);
        forEachField(f.fields, visit);
    }
}

void forEachField(Entity &entity, const std::function<void(Field &)> &visit) {
    forEachField(entity.fields, visit);
    for (Variant &variant : entity.variants)
        forEachField(variant.fields, visit);
}

void collectFieldIds(const std::vector<Field> &fields, std::unordered_set<std::string> &ids) {
    for (const Field &f : fields) {
        ids.insert(f.id);
        collectFieldIds(f.fields, ids);
    }
}

// The ids of the entity's fields, its variants' included.
void collectFieldIds(const Entity &entity, std::unordered_set<std::string> &ids) {
    collectFieldIds(entity.fields, ids);
    for (const Variant &v : entity.variants)
        collectFieldIds(v.fields, ids);
}

void clearDuplication(Field &f) {
    FieldDetails &w = f.details.edit();
    w.duplicatedFrom.clear();
    w.duplication = Duplication::None;
    w.duplicationOwner.clear();
}

// Whether the copy alone holds the reference's field, so that it can point
// at an entity left behind without changing it.
bool heldByCopy(const Relationship &r, bool parentCopied, bool childCopied) {
    switch (r.representation) {
    case Representation::ReferenceFromChild: return childCopied && !parentCopied;
    case Representation::ReferenceArrayInParent:
    case Representation::ExtendedReference: return parentCopied && !childCopied;
    default: return false;
    }
}

// A context entity as the fragment holds it: its name and fields, which a
// copied reference or source names, without references of its own.
Entity contextCopy(const Entity &e) {
    Entity c = e;
    forEachField(c, [](Field &f) {
        if (!f.details->duplicatedFrom.empty())
            clearDuplication(f);
    });
    return c;
}

// Appends the context to the fragment: the entities in `context` and those
// whose fields the copied fields duplicate, so that it names every
// reference and source it holds.
void addContext(const Project &project, Fragment &fragment, std::set<std::string> context) {
    std::unordered_set<std::string> inside;
    for (const Entity &e : fragment.project.entities)
        collectFieldIds(e, inside);
    for (Entity &e : fragment.project.entities)
        forEachField(e, [&](Field &f) {
            const std::string &source = f.details->duplicatedFrom;
            if (source.empty() || inside.count(source))
                return;
            if (const Entity *owner = entityOfField(project, source))
                context.insert(owner->id);
        });
    for (const Entity &e : project.entities)
        if (context.count(e.id)) {
            fragment.project.entities.push_back(contextCopy(e));
            fragment.contextIds.push_back(e.id);
        }
}

// Fresh ids: for each prefix, the next number whose id `project` does not
// use (nor an id made before).
class IdMaker {
public:
    explicit IdMaker(const Project &project) {
        for (const Entity &e : project.entities) {
            m_used.insert(e.id);
            collectFieldIds(e, m_used);
        }
        for (const Relationship &r : project.relationships)
            m_used.insert(r.id);
        for (const AccessPattern &q : project.accessPatterns)
            m_used.insert(q.id);
        for (const IndexSpec &i : project.indexes)
            m_used.insert(i.id);
    }

    std::string next(const std::string &prefix) {
        std::size_t &n = m_next[prefix];
        for (;;) {
            std::string id = prefix + std::to_string(++n);
            if (m_used.insert(id).second)
                return id;
        }
    }

private:
    std::unordered_set<std::string> m_used;
    std::map<std::string, std::size_t> m_next;
};

// `base` when no name in `taken` is it; else base + "Copy", base + "Copy2", ...
std::string uniqueName(const std::string &base, const std::set<std::string> &taken) {
    if (!taken.count(base))
        return base;
    for (int i = 1;; ++i) {
        std::string candidate = base + "Copy" + (i == 1 ? std::string() : std::to_string(i));
        if (!taken.count(candidate))
            return candidate;
    }
}

// New ids for the fields (and their subfields), recorded in `ids`.
void renumberFields(std::vector<Field> &fields, IdMaker &maker, std::map<std::string, std::string> &ids) {
    for (Field &f : fields) {
        std::string fresh = maker.next("f");
        ids[f.id] = fresh;
        f.id = std::move(fresh);
        renumberFields(f.fields, maker, ids);
    }
}

// The context entities that `into` has: the same id and the same name.
std::set<std::string> contextIn(const Project &into, const Fragment &fragment) {
    std::set<std::string> found;
    for (const std::string &id : fragment.contextIds) {
        const Entity *there = into.findEntity(id);
        const Entity *here = fragment.project.findEntity(id);
        if (there && here && there->name == here->name)
            found.insert(id);
    }
    return found;
}

// Duplication sources follow the renumbering; a source in a context entity
// stays when `into` has that entity and the field, else it is dropped.
void relinkSources(std::vector<Field> &fields, const std::map<std::string, std::string> &ids, const Project &into,
                   const Fragment &fragment, const std::set<std::string> &found) {
    forEachField(fields, [&](Field &f) {
        const std::string &source = f.details->duplicatedFrom;
        if (source.empty())
            return;
        if (const auto it = ids.find(source); it != ids.end()) {
            f.details.edit().duplicatedFrom = it->second;
            return;
        }
        const Entity *owner = entityOfField(fragment.project, source);
        if (!owner || !found.count(owner->id) || !into.findField(source))
            clearDuplication(f);
    });
}

} // namespace

bool Fragment::isContext(const std::string &entityId) const {
    return std::find(contextIds.begin(), contextIds.end(), entityId) != contextIds.end();
}

Fragment copyEntities(const Project &project, const std::vector<std::string> &entityIds) {
    std::set<std::string> chosen;
    for (const std::string &id : entityIds)
        if (project.findEntity(id))
            chosen.insert(id);
    // Whatever a chosen entity embeds goes with it, at any depth.
    for (bool grew = true; grew;) {
        grew = false;
        for (const Relationship &r : project.relationships)
            if (embedsChild(r.representation) && chosen.count(r.parentId) && chosen.insert(r.childId).second)
                grew = true;
    }
    Fragment fragment;
    fragment.kind = Fragment::Kind::Entities;
    for (const Entity &e : project.entities) // in the project's order
        if (chosen.count(e.id))
            fragment.project.entities.push_back(e);
    std::set<std::string> context;
    for (const Relationship &r : project.relationships) {
        const bool parent = chosen.count(r.parentId) > 0, child = chosen.count(r.childId) > 0;
        if (parent && child) {
            fragment.project.relationships.push_back(r);
        } else if (heldByCopy(r, parent, child)) {
            fragment.project.relationships.push_back(r);
            context.insert(parent ? r.childId : r.parentId);
        }
    }
    addContext(project, fragment, std::move(context));
    return fragment;
}

Fragment copyFields(const Project &project, const std::vector<std::string> &fieldIds) {
    Fragment fragment;
    fragment.kind = Fragment::Kind::Fields;
    Entity holder;
    holder.id = project.newId("e");
    std::set<std::string> names; // the holder's name is apart from every context entity's
    for (const Entity &e : project.entities)
        names.insert(e.name);
    holder.name = uniqueName("CopiedFields", names);
    std::set<std::string> seen;
    for (const std::string &id : fieldIds)
        if (const Field *f = project.findField(id); f && seen.insert(id).second)
            holder.fields.push_back(*f);
    // A field chosen together with a field inside it is copied once, inside.
    std::unordered_set<std::string> nested;
    for (const Field &f : holder.fields)
        collectFieldIds(f.fields, nested);
    std::erase_if(holder.fields, [&](const Field &f) { return nested.count(f.id) > 0; });
    fragment.project.entities.push_back(std::move(holder));
    addContext(project, fragment, {});
    return fragment;
}

std::string fragmentText(const Fragment &fragment) {
    nlohmann::ordered_json envelope;
    envelope[std::string(kEnvelopeKey)] = kEnvelopeVersion;
    envelope["kind"] = fragment.kind == Fragment::Kind::Fields ? "fields" : "entities";
    envelope["context"] = fragment.contextIds;
    envelope["project"] = nlohmann::ordered_json::parse(serializeProject(fragment.project));
    return envelope.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

Result<Fragment> parseFragment(std::string_view text) {
    const Error notOne{"clipboard", "it holds no DocShape entities or fields"};
    if (text.size() > io::kMaxFileBytes)
        return Error{"clipboard", "the text is larger than a model may be (256 MiB)"};
    // A cheap look before a parse: most clipboard text is not a fragment.
    if (text.find(kEnvelopeKey) == std::string_view::npos)
        return notOne;
    const auto envelope = nlohmann::json::parse(text.begin(), text.end(), nullptr, false);
    if (envelope.is_discarded() || !envelope.is_object() || !envelope.contains(kEnvelopeKey))
        return notOne;
    const auto &version = envelope[std::string(kEnvelopeKey)];
    if (!version.is_number_integer() || version.get<std::int64_t>() != kEnvelopeVersion)
        return Error{"clipboard." + std::string(kEnvelopeKey),
                     "a fragment of another DocShape version (this one reads version 1)"};
    Fragment fragment;
    const auto kind = envelope.find("kind");
    if (kind == envelope.end() || !kind->is_string() || (*kind != "entities" && *kind != "fields"))
        return Error{"clipboard.kind", "'entities' or 'fields' expected"};
    fragment.kind = *kind == "fields" ? Fragment::Kind::Fields : Fragment::Kind::Entities;
    const auto project = envelope.find("project");
    if (project == envelope.end() || !project->is_object())
        return Error{"clipboard.project", "a model expected"};
    Result<Project> parsed = parseProject(project->dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
    if (!parsed) {
        // "$.entities[1].name" inside the envelope.
        const std::string &where = parsed.error().where;
        return Error{"clipboard.project" + (where.starts_with('$') ? where.substr(1) : std::string()),
                     parsed.error().message};
    }
    fragment.project = std::move(*parsed);
    if (const auto context = envelope.find("context"); context != envelope.end()) {
        if (!context->is_array())
            return Error{"clipboard.context", "an array of entity ids expected"};
        for (std::size_t i = 0; i < context->size(); ++i) {
            const auto &id = (*context)[i];
            const std::string where = "clipboard.context[" + std::to_string(i) + "]";
            if (!id.is_string() || !fragment.project.findEntity(id.get<std::string>()))
                return Error{where, "the id of an entity of the fragment expected"};
            if (fragment.isContext(id.get<std::string>()))
                return Error{where, "named twice"};
            fragment.contextIds.push_back(id.get<std::string>());
        }
    }
    const std::size_t copied = fragment.project.entities.size() - fragment.contextIds.size();
    if (fragment.kind == Fragment::Kind::Fields && copied != 1)
        return Error{"clipboard.project.entities", "copied fields come in one entity"};
    if (fragment.kind == Fragment::Kind::Entities && copied == 0)
        return Error{"clipboard.project.entities", "no entity is copied, only context"};
    return fragment;
}

PastedEntities pasteEntities(const Project &into, const Fragment &fragment, double dx, double dy) {
    PastedEntities pasted;
    IdMaker ids(into);
    std::set<std::string> entityNames, collectionNames;
    for (const Entity &e : into.entities) {
        entityNames.insert(e.name);
        collectionNames.insert(e.collectionName.empty() ? e.name : e.collectionName);
    }
    for (const Relationship &r : into.relationships)
        if (!r.junctionName.empty())
            collectionNames.insert(r.junctionName);
    const std::set<std::string> found = contextIn(into, fragment);

    std::map<std::string, std::string> entityIds, fieldIds;
    for (Entity e : fragment.project.entities) {
        if (fragment.isContext(e.id))
            continue;
        const std::string fresh = ids.next("e");
        entityIds[e.id] = fresh;
        e.id = fresh;
        // A derived collection name is the entity's name: both must be free.
        std::set<std::string> taken = entityNames;
        if (e.collectionName.empty())
            taken.insert(collectionNames.begin(), collectionNames.end());
        e.name = uniqueName(e.name, taken);
        entityNames.insert(e.name);
        if (!e.collectionName.empty())
            e.collectionName = uniqueName(e.collectionName, collectionNames);
        collectionNames.insert(e.collectionName.empty() ? e.name : e.collectionName);
        renumberFields(e.fields, ids, fieldIds);
        for (Variant &v : e.variants)
            renumberFields(v.fields, ids, fieldIds);
        e.position.x += dx;
        e.position.y += dy;
        pasted.entities.push_back(std::move(e));
    }
    for (Entity &e : pasted.entities) {
        relinkSources(e.fields, fieldIds, into, fragment, found);
        for (Variant &v : e.variants)
            relinkSources(v.fields, fieldIds, into, fragment, found);
    }
    // An end is a pasted entity, or a context entity `into` has.
    const auto end = [&](const std::string &id) -> std::optional<std::string> {
        if (const auto it = entityIds.find(id); it != entityIds.end())
            return it->second;
        if (found.count(id))
            return id;
        return std::nullopt;
    };
    for (Relationship r : fragment.project.relationships) {
        const auto parent = end(r.parentId), child = end(r.childId);
        if (!parent || !child)
            continue;
        bool copiedFieldsThere = true;
        for (std::string &field : r.copiedFieldIds) {
            if (const auto it = fieldIds.find(field); it != fieldIds.end())
                field = it->second;
            else
                copiedFieldsThere = copiedFieldsThere && into.findField(field) != nullptr;
        }
        if (!copiedFieldsThere)
            continue;
        r.id = ids.next("r");
        r.parentId = *parent;
        r.childId = *child;
        if (!r.junctionName.empty()) {
            r.junctionName = uniqueName(r.junctionName, collectionNames);
            collectionNames.insert(r.junctionName);
        }
        pasted.relationships.push_back(std::move(r));
    }
    return pasted;
}

std::vector<Field> pasteFields(const Project &into, const std::vector<Field> &siblings, const Fragment &fragment) {
    IdMaker ids(into);
    std::set<std::string> names;
    for (const Field &f : siblings)
        names.insert(f.name);
    std::vector<Field> fields;
    std::map<std::string, std::string> fieldIds;
    for (const Entity &holder : fragment.project.entities)
        if (!fragment.isContext(holder.id))
            for (Field f : holder.fields) {
                f.name = uniqueName(f.name, names);
                names.insert(f.name);
                fields.push_back(std::move(f));
            }
    renumberFields(fields, ids, fieldIds);
    relinkSources(fields, fieldIds, into, fragment, contextIn(into, fragment));
    return fields;
}

} // namespace docshape::edit
