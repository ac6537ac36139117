#include "advisor/AdvisorContext.h"

#include "advisor/RuleCatalog.h"

#include <cctype>

namespace docshape::advisor {

// Whether a copy's semantics fit how the workload uses it (seed
// lesson-135, "Duplication is a trade-off" and "Data duplication
// consistency"). DS132 asks that every copy state snapshot, synchronous or
// eventual; these rules ask whether the choice is right:
// - a snapshot (or eventual) copy read by a pattern that needs current
//   data (DS136);
// - a synchronous or eventual copy inside records the workload only
//   inserts, so that a change of the source rewrites history (DS137).

namespace {

// What a pattern's consistency says when the copied values it reads must
// be current: the lesson's "expected to stay current", "requires current
// profile data".
constexpr std::string_view kCurrentWords[] = {"current", "fresh", "latest", "up-to-date", "up to date",
                                              "real-time", "realtime"};

std::string lower(std::string_view text) {
    std::string out(text);
    for (char &c : out)
        c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

bool saysCurrent(const std::string &consistency) {
    for (std::string_view w : kCurrentWords)
        if (consistency.find(w) != std::string::npos)
            return true;
    return false;
}

// The dotted path of the first node of `shape` that `match` accepts,
// through subdocuments, arrays of subdocuments and variants.
template <typename Match>
bool findPath(const ObjectShape &shape, const Match &match, const std::string &prefix, std::string &out) {
    auto search = [&](const NodeList &nodes) {
        for (const auto &n : nodes) {
            const std::string path = dottedPath(prefix, n.name);
            if (match(n)) {
                out = path;
                return true;
            }
            if (n.hasObject() && findPath(*n.object, match, path, out))
                return true;
        }
        return false;
    };
    if (search(shape.fields))
        return true;
    for (const auto &v : shape.variants)
        if (search(v.fields))
            return true;
    return false;
}

// A pattern names the value at `path` among what it returns: a path that
// is the value, holds it, or lies inside it.
bool returns(const AccessPattern &q, std::string_view path) {
    for (const std::string &r : q.fieldsReturned) {
        const std::string_view shorter = r.size() < path.size() ? std::string_view(r) : path;
        const std::string_view longer = r.size() < path.size() ? path : std::string_view(r);
        if (longer.substr(0, shorter.size()) == shorter &&
            (longer.size() == shorter.size() || longer[shorter.size()] == '.'))
            return true;
    }
    return false;
}

// One copy: where it is stored, what it copies and how.
struct Copy {
    int collection = -1;
    std::string path;        // in the collection's documents
    std::string holder;      // the entity (and field) that holds it, for messages
    std::string source;      // what it copies
    std::string sourceEntity, sourceField; // their names, which a pattern's consistency may mention
    Duplication semantics = Duplication::None;
    FindingTarget target;
};

void judge(Context &ctx, const Copy &copy) {
    if (copy.semantics == Duplication::None)
        return; // DS132 asks for the semantics first
    const Span<const AccessPattern *> patterns = ctx.patternsOn(copy.collection);
    if (copy.semantics == Duplication::Snapshot || copy.semantics == Duplication::Eventual) {
        for (const AccessPattern *q : patterns) {
            // The pattern needs this copy current: its consistency says
            // current data, and it names the copy among what it returns,
            // or names the copy or its source in what must be current. A
            // page that needs the customer's contact current does not need
            // the product names of its line items current.
            if (q->kind != AccessKind::Read)
                continue;
            const std::string consistency = lower(q->consistency);
            if (!saysCurrent(consistency))
                continue;
            const bool mentioned = (!copy.sourceEntity.empty() && consistency.find(lower(copy.sourceEntity)) !=
                                                                      std::string::npos) ||
                                   (!copy.sourceField.empty() &&
                                    consistency.find(lower(copy.sourceField)) != std::string::npos);
            if (!returns(*q, copy.path) && !mentioned)
                continue;
            Finding &f = ctx.add(rule::kSnapshotReadAsCurrent, copy.target,
                                 "{0} is a {1} copy of {2}, but '{3}' reads it and needs current data ('{4}')",
                                 copy.holder, Static{wordsOf(copy.semantics)}, copy.source, q->name, q->consistency);
            f.reasonPhrase = copy.semantics == Duplication::Snapshot
                                 ? f.words.say("A snapshot is never updated: \"The old value is intentionally part of "
                                               "the record's history.\"")
                                 : f.words.say("An eventual copy lags: \"Readers may see old duplicated values "
                                               "briefly.\"");
            break;
        }
        if (copy.semantics == Duplication::Snapshot)
            return;
    }
    // Synchronous or eventual: kept in step with the source. Records that
    // are only inserted are a history.
    bool inserted = false, updated = false;
    for (const AccessPattern *q : patterns) {
        if (q->kind != AccessKind::Write)
            continue;
        inserted = inserted || q->operation == Operation::Insert;
        updated = updated || q->operation == Operation::Update;
    }
    if (!inserted || updated)
        return;
    const CollectionStat &stat = ctx.stat(copy.collection);
    ctx.add(rule::kHistoryRewritten, copy.target,
            "{0} copies {1} with {2} semantics, but the workload only inserts {3}: a change of {1} rewrites "
            "records already written",
            copy.holder, copy.source, Static{wordsOf(copy.semantics)}, stat.name);
}

bool holds(const std::vector<Field> &fields, std::string_view id) {
    for (const Field &f : fields)
        if (f.id == id || holds(f.fields, id))
            return true;
    return false;
}

// The entity whose fields (or variant fields) hold field `id`.
const Entity *ownerOf(const Project &p, std::string_view id) {
    for (const Entity &e : p.entities) {
        if (holds(e.fields, id))
            return &e;
        for (const Variant &v : e.variants)
            if (holds(v.fields, id))
                return &e;
    }
    return nullptr;
}

void walkFields(Context &ctx, const Entity &e, const std::vector<Field> &fields, const std::string &prefix) {
    for (const Field &f : fields) {
        // Most fields copy nothing and hold nothing: no path to spell.
        if (f.details->duplicatedFrom.empty() && f.fields.empty())
            continue;
        const std::string where = prefix.empty() ? f.name : prefix + "." + f.name;
        if (!f.details->duplicatedFrom.empty()) {
            Copy copy;
            copy.collection = ctx.collectionOf(e.id);
            const Field *source = ctx.project.findField(f.details->duplicatedFrom);
            if (copy.collection >= 0 && source &&
                findPath(ctx.shape(copy.collection).shape, [&f](const ShapeNode &n) { return n.field == &f; }, "",
                         copy.path)) {
                copy.holder = cat(e.name, ".", where);
                copy.source = cat("'", source->name, "'");
                copy.sourceField = source->name;
                if (const Entity *owner = ownerOf(ctx.project, f.details->duplicatedFrom))
                    copy.sourceEntity = owner->name;
                copy.semantics = f.details->duplication;
                copy.target = {"field", f.id, copy.holder};
                judge(ctx, copy);
            }
        }
        if (!f.fields.empty())
            walkFields(ctx, e, f.fields, where);
    }
}

} // namespace

void checkDuplicationFit(Context &ctx) {
    for (const Entity &e : ctx.project.entities) {
        walkFields(ctx, e, e.fields, "");
        for (const Variant &v : e.variants)
            walkFields(ctx, e, v.fields, "");
    }
    // The fields an extended reference copies into its parent.
    for (const Relationship &r : ctx.project.relationships) {
        if (r.representation != Representation::ExtendedReference)
            continue;
        const Entity *parent = ctx.entityAt(ctx.parentOf(r));
        const Entity *child = ctx.entityAt(ctx.childOf(r));
        Copy copy;
        copy.collection = parent ? ctx.collectionOf(parent->id) : -1;
        if (!child || copy.collection < 0 ||
            !findPath(ctx.shape(copy.collection).shape,
                      [&r](const ShapeNode &n) {
                          return n.origin == NodeOrigin::ExtendedReference && n.relationshipId == r.id;
                      },
                      "", copy.path))
            continue;
        copy.holder = cat(parent->name, ".", copy.path);
        copy.source = cat("the fields of ", child->name);
        copy.sourceEntity = child->name;
        copy.semantics = r.copySemantics;
        copy.target = ctx.relationshipTarget(r);
        judge(ctx, copy);
    }
}

} // namespace docshape::advisor
