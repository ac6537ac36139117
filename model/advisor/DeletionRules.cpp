#include "advisor/AdvisorContext.h"

#include "advisor/NameWords.h"
#include "advisor/RuleCatalog.h"
#include "core/ObjectNames.h"

namespace docshape::advisor {

// Deletion and retention as one rule set (seed lesson-135, "Deletion"):
// every entity other documents point at states what happens to them when
// it is deleted (DS140), and a cascade or a cleanup job that follows those
// references must stop before records that have to outlive it (DS143) and
// at the tenant boundary (DS144).

namespace {

// One reference a deletion follows: deleting a document of `referenced`
// leaves documents of `referrer` pointing at nothing, through `by`.
struct Reference {
    int referenced = -1;
    int referrer = -1;
    const Relationship *by = nullptr;
};

// The references of the model, in the order of the relationships. A
// junction's documents are links, not an entity's records: their entries
// have no referrer, and a deletion reaching them stops there.
std::vector<Reference> referencesOf(const Context &ctx) {
    std::vector<Reference> out;
    for (const auto &r : ctx.project.relationships) {
        const int parent = ctx.parentOf(r), child = ctx.childOf(r);
        switch (r.representation) {
        case Representation::ReferenceFromChild:
        case Representation::Subset:
            out.push_back({parent, child, &r});
            break;
        case Representation::TwoWay:
            out.push_back({parent, child, &r});
            out.push_back({child, parent, &r});
            break;
        case Representation::ReferenceArrayInParent:
        case Representation::ExtendedReference:
            out.push_back({child, parent, &r});
            break;
        case Representation::Junction:
            out.push_back({parent, -1, &r});
            out.push_back({child, -1, &r});
            break;
        default:
            break;
        }
    }
    return out;
}

std::string quoted(const Project &p, const Relationship &r) { return cat("'", relationshipName(p, r), "'"); }

void checkUnspecified(Context &ctx, const std::vector<Reference> &refs) {
    // Entities other documents point at that state no deletion policy, with
    // the relationships that point at them, in model order.
    std::vector<std::pair<const Entity *, std::vector<const Relationship *>>> referenced;
    auto mark = [&](int entity, const Relationship &r) {
        const Entity *e = ctx.entityAt(entity);
        if (!e || e->deletion != DeletionPolicy::Unspecified)
            return;
        for (auto &[entity, by] : referenced)
            if (entity == e) {
                by.push_back(&r);
                return;
            }
        referenced.push_back({e, {&r}});
    };
    for (const Reference &ref : refs) {
        // A two-way reference asks its parent, as a reference from the child does.
        if (ref.by->representation == Representation::TwoWay && ref.referenced != ctx.parentOf(*ref.by))
            continue;
        mark(ref.referenced, *ref.by);
    }
    for (const auto &[e, by] : referenced) {
        std::string names;
        for (const Relationship *r : by) {
            if (!names.empty())
                names += ", ";
            names += quoted(ctx.project, *r);
        }
        ctx.add(rule::kDeletionUnspecified, Context::entityTarget(*e), "{0} is referenced by {1} but has no deletion policy",
                e->name, std::move(names));
    }
}

bool removesReferrers(DeletionPolicy p) { return p == DeletionPolicy::Cascade || p == DeletionPolicy::CleanupJob; }

// The record a deletion removes when it reaches `e`: e's own document, or
// the document of the collection e is embedded in.
const Entity *recordOf(const Context &ctx, int e) {
    const int c = ctx.collectionOfEntity(e);
    const int root = c < 0 ? -1 : ctx.rootOf(c);
    return ctx.entityAt(root >= 0 ? root : e);
}

// `reached` must outlive `from`: its retention is stated and longer than
// from's (or from states none: it lives until deleted), or it states none
// and its name says it is an audit, history or financial record.
bool mustOutlive(const Entity &from, const Entity &reached) {
    if (reached.retentionDays)
        return !from.retentionDays || *from.retentionDays < *reached.retentionDays;
    return anyWordIn(reached.name, kRecordWords);
}

Phrase whyOutlives(Finding &f, const Entity &from, const Entity &reached) {
    if (reached.retentionDays && from.retentionDays)
        return f.words.say("{0} is kept {1} days, {2} only {3}.", reached.name, Num{*reached.retentionDays},
                           from.name, Num{*from.retentionDays});
    if (reached.retentionDays)
        return f.words.say("{0} is kept {1} days, whenever its {2} is deleted.", reached.name,
                           Num{*reached.retentionDays}, from.name);
    return f.words.say("{0} states no retention, and its name says it is an audit, history or financial record, "
                       "kept for itself rather than for its {1}.",
                       reached.name, from.name);
}

// From each entity whose deletion removes the documents that point at it
// (cascade, cleanup job), the documents it reaches, through further
// cascades. Each reference is reported once, from the first entity in
// model order whose deletion reaches it.
void checkCascades(Context &ctx, const std::vector<Reference> &refs) {
    const Project &p = ctx.project;
    const bool tenants = p.tenancy != Tenancy::None;
    std::vector<char> seen(p.entities.size()), reported(refs.size());
    std::vector<std::pair<int, std::string>> frontier; // entity, the way there
    for (std::size_t start = 0; start < p.entities.size(); ++start) {
        const Entity &origin = p.entities[start];
        if (!removesReferrers(origin.deletion))
            continue;
        std::fill(seen.begin(), seen.end(), 0);
        seen[start] = 1;
        frontier.assign(1, {static_cast<int>(start), origin.name});
        while (!frontier.empty()) {
            auto [at, way] = std::move(frontier.back());
            frontier.pop_back();
            const Entity &from = p.entities[static_cast<std::size_t>(at)];
            for (std::size_t k = 0; k < refs.size(); ++k) {
                const Reference &ref = refs[k];
                if (ref.referenced != at || ref.referrer < 0 || seen[static_cast<std::size_t>(ref.referrer)])
                    continue;
                seen[static_cast<std::size_t>(ref.referrer)] = 1;
                const Entity &reached = p.entities[static_cast<std::size_t>(ref.referrer)];
                std::string path = cat(way, " --", wordsOf(from.deletion), "--> ", reached.name);
                if (!reported[k]) {
                    reported[k] = 1;
                    const Entity *record = recordOf(ctx, ref.referrer);
                    const Entity *kept = mustOutlive(from, reached)                  ? &reached
                                         : record && mustOutlive(from, *record) ? record
                                                                                : nullptr;
                    if (kept) {
                        Finding &f = ctx.add(rule::kCascadeOutlivesRecord, ctx.relationshipTarget(*ref.by),
                                             "a deleted {0} takes its {1} documents with it through {2} "
                                             "({3}), but {4} must outlive it",
                                             origin.name, reached.name, quoted(ctx.project, *ref.by), path, kept->name);
                        f.reasonPhrase = whyOutlives(f, from, *kept);
                    }
                    if (tenants && from.tenantScoped != reached.tenantScoped)
                        ctx.add(rule::kCascadeCrossesTenant, ctx.relationshipTarget(*ref.by),
                                "a deleted {0} takes its {1} documents with it through {2} ({3}), across the "
                                "tenant boundary: {4} is tenant-scoped and {5} is not",
                                origin.name, reached.name, quoted(ctx.project, *ref.by), path,
                                from.tenantScoped ? from.name : reached.name,
                                from.tenantScoped ? reached.name : from.name);
                }
                if (removesReferrers(reached.deletion))
                    frontier.emplace_back(ref.referrer, std::move(path));
            }
        }
    }
}

} // namespace

void checkDeletionRules(Context &ctx) {
    const std::vector<Reference> refs = referencesOf(ctx);
    checkUnspecified(ctx, refs);
    checkCascades(ctx, refs);
}

} // namespace docshape::advisor
