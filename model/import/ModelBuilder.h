#pragma once

#include "core/Project.h"
#include "import/CollectionMetadata.h"
#include "import/CollectionStatistics.h"
#include "import/ImportSummary.h"
#include "import/Recognition.h"

#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace docshape::import {

// One collection as read: its statistics and, from a dump, its metadata.
struct ReadCollection {
    CollectionStatistics statistics;
    std::optional<CollectionMetadata> metadata;
};

// The discriminator a collection's documents point to, if any: the keys
// that are present for some of its values and absent for others.
struct VariantChoice {
    const DiscriminatorCounts *counts = nullptr;
    std::vector<bool> dependent; // per root child
    std::size_t score = 0;       // how many are
};

// Turns what was read into a model: one entity per collection, an embedded
// entity per subdocument path and per path of arrays of subdocuments, a
// field per other path with its dominant type, presence, lengths, counts,
// range and enum candidates; the metadata's indexes, validator and time
// series; a discriminator when a top-level string decides which keys a
// document has. Every inference says in its description how many values
// it rests on. Findings and reference candidates go to `summary`.
class ModelBuilder {
public:
    static constexpr std::uint64_t kEnumMinimumValues = 20; // fewer values: no enum is proposed
    static constexpr double kReferenceShare = 0.9;          // sampled values found in the target's keys
    // Numbers and strings: the share of the target's keys (distinct values
    // or range) the field's values must reach, so that values inside a small
    // range of unique numbers by chance are no candidate.
    static constexpr double kReferenceCoverage = 0.2;
    static constexpr std::uint64_t kUniqueMinimumValues = 20; // fewer values: not seen as unique
    static constexpr std::uint64_t kChanceMinimumValues = 8;  // numbers and strings: fewer compared, no candidate
    static constexpr std::size_t kTargetsPerValue = 64;       // unique fields a sampled value is looked up in
    static constexpr std::uint64_t kMapKeysModelled = 64;     // keys of a map the model holds

    ModelBuilder(Project &project, ImportSummary &summary);
    void add(const ReadCollection &collection);
    // After every collection: reference candidates, across collections.
    void finish(const std::vector<const ReadCollection *> &collections);
    // The collection an object of the model was inferred from, by the JSON
    // path of a validateProject error ("$.entities[3].fields[0].name");
    // empty when the path names no entity, relationship or index.
    std::string collectionOf(std::string_view jsonPath) const;
    // When `error` (of validateProject) is at an index, which comes from a
    // metadata file: leaves the index out, with a warning. False otherwise.
    bool dropIndex(const Error &error);

private:
    std::vector<Field> fieldsOf(const PathNode &object, const std::string &entityId, const std::string &path,
                                const bson_t *properties, bool nest, const std::vector<bool> *skip);
    std::optional<Field> fieldOf(const PathNode &node, std::uint64_t parentObjects, const std::string &entityId,
                                 const std::string &path, const bson_t *schema, bool nest,
                                 const TypeCounts *variantTypes = nullptr);
    void mapFields(const PathNode &object, const std::string &entityId, const std::string &path,
                   std::vector<Field> &fields);
    std::string embed(const PathNode &object, std::uint64_t count, const std::string &name,
                      const std::string &path, const bson_t *properties);
    std::string uniqueEntityName(std::string base);
    void finding(std::string id, std::string severity, std::string where, std::string message);
    static std::optional<VariantChoice> chooseVariants(const CollectionStatistics &statistics);
    void addVariants(Entity &entity, const ReadCollection &collection, const bson_t *properties,
                     const VariantChoice &choice);
    std::string metadataWhere(const std::string &what) const;
    void schemaWarning(const std::string &path, const std::string &message);
    static std::optional<std::string> fieldRefusal(const Field &field);

    Project &m_project;
    ImportSummary &m_summary;
    std::string m_collection;   // the one being added
    std::string m_metadataFile; // its metadata file, if any
    // The collection each entity, relationship and index comes from, in
    // the project's order, to name it when the model is not valid.
    std::vector<std::string> m_entityOrigin, m_relationshipOrigin, m_indexOrigin;
    std::vector<std::pair<std::string, std::string>> m_fieldPaths; // field id -> collection.path, for references
    // Every entity name given, and per base name the next numeric suffix to
    // try: a name costs O(1) amortised however many share a base.
    std::unordered_set<std::string> m_entityNames;
    std::unordered_map<std::string, int> m_nextSuffix;
    std::unordered_map<std::string, std::size_t> m_summaryOf; // collection name -> its summary
    std::unordered_set<std::string> m_recognised; // finding id and path of each recognition reported
    int m_nextEntity = 1, m_nextField = 1, m_nextRelationship = 1, m_nextIndex = 1;
};

// "orders" -> "Order", "line_items" -> "LineItem": an entity name from a key
// or a collection name.
std::string entityNameFor(std::string_view key, bool plural);

} // namespace docshape::import
