#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"
#include "estimate/IndexEstimator.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace docshape::advisor {

namespace {

// camelCase, snake_case and kebab-case names split into words, without
// allocating: fn(word) for each, in order.
template <typename Fn> void forEachWord(std::string_view name, Fn fn) {
    auto upper = [](char c) { return c >= 'A' && c <= 'Z'; };
    auto lower = [](char c) { return c >= 'a' && c <= 'z'; };
    std::size_t start = 0;
    for (std::size_t i = 0; i <= name.size(); ++i) {
        const bool end = i == name.size();
        const char c = end ? '\0' : name[i];
        const bool separator = c == '_' || c == '-' || c == ' ' || c == '.';
        const bool boundary = !end && !separator && i > start && upper(c) &&
                              (!upper(name[i - 1]) || (i + 1 < name.size() && lower(name[i + 1])));
        if (end || separator || boundary) {
            if (i > start)
                fn(name.substr(start, i - start));
            start = separator ? i + 1 : i;
        }
    }
}

bool equalsLower(std::string_view word, std::string_view lowerCase) {
    if (word.size() != lowerCase.size())
        return false;
    for (std::size_t i = 0; i < word.size(); ++i) {
        char c = word[i];
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
        if (c != lowerCase[i])
            return false;
    }
    return true;
}

template <std::size_t N> bool inSet(std::string_view word, const std::string_view (&set)[N]) {
    for (auto s : set)
        if (equalsLower(word, s))
            return true;
    return false;
}

template <std::size_t N> bool anyWordIn(std::string_view name, const std::string_view (&set)[N]) {
    bool found = false;
    forEachWord(name, [&](std::string_view w) { found = found || inSet(w, set); });
    return found;
}

constexpr std::string_view kMoneyWords[] = {
    "price", "amount", "total", "subtotal", "balance", "cost", "fee", "fees", "tax", "salary",
    "payment", "discount", "revenue", "refund", "charge", "money", "wage", "budget", "paid"};
constexpr std::string_view kMinorWords[] = {"minor", "cents", "cent", "paise", "pence"};
constexpr std::string_view kAuditWords[] = {
    "history", "audit", "events", "log", "logs", "changes", "changelog", "revisions",
    "activity", "activities", "journal", "trail", "versions", "timeline"};
constexpr std::string_view kDateWords[] = {"date", "timestamp", "datetime", "birthday", "dob"};

bool looksLikeDate(const Field &f) {
    std::size_t count = 0;
    std::string_view last;
    bool dateWord = false;
    forEachWord(f.name, [&](std::string_view w) {
        ++count;
        last = w;
        dateWord = dateWord || inSet(w, kDateWords);
    });
    if (dateWord || (count > 1 && equalsLower(last, "at")))
        return true;
    if (f.name == "time" || f.name == "when" || f.name == "day")
        return true;
    if (f.pattern) {
        const std::string &p = *f.pattern;
        for (std::string_view marker : {"\\d{4}-", "[0-9]{4}-", "\\d{2}:\\d{2}", "[0-9]{2}:[0-9]{2}", "T\\d", "T[0-9]"})
            if (p.find(marker) != std::string::npos)
                return true;
    }
    return false;
}

std::string joinPath(const std::vector<std::string_view> &stack) {
    std::string out;
    for (auto part : stack) {
        if (!out.empty())
            out += '.';
        out += part;
    }
    return out;
}

// Calls fn(field, pathStack, entity, topLevel) for every field of every
// entity, nested fields and variant fields included; the stack holds the
// names from the entity down to the field.
template <typename Fn>
void walkFields(const std::vector<Field> &fields, std::vector<std::string_view> &stack, const Entity &e, bool top,
                Fn &fn) {
    for (const auto &f : fields) {
        stack.push_back(f.name);
        fn(f, stack, e, top);
        if (!f.fields.empty())
            walkFields(f.fields, stack, e, false, fn);
        stack.pop_back();
    }
}

template <typename Fn> void forEachField(const Project &project, Fn fn) {
    std::vector<std::string_view> stack;
    for (const auto &e : project.entities) {
        walkFields(e.fields, stack, e, true, fn);
        for (const auto &v : e.variants)
            walkFields(v.fields, stack, e, true, fn);
    }
}

FindingTarget fieldTarget(const Field &f, const Entity &e, const std::string &path) {
    return {"field", f.id, e.name + "." + path};
}

void checkThresholdNames(Context &ctx) {
    for (const auto &name : ctx.thresholds.unknownNames())
        ctx.add(rule::kUnknownThreshold, Context::projectTarget(ctx.project),
                "threshold '" + name + "' is not a setting of the advisor");
}

void checkArrays(Context &ctx) {
    const double days = ctx.project.growthDays;
    for (std::size_t ci = 0; ci < ctx.analysis.collections.size(); ++ci) {
        const CollectionStat &stat = ctx.analysis.collections[ci];
        const CollectionShape &shape = ctx.shape(static_cast<int>(ci));
        for (const auto &a : stat.arrays) {
            const ShapeNode *node = nodeAt(shape.shape, a.path);
            if (node && (node->origin == NodeOrigin::Subset || node->origin == NodeOrigin::Bucket))
                continue; // DocShape bounds these arrays itself
            const Relationship *rel = nullptr;
            BoundEnforcer enforcer = BoundEnforcer::Nobody;
            if (node && node->field) {
                enforcer = node->field->maxEnforcedBy;
            } else if (node && !node->relationshipId.empty()) {
                rel = ctx.relationship(node->relationshipId);
                if (rel)
                    enforcer = rel->maxEnforcedBy;
            }
            const double grown = a.avgCount + a.growthPerDay * days;
            const double largest = a.maxCount ? static_cast<double>(*a.maxCount) : std::max(a.avgCount, grown);
            const std::string last = a.path.substr(a.path.rfind('.') == std::string::npos ? 0 : a.path.rfind('.') + 1);
            const bool audit = (!a.maxCount || a.growthPerDay > 0) && anyWordIn(last, kAuditWords);
            const bool any = !a.maxCount || enforcer == BoundEnforcer::Nobody || largest > ctx.s.compassArray || audit;
            if (!any)
                continue;
            FindingTarget target{"field", "", stat.name + "." + a.path};
            if (node && node->field)
                target.id = node->field->id;
            else if (node && !node->relationshipId.empty())
                target = ctx.relationshipTargetById(node->relationshipId);
            const std::string where = "array '" + a.path + "' of " + stat.name;
            if (!a.maxCount) {
                std::string msg = where + " has no maximum (" + number(a.avgCount) + " elements on average";
                if (a.growthPerDay > 0)
                    msg += ", growing " + number(a.growthPerDay) + " per document per day: " + number(grown) +
                           " after " + std::to_string(ctx.project.growthDays) + " days";
                msg += ")";
                std::string fix;
                if (rel && embedsChild(rel->representation)) {
                    if (const Entity *parent = ctx.entity(rel->parentId)) {
                        std::string id = parent->name;
                        if (!id.empty())
                            id[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(id[0])));
                        fix = "Reference from the child: each element becomes a document holding " + id +
                              "Id, with an index on " + id +
                              "Id; or bound it with the validator, or keep the newest few (subset pattern).";
                    }
                } else if (rel && (rel->representation == Representation::ReferenceArrayInParent ||
                                   rel->representation == Representation::TwoWay)) {
                    fix = "Put the reference on the other side (each child holds the parent's id, indexed) "
                          "instead of an array of ids that grows forever.";
                }
                ctx.add(rule::kUnboundedArray, target, msg, {}, fix);
            } else if (enforcer == BoundEnforcer::Nobody) {
                ctx.add(rule::kBoundNotEnforced, target,
                        where + " is bounded at " + number(static_cast<double>(*a.maxCount)) +
                            " but nobody enforces the bound");
            }
            if (largest > ctx.s.atlasArray)
                ctx.add(rule::kArrayOverAtlas, target,
                        where + " reaches " + number(largest) + " elements, over Atlas's " +
                            number(ctx.s.atlasArray));
            else if (largest > ctx.s.compassArray)
                ctx.add(rule::kArrayOverCompass, target,
                        where + " reaches " + number(largest) + " elements, over Compass's " +
                            number(ctx.s.compassArray));
            if (audit)
                ctx.add(rule::kAuditHistoryArray, target,
                        where + " looks like an audit history and " +
                            (a.maxCount ? "grows " + number(a.growthPerDay) + " entries per day"
                                        : std::string("has no maximum")) +
                            " inside the main record");
        }
    }
}

void checkSizes(Context &ctx) {
    const double days = ctx.project.growthDays;
    for (const auto &stat : ctx.analysis.collections) {
        auto target = [&stat] { return Context::collectionTarget(stat); };
        const double grownAvg = stat.avgDocumentBytesAfterGrowth;
        bool overLimit = false;
        if (stat.maxDocumentBytes && static_cast<double>(*stat.maxDocumentBytes) > ctx.s.maxDocument) {
            overLimit = true;
            ctx.add(rule::kDocumentOverLimit, target(),
                    "the largest " + stat.name + " document is " + bytesText(static_cast<double>(*stat.maxDocumentBytes)) +
                        ", over the " + number(ctx.s.maxDocument) + "-byte limit");
        } else if (stat.daysToMaxLimit && *stat.daysToMaxLimit <= days) {
            overLimit = true;
            ctx.add(rule::kDocumentOverLimit, target(),
                    "the largest " + stat.name + " document crosses 16 MiB after " + number(*stat.daysToMaxLimit) +
                        " days of growth (horizon " + std::to_string(ctx.project.growthDays) + " days)");
        }
        const double largestBounded = stat.maxDocumentBytes ? static_cast<double>(*stat.maxDocumentBytes) : 0;
        if (!overLimit && std::max(largestBounded, grownAvg) > ctx.s.atlasDocument)
            ctx.add(rule::kDocumentOverAtlas, target(),
                    stat.name + " documents reach " + bytesText(std::max(largestBounded, grownAvg)) + ", over " +
                        bytesText(ctx.s.atlasDocument));
        if (stat.avgDocumentBytes > ctx.s.documentTarget)
            ctx.add(rule::kDocumentOverTarget, target(),
                    "the average " + stat.name + " document is " + bytesText(stat.avgDocumentBytes) + ", over the " +
                        bytesText(ctx.s.documentTarget) + " target");
        else if (grownAvg > ctx.s.documentTarget)
            ctx.add(rule::kDocumentOverTarget, target(),
                    "the average " + stat.name + " document grows from " + bytesText(stat.avgDocumentBytes) + " to " +
                        bytesText(grownAvg) + " in " + std::to_string(ctx.project.growthDays) + " days, over the " +
                        bytesText(ctx.s.documentTarget) + " target" +
                        (stat.daysToAvgTarget && !ctx.thresholds.overridden(threshold::kDocumentTargetBytes)
                             ? " on day " + number(*stat.daysToAvgTarget)
                             : std::string()));
    }
}

void checkTenancy(Context &ctx) {
    const Project &p = ctx.project;
    const auto &collections = ctx.analysis.collections;
    if (p.tenancy == Tenancy::CollectionPerTenant)
        ctx.add(rule::kCollectionPerTenant, Context::projectTarget(p),
                "one collection per tenant: " + number(p.tenantCount) + " tenants x " +
                    std::to_string(collections.size()) + " collections = " +
                    number(p.tenantCount * static_cast<double>(collections.size())) + " collections");
    if (p.tenancy != Tenancy::SharedCollection)
        return;
    for (std::size_t ci = 0; ci < collections.size(); ++ci) {
        const int c = static_cast<int>(ci);
        const CollectionShape &shape = ctx.shape(c);
        if (!ctx.tenantScopedCollection(c))
            continue;
        if (!ctx.hasTenantField(c)) {
            ctx.add(rule::kTenantFieldMissing, Context::entityTarget(*shape.root),
                    shape.root->name + " is tenant-scoped in a shared collection but " + collections[ci].name +
                        " documents have no '" + p.tenantField + "' field");
            continue;
        }
        for (std::size_t k = 0; k < collections[ci].indexes.size(); ++k) {
            const IndexStat &index = collections[ci].indexes[k];
            const IndexSpec *spec = ctx.specOf(c, k);
            // A TTL index must be single-field, so it cannot lead with the tenant.
            if (!spec || spec->keys.empty() || spec->keys.front().path == p.tenantField || spec->expireAfterSeconds)
                continue;
            ctx.add(rule::kIndexNotTenantFirst, Context::indexTarget(*spec),
                    cat("index ", index.name, " on tenant-scoped ", collections[ci].name, " starts with '",
                        spec->keys.front().path, "', not '", p.tenantField, "'"));
        }
        for (const AccessPattern *q : ctx.patternsOn(c))
            if (!q->tenantScoped)
                ctx.add(rule::kPatternNotTenantScoped, Context::patternTarget(*q),
                        "'" + q->name + "' reads or writes tenant-scoped " + collections[ci].name +
                            " without the tenant constraint");
    }
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
                    "all " + std::to_string(p.relationships.size()) + " relationships are references and all " +
                        std::to_string(p.entities.size()) + " entities are collections: nothing is embedded");
    }

    std::size_t collections = ctx.analysis.collections.size();
    double physical = static_cast<double>(collections);
    if (p.tenancy == Tenancy::CollectionPerTenant && p.tenantCount > 1)
        physical *= p.tenantCount;
    if (physical > ctx.s.atlasCollections)
        ctx.add(rule::kTooManyCollections, Context::projectTarget(p),
                number(physical) + " collections in database " + p.database + ", over " +
                    number(ctx.s.atlasCollections));

    for (const auto &stat : ctx.analysis.collections) {
        const double n = static_cast<double>(stat.indexes.size());
        if (n > ctx.s.atlasIndexes)
            ctx.add(rule::kIndexesOverAtlas, Context::collectionTarget(stat),
                    stat.name + " has " + number(n) + " indexes (with _id_), over " + number(ctx.s.atlasIndexes));
        else if (n > ctx.s.compassIndexes)
            ctx.add(rule::kIndexesOverCompass, Context::collectionTarget(stat),
                    stat.name + " has " + number(n) + " indexes (with _id_), over " + number(ctx.s.compassIndexes));
    }
}

void checkDuplication(Context &ctx) {
    forEachField(ctx.project, [&](const Field &f, const std::vector<std::string_view> &stack, const Entity &e, bool) {
        if (f.duplicatedFrom.empty())
            return;
        const std::string path = joinPath(stack);
        const Field *source = ctx.project.findField(f.duplicatedFrom);
        const std::string from = source ? "'" + source->name + "'" : "field " + f.duplicatedFrom;
        if (f.duplication == Duplication::None)
            ctx.add(rule::kDuplicateWithoutPlan, fieldTarget(f, e, path),
                    e.name + "." + path + " copies " + from + " but states no semantics (snapshot, synchronous, eventual)");
        else if (f.duplication != Duplication::Snapshot && f.duplicationOwner.empty())
            ctx.add(rule::kDuplicateWithoutPlan, fieldTarget(f, e, path),
                    e.name + "." + path + " copies " + from + " with " + std::string(toString(f.duplication)) +
                        " semantics but names no owner or update path");
    });
    for (const auto &r : ctx.project.relationships) {
        if (r.representation != Representation::ExtendedReference && r.representation != Representation::Subset)
            continue;
        const std::string name = r.name.empty() ? r.id : r.name;
        if (r.copySemantics == Duplication::None)
            ctx.add(rule::kDuplicateWithoutPlan, Context::relationshipTarget(r),
                    "'" + name + "' (" + std::string(toString(r.representation)) +
                        ") copies fields but states no semantics (snapshot, synchronous, eventual)");
        else if (r.copySemantics != Duplication::Snapshot && r.copyOwner.empty())
            ctx.add(rule::kDuplicateWithoutPlan, Context::relationshipTarget(r),
                    "'" + name + "' copies fields with " + std::string(toString(r.copySemantics)) +
                        " semantics but names no owner or update path");
    }
}

void checkLifecycle(Context &ctx) {
    const Project &p = ctx.project;
    // Entities other documents point at, with the relationships that do.
    std::vector<std::pair<const Entity *, std::string>> referenced;
    auto mark = [&](const std::string &entityId, const Relationship &r) {
        const Entity *e = ctx.entity(entityId);
        if (!e)
            return;
        const std::string name = r.name.empty() ? r.id : r.name;
        for (auto &[entity, names] : referenced)
            if (entity == e) {
                names += ", '" + name + "'";
                return;
            }
        referenced.emplace_back(e, "'" + name + "'");
    };
    for (const auto &r : p.relationships) {
        switch (r.representation) {
        case Representation::ReferenceFromChild:
        case Representation::Subset:
        case Representation::TwoWay:
            mark(r.parentId, r);
            break;
        case Representation::ReferenceArrayInParent:
        case Representation::ExtendedReference:
            mark(r.childId, r);
            break;
        case Representation::Junction:
            mark(r.parentId, r);
            mark(r.childId, r);
            break;
        default:
            break;
        }
    }
    for (const auto &[e, names] : referenced)
        if (e->deletion == DeletionPolicy::Unspecified)
            ctx.add(rule::kDeletionUnspecified, Context::entityTarget(*e),
                    e->name + " is referenced by " + names + " but has no deletion policy");

    for (std::size_t ci = 0; ci < ctx.analysis.collections.size(); ++ci) {
        const CollectionShape &shape = ctx.shape(static_cast<int>(ci));
        const Entity *root = shape.root;
        if (!root || shape.kind != CollectionKind::Entity)
            continue;
        const bool longLived = !root->retentionDays || *root->retentionDays > ctx.s.longLivedDays;
        if (!root->variants.empty() && !root->schemaVersion && longLived)
            ctx.add(rule::kNoSchemaVersion, Context::entityTarget(*root),
                    root->name + " is polymorphic (" + std::to_string(root->variants.size()) + " variants) and kept " +
                        (root->retentionDays ? number(*root->retentionDays) + " days" : std::string("forever")) +
                        " without a schemaVersion");
        if (root->deletion == DeletionPolicy::SoftDelete)
            for (std::size_t k = 0; k < ctx.analysis.collections[ci].indexes.size(); ++k) {
                const IndexStat &index = ctx.analysis.collections[ci].indexes[k];
                const IndexSpec *spec = ctx.specOf(static_cast<int>(ci), k);
                if (spec && spec->unique && spec->partialFilter.empty())
                    ctx.add(rule::kSoftDeleteUnique, Context::indexTarget(*spec),
                            "unique index " + index.name + " on soft-deleted " + root->name +
                                " has no partial filter: a deleted document keeps its key");
            }
    }
}

// What a field's name says, computed once per distinct name.
struct NameClass {
    bool money = false;
    bool minor = false;
    bool date = false; // by name; a date-like pattern is checked per field
};

void checkFields(Context &ctx) {
    std::unordered_map<std::string_view, NameClass> classes;
    classes.reserve(256);
    auto classify = [&](const Field &f) -> const NameClass & {
        auto [it, inserted] = classes.try_emplace(f.name);
        if (inserted) {
            it->second.money = anyWordIn(f.name, kMoneyWords);
            it->second.minor = anyWordIn(f.name, kMinorWords);
            Field bare;
            bare.name = f.name;
            it->second.date = looksLikeDate(bare);
        }
        return it->second;
    };
    forEachField(ctx.project, [&](const Field &f, const std::vector<std::string_view> &stack, const Entity &e,
                                  bool top) {
        const BsonType t = f.isArray() ? f.elementType : f.type;
        const bool suspicious = (t == BsonType::Double || t == BsonType::Decimal || t == BsonType::String) ||
                                ((t == BsonType::Int || t == BsonType::Long) && !f.enumValues.empty()) ||
                                f.nullFraction > 0 || (top && f.name == "id");
        if (!suspicious)
            return;
        std::string path;
        auto at = [&]() -> const std::string & {
            if (path.empty())
                path = joinPath(stack);
            return path;
        };
        const NameClass &names = classify(f);
        const bool money = t == BsonType::Double && names.money;
        const bool minor = (t == BsonType::Double || t == BsonType::Decimal || t == BsonType::String) && names.minor;
        if (t == BsonType::Double && (money || minor))
            ctx.add(rule::kMoneyAsFloat, fieldTarget(f, e, at()),
                    e.name + "." + at() + " is a double" +
                        (minor ? " although its name says minor units (integers)" : " and looks like money"));
        else if (minor && (t == BsonType::Decimal || t == BsonType::String))
            ctx.add(rule::kMoneyAsFloat, fieldTarget(f, e, at()),
                    e.name + "." + at() + " is a " + std::string(toString(t)) +
                        " although its name says integer minor units");
        if (t == BsonType::String && f.enumValues.empty() && (names.date || (f.pattern && looksLikeDate(f))))
            ctx.add(rule::kDateAsString, fieldTarget(f, e, at()),
                    e.name + "." + at() + " holds a date as a string");
        if ((t == BsonType::Int || t == BsonType::Long) && !f.enumValues.empty())
            ctx.add(rule::kEnumAsInteger, fieldTarget(f, e, at()),
                    e.name + "." + at() + " is an enum of " + std::to_string(f.enumValues.size()) + " integers");
        if (f.nullFraction > 0)
            ctx.add(rule::kStoredNulls, fieldTarget(f, e, at()),
                    e.name + "." + at() + " stores null in " + number(f.nullFraction * 100) + "% of documents");
        if (top && f.name == "id" && ctx.collectionOf(e.id) >= 0 &&
            ctx.stat(ctx.collectionOf(e.id)).rootEntityId == e.id)
            ctx.add(rule::kIdMirrorsId, fieldTarget(f, e, at()),
                    e.name + " has a field 'id' beside _id");
    });
}

} // namespace

void checkModelRules(Context &ctx) {
    checkThresholdNames(ctx);
    checkArrays(ctx);
    checkSizes(ctx);
    checkTenancy(ctx);
    checkStructure(ctx);
    checkDuplication(ctx);
    checkLifecycle(ctx);
    checkFields(ctx);
}

} // namespace docshape::advisor
