#pragma once

#include "advisor/Advice.h"
#include "advisor/RuleCatalog.h"
#include "core/Thresholds.h"
#include "util/Grouped.h"
#include "util/IdIndex.h"
#include "core/Project.h"
#include "estimate/Analysis.h"

#include <array>
#include <cassert>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <span>
#include <string_view>
#include <vector>

// Internal to the advisor: the maps every rule shares, built once per run so
// that no rule loops over the whole model inside another loop over it.
namespace docshape::advisor {

// A read-only run of items (advisor code says Span<T>).
template <typename T> using Span = std::span<const T>;

// A dotted path with its first bytes, so that most comparisons end on one
// word. The text must outlive it.
struct Path {
    std::uint64_t head = 0;
    std::string_view text;

    Path() = default;
    explicit Path(std::string_view t) : head(firstBytes(t)), text(t) {}
    friend bool operator==(const Path &a, const Path &b) {
        return a.head == b.head && a.text.size() == b.text.size() &&
               (a.text.size() <= sizeof a.head ||
                std::memcmp(a.text.data() + sizeof a.head, b.text.data() + sizeof b.head,
                            a.text.size() - sizeof a.head) == 0);
    }
};

// The thresholds in force, read once.
struct Settings {
    explicit Settings(const Thresholds &t);
    double documentTarget, maxDocument, atlasDocument, atlasArray, atlasIndexes, atlasCollections,
        compassIndexes, compassArray, frequent, scanDocuments, hotWrites, relationalMin, multiShare,
        longLivedDays, fewChildren, manyChildren, outlierRatio, eventInserts, eventsPerParentPerDay, mismatchRatio, roundTripMs,
        documentExaminedMs, bytesPerMs, unknownEquality, rangeSelectivity, hotWindowSeconds;
};

// How well one index serves one pattern, by the Equality-Sort-Range rule.
struct IndexFit {
    int equalityMatched = 0; // equality fields bound by the index prefix
    int rangeMatched = 0;    // range fields bound after the equality (and sort) keys
    bool sortServed = false; // the index order gives the requested sort (or none requested)
    bool usable = false;
    double score = 0;
};

// One IndexStat as planning reads it, gathered once so that the plans of
// thousands of patterns read a small array instead of the analysis.
struct IndexKeys {
    struct Key {
        Path path;
        int direction = 0; // 1 or -1; 0 for other kinds (hashed, text, ...)
    };
    Span<Key> keys;
    bool special = false; // a text or geo index: it serves no ESR fit
    bool error = false;   // the analysis could not build it
    bool idIndex = false; // _id_
    int uniqueKeys = -1;  // a unique index without a partial filter: its model key count; else -1
};

// The plan of one access pattern: its collection, the filter as the server
// sees it (tenant constraint included), and the index chosen.
struct PatternPlan {
    const AccessPattern *pattern = nullptr;
    // What later stages read of the pattern, kept here so that they need
    // not go back to it.
    std::string_view name;
    AccessKind kind = AccessKind::Read;
    Operation operation = Operation::FindOneById;
    Span<int> alsoReads; // entity positions (-1: unknown)
    int entity = -1;     // position in project.entities; -1: unknown
    int collection = -1; // index into analysis.collections; -1: entity not stored
    Span<std::string_view> equality; // with the tenant field when the query carries it
    const double *selectivity = nullptr; // of each equality field, parallel to `equality`
    bool assumedSelectivity = false;   // some equality field has no stated cardinality
    const IndexStat *index = nullptr;  // chosen index; nullptr: collection scan (or none needed)
    const IndexSpec *indexSpec = nullptr; // the model index behind it; nullptr for _id_
    IndexFit fit;
    double boundShare = 1;   // share of documents the chosen index's bound keys select
    double frequency = 0;    // the pattern's, per second
    bool needsIndex = false; // has a filter or a sort to serve
    bool fullyServed = false;
    bool pointLookup = false; // the index binds a unique key by equality: at most one document
};

// What the rules read about one collection, gathered when the advisor
// reaches it (Context::enter), so that each collection's statistics,
// indexes and top-level keys are read once, while they are in cache.
class CollectionView {
public:
    int index = -1;
    const CollectionStat *stat = nullptr;
    const CollectionShape *shape = nullptr;

    // The model index behind the k-th IndexStat; nullptr for _id_.
    const IndexSpec *spec(std::size_t k) const { return m_specs[k]; }
    // The k-th IndexStat as the ESR fit reads it.
    const IndexKeys &keys(std::size_t k) const { return m_keys[k]; }
    // The fields the k-th index's partial filter names (partialFilterFields),
    // parsed once per collection; empty without a filter.
    const std::vector<std::string> &partialFields(std::size_t k) const { return m_partialFields[k]; }
    // The j-th array (CollectionStat::arrays): its node, the relationship
    // behind it when no field is, and who enforces its bound by the field
    // or relationship (Nobody when unknown).
    struct Array {
        const ShapeNode *node = nullptr;
        const Relationship *relationship = nullptr;
        BoundEnforcer enforcer = BoundEnforcer::Nobody;
    };
    const Array &array(std::size_t j) const { return m_arrays[j]; }
    // The documents hold the project's tenant field at top level.
    bool hasTenantField() const { return m_tenantField; }
    // The node at a dotted path of the documents (advisor::nodeAt), its
    // first key found through a directory of the top-level keys.
    const ShapeNode *nodeAt(std::string_view path, const ShapeNode **parent = nullptr) const;
    // Paths of single-key unique indexes, for selectivity.
    const std::vector<std::string_view> &uniquePaths() const { return m_uniquePaths; }

private:
    friend class Context;
    // A top-level key by size and first bytes: a lookup touches only the
    // node it finds.
    struct TopKey {
        std::uint64_t prefix = 0;
        std::size_t size = 0;
        const ShapeNode *node = nullptr;
    };
    static std::uint64_t prefixOf(std::string_view name);
    static bool same(const TopKey &key, std::uint64_t prefix, std::string_view name);

    std::vector<const IndexSpec *> m_specs;  // parallel to stat->indexes
    std::vector<IndexKeys> m_keys;           // the same
    std::vector<std::vector<std::string>> m_partialFields; // the same
    std::vector<IndexKeys::Key> m_keyPaths;  // what m_keys point at
    std::vector<TopKey> m_topKeys;           // fields, then variant fields
    std::vector<Array> m_arrays; // parallel to stat->arrays
    std::vector<std::string_view> m_uniquePaths;
    bool m_tenantField = false;
};

// The maps every rule of one run shares, built once, and the plans and index
// slots that the collection walk fills.
struct RunTables {
    RunTables(const Project &project, const Analysis &analysis);

    const Project &project;
    const Analysis &analysis;
    Thresholds thresholds;
    Settings s;
    IdIndex entityIndex;   // position in project.entities
    IdIndex relationships; // position in project.relationships
    std::vector<std::pair<int, int>> relationshipEnds; // parent, child positions
    std::vector<int> patternEntity;                    // by pattern position
    std::vector<int> collectionOf;                     // by entity position
    std::vector<int> rootOf;                           // by collection
    Grouped<const AccessPattern *> patternsByCollection;
    Grouped<const AccessPattern *> patternsByEntity;
    Grouped<const Relationship *> relationshipsByEntity;
    Grouped<const IndexSpec *> indexesByCollection; // model indexes, project order
    // By position in project.indexes, filled as collections are entered.
    std::vector<const IndexStat *> statOfIndex;
    std::vector<int> indexCollection;
    std::vector<char> uniqueOrTtl;

    std::vector<PatternPlan> plans;
    // The plans' slots, and where each pattern's start.
    std::vector<std::string_view> planPaths;
    std::vector<double> planSelectivity;
    std::vector<int> planAlsoReads;
    std::vector<std::pair<std::uint32_t, std::uint32_t>> planStart; // paths, alsoReads; by pattern
};

class Context {
    RunTables m_run; // first: the references below are to its members

public:
    Context(const Project &project, const Analysis &analysis);
    Context(const Context &) = delete;
    Context &operator=(const Context &) = delete;

    const Project &project;
    const Analysis &analysis;
    const Thresholds &thresholds;
    const Settings &s;

    // Entities by position in project.entities; -1 for an unknown id.
    int entityPosition(std::string_view id) const;
    const Entity *entity(std::string_view id) const { return entityAt(entityPosition(id)); }
    const Entity *entityAt(int e) const {
        return e < 0 ? nullptr : &project.entities[static_cast<std::size_t>(e)];
    }
    const Relationship *relationship(std::string_view id) const;
    // The positions of a relationship's parent and child (-1: unknown).
    int parentOf(const Relationship &r) const;
    int childOf(const Relationship &r) const;
    // The position of a pattern's entity (-1: unknown).
    int entityOf(const AccessPattern &q) const;
    std::size_t position(const AccessPattern &q) const {
        return static_cast<std::size_t>(&q - project.accessPatterns.data());
    }
    // Index into analysis.collections of the collection that stores the
    // entity (its own, or the one it is embedded in); -1 if none.
    int collectionOf(std::string_view entityId) const { return collectionOfEntity(entityPosition(entityId)); }
    int collectionOfEntity(int e) const;
    // The position of the entity named by a collection's rootEntityId (the
    // root, or a bucket's child); -1 for none.
    int rootOf(int c) const;
    const CollectionShape &shape(int c) const { return analysis.derived.collections[static_cast<std::size_t>(c)]; }
    const CollectionStat &stat(int c) const { return analysis.collections[static_cast<std::size_t>(c)]; }
    Span<const AccessPattern *> patternsOn(int collection) const;
    Span<const AccessPattern *> patternsOnEntity(int e) const;
    Span<const Relationship *> relationshipsOf(int e) const;
    // A tenant-scoped collection of a shared-collection project.
    bool tenantScopedCollection(int collection) const;
    // The statistics of a model index (position in project.indexes), once
    // the advisor has entered its collection; nullptr when not stored.
    const IndexStat *statOf(std::size_t index) const;
    // For a model index whose collection the advisor entered: that
    // collection, and whether the index is unique or TTL; -1 otherwise.
    int indexCollection(std::size_t index) const;
    bool uniqueOrTtl(std::size_t index) const;

    // Gathers the view of collection c; the rules of one collection run
    // between enter(c) and the next enter. Without the view, only the
    // statistics of the collection's model indexes (statOf,
    // indexCollection, uniqueOrTtl): for a collection whose plans and rules
    // a memo carries over.
    void enter(int c, bool withView = true);
    const CollectionView &view() const {
        assert(m_view.index >= 0); // entered with its view
        return m_view;
    }
    // Fraction of documents one equality on `path` of the entered collection matches.
    double equalitySelectivity(std::string_view path, bool &assumed) const;

    // The plans, parallel to project.accessPatterns, shared by the run.
    std::vector<PatternPlan> &plans;
    // Where a plan keeps its equality paths and their selectivity (room for
    // the pattern's own, the tenant field and _id), and the entities it
    // also reads: each pattern's own slots in three flat lists.
    struct PlanSlots {
        std::string_view *paths;
        double *selectivity;
        int *alsoReads;
    };
    PlanSlots planSlots(const AccessPattern &q);
    // Planning's scratch: a pattern's paths, and the equality keys an index binds.
    struct PlanPaths {
        std::vector<Path> equality, range;
        std::vector<std::pair<Path, int>> sort; // path, direction 1 or -1
        std::vector<Path> bound;
    } planScratch;

    // Adds a finding of the rule on `target` whose message says `form` with
    // `values` (Wording::say); returns it, for a rule to add specifics:
    // f.reasonPhrase = f.words.say(...), f.fixPhrase = f.words.say(...).
    // The reference is valid until the next finding is added.
    template <typename... Values>
    Finding &add(std::string_view ruleId, FindingTarget target, std::string_view form, const Values &...values) {
        Finding &f = newFinding(ruleId, std::move(target));
        f.messagePhrase = f.words.say(form, values...);
        return f;
    }
    // The findings, most severe first, then by rule id, then in the order
    // they were added; with `position`, where each finding went, by the
    // order it was added in.
    std::vector<Finding> takeFindings(std::vector<std::uint32_t> *position = nullptr);
    // How many findings were added so far; and the findings `from` holds
    // at `at`, added again as they were (an AdviceMemo's, moved out of the
    // last run's advice).
    std::size_t findingCount() const { return m_findings.size(); }
    // Room for `count` findings (as many as the last run's, say).
    void expectFindings(std::size_t count) { m_findings.reserve(count); }
    void replay(const std::vector<std::uint32_t> &at, std::vector<Finding> &from);

    // The entity is the root of its own collection: a field 'id' beside
    // _id mirrors it.
    bool mirrorsId(const Entity &e) const;

    static FindingTarget projectTarget(const Project &p) { return {"project", "", p.name}; }
    static FindingTarget entityTarget(const Entity &e) { return {"entity", e.id, e.name}; }
    static FindingTarget collectionTarget(const CollectionStat &c) { return {"collection", c.name, c.name}; }
    // Named as the diagram shows it (relationshipLabel): "Ticket → User (assignee)".
    FindingTarget relationshipTarget(const Relationship &r) const;
    static FindingTarget patternTarget(const AccessPattern &q) { return {"accessPattern", q.id, q.name}; }
    // `name`: the index's name (IndexStat::name, or indexName(i)).
    static FindingTarget indexTarget(const IndexSpec &i, const std::string &name) { return {"index", i.id, name}; }
    FindingTarget relationshipTargetById(std::string_view id) const;
    // A path of a collection's documents named from its root entity, as the
    // inspector shows it ("Order.items.sku"); from the collection for one
    // without a root entity (a junction).
    std::string documentPathName(const CollectionShape &shape, const CollectionStat &stat,
                                 std::string_view path) const;

private:
    std::size_t position(const Relationship &r) const {
        return static_cast<std::size_t>(&r - project.relationships.data());
    }
    Finding &newFinding(std::string_view ruleId, FindingTarget target);

    CollectionView m_view;

    std::vector<Finding> m_findings;          // in the order added
    std::vector<const Rule *> m_findingRules; // one per finding, the same order
    const Rule *m_lastRule = nullptr;         // the rule of the last finding: rules add in runs
};


inline int Context::entityPosition(std::string_view id) const { return m_run.entityIndex.find(id); }
inline int Context::parentOf(const Relationship &r) const { return m_run.relationshipEnds[position(r)].first; }
inline int Context::childOf(const Relationship &r) const { return m_run.relationshipEnds[position(r)].second; }
inline int Context::entityOf(const AccessPattern &q) const { return m_run.patternEntity[position(q)]; }
inline int Context::collectionOfEntity(int e) const {
    return e < 0 ? -1 : m_run.collectionOf[static_cast<std::size_t>(e)];
}
inline int Context::rootOf(int c) const { return m_run.rootOf[static_cast<std::size_t>(c)]; }
inline const IndexStat *Context::statOf(std::size_t index) const { return m_run.statOfIndex[index]; }
inline int Context::indexCollection(std::size_t index) const { return m_run.indexCollection[index]; }
inline bool Context::uniqueOrTtl(std::size_t index) const { return m_run.uniqueOrTtl[index] != 0; }
inline Context::PlanSlots Context::planSlots(const AccessPattern &q) {
    const auto [paths, alsoReads] = m_run.planStart[position(q)];
    return {m_run.planPaths.data() + paths, m_run.planSelectivity.data() + paths, m_run.planAlsoReads.data() + alsoReads};
}

// The node at a dotted path through subdocuments, arrays of subdocuments
// and variants, without allocating; `parent` receives the node holding it.
const ShapeNode *nodeAt(const ObjectShape &shape, std::string_view path, const ShapeNode **parent = nullptr);

// How the rules say values (Wording), and cat(...), which builds a string in
// one allocation: strings and views as they are, Num{x}, Bytes{x} and
// Rate{x} as a Wording prints them.
using Num = Wording::Num;
using Bytes = Wording::Bytes;
using Rate = Wording::Rate;
using Static = Wording::Static;
inline void append(std::string &out, std::string_view v) { out += v; }
inline void append(std::string &out, const std::string &v) { out += v; }
inline void append(std::string &out, const char *v) { out += v; }
inline void append(std::string &out, char c) { out += c; }
inline void append(std::string &out, Num n) { appendNumber(out, n.value); }
inline void append(std::string &out, Bytes b) { appendBytes(out, b.value); }
inline void append(std::string &out, Rate r) {
    appendNumber(out, r.value);
    out += "/s";
}
template <typename... Parts> std::string cat(const Parts &...parts) {
    std::string out;
    out.reserve(128);
    (append(out, parts), ...);
    return out;
}

// What advise() keeps. Lint needs only the findings: worksheets and
// relationship decisions are still made (their findings come from making
// them) but dropped at once; access costs are kept until the workload rules
// have read them.
enum class Keep { Everything, Findings };

struct Memo;

// docshape::advise, keeping what `keep` says; with a memo, carrying over
// what `change` did not touch (Carry) and keeping the run in the memo.
Advice advise(const Project &project, const Analysis &analysis, Keep keep, Memo *memo = nullptr,
              const AnalysisChange *change = nullptr);

// What an AdviceMemo keeps of one run: its advice, where in it the
// findings each unit of the advice added are (an entity's field rules and
// stated sizes, a collection's rules and worksheet, the paths of an access
// pattern or of an index, the workload rules of an access pattern,
// whether an index serves any pattern, a relationship's advice), and what
// tells whether a unit may be carried over to the next run. The next run
// moves what it carries over out of the advice.
struct Memo {
    static constexpr std::size_t kUnits = 8; // Carry::Unit
    Advice last;
    bool valid = false;
    std::vector<std::string> entityIds, patternIds, indexIds, relationshipIds; // by position
    // By entity: mirrorsId, and whether a field copies another entity's.
    std::vector<char> mirrorsId, copies;
    // By collection (as many as measurements): its measurement
    // (Analysis::measurements), the positions of the access patterns on it.
    std::vector<std::uint64_t> measurements;
    std::vector<std::vector<std::uint32_t>> patternsOn;
    // By access pattern and by index: its collection.
    std::vector<int> patternCollection, indexCollection;
    // The positions in last.findings of each unit's findings, by kind
    // (Carry::Unit) and position.
    std::array<std::vector<std::vector<std::uint32_t>>, kUnits> findings;
    // By access pattern: whether its workload rules read the suggested
    // indexes (a finding they would fix), and the keys of the suggestion
    // they named, if any, which any pattern may change.
    std::vector<char> readsSuggestions;
    std::vector<std::optional<std::vector<IndexKey>>> suggestedKeys;
    // By index: whether an access pattern used it (indexesInUse).
    std::vector<char> indexUsed;
    // By relationship: its advice's position in last.relationships (-1:
    // none), the collections of its parent and child, and how many access
    // patterns each of the two has.
    struct KeptRelationship {
        int advice = -1;
        int parentCollection = -1, childCollection = -1;
        std::size_t parentPatterns = 0, childPatterns = 0;
    };
    std::vector<KeptRelationship> relationships;
    // By access pattern: the plan the last run made for it (its cost is
    // last.accessPatterns'), with what the plan's views and pointers refer
    // to kept as values and positions (Carry::restorePlan sets them again).
    // A run plans every pattern of a stored entity, so after a whole run
    // (valid) the plan of each pattern with a collection
    // (patternCollection >= 0) is kept.
    struct KeptPlan {
        PatternPlan plan;
        std::vector<std::string> equality;
        std::vector<double> selectivity; // parallel to equality
        std::vector<int> alsoReads;
        int index = -1;     // the chosen index's position in its collection's IndexStats
        int indexSpec = -1; // the model index's position in project.indexes
    };
    std::vector<KeptPlan> plans;
    // Of the last run: units carried over, units checked.
    std::size_t carried = 0, checked = 0;
};

// Runs the units of the advice, or carries a unit's findings over from a
// Memo when nothing it reads changed since: the entity, pattern or index
// itself untouched, its collection measured the same (the analysis keeps a
// collection's measurement when no edit touched it), the same access
// patterns on that collection. An access pattern's workload rules read
// its plan and cost (carried over as restorePlan says) and, when a
// finding would name a fix, the suggested index for it (checkWorkloadRules
// compares it with the one named last time, recheck()). Whether an index
// serves no pattern reads the index, its collection (the same patterns on
// it) and whether a pattern used it, which checkWorkloadRules compares. A
// relationship's advice reads its two entities (an edit of the
// relationship touches both), their collections, and the plans of the
// patterns on either entity. Anything else, or a change to `everything`,
// checks the unit again.
class Carry {
public:
    enum Unit { Fields, StatedSizes, Collection, PatternPaths, IndexPaths, PatternWorkload, IndexUse, Relationships };

    // Carries nothing over and keeps nothing (advise without a memo).
    Carry() = default;
    Carry(const Context &ctx, Memo &memo, const AnalysisChange &change);

    // Runs check() for unit i, or adds again what it added last time;
    // true when it did the latter.
    template <typename Check> bool run(Context &ctx, Unit unit, std::size_t i, Check check) {
        if (!m_memo) {
            check();
            return false;
        }
        const std::size_t before = ctx.findingCount();
        const bool carried = m_clean[unit][i];
        if (carried) {
            ctx.replay(m_memo->findings[unit][i], m_memo->last.findings);
            ++m_memo->carried;
        } else {
            ++m_memo->checked;
            check();
        }
        m_added.push_back({unit, static_cast<std::uint32_t>(i), static_cast<std::uint32_t>(before),
                           static_cast<std::uint32_t>(ctx.findingCount())});
        return carried;
    }
    Memo *memo() const { return m_memo; }
    // Whether run() will carry unit i over, and restorePlan() plan i.
    bool carries(Unit unit, std::size_t i) const { return m_memo && m_clean[unit][i]; }
    // Unit i is checked again, whatever the edit touched.
    void recheck(Unit unit, std::size_t i) {
        if (m_memo)
            m_clean[unit][i] = 0;
    }
    bool carriesPlan(std::size_t i) const { return m_memo && m_planClean[i]; }
    // The plan (in ctx.plans) and the cost of access pattern i, as the last
    // run made them, when nothing they read changed since: the pattern
    // untouched, its collection and the collections of the entities it
    // also reads measured the same. False when they must be made again;
    // keepPlan() then keeps what was made.
    bool restorePlan(Context &ctx, std::size_t i, AccessCost &cost);
    void keepPlan(const Context &ctx, std::size_t i);
    // Collection c's worksheet as the last run made it, when run() carried
    // the collection over.
    Worksheet restoreWorksheet(std::size_t c);
    // Relationship k's advice as the last run made it, when run() carried
    // it over; keepRelationship notes where this run's advice of it is.
    RelationshipAdvice restoreRelationship(std::size_t k);
    void keepRelationship(const Context &ctx, std::size_t k, int advice);
    // Notes in the memo what the next run compares with; `position`: where
    // each finding went (Context::takeFindings).
    void finish(const Context &ctx, const std::vector<std::uint32_t> &position);

private:
    // The findings one unit added this run: [begin, end) in the order added.
    struct Added {
        Unit unit;
        std::uint32_t i, begin, end;
    };
    Memo *m_memo = nullptr;
    bool m_sameObjects = false;       // the memo's ids are the project's
    bool m_sameRelationships = false; // the memo's relationship ids are the project's
    std::array<std::vector<char>, Memo::kUnits> m_clean;
    std::vector<char> m_planClean; // by access pattern
    std::vector<Added> m_added;
};

// An entity's field rules: copies without a plan, money as floating point,
// dates as strings, enums as integers, stored nulls, an id beside _id. One
// checker serves every entity of a run (it keeps what field names say).
class FieldRules {
public:
    FieldRules();
    // True when a field of the entity copies another entity's field (its
    // findings then name that field).
    bool check(Context &ctx, const Entity &entity);

    struct NameClass {
        bool money = false;
        bool minor = false;
        bool date = false; // by name; a stated pattern or enum is checked per field
    };

private:
    NameClass classify(const Field &f);
    struct Cached {
        std::uint64_t head = 0;
        std::size_t size = std::string_view::npos; // npos: empty
        std::string_view name;
        NameClass kind;
    };
    static constexpr std::size_t kSlots = 1024, kProbes = 8;
    std::vector<Cached> m_cache;
};

// Stages of the advisor, in the order advise() runs them.
void checkProjectRules(Context &ctx);
void checkReferenceRules(Context &ctx);
// Parts of checkReferenceRules: whether each copy's semantics fit how it
// is read and written (DuplicationRules.cpp), and deletion with retention
// (DeletionRules.cpp).
void checkDuplicationFit(Context &ctx);
void checkDeletionRules(Context &ctx);
// For the entered collection: plan and cost its patterns, then its rules
// and its worksheet. A pattern whose entity is not stored is planned
// without entering a collection.
void planPattern(Context &ctx, const AccessPattern &q);
AccessCost costPattern(const Context &ctx, const PatternPlan &plan);
void checkCollectionRules(Context &ctx);
// Sizes (SizeRules.cpp): values whose maximum length is unknown, in the
// entered collection; stated maxBytes the constraints contradict, in one
// entity.
void checkValueSizes(Context &ctx);
void checkStatedSizes(Context &ctx, const Entity &e);
// The server's refusals (ServerRules.cpp), in the entered collection.
void checkServerRules(Context &ctx);
std::vector<SuggestedIndex> suggestIndexes(Context &ctx);
// The advice on every relationship whose ends are known.
std::vector<RelationshipAdvice> adviseRelationships(Context &ctx, Carry &carry);
void checkWorkloadRules(Context &ctx, const std::vector<AccessCost> &costs,
                        const std::vector<SuggestedIndex> &suggestions, Carry &carry);
// Paths that name no key of the collection's documents: an access
// pattern's, an index's (its keys and partial filter).
void checkPatternPaths(Context &ctx, const AccessPattern &q);
void checkIndexPaths(Context &ctx, const IndexSpec &index);
// By position in project.indexes, 1 for the indexes some access pattern
// uses: the one its plan chose, and the one the inner side of each of its
// joins would use (the documents of an entity it also reads, found by the
// reference that links them). Reads the plans of the whole run.
std::vector<char> indexesInUse(const Context &ctx);

// The worksheet of each collection, built as the advisor enters it.
class WorksheetBuilder {
public:
    Worksheet build(Context &ctx);

private:
    // Scratch lists, kept from one collection to the next.
    std::vector<const AccessPattern *> m_reads, m_writes;
    std::vector<std::string_view> m_filters;
    std::vector<std::pair<std::string_view, int>> m_sorts;
    Wording m_words; // a worksheet's values, copied out at their size
};

// The working set, summed pattern by pattern as they are costed.
class WorkingSetEstimate {
public:
    explicit WorkingSetEstimate(const Context &ctx);
    void add(const PatternPlan &plan, const AccessCost &cost);
    WorkingSet finish(Context &ctx);

private:
    const Context &m_ctx;
    std::vector<double> m_hotDocuments;    // by collection
    std::vector<std::size_t> m_firstIndex; // of each collection's indexes in m_firstUse
    // Of each index: 0 if unused, else the rank of its first use in its
    // collection; and by collection, the indexes used so far.
    std::vector<std::uint32_t> m_firstUse;
    std::vector<std::uint32_t> m_used;
};

} // namespace docshape::advisor
