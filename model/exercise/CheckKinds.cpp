#include "exercise/CheckKinds.h"

#include "advisor/Advisor.h"
#include "core/IndexSpec.h"
#include "core/ObjectNames.h"
#include "derive/DeriveCollections.h"
#include "export/ValidatorExporter.h"
#include "migrate/MigrationPlan.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <set>

namespace docshape::exercise {

namespace {

using nlohmann::json;
using ojson = nlohmann::ordered_json;

std::string num(double v) {
    if (std::floor(v) == v && std::fabs(v) < 1e15)
        return std::to_string(static_cast<long long>(v));
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", v);
    return buf;
}

std::string joined(const std::vector<std::string> &items, std::string_view sep = ", ") {
    std::string out;
    for (const auto &s : items) {
        if (!out.empty())
            out += sep;
        out += s;
    }
    return out;
}

FindingTarget entityTarget(const Entity &e) { return {"entity", e.id, e.name}; }
FindingTarget patternTarget(const AccessPattern &q) { return {"accessPattern", q.id, q.name}; }
FindingTarget collectionTarget(const std::string &name) { return {"collection", "", name}; }
FindingTarget projectTarget(const Project &p) { return {"project", "", p.name}; }
FindingTarget fieldTarget(const Field &f, const std::string &where) { return {"field", f.id, where}; }
FindingTarget relationshipTarget(const Project &p, const Relationship &r) {
    return {"relationship", r.id, relationshipLabel(p, r)};
}

// What a check found: pass or fail, why, and where.
struct Outcome {
    bool passed = false;
    std::string reason;
    FindingTarget target;
};

Outcome pass(std::string reason, FindingTarget target = {}) { return {true, std::move(reason), std::move(target)}; }
Outcome fail(std::string reason, FindingTarget target = {}) { return {false, std::move(reason), std::move(target)}; }

std::string param(const CheckSpec &spec, const char *key) {
    const auto it = spec.params.find(key);
    return it != spec.params.end() && it->is_string() ? it->get<std::string>() : std::string();
}

std::vector<std::string> params(const CheckSpec &spec, const char *key) {
    std::vector<std::string> out;
    const auto it = spec.params.find(key);
    if (it != spec.params.end() && it->is_array())
        for (const auto &v : *it)
            if (v.is_string())
                out.push_back(v.get<std::string>());
    return out;
}

std::vector<std::string> splitPath(std::string_view path) {
    std::vector<std::string> out;
    while (true) {
        const std::size_t dot = path.find('.');
        out.emplace_back(path.substr(0, dot));
        if (dot == std::string_view::npos)
            return out;
        path.remove_prefix(dot + 1);
    }
}

struct Lookup {
    const CheckContext &ctx;

    const Entity *entity(const std::string &name) const { return ctx.project.findEntityByName(name); }
    Outcome noEntity(const std::string &name) const {
        return fail("the model has no entity named '" + name + "' (the statement's names are what the checks read)",
                    projectTarget(ctx.project));
    }

    // The entity named by `entity`, or the first one (collection roots
    // first) whose own fields include every name of `hasFields`.
    const Entity *entityOf(const CheckSpec &spec) const {
        if (const std::string name = param(spec, "entity"); !name.empty())
            return entity(name);
        const std::vector<std::string> wanted = params(spec, "hasFields");
        const Entity *found = nullptr;
        for (const auto &e : ctx.project.entities) {
            const bool all = std::all_of(wanted.begin(), wanted.end(), [&](const std::string &w) {
                return std::any_of(e.fields.begin(), e.fields.end(), [&](const Field &f) { return f.name == w; });
            });
            if (!all)
                continue;
            const CollectionShape *c = collectionOf(ctx.analysis.derived, e.id);
            if (c && c->rootEntityId == e.id)
                return &e;
            if (!found)
                found = &e;
        }
        return found;
    }
    Outcome noEntityOf(const CheckSpec &spec) const {
        if (const std::string name = param(spec, "entity"); !name.empty())
            return noEntity(name);
        return fail("no entity of the model has the fields " + joined(params(spec, "hasFields")),
                    projectTarget(ctx.project));
    }

    const CollectionShape *collection(const Entity &e) const { return collectionOf(ctx.analysis.derived, e.id); }
    const CollectionStat *stat(const CollectionShape &c) const {
        const std::size_t i = static_cast<std::size_t>(&c - ctx.analysis.derived.collections.data());
        return i < ctx.analysis.collections.size() ? &ctx.analysis.collections[i] : nullptr;
    }
    const AccessPattern *pattern(const std::string &name) const {
        for (const auto &q : ctx.project.accessPatterns)
            if (q.name == name)
                return &q;
        return nullptr;
    }
    const AccessCost *cost(const AccessPattern &q) const {
        for (const auto &c : ctx.advice.accessPatterns)
            if (c.patternId == q.id)
                return &c;
        return nullptr;
    }
    Outcome noPattern(const std::string &name) const {
        return fail("the model has no access pattern named '" + name +
                        "' (the checks read the workload: keep the statement's "
                        "patterns and their names)",
                    projectTarget(ctx.project));
    }

    // The relationship that put `entityId` where it is, for a reason's target.
    FindingTarget placement(const Entity &e) const {
        for (const auto &r : ctx.project.relationships)
            if (r.childId == e.id && (embedsChild(r.representation) || r.representation == Representation::Subset))
                return relationshipTarget(ctx.project, r);
        return entityTarget(e);
    }
    FindingTarget nodeTarget(const ShapeNode &n, const std::string &where) const {
        if (n.field)
            return fieldTarget(*n.field, where);
        if (!n.relationshipId.empty())
            if (const Relationship *r = ctx.project.findRelationship(n.relationshipId))
                return relationshipTarget(ctx.project, *r);
        return collectionTarget(where);
    }
};

// Every node of a shape with its dotted path, depth first.
void walk(const NodeList &nodes, const std::string &prefix,
          const std::function<void(const ShapeNode &, const std::string &)> &visit) {
    for (const auto &n : nodes) {
        const std::string path = dottedPath(prefix, n.name);
        visit(n, path);
        if (n.hasObject()) {
            walk(n.object->fields, path, visit);
            for (const auto &v : n.object->variants)
                walk(v.fields, path, visit);
        }
    }
}

const ShapeNode *nodeAt(const ObjectShape &shape, std::string_view path) {
    const ShapeNode *found = nullptr;
    walk(shape.fields, "", [&](const ShapeNode &n, const std::string &p) {
        if (!found && p == path)
            found = &n;
    });
    return found;
}

// The schema of a dotted path in a $jsonSchema document, through `items`
// of arrays; null when the validator does not describe it.
const ojson *schemaAt(const ojson &root, std::string_view path) {
    const ojson *at = &root;
    for (const std::string &key : splitPath(path)) {
        if (at->contains("items") && (*at)["items"].is_object())
            at = &(*at)["items"];
        if (!at->contains("properties") || !(*at)["properties"].contains(key))
            return nullptr;
        at = &(*at)["properties"][key];
    }
    return at;
}

// The schema that holds the key of `path` (for its `required`).
const ojson *parentSchemaAt(const ojson &root, std::string_view path) {
    const std::size_t dot = path.rfind('.');
    const ojson *parent = dot == std::string_view::npos ? &root : schemaAt(root, path.substr(0, dot));
    if (parent && parent->contains("items") && (*parent)["items"].is_object())
        parent = &(*parent)["items"];
    return parent;
}

std::string literal(const ojson &v) {
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_object() && v.size() == 1 && v.begin()->is_string())
        return v.begin()->get<std::string>();
    return v.dump();
}

Outcome embeddedArray(const CheckSpec &spec, const Lookup &at) {
    const Entity *e = at.entity(param(spec, "entity"));
    const Entity *parent = at.entity(param(spec, "in"));
    if (!e)
        return at.noEntity(param(spec, "entity"));
    if (!parent)
        return at.noEntity(param(spec, "in"));
    const CollectionShape *home = at.collection(*parent);
    if (!home)
        return fail(parent->name + " is in no collection", entityTarget(*parent));
    const CollectionStat *stat = at.stat(*home);
    const auto a =
        std::find_if(stat->arrays.begin(), stat->arrays.end(), [&](const ArrayStat &s) { return s.entityId == e->id; });
    if (a == stat->arrays.end()) {
        const CollectionShape *where = at.collection(*e);
        return fail("the " + home->name + " documents hold no array of " + e->name +
                        (where && where != home ? ": " + e->name + " is stored in collection '" + where->name + "'"
                                                : std::string()),
                    at.placement(*e));
    }
    if (!a->maxCount)
        return fail("array '" + a->path + "' of " + home->name + " has no maximum: state the largest count " + e->name +
                        " can reach (maxChildren)",
                    at.placement(*e));
    const auto atMost = spec.params.find("atMost");
    if (atMost != spec.params.end() && static_cast<double>(*a->maxCount) > atMost->get<double>())
        return fail("array '" + a->path + "' of " + home->name + " is bounded at " + num(double(*a->maxCount)) +
                        ", more than the " + num(atMost->get<double>()) + " the exercise allows",
                    at.placement(*e));
    auto schema = validatorFor(at.ctx.project, *home);
    if (!schema)
        return fail("the " + home->name + " validator cannot be exported: " + schema.error().toString(),
                    collectionTarget(home->name));
    const ShapeNode *node = nodeAt(home->shape, a->path);
    const bool bySelf = node && (node->origin == NodeOrigin::Subset || node->origin == NodeOrigin::Bucket);
    const auto enforced = maxItemsAt(*schema, a->path);
    if (!bySelf && enforced != a->maxCount)
        return fail("array '" + a->path + "' of " + home->name + " is bounded at " + num(double(*a->maxCount)) +
                        " but the validator does not enforce it (no maxItems): set "
                        "who enforces the bound to the "
                        "validator",
                    at.placement(*e));
    return pass("array '" + a->path + "' of " + home->name + " holds " + e->name + ", at most " +
                    num(double(*a->maxCount)) + (bySelf ? " (kept by the pattern)" : ", maxItems in the validator"),
                at.placement(*e));
}

Outcome notArrayIn(const CheckSpec &spec, const Lookup &at) {
    const Entity *e = at.entity(param(spec, "entity"));
    const Entity *parent = at.entity(param(spec, "in"));
    if (!e)
        return at.noEntity(param(spec, "entity"));
    if (!parent)
        return at.noEntity(param(spec, "in"));
    const CollectionShape *home = at.collection(*parent);
    if (!home)
        return fail(parent->name + " is in no collection", entityTarget(*parent));
    std::optional<Outcome> found;
    walk(home->shape.fields, "", [&](const ShapeNode &n, const std::string &path) {
        if (found || !n.isArray() || n.entityId != e->id || n.origin == NodeOrigin::Subset)
            return;
        const bool ids = n.origin == NodeOrigin::Reference;
        found = fail(
            "'" + path + "' in the " + home->name + " documents is an array of " + e->name +
                (ids ? " ids" : " subdocuments") +
                (n.maxCount ? " (bounded at " + num(double(*n.maxCount)) + ", still growing with every " + e->name + ")"
                            : ", with no maximum"),
            at.nodeTarget(n, home->name + "." + path));
    });
    if (found)
        return *found;
    return pass("no array of " + e->name + " in the " + home->name + " documents", entityTarget(*parent));
}

Outcome ownCollection(const CheckSpec &spec, const Lookup &at) {
    const Entity *e = at.entityOf(spec);
    if (!e)
        return at.noEntityOf(spec);
    const CollectionShape *c = at.collection(*e);
    if (!c || c->kind != CollectionKind::Entity || c->rootEntityId != e->id)
        return fail(e->name + " is not a collection of its own" +
                        (c ? ": it is embedded in the " + c->name + " documents" : std::string()),
                    at.placement(*e));
    std::vector<std::string> refs;
    for (const std::string &name : params(spec, "references")) {
        const Entity *r = at.entity(name);
        if (!r)
            return at.noEntity(name);
        bool holds = false;
        walk(c->shape.fields, "", [&](const ShapeNode &n, const std::string &) {
            holds = holds || ((n.origin == NodeOrigin::Reference || n.origin == NodeOrigin::ExtendedReference) &&
                              n.entityId == r->id);
        });
        if (!holds)
            return fail("the " + c->name + " documents hold no reference to " + r->name, entityTarget(*e));
        refs.push_back(r->name);
    }
    return pass(e->name + " is collection '" + c->name + "'" +
                    (refs.empty() ? std::string() : ", referencing " + joined(refs, " and ")),
                entityTarget(*e));
}

Outcome noFinding(const CheckSpec &spec, const Lookup &at) {
    const std::vector<std::string> rules = params(spec, "rules");
    for (const Finding &f : at.ctx.advice.findings)
        if (std::find(rules.begin(), rules.end(), f.id) != rules.end())
            return fail(f.id + ": " + f.message(), f.target);
    return pass("the advisor reports none of " + joined(rules));
}

// Where an index's keys break the Equality-Sort-Range order for a query
// (MongoDB manual, "The ESR (Equality, Sort, Range) Guideline"): equality
// fields first, then the sort fields in their order, then the range
// fields; keys the query does not use may follow. Empty when they do not.
std::string esrViolation(const AccessPattern &q, const IndexSpec &index) {
    enum Role { Equality, Sort, Range, Other };
    auto roleOf = [&](const std::string &path) {
        if (std::find(q.equality.begin(), q.equality.end(), path) != q.equality.end())
            return Equality;
        if (std::any_of(q.sort.begin(), q.sort.end(), [&](const SortKey &k) { return k.path == path; }))
            return Sort;
        if (std::find(q.range.begin(), q.range.end(), path) != q.range.end())
            return Range;
        return Other;
    };
    static constexpr const char *kRoleNames[] = {"equality", "sort", "range", "other"};
    Role last = Equality;
    std::size_t sortAt = 0;
    for (std::size_t i = 0; i < index.keys.size(); ++i) {
        const IndexKey &key = index.keys[i];
        const Role role = roleOf(key.path);
        if (role == Other)
            break;
        if (role < last)
            return "its key '" + key.path + "' (" + kRoleNames[role] + ") comes after a " + kRoleNames[last] + " key";
        if (role == Sort) {
            if (sortAt >= q.sort.size() || q.sort[sortAt].path != key.path)
                return "its sort keys are not in the order of the query's sort";
            ++sortAt;
        }
        last = role;
    }
    return {};
}

Outcome servedByIndex(const CheckSpec &spec, const Lookup &at) {
    const std::string name = param(spec, "pattern");
    const AccessPattern *q = at.pattern(name);
    const AccessCost *cost = q ? at.cost(*q) : nullptr;
    if (!q || !cost)
        return at.noPattern(name);
    std::vector<std::string> wanted;
    for (const auto &p : q->equality)
        wanted.push_back(p + " (equality)");
    for (const auto &s : q->sort)
        wanted.push_back(s.path + " (sort)");
    for (const auto &p : q->range)
        wanted.push_back(p + " (range)");
    const std::string esr = wanted.empty() ? std::string() : " The ESR rule asks for " + joined(wanted) + ".";
    if (cost->index == "collection scan")
        return fail("'" + name + "' scans " +
                        (cost->collections.empty() ? std::string("its collection") : cost->collections.front()) +
                        ": no index serves it." + esr,
                    patternTarget(*q));
    if (cost->inMemorySort)
        return fail("'" + name + "' is served by " + cost->index +
                        " but sorts in memory: the index does not give "
                        "the order." +
                        esr,
                    patternTarget(*q));
    if (const IndexSpec *index = at.ctx.project.findIndex(cost->indexId)) {
        if (const std::string wrong = esrViolation(*q, *index); !wrong.empty())
            return fail("'" + name + "' is served by " + cost->index + ", but " + wrong + "." + esr,
                        {"index", index->id, indexName(*index)});
    }
    return pass("'" + name + "' is served by " + cost->index, patternTarget(*q));
}

Outcome oneRead(const CheckSpec &spec, const Lookup &at) {
    const std::string name = param(spec, "pattern");
    const AccessPattern *q = at.pattern(name);
    const AccessCost *cost = q ? at.cost(*q) : nullptr;
    if (!q || !cost)
        return at.noPattern(name);
    if (cost->lookups > 0 || cost->roundTrips > 1 || cost->collections.size() > 1)
        return fail("'" + name + "' reads " + std::to_string(cost->collections.size()) + " collections (" +
                        joined(cost->collections) + "): " + std::to_string(cost->roundTrips) +
                        " round trips or $lookup stages per read",
                    patternTarget(*q));
    return pass("'" + name + "' reads one " +
                    (cost->collections.empty() ? std::string("collection") : cost->collections.front() + " document") +
                    " set in one round trip",
                patternTarget(*q));
}

// A field of an entity by dotted path through its subdocument fields.
const Field *fieldAt(const std::vector<Field> &fields, std::string_view path) {
    const std::vector<std::string> keys = splitPath(path);
    const std::vector<Field> *at = &fields;
    const Field *found = nullptr;
    for (const std::string &key : keys) {
        found = nullptr;
        for (const auto &f : *at)
            if (f.name == key)
                found = &f;
        if (!found)
            return nullptr;
        at = &found->fields;
    }
    return found;
}

// "Entity.path" to the entity and its field.
std::pair<const Entity *, const Field *> qualifiedField(const Project &p, std::string_view qualified) {
    const std::size_t dot = qualified.find('.');
    if (dot == std::string_view::npos)
        return {nullptr, nullptr};
    const Entity *e = p.findEntityByName(qualified.substr(0, dot));
    if (!e)
        return {nullptr, nullptr};
    return {e, fieldAt(e->fields, qualified.substr(dot + 1))};
}

struct Copy {
    std::string where; // "LineItem.name", or the relationship's name
    Duplication semantics = Duplication::None;
    FindingTarget target;
};

// Every copy of `source` stored in collection `home`: fields that name it
// in duplicatedFrom, and extended references or subsets that copy it.
std::vector<Copy> copiesOf(const Lookup &at, const Entity &sourceEntity, const Field &source,
                           const CollectionShape &home) {
    std::vector<Copy> out;
    std::vector<std::string> stored = home.embeddedEntityIds;
    stored.push_back(home.rootEntityId);
    const Project &p = at.ctx.project;
    for (const std::string &id : stored) {
        const Entity *e = p.findEntity(id);
        if (!e)
            continue;
        std::function<void(const std::vector<Field> &, const std::string &)> visit = [&](const std::vector<Field>
                                                                                             &fields,
                                                                                         const std::string &prefix) {
            for (const auto &f : fields) {
                const std::string path = dottedPath(prefix, f.name);
                if (f.details->duplicatedFrom == source.id)
                    out.push_back({e->name + "." + path, f.details->duplication, fieldTarget(f, e->name + "." + path)});
                visit(f.fields, path);
            }
        };
        visit(e->fields, "");
        for (const auto &r : p.relationships) {
            const bool copies =
                r.representation == Representation::ExtendedReference || r.representation == Representation::Subset;
            if (!copies || r.parentId != id || r.childId != sourceEntity.id)
                continue;
            if (!r.copiedFieldIds.empty() &&
                std::find(r.copiedFieldIds.begin(), r.copiedFieldIds.end(), source.id) == r.copiedFieldIds.end())
                continue;
            out.push_back(
                {"'" + relationshipName(p, r) + "' (" + std::string(wordsOf(r.representation)) + ")",
                 r.copySemantics, relationshipTarget(p, r)});
        }
    }
    return out;
}

Outcome copySemantics(const CheckSpec &spec, const Lookup &at) {
    const std::string sourceName = param(spec, "source");
    const auto [sourceEntity, source] = qualifiedField(at.ctx.project, sourceName);
    if (!sourceEntity || !source)
        return fail("the model has no field " + sourceName + " (the canonical field the exercise names)",
                    projectTarget(at.ctx.project));
    const Entity *holder = at.entity(param(spec, "in"));
    if (!holder)
        return at.noEntity(param(spec, "in"));
    const CollectionShape *home = at.collection(*holder);
    if (!home)
        return fail(holder->name + " is in no collection", entityTarget(*holder));
    const std::vector<std::string> allowed = params(spec, "semantics");
    const std::vector<Copy> copies = copiesOf(at, *sourceEntity, *source, *home);
    const auto mustExist = spec.params.find("mustExist");
    if (copies.empty()) {
        if (mustExist != spec.params.end() && mustExist->get<bool>())
            return fail("nothing in the " + home->name + " documents copies " + sourceName +
                            " (a field whose duplicatedFrom names it, or an extended "
                            "reference copying it)",
                        entityTarget(*holder));
        return pass("the " + home->name + " documents hold no copy of " + sourceName, entityTarget(*holder));
    }
    for (const Copy &c : copies) {
        const std::string_view got = toString(c.semantics);
        if (std::find(allowed.begin(), allowed.end(), got) == allowed.end())
            return fail(c.where + " copies " + sourceName + " with " +
                            (c.semantics == Duplication::None ? std::string("no stated semantics")
                                                              : std::string(got) + " semantics") +
                            "; this copy must be " + joined(allowed, " or "),
                        c.target);
    }
    return pass(sourceName + " is copied as " + std::string(toString(copies.front().semantics)) + " (" +
                    copies.front().where + ")",
                copies.front().target);
}

Outcome tenancy(const CheckSpec &spec, const Lookup &at) {
    const std::vector<std::string> allowed = params(spec, "allowed");
    const std::string got(toString(at.ctx.project.tenancy));
    if (std::find(allowed.begin(), allowed.end(), got) == allowed.end())
        return fail("the project's tenancy is '" + got + "'; the exercise needs " + joined(allowed, " or "),
                    projectTarget(at.ctx.project));
    return pass("tenancy: " + got +
                    (at.ctx.project.tenancy == Tenancy::SharedCollection ? " on '" + at.ctx.project.tenantField + "'"
                                                                         : std::string()),
                projectTarget(at.ctx.project));
}

Outcome tenantScoped(const CheckSpec &spec, const Lookup &at) {
    std::vector<std::string> names = params(spec, "entities");
    for (const std::string &name : names) {
        const Entity *e = at.entity(name);
        if (!e)
            return at.noEntity(name);
        if (!e->tenantScoped)
            return fail(e->name + " is not tenant-scoped: its documents belong to no tenant", entityTarget(*e));
        if (at.ctx.project.tenancy != Tenancy::SharedCollection)
            continue;
        // In a shared collection every query of the entity filters the tenant
        // (seed lesson-135, "Multi-tenant modeling"); an insert writes it.
        const std::string &field = at.ctx.project.tenantField;
        for (const auto &q : at.ctx.project.accessPatterns) {
            if (q.entityId != e->id || q.operation == Operation::Insert)
                continue;
            const bool filters = std::find(q.equality.begin(), q.equality.end(), field) != q.equality.end() ||
                                 q.operation == Operation::FindOneById;
            if (!q.tenantScoped || !filters)
                return fail("'" + q.name + "' reads or writes " + e->name + " without '" + field +
                                "' in its equality filter",
                            patternTarget(q));
        }
    }
    return pass(joined(names) + " are tenant-scoped");
}

Outcome validator(const CheckSpec &spec, const Lookup &at) {
    const Entity *e = at.entity(param(spec, "entity"));
    if (!e)
        return at.noEntity(param(spec, "entity"));
    const CollectionShape *c = at.collection(*e);
    if (!c || c->rootEntityId != e->id)
        return fail(e->name + " is not a collection of its own, so it has no validator", at.placement(*e));
    auto schema = validatorFor(at.ctx.project, *c);
    if (!schema)
        return fail("the " + c->name + " validator cannot be exported: " + schema.error().toString(), entityTarget(*e));
    const ojson &root = *schema;
    auto target = [&](const std::string &path) {
        const Field *f = fieldAt(e->fields, path);
        return f ? fieldTarget(*f, e->name + "." + path) : entityTarget(*e);
    };
    std::vector<std::string> said;
    for (const std::string &path : params(spec, "required")) {
        const ojson *parent = parentSchemaAt(root, path);
        const std::string key = splitPath(path).back();
        const bool required =
            parent && parent->contains("required") &&
            std::find((*parent)["required"].begin(), (*parent)["required"].end(), key) != (*parent)["required"].end();
        if (!required)
            return fail("the " + c->name + " validator does not require '" + path + "'", target(path));
    }
    if (!params(spec, "required").empty())
        said.push_back("requires " + joined(params(spec, "required")));
    if (const auto it = spec.params.find("enum"); it != spec.params.end())
        for (const auto &[path, values] : it->items()) {
            const ojson *s = schemaAt(root, path);
            if (s && s->contains("items") && s->value("bsonType", "") == "array")
                s = &(*s)["items"];
            std::set<std::string> got;
            if (s && s->contains("enum"))
                for (const auto &v : (*s)["enum"])
                    got.insert(literal(v));
            for (const auto &v : values)
                if (!got.count(v.get<std::string>()))
                    return fail("the " + c->name + " validator does not restrict '" + path + "' to an enum with '" +
                                    v.get<std::string>() + "'",
                                target(path));
            said.push_back(path + " is an enum");
        }
    if (const auto it = spec.params.find("bsonType"); it != spec.params.end())
        for (const auto &[path, type] : it->items()) {
            const ojson *s = schemaAt(root, path);
            const std::string want = type.get<std::string>();
            bool ok = false;
            std::string got = "nothing";
            if (s && s->contains("bsonType")) {
                const ojson &b = (*s)["bsonType"];
                ok = b.is_string() ? b.get<std::string>() == want : std::find(b.begin(), b.end(), want) != b.end();
                got = b.is_string() ? b.get<std::string>() : b.dump();
            }
            if (!ok)
                return fail("the " + c->name + " validator types '" + path + "' as " + got + ", not " + want,
                            target(path));
            said.push_back(path + " is " + want);
        }
    if (const auto it = spec.params.find("minItems"); it != spec.params.end())
        for (const auto &[path, n] : it->items()) {
            const ojson *s = schemaAt(root, path);
            const double want = n.get<double>();
            double got = 0;
            if (s && s->contains("minItems")) {
                const ojson &m = (*s)["minItems"];
                got = m.is_number() ? m.get<double>() : std::stod(literal(m));
            }
            if (got < want)
                return fail("the " + c->name + " validator lets '" + path + "' hold fewer than " + num(want) +
                                " elements (minItems " + num(got) + ")",
                            target(path));
            said.push_back(path + " has minItems " + num(got));
        }
    if (const auto it = spec.params.find("strict"); it != spec.params.end() && it->get<bool>()) {
        if (e->validationLevel != ValidationLevel::Strict || e->validationAction != ValidationAction::Error)
            return fail(e->name + " validates at level '" + std::string(toString(e->validationLevel)) +
                            "' with action '" + std::string(toString(e->validationAction)) +
                            "': invalid writes are not refused (the lesson asks for "
                            "strict and error)",
                        entityTarget(*e));
        said.push_back("strict, error");
    }
    return pass("the " + c->name + " validator " + joined(said, "; "), entityTarget(*e));
}

Outcome schemaVersion(const CheckSpec &spec, const Lookup &at) {
    const Entity *e = at.entity(param(spec, "entity"));
    if (!e)
        return at.noEntity(param(spec, "entity"));
    const int atLeast = spec.params.value("atLeast", 1);
    if (!e->schemaVersion || *e->schemaVersion < atLeast)
        return fail(e->name +
                        (e->schemaVersion ? " records schemaVersion " + std::to_string(*e->schemaVersion)
                                          : std::string(" records no schemaVersion")) +
                        "; the new shape needs " + std::to_string(atLeast) + " or more",
                    entityTarget(*e));
    return pass(e->name + " records schemaVersion " + std::to_string(*e->schemaVersion), entityTarget(*e));
}

Outcome shape(const CheckSpec &spec, const Lookup &at) {
    const Entity *e = at.entity(param(spec, "entity"));
    if (!e)
        return at.noEntity(param(spec, "entity"));
    const CollectionShape *c = at.collection(*e);
    if (!c)
        return fail(e->name + " is in no collection", entityTarget(*e));
    for (const std::string &path : params(spec, "has"))
        if (!nodeAt(c->shape, path))
            return fail("the " + c->name + " documents have no '" + path + "'", entityTarget(*e));
    for (const std::string &path : params(spec, "absent"))
        if (const ShapeNode *n = nodeAt(c->shape, path))
            return fail("the " + c->name + " documents still have '" + path + "'",
                        at.nodeTarget(*n, c->name + "." + path));
    std::vector<std::string> said;
    if (!params(spec, "has").empty())
        said.push_back("have " + joined(params(spec, "has")));
    if (!params(spec, "absent").empty())
        said.push_back("no longer have " + joined(params(spec, "absent")));
    return pass("the " + c->name + " documents " + joined(said, " and "), entityTarget(*e));
}

Outcome migration(const CheckSpec &spec, const Lookup &at) {
    const std::string name = param(spec, "entity");
    const Entity *e = at.entity(name);
    const Entity *before = at.ctx.exercise.start.findEntityByName(name);
    if (!e)
        return at.noEntity(name);
    if (!before)
        return fail("the starting model has no entity named '" + name + "'", entityTarget(*e));
    std::function<std::optional<Outcome>(const std::vector<Field> &, const std::string &)> carried =
        [&](const std::vector<Field> &fields, const std::string &prefix) -> std::optional<Outcome> {
        for (const auto &f : fields) {
            const std::string path = dottedPath(prefix, f.name);
            if (!at.ctx.project.findField(f.id))
                return fail("v1 field " + before->name + "." + path + " (id " + f.id +
                                ") is not in v2: a migration carries values only into "
                                "a field it knows is the "
                                "same one, so move the field (keeping it) instead of "
                                "deleting it and adding "
                                "another",
                            entityTarget(*e));
            if (auto inner = carried(f.fields, path))
                return inner;
        }
        return std::nullopt;
    };
    if (auto lost = carried(before->fields, ""))
        return *lost;
    auto plan = planMigration(at.ctx.exercise.start, at.ctx.project);
    if (!plan)
        return fail("no migration can be planned from the starting model: " + plan.error().toString(),
                    entityTarget(*e));
    const CollectionShape *c = at.collection(*e);
    const std::string collection = c ? c->name : e->name;
    const auto rewrite = std::find_if(plan->steps.begin(), plan->steps.end(), [&](const MigrationStep &s) {
        return s.kind == StepKind::Rewrite && s.collection == collection;
    });
    if (rewrite == plan->steps.end())
        return fail("the migration from the starting model rewrites no " + collection +
                        " documents: v2 has the v1 shape",
                    entityTarget(*e));
    return pass("the migration plans " + std::to_string(plan->steps.size()) + " steps, among them '" + rewrite->title +
                    "'",
                entityTarget(*e));
}

Outcome retention(const CheckSpec &spec, const Lookup &at) {
    const Entity *e = at.entityOf(spec);
    if (!e)
        return at.noEntityOf(spec);
    if (e->retentionDays)
        return pass(e->name + " is kept " + num(*e->retentionDays) + " days", entityTarget(*e));
    for (const auto &index : at.ctx.project.indexes)
        if (index.entityId == e->id && index.expireAfterSeconds)
            return pass(e->name + " expires through TTL index " + indexName(index), entityTarget(*e));
    if (e->timeSeries && e->timeSeries->expireAfterSeconds)
        return pass(e->name + " expires after " + num(double(*e->timeSeries->expireAfterSeconds)) + " s",
                    entityTarget(*e));
    return fail(e->name + " states no retention (retention days or a TTL index): "
                          "its collection grows forever",
                entityTarget(*e));
}

struct Kind {
    std::string_view name;
    Outcome (*run)(const CheckSpec &, const Lookup &);
    std::vector<std::string_view> strings; // required string parameters
    std::vector<std::string_view> arrays;  // required arrays of strings
    std::vector<std::string_view> objects; // optional objects
    bool entityOrFields = false;           // `entity` or `hasFields`
};

const std::vector<Kind> &kinds() {
    static const std::vector<Kind> table = {
        {"embeddedArray", embeddedArray, {"entity", "in"}, {}, {}},
        {"notArrayIn", notArrayIn, {"entity", "in"}, {}, {}},
        {"ownCollection", ownCollection, {}, {}, {}, true},
        {"noFinding", noFinding, {}, {"rules"}, {}},
        {"servedByIndex", servedByIndex, {"pattern"}, {}, {}},
        {"oneRead", oneRead, {"pattern"}, {}, {}},
        {"copySemantics", copySemantics, {"source", "in"}, {"semantics"}, {}},
        {"tenancy", tenancy, {}, {"allowed"}, {}},
        {"tenantScoped", tenantScoped, {}, {"entities"}, {}},
        {"validator", validator, {"entity"}, {}, {"enum", "bsonType", "minItems"}},
        {"schemaVersion", schemaVersion, {"entity"}, {}, {}},
        {"shape", shape, {"entity"}, {}, {}},
        {"migration", migration, {"entity"}, {}, {}},
        {"retention", retention, {}, {}, {}, true},
    };
    return table;
}

} // namespace

std::optional<std::uint64_t> maxItemsAt(const ojson &root, std::string_view path) {
    const ojson *s = schemaAt(root, path);
    if (!s || !s->contains("maxItems"))
        return std::nullopt;
    const ojson &m = (*s)["maxItems"];
    if (m.is_number_unsigned() || m.is_number_integer())
        return m.get<std::uint64_t>();
    if (m.is_object() && m.contains("$numberInt"))
        return std::stoull(m["$numberInt"].get<std::string>());
    if (m.is_object() && m.contains("$numberLong"))
        return std::stoull(m["$numberLong"].get<std::string>());
    return std::nullopt;
}

Status validateCheckSpec(const CheckSpec &spec) {
    const auto kind = std::find_if(kinds().begin(), kinds().end(), [&](const Kind &k) { return k.name == spec.kind; });
    if (kind == kinds().end())
        return Error{"check '" + spec.id + "'", "unknown kind '" + spec.kind + "'"};
    for (auto key : kind->strings)
        if (!spec.params.contains(key) || !spec.params[std::string(key)].is_string())
            return Error{"check '" + spec.id + "'",
                         "kind " + spec.kind + " needs a string \"" + std::string(key) + "\""};
    for (auto key : kind->arrays)
        if (!spec.params.contains(key) || !spec.params[std::string(key)].is_array() ||
            spec.params[std::string(key)].empty())
            return Error{"check '" + spec.id + "'",
                         "kind " + spec.kind + " needs a non-empty array \"" + std::string(key) + "\""};
    for (auto key : kind->objects)
        if (spec.params.contains(key) && !spec.params[std::string(key)].is_object())
            return Error{"check '" + spec.id + "'", "\"" + std::string(key) + "\" must be an object"};
    if (kind->entityOrFields && !spec.params.contains("entity") && !spec.params.contains("hasFields"))
        return Error{"check '" + spec.id + "'", "kind " + spec.kind + " needs \"entity\" or \"hasFields\""};
    return {};
}

CheckResult runCheck(const CheckSpec &spec, const CheckContext &ctx) {
    const auto kind = std::find_if(kinds().begin(), kinds().end(), [&](const Kind &k) { return k.name == spec.kind; });
    Outcome o = kind == kinds().end() ? fail("unknown check kind '" + spec.kind + "'") : kind->run(spec, Lookup{ctx});
    return CheckResult{spec.id, spec.says, o.passed, std::move(o.reason), std::move(o.target)};
}

} // namespace docshape::exercise
