#pragma once

#include "advisor/Advice.h"
#include "advisor/Thresholds.h"
#include "core/Project.h"
#include "estimate/Analysis.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

// Internal to the advisor: the maps every rule shares, built once per run so
// that no rule loops over the whole model inside another loop over it.
namespace docshape::advisor {

// A view of consecutive items of a Grouped list.
template <typename T> struct Span {
    const T *first = nullptr;
    const T *last = nullptr;
    const T *begin() const { return first; }
    const T *end() const { return last; }
    std::size_t size() const { return static_cast<std::size_t>(last - first); }
    bool empty() const { return first == last; }
};

// Items grouped by a dense key (0..groups-1) in two flat arrays, so that
// thousands of small lists cost two allocations.
template <typename T> class Grouped {
public:
    // pairs: (group, item), in the order items should keep within a group.
    void build(std::size_t groups, const std::vector<std::pair<std::uint32_t, T>> &pairs) {
        m_offsets.assign(groups + 1, 0);
        for (const auto &[g, item] : pairs)
            ++m_offsets[g + 1];
        for (std::size_t g = 0; g < groups; ++g)
            m_offsets[g + 1] += m_offsets[g];
        m_items.resize(pairs.size());
        std::vector<std::uint32_t> next(m_offsets.begin(), m_offsets.end() - 1);
        for (const auto &[g, item] : pairs)
            m_items[next[g]++] = item;
    }
    Span<T> of(std::size_t group) const {
        if (group + 1 >= m_offsets.size())
            return {};
        return {m_items.data() + m_offsets[group], m_items.data() + m_offsets[group + 1]};
    }

private:
    std::vector<std::uint32_t> m_offsets;
    std::vector<T> m_items;
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

// The plan of one access pattern: its collection, the filter as the server
// sees it (tenant constraint included), and the index chosen.
struct PatternPlan {
    const AccessPattern *pattern = nullptr;
    int collection = -1; // index into analysis.collections; -1: entity not stored
    std::vector<std::string> equality; // with the tenant field when the query carries it
    std::vector<double> selectivity;   // of each equality field, parallel to `equality`
    bool assumedSelectivity = false;   // some equality field has no stated cardinality
    const IndexStat *index = nullptr;  // chosen index; nullptr: collection scan (or none needed)
    IndexFit fit;
    bool needsIndex = false; // has a filter or a sort to serve
    bool fullyServed = false;
    bool pointLookup = false; // the index binds a unique key by equality: at most one document
};

class Context {
public:
    Context(const Project &project, const Analysis &analysis);

    const Project &project;
    const Analysis &analysis;
    Thresholds thresholds;
    Settings s;

    const Entity *entity(std::string_view id) const;
    const IndexSpec *index(std::string_view id) const;
    const Relationship *relationship(std::string_view id) const;
    // The model index behind the k-th IndexStat of a collection; nullptr for _id_.
    const IndexSpec *specOf(int collection, std::size_t k) const {
        return m_specs.of(static_cast<std::size_t>(collection)).first[k];
    }
    // Index into analysis.collections of the collection that stores the
    // entity (its own, or the one it is embedded in); -1 if none.
    int collectionOf(std::string_view entityId) const;
    const CollectionShape &shape(int c) const { return analysis.derived.collections[static_cast<std::size_t>(c)]; }
    const CollectionStat &stat(int c) const { return analysis.collections[static_cast<std::size_t>(c)]; }
    Span<const AccessPattern *> patternsOn(int collection) const;
    Span<const AccessPattern *> patternsOnEntity(std::string_view entityId) const;
    Span<const Relationship *> relationshipsOf(std::string_view entityId) const;
    // The collection holds the project's tenant field at top level.
    bool hasTenantField(int collection) const;
    // A tenant-scoped collection of a shared-collection project.
    bool tenantScopedCollection(int collection) const;
    // Fraction of documents one equality on `path` matches.
    double equalitySelectivity(int collection, std::string_view path, bool &assumed) const;

    std::vector<PatternPlan> plans; // parallel to project.accessPatterns

    // Adds a finding of the rule on `target` whose message says `form` with
    // `values` (Wording::say); returns it, for a rule to add specifics:
    // f.reasonPhrase = f.words.say(...), f.fixPhrase = f.words.say(...).
    template <typename... Values>
    Finding &add(std::string_view ruleId, FindingTarget target, std::string_view form, Values &&...values) {
        Finding &f = newFinding(ruleId, std::move(target));
        f.messagePhrase = f.words.say(form, std::forward<Values>(values)...);
        return f;
    }
    std::vector<Finding> findings;

    static FindingTarget projectTarget(const Project &p) { return {"project", "", p.name}; }
    static FindingTarget entityTarget(const Entity &e) { return {"entity", e.id, e.name}; }
    static FindingTarget collectionTarget(const CollectionStat &c) { return {"collection", c.name, c.name}; }
    static FindingTarget relationshipTarget(const Relationship &r);
    static FindingTarget patternTarget(const AccessPattern &q) { return {"accessPattern", q.id, q.name}; }
    // `name`: the index's name (IndexStat::name, or indexName(i)).
    static FindingTarget indexTarget(const IndexSpec &i, const std::string &name) { return {"index", i.id, name}; }
    FindingTarget relationshipTargetById(std::string_view id) const;

    // The statistics of a model index (position in project.indexes);
    // nullptr when its entity is not stored.
    const IndexStat *statOf(std::size_t index) const { return m_statOfIndex[index]; }

private:
    int entityIndex(std::string_view id) const;
    Finding &newFinding(std::string_view ruleId, FindingTarget target);

    std::unordered_map<std::string_view, std::uint32_t> m_entityIndex; // position in project.entities
    std::unordered_map<std::string_view, const Relationship *> m_relationships;
    std::vector<int> m_collectionOf; // by entity position
    Grouped<const AccessPattern *> m_patternsByCollection;
    Grouped<const AccessPattern *> m_patternsByEntity;
    Grouped<const Relationship *> m_relationshipsByEntity;
    std::vector<char> m_tenantField;
    Grouped<const IndexSpec *> m_specs; // by collection, parallel to analysis.collections[c].indexes
    // Paths of single-key unique indexes per collection, for selectivity.
    std::vector<std::vector<std::string_view>> m_uniquePaths;
    std::vector<const IndexStat *> m_statOfIndex; // by position in project.indexes
};

// The node at a dotted path through subdocuments, arrays of subdocuments
// and variants, without allocating; `parent` receives the node holding it.
const ShapeNode *nodeAt(const ObjectShape &shape, std::string_view path, const ShapeNode **parent = nullptr);

// Text helpers shared by the rules, so that numbers read the same everywhere.
// cat(...) builds a string in one allocation: strings and views as they
// are, Num{x} as number(x), Bytes{x} as bytesText(x), Rate{x} as perSecond(x).
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

std::string number(double value);      // "1,234", "0.5", "2.25"
std::string bytesText(double bytes);   // "780 bytes", "40.1 KB", "2.3 MB" (1 KB = 1000 bytes)
std::string perSecond(double value);   // "300/s"
bool isFrequent(const Context &ctx, const AccessPattern &q);

// Stages of the advisor, in the order advise() runs them.
void planAccessPatterns(Context &ctx);
std::vector<AccessCost> costAccessPatterns(Context &ctx);
std::vector<SuggestedIndex> suggestIndexes(Context &ctx);
std::vector<RelationshipAdvice> adviseRelationships(Context &ctx);
std::vector<Worksheet> buildWorksheets(Context &ctx);
WorkingSet estimateWorkingSet(Context &ctx, const std::vector<AccessCost> &costs);
void checkModelRules(Context &ctx);
void checkWorkloadRules(Context &ctx, const std::vector<AccessCost> &costs,
                        const std::vector<SuggestedIndex> &suggestions);

} // namespace docshape::advisor
