#include "advisor/AdvisorContext.h"

#include "advisor/DateLike.h"
#include "advisor/NameWords.h"
#include "advisor/RuleCatalog.h"
#include "core/ObjectNames.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <unordered_set>

namespace docshape::advisor {

namespace {

// A field's place: its name and its parent's, up to the entity, kept on
// the walk's stack and joined only when a finding quotes it.
struct FieldPath {
    std::string_view name;
    const FieldPath *parent = nullptr;
};

void appendPath(std::string &out, const FieldPath &path) {
    if (path.parent)
        appendPath(out, *path.parent);
    if (!out.empty())
        out += '.';
    out += path.name;
}

std::string joinPath(const FieldPath &path) {
    std::string out;
    appendPath(out, path);
    return out;
}

// Calls fn(field, path, entity, topLevel) for every field of every entity,
// nested fields and variant fields included.
template <typename Fn>
void walkFields(const std::vector<Field> &fields, const FieldPath *parent, const Entity &e, Fn &fn) {
    for (const auto &f : fields) {
        const FieldPath path{f.name, parent};
        fn(f, path, e, parent == nullptr);
        if (!f.fields.empty())
            walkFields(f.fields, &path, e, fn);
    }
}

template <typename Fn> void forEachField(Span<Entity> entities, Fn fn) {
    for (const auto &e : entities) {
        walkFields(e.fields, nullptr, e, fn);
        for (const auto &v : e.variants)
            walkFields(v.fields, nullptr, e, fn);
    }
}

FindingTarget fieldTarget(const Field &f, const Entity &e, const std::string &path) {
    return {"field", f.id, e.name + "." + path};
}

void checkThresholdNames(Context &ctx) {
    for (const auto &name : ctx.thresholds.unknownNames())
        ctx.add(rule::kUnknownThreshold, Context::projectTarget(ctx.project),
                "threshold '{0}' is not a setting of the advisor", name);
}

void checkArrays(Context &ctx) {
    const double days = ctx.project.growthDays;
    const CollectionView &view = ctx.view();
    const CollectionStat &stat = *view.stat;
    {
        for (std::size_t j = 0; j < stat.arrays.size(); ++j) {
            const ArrayStat &a = stat.arrays[j];
            const CollectionView::Array &info = view.array(j);
            const ShapeNode *node = info.node;
            if (node && node->origin == NodeOrigin::Bucket)
                continue; // DocShape bounds these arrays itself
            const Relationship *rel = info.relationship;
            const BoundEnforcer enforcer = info.enforcer;
            const double grown = a.avgCount + a.growthPerDay * days;
            const double largest = a.maxCount ? static_cast<double>(*a.maxCount) : std::max(a.avgCount, grown);
            const std::size_t dot = a.path.rfind('.');
            const std::string_view last =
                std::string_view(a.path).substr(dot == std::string::npos ? 0 : dot + 1);
            const bool audit = (!a.maxCount || a.growthPerDay > 0) && anyWordIn(last, kAuditWords);
            const bool any = !a.maxCount || enforcer == BoundEnforcer::Nobody || largest > ctx.s.compassArray || audit;
            if (!any)
                continue;
            FindingTarget target{"field", "", ctx.documentPathName(*view.shape, stat, a.path)};
            if (node && node->field)
                target.id = node->field->id;
            else if (node && !node->relationshipId.empty())
                target = ctx.relationshipTargetById(node->relationshipId);
            if (!a.maxCount) {
                Finding &f =
                    a.growthPerDay > 0
                        ? ctx.add(rule::kUnboundedArray, target,
                                  "array '{0}' of {1} has no maximum ({2} elements on average, growing {3} per "
                                  "document per day: {4} after {5} days)",
                                  a.path, stat.name, Num{a.avgCount}, Num{a.growthPerDay}, Num{grown},
                                  ctx.project.growthDays)
                        : ctx.add(rule::kUnboundedArray, target,
                                  "array '{0}' of {1} has no maximum ({2} elements on average)", a.path, stat.name,
                                  Num{a.avgCount});
                if (rel && embedsChild(rel->representation)) {
                    if (const Entity *parent = ctx.entityAt(ctx.parentOf(*rel))) {
                        std::string id = parent->name;
                        if (!id.empty())
                            id[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(id[0])));
                        f.fixPhrase = f.words.say("Reference from the child: each element becomes a document "
                                                  "holding {0}Id, with an index on {0}Id; or bound it with the "
                                                  "validator, or keep the newest few (subset pattern).",
                                                  std::move(id));
                    }
                } else if (rel && (rel->representation == Representation::ReferenceArrayInParent ||
                                   rel->representation == Representation::TwoWay)) {
                    f.fixPhrase = f.words.say("Put the reference on the other side (each child holds the parent's "
                                              "id, indexed) instead of an array of ids that grows forever.");
                }
            } else if (enforcer == BoundEnforcer::Nobody) {
                ctx.add(rule::kBoundNotEnforced, target, "array '{0}' of {1} is bounded at {2} but nobody enforces the bound",
                        a.path, stat.name, Num{static_cast<double>(*a.maxCount)});
            }
            if (largest > ctx.s.atlasArray)
                ctx.add(rule::kArrayOverAtlas, target, "array '{0}' of {1} reaches {2} elements, over Atlas's {3}",
                        a.path, stat.name, Num{largest}, Num{ctx.s.atlasArray});
            else if (largest > ctx.s.compassArray)
                ctx.add(rule::kArrayOverCompass, target, "array '{0}' of {1} reaches {2} elements, over Compass's {3}",
                        a.path, stat.name, Num{largest}, Num{ctx.s.compassArray});
            if (audit) {
                if (a.maxCount)
                    ctx.add(rule::kAuditHistoryArray, target,
                            "array '{0}' of {1} looks like an audit history and grows {2} entries per day inside "
                            "the main record",
                            a.path, stat.name, Num{a.growthPerDay});
                else
                    ctx.add(rule::kAuditHistoryArray, target,
                            "array '{0}' of {1} looks like an audit history and has no maximum inside the main "
                            "record",
                            a.path, stat.name);
            }
        }
    }
}

void checkSizes(Context &ctx) {
    const double days = ctx.project.growthDays;
    const CollectionStat &stat = *ctx.view().stat;
    {
        auto target = [&stat] { return Context::collectionTarget(stat); };
        const double grownAvg = stat.avgDocumentBytesAfterGrowth;
        bool overLimit = false;
        if (stat.avgDocumentBytes > ctx.s.maxDocument) {
            overLimit = true;
            ctx.add(rule::kDocumentOverLimit, target(), "the average {0} document is {1}, over the {2}-byte limit",
                    stat.name, Bytes{stat.avgDocumentBytes}, Num{ctx.s.maxDocument});
        } else if (stat.maxDocumentBytes && static_cast<double>(*stat.maxDocumentBytes) > ctx.s.maxDocument) {
            overLimit = true;
            ctx.add(rule::kDocumentOverLimit, target(), "the largest {0} document is {1}, over the {2}-byte limit",
                    stat.name, Bytes{static_cast<double>(*stat.maxDocumentBytes)}, Num{ctx.s.maxDocument});
        } else if (stat.daysToMaxLimit && *stat.daysToMaxLimit <= days) {
            overLimit = true;
            ctx.add(rule::kDocumentOverLimit, target(),
                    "the largest {0} document crosses 16 MiB after {1} days of growth (horizon {2} days)", stat.name,
                    Num{*stat.daysToMaxLimit}, ctx.project.growthDays);
        }
        const double largestBounded = stat.maxDocumentBytes ? static_cast<double>(*stat.maxDocumentBytes) : 0;
        if (!overLimit && std::max(largestBounded, grownAvg) > ctx.s.atlasDocument)
            ctx.add(rule::kDocumentOverAtlas, target(), "{0} documents reach {1}, over {2}", stat.name,
                    Bytes{std::max(largestBounded, grownAvg)}, Bytes{ctx.s.atlasDocument});
        if (stat.avgDocumentBytes > ctx.s.documentTarget)
            ctx.add(rule::kDocumentOverTarget, target(), "the average {0} document is {1}, over the {2} target",
                    stat.name, Bytes{stat.avgDocumentBytes}, Bytes{ctx.s.documentTarget});
        else if (grownAvg > ctx.s.documentTarget) {
            if (stat.daysToAvgTarget && !ctx.thresholds.overridden(threshold::kDocumentTargetBytes))
                ctx.add(rule::kDocumentOverTarget, target(),
                        "the average {0} document grows from {1} to {2} in {3} days, over the {4} target on day {5}",
                        stat.name, Bytes{stat.avgDocumentBytes}, Bytes{grownAvg}, ctx.project.growthDays,
                        Bytes{ctx.s.documentTarget}, Num{*stat.daysToAvgTarget});
            else
                ctx.add(rule::kDocumentOverTarget, target(),
                        "the average {0} document grows from {1} to {2} in {3} days, over the {4} target", stat.name,
                        Bytes{stat.avgDocumentBytes}, Bytes{grownAvg}, ctx.project.growthDays,
                        Bytes{ctx.s.documentTarget});
        }
    }
}

void checkCollectionPerTenant(Context &ctx) {
    const Project &p = ctx.project;
    const auto &collections = ctx.analysis.collections;
    if (p.tenancy == Tenancy::CollectionPerTenant)
        ctx.add(rule::kCollectionPerTenant, Context::projectTarget(p),
                "one collection per tenant: {0} tenants x {1} collections = {2} collections", Num{p.tenantCount},
                collections.size(), Num{p.tenantCount * static_cast<double>(collections.size())});
}

void checkTenancy(Context &ctx) {
    const Project &p = ctx.project;
    const CollectionView &view = ctx.view();
    const int c = view.index;
    const CollectionShape &shape = *view.shape;
    const CollectionStat &stat = *view.stat;
    if (!ctx.tenantScopedCollection(c))
        return;
    if (!view.hasTenantField()) {
        ctx.add(rule::kTenantFieldMissing, Context::entityTarget(*shape.root),
                "{0} is tenant-scoped in a shared collection but {1} documents have no '{2}' field", shape.root->name,
                stat.name, p.tenantField);
        return;
    }
    for (std::size_t k = 0; k < stat.indexes.size(); ++k) {
        const IndexStat &index = stat.indexes[k];
        const IndexSpec *spec = view.spec(k);
        // A TTL index must be single-field, so it cannot lead with the tenant.
        if (!spec || spec->keys.empty() || spec->keys.front().path == p.tenantField || spec->expireAfterSeconds)
            continue;
        ctx.add(rule::kIndexNotTenantFirst, Context::indexTarget(*spec, index.name),
                "index {0} on tenant-scoped {1} starts with '{2}', not '{3}'", index.name, stat.name,
                spec->keys.front().path, p.tenantField);
    }
    for (const AccessPattern *q : ctx.patternsOn(c))
        if (!q->tenantScoped)
            ctx.add(rule::kPatternNotTenantScoped, Context::patternTarget(*q),
                    "'{0}' reads or writes tenant-scoped {1} without the tenant constraint", q->name, stat.name);
}

bool isReferenceOnly(Representation r) {
    return r == Representation::ReferenceFromChild || r == Representation::ReferenceArrayInParent ||
           r == Representation::TwoWay || r == Representation::Junction;
}

void checkStructure(Context &ctx) {
    const Project &p = ctx.project;
    // A relational schema copied 1:1: every relationship a reference, every
    // entity its own collection.
    if (static_cast<double>(p.relationships.size()) >= ctx.s.relationalMin &&
        std::all_of(p.relationships.begin(), p.relationships.end(),
                    [](const Relationship &r) { return isReferenceOnly(r.representation); })) {
        std::size_t roots = 0;
        for (const auto &c : ctx.analysis.derived.collections)
            if (c.kind == CollectionKind::Entity)
                ++roots;
        if (roots == p.entities.size())
            ctx.add(rule::kRelationalCopy, Context::projectTarget(p),
                    "all {0} relationships are references and all {1} entities are collections: nothing is embedded",
                    p.relationships.size(), p.entities.size());
    }

    std::size_t collections = ctx.analysis.collections.size();
    double physical = static_cast<double>(collections);
    if (p.tenancy == Tenancy::CollectionPerTenant && p.tenantCount > 1)
        physical *= p.tenantCount;
    if (physical > ctx.s.atlasCollections)
        ctx.add(rule::kTooManyCollections, Context::projectTarget(p), "{0} collections in database {1}, over {2}",
                Num{physical}, p.database, Num{ctx.s.atlasCollections});

}

void checkIndexCount(Context &ctx) {
    const CollectionStat &stat = *ctx.view().stat;
    const double n = static_cast<double>(stat.indexes.size());
    if (n > ctx.s.atlasIndexes)
        ctx.add(rule::kIndexesOverAtlas, Context::collectionTarget(stat), "{0} has {1} indexes (with _id_), over {2}",
                stat.name, Num{n}, Num{ctx.s.atlasIndexes});
    else if (n > ctx.s.compassIndexes)
        ctx.add(rule::kIndexesOverCompass, Context::collectionTarget(stat), "{0} has {1} indexes (with _id_), over {2}",
                stat.name, Num{n}, Num{ctx.s.compassIndexes});
}

// A field copied from another without a synchronization plan.
void checkFieldCopy(Context &ctx, const Field &f, const Entity &e, const std::string &path) {
    const bool noSemantics = f.details->duplication == Duplication::None;
    if (!noSemantics && (f.details->duplication == Duplication::Snapshot || !f.details->duplicationOwner.empty()))
        return;
    const Field *source = ctx.project.findField(f.details->duplicatedFrom);
    std::string from = source ? "'" + source->name + "'" : "field " + f.details->duplicatedFrom;
    if (noSemantics)
        ctx.add(rule::kDuplicateWithoutPlan, fieldTarget(f, e, path),
                "{0}.{1} copies {2} but states no semantics (snapshot, synchronous, eventual)", e.name, path,
                std::move(from));
    else
        ctx.add(rule::kDuplicateWithoutPlan, fieldTarget(f, e, path),
                "{0}.{1} copies {2} with {3} semantics but names no owner or update path", e.name, path,
                std::move(from), Static{wordsOf(f.details->duplication)});
}

// Relationships that copy fields without a synchronization plan (after the
// fields', so that the rule's findings keep model order).
void checkRelationshipCopies(Context &ctx) {
    for (const auto &r : ctx.project.relationships) {
        if (r.representation != Representation::ExtendedReference && r.representation != Representation::Subset)
            continue;
        const std::string name = relationshipName(ctx.project, r);
        if (r.copySemantics == Duplication::None)
            ctx.add(rule::kDuplicateWithoutPlan, ctx.relationshipTarget(r),
                    "'{0}' ({1}) copies fields but states no semantics (snapshot, synchronous, eventual)", name,
                    Static{wordsOf(r.representation)});
        else if (r.copySemantics != Duplication::Snapshot && r.copyOwner.empty())
            ctx.add(rule::kDuplicateWithoutPlan, ctx.relationshipTarget(r),
                    "'{0}' copies fields with {1} semantics but names no owner or update path", name,
                    Static{wordsOf(r.copySemantics)});
    }
}

void checkLifecycle(Context &ctx) {
    const CollectionView &view = ctx.view();
    const CollectionShape &shape = *view.shape;
    const Entity *root = shape.root;
    if (!root || shape.kind != CollectionKind::Entity)
        return;
    {
        const bool longLived = !root->retentionDays || *root->retentionDays > ctx.s.longLivedDays;
        if (!root->variants.empty() && !root->schemaVersion && longLived) {
            if (root->retentionDays)
                ctx.add(rule::kNoSchemaVersion, Context::entityTarget(*root),
                        "{0} is polymorphic ({1} variants) and kept {2} days without a schemaVersion", root->name,
                        root->variants.size(), Num{*root->retentionDays});
            else
                ctx.add(rule::kNoSchemaVersion, Context::entityTarget(*root),
                        "{0} is polymorphic ({1} variants) and kept forever without a schemaVersion", root->name,
                        root->variants.size());
        }
        if (root->deletion == DeletionPolicy::SoftDelete)
            for (std::size_t k = 0; k < view.stat->indexes.size(); ++k) {
                const IndexStat &index = view.stat->indexes[k];
                const IndexSpec *spec = view.spec(k);
                if (spec && spec->unique && spec->partialFilter.empty())
                    ctx.add(rule::kSoftDeleteUnique, Context::indexTarget(*spec, index.name),
                            "unique index {0} on soft-deleted {1} has no partial filter: a deleted document keeps "
                            "its key",
                            index.name, root->name);
            }
    }
}

// A string that holds dates (DS161). What the field states decides: its
// pattern, else its enum values (all of them dates or times); only a field
// that states neither is judged by its name.
void checkDateAsString(Context &ctx, const Field &f, const Entity &e, const std::string &path, bool nameSaysDate) {
    const FieldDetails &d = *f.details;
    if (d.pattern) {
        const std::string_view shape = dateShapeOfPattern(*d.pattern);
        if (shape.empty())
            return;
        Finding &finding =
            ctx.add(rule::kDateAsString, fieldTarget(f, e, path), "{0}.{1} holds a date as a string", e.name, path);
        finding.reasonPhrase =
            finding.words.say("Its pattern {0} has the shape of a date or time ({1}).", *d.pattern, Static{shape});
        return;
    }
    if (!d.enumValues.empty()) {
        std::string_view shape;
        for (const auto &value : d.enumValues) {
            shape = dateShapeOfValue(value);
            if (shape.empty())
                return;
        }
        Finding &finding =
            ctx.add(rule::kDateAsString, fieldTarget(f, e, path), "{0}.{1} holds a date as a string", e.name, path);
        finding.reasonPhrase = finding.words.say("Its enum values are dates or times ({0}: '{1}').", Static{shape},
                                                 d.enumValues.front());
        return;
    }
    if (!nameSaysDate)
        return;
    Finding &finding =
        ctx.add(rule::kDateAsString, fieldTarget(f, e, path), "{0}.{1} holds a date as a string", e.name, path);
    finding.reasonPhrase = finding.words.say(
        "Its name says it is a date, and it states no pattern or enum values that say otherwise.");
}

FieldRules::NameClass classOf(std::string_view name) {
    FieldRules::NameClass kind;
    kind.money = anyWordIn(name, kMoneyWords);
    kind.minor = anyWordIn(name, kMinorWords);
    kind.date = nameSaysDate(name);
    return kind;
}

} // namespace

FieldRules::FieldRules() : m_cache(kSlots) {}

// The class of each distinct name, in a small open-addressing table by
// size and first bytes: models repeat their field names, so most lookups
// find one. A crowded probe classifies without keeping it.
FieldRules::NameClass FieldRules::classify(const Field &f) {
    const std::string_view name = f.name;
    const std::uint64_t head = firstBytes(name);
    std::size_t i = static_cast<std::size_t>(((head ^ name.size()) * 0x9e3779b97f4a7c15ull) >> 54);
    for (std::size_t probe = 0; probe < kProbes; ++probe, i = (i + 1) % kSlots) {
        Cached &slot = m_cache[i];
        if (slot.size == std::string_view::npos) {
            slot = {head, name.size(), name, classOf(name)};
            return slot.kind;
        }
        if (slot.size == name.size() && slot.head == head && (name.size() <= sizeof head || slot.name == name))
            return slot.kind;
    }
    return classOf(name);
}

// Every field of the entity once: copies without a plan, then the types
// that hurt (money as floating point, dates as strings, enums as integers,
// stored nulls, an id mirroring _id).
bool FieldRules::check(Context &ctx, const Entity &entity) {
    bool copies = false;
    forEachField(Span<Entity>(&entity, 1), [&](const Field &f, const FieldPath &place, const Entity &e, bool top) {
        std::string path;
        auto at = [&]() -> const std::string & {
            if (path.empty())
                path = joinPath(place);
            return path;
        };
        if (!f.details->duplicatedFrom.empty()) {
            copies = true;
            checkFieldCopy(ctx, f, e, at());
        }
        if (const auto &map = f.details->map; map && f.isObject())
            ctx.add(rule::kKeysAreData, fieldTarget(f, e, at()),
                    "{0}.{1} is a map keyed by {2}, {3} keys a document on average: each key is a path of its own",
                    e.name, at(), Static{wordsOf(map->keys)}, Num{map->avgKeys});
        const BsonType t = f.isArray() ? f.elementType : f.type;
        const bool suspicious = (t == BsonType::Double || t == BsonType::Decimal || t == BsonType::String) ||
                                ((t == BsonType::Int || t == BsonType::Long) && !f.details->enumValues.empty()) ||
                                f.nullFraction > 0 || (top && std::string_view(f.name) == "id");
        if (!suspicious)
            return;
        const FieldRules::NameClass kind = classify(f);
        const bool money = t == BsonType::Double && kind.money;
        const bool minor = (t == BsonType::Double || t == BsonType::Decimal || t == BsonType::String) && kind.minor;
        if (t == BsonType::Double && (money || minor))
            ctx.add(rule::kMoneyAsFloat, fieldTarget(f, e, at()),
                    minor ? "{0}.{1} is a double although its name says minor units (integers)"
                          : "{0}.{1} is a double and looks like money",
                    e.name, at());
        else if (minor && (t == BsonType::Decimal || t == BsonType::String))
            ctx.add(rule::kMoneyAsFloat, fieldTarget(f, e, at()),
                    "{0}.{1} is a {2} although its name says integer minor units", e.name, at(), Static{toString(t)});
        if (t == BsonType::String)
            checkDateAsString(ctx, f, e, at(), kind.date);
        if ((t == BsonType::Int || t == BsonType::Long) && !f.details->enumValues.empty())
            ctx.add(rule::kEnumAsInteger, fieldTarget(f, e, at()), "{0}.{1} is an enum of {2} integers", e.name, at(),
                    f.details->enumValues.size());
        if (f.nullFraction > 0)
            ctx.add(rule::kStoredNulls, fieldTarget(f, e, at()), "{0}.{1} stores null in {2}% of documents", e.name,
                    at(), Num{f.nullFraction * 100});
        if (top && std::string_view(f.name) == "id" && ctx.mirrorsId(e))
            ctx.add(rule::kIdMirrorsId, fieldTarget(f, e, at()), "{0} has a field 'id' beside _id", e.name);
    });
    return copies;
}

void checkProjectRules(Context &ctx) {
    checkThresholdNames(ctx);
    checkCollectionPerTenant(ctx);
    checkStructure(ctx);
}

void checkReferenceRules(Context &ctx) {
    checkRelationshipCopies(ctx);
    checkDuplicationFit(ctx);
    checkDeletionRules(ctx);
}

// Subdocuments in GeoJSON's shape (a `type` string beside `coordinates` or
// `geometries`) at a path no 2dsphere key of the collection names (DS166).
void checkGeoIndexes(Context &ctx) {
    const CollectionView &view = ctx.view();
    std::unordered_set<std::string_view> geoKeys;
    for (std::size_t k = 0; k < view.stat->indexes.size(); ++k)
        if (const IndexSpec *spec = view.spec(k))
            for (const auto &key : spec->keys)
                if (key.kind == "2dsphere")
                    geoKeys.insert(key.path);
    // Named as the field rules name a field: the entity, then the path.
    const std::string &collection = view.shape->root ? view.shape->root->name : view.shape->name;
    auto walk = [&](auto &self, const NodeList &nodes, const std::string &prefix) -> void {
        for (const ShapeNode &node : nodes) {
            if (!node.hasObject() || node.type != BsonType::Object)
                continue;
            const std::string path = prefix.empty() ? node.name : prefix + "." + node.name;
            bool type = false, shape = false;
            for (const ShapeNode &key : node.object->fields) {
                type = type || (key.name == "type" && key.type == BsonType::String);
                shape = shape || ((key.name == "coordinates" || key.name == "geometries") && key.type == BsonType::Array);
            }
            if (!(type && shape)) {
                self(self, node.object->fields, path);
                continue;
            }
            if (geoKeys.count(path))
                continue;
            const FindingTarget target =
                node.field ? FindingTarget{"field", node.field->id, collection + "." + path}
                           : FindingTarget{"entity", std::string(node.entityId), collection + "." + path};
            ctx.add(rule::kGeoWithoutIndex, target, "{0}.{1} holds GeoJSON and no 2dsphere index covers it",
                    collection, path);
        }
    };
    walk(walk, view.shape->shape.fields, "");
}

void checkCollectionRules(Context &ctx) {
    checkGeoIndexes(ctx);
    checkArrays(ctx);
    checkSizes(ctx);
    checkValueSizes(ctx);
    checkServerRules(ctx);
    checkTenancy(ctx);
    checkIndexCount(ctx);
    checkLifecycle(ctx);
}

} // namespace docshape::advisor
