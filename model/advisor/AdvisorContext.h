#pragma once

#include "advisor/Advice.h"
#include "advisor/Thresholds.h"
#include "core/Project.h"
#include "estimate/Analysis.h"

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

// Internal to the advisor: the maps every rule shares, built once per run so
// that no rule loops over the whole model inside another loop over it.
namespace docshape::advisor {

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
    // Index into analysis.collections of the collection that stores the
    // entity (its own, or the one it is embedded in); -1 if none.
    int collectionOf(std::string_view entityId) const;
    const CollectionShape &shape(int c) const { return analysis.derived.collections[static_cast<std::size_t>(c)]; }
    const CollectionStat &stat(int c) const { return analysis.collections[static_cast<std::size_t>(c)]; }
    const std::vector<const AccessPattern *> &patternsOn(int collection) const;
    const std::vector<const AccessPattern *> &patternsOnEntity(std::string_view entityId) const;
    const std::vector<const Relationship *> &relationshipsOf(std::string_view entityId) const;
    // The collection holds the project's tenant field at top level.
    bool hasTenantField(int collection) const;
    // A tenant-scoped collection of a shared-collection project.
    bool tenantScopedCollection(int collection) const;
    // Fraction of documents one equality on `path` matches.
    double equalitySelectivity(int collection, std::string_view path, bool &assumed) const;

    std::vector<PatternPlan> plans; // parallel to project.accessPatterns

    std::vector<Finding> findings;
    void add(std::string_view ruleId, FindingTarget target, std::string message, std::string reasonExtra = {},
             std::string fix = {});

    static FindingTarget projectTarget(const Project &p) { return {"project", "", p.name}; }
    static FindingTarget entityTarget(const Entity &e) { return {"entity", e.id, e.name}; }
    static FindingTarget collectionTarget(const CollectionStat &c) { return {"collection", c.name, c.name}; }
    static FindingTarget relationshipTarget(const Relationship &r);
    static FindingTarget patternTarget(const AccessPattern &q) { return {"accessPattern", q.id, q.name}; }
    static FindingTarget indexTarget(const IndexSpec &i) { return {"index", i.id, indexName(i)}; }
    FindingTarget relationshipTargetById(std::string_view id) const;

private:
    std::unordered_map<std::string_view, const Entity *> m_entities;
    std::unordered_map<std::string_view, const IndexSpec *> m_indexes;
    std::unordered_map<std::string_view, const Relationship *> m_relationships;
    std::unordered_map<std::string_view, int> m_collectionOf;
    std::vector<std::vector<const AccessPattern *>> m_patternsByCollection;
    std::unordered_map<std::string_view, std::vector<const AccessPattern *>> m_patternsByEntity;
    std::unordered_map<std::string_view, std::vector<const Relationship *>> m_relationshipsByEntity;
    std::vector<char> m_tenantField;
    // Paths of single-key unique indexes per collection, for selectivity.
    std::vector<std::vector<std::string_view>> m_uniquePaths;
};

// Text helpers shared by the rules, so that numbers read the same everywhere.
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
