#pragma once

#include "core/IndexSpec.h"
#include "core/Project.h"
#include "derive/DeriveCollections.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// Limits of the server that the analysis checks (the MongoDB manual, MongoDB
// Limits and Thresholds). The document target and the document size limit
// are thresholds (core/Thresholds.h): the project may override them.
inline constexpr int kMaxNestingDepth = 100;
inline constexpr int kMaxIndexesPerCollection = 64;
inline constexpr int kMaxCompoundIndexFields = 32;
inline constexpr int kMaxNamespaceBytes = 255; // db.collection, MongoDB 4.4+ (120 before)

struct ArrayStat {
    std::string path; // dotted, "items" or "items.options" for nested arrays
    double avgCount = 0;
    std::optional<std::uint64_t> maxCount; // nullopt: unbounded
    double growthPerDay = 0;               // elements per document per day
    std::string entityId;                  // element entity, if embedded

    friend bool operator==(const ArrayStat &, const ArrayStat &) = default;
};

struct IndexStat {
    std::string id; // model index id; empty for _id_
    std::string name;
    std::vector<IndexKey> keys; // the model index's keys
    double entries = 0; // keys in the index now
    bool multikey = false;
    double estimatedBytes = 0; // an estimate: see `assumptions`
    std::string_view assumptions; // how the estimate is made (static text)
    std::string error; // e.g. "cannot index parallel arrays [a] [b]"

    friend bool operator==(const IndexStat &, const IndexStat &) = default;
};

// Bytes one top-level field contributes to the document, for charts. A
// polymorphic collection has one more entry, for its variant fields.
struct FieldBytes {
    // The key; for the variants entry, the discriminator. See label().
    std::string name;
    bool variants = false; // the entry of the variant fields
    double avgBytes = 0;
    std::uint64_t maxBytes = 0; // meaningless when unbounded
    bool bounded = true;

    // What the entry is called: its key, or "(discriminator variants)".
    std::string label() const;

    friend bool operator==(const FieldBytes &, const FieldBytes &) = default;
};

struct CollectionStat {
    std::string name;
    CollectionKind kind = CollectionKind::Entity;
    std::string rootEntityId;
    double documents = 0;
    double documentsAfterGrowth = 0; // after project.growthDays
    double avgDocumentBytes = 0;
    // nullopt: something in the document has no maximum (`unbounded`
    // says what). Saturated at kSaturatedBytes (BsonSize.h): a size past
    // 2^64 - 1 bytes is reported as that, past every limit.
    std::optional<std::uint64_t> maxDocumentBytes;
    // Dotted paths of what leaves the maximum unknown: arrays without a
    // maxCount, then string, binData and regex values without a maximum
    // length (ValueLengths), in document order.
    std::vector<std::string> unbounded;
    double avgDocumentBytesAfterGrowth = 0;
    double dataBytes = 0; // documents * avg size
    double dataBytesAfterGrowth = 0;
    std::optional<double> daysToAvgTarget; // avg reaches the document target; nullopt: never
    std::optional<double> daysToMaxLimit;  // largest document passes the size limit; nullopt: never
    int depth = 1;                         // nesting depth of the deepest value
    std::vector<ArrayStat> arrays;
    std::vector<IndexStat> indexes; // _id_ first
    std::vector<FieldBytes> breakdown;

    friend bool operator==(const CollectionStat &, const CollectionStat &) = default;
};

struct Problem {
    std::string severity; // "error" or "warning"
    std::string where;    // object name or id path
    std::string message;

    friend bool operator==(const Problem &, const Problem &) = default;
};

// A plain value: copies are deep. The statistics are owned; the shapes in
// `derived` refer to the project (see ShapeNode).
struct Analysis {
    // The thresholds in force for the project (the catalogue's defaults
    // unless it overrides them): seed.documentTargetBytes and
    // bson.maxDocumentBytes.
    double documentTargetBytes = 0;
    double maxDocumentBytes = 0;
    Derived derived;
    std::vector<CollectionStat> collections; // same order as derived.collections
    // The derivation's problems, then each collection's in collection order.
    std::vector<Problem> problems;
    // How many of `problems` each collection added (parallel to
    // `collections`), so that reanalyze can carry a collection's over.
    std::vector<std::uint32_t> problemsPerCollection;
    // Parallel to `collections`: a number given to each measurement of a
    // collection, unique in the process; a collection reanalyze carries
    // over keeps its number. Equal numbers: the same statistics and shape,
    // for whoever keeps work done on them (the advisor's AdviceMemo).
    std::vector<std::uint64_t> measurements;
};

// What an edit touched, as far as the analysis reads it: the entities whose
// own properties or fields changed, or whose relationship's parameters did
// (both ends), and the indexes added, changed or removed. `everything` for
// what no entity names: a project setting, an entity or relationship added
// or removed, a relationship that stores its child elsewhere.
//
// The advisor reads one more: the access patterns changed, added or
// removed (the analysis reads none).
struct AnalysisChange {
    bool everything = false;
    std::vector<std::string> entities;
    std::vector<std::string> indexes;
    std::vector<std::string> accessPatterns;

    // Adds what `other` touched (for changes kept until someone reads them).
    void add(const AnalysisChange &other);
};

// When the largest document of the collection passes the BSON limit
// `limitBytes`, in the one wording the CLI, the report and the studio use
// ("the largest document crosses 16 MiB after 1,504 days"); empty when it
// never does within the model's growth. Where nothing bounds the document
// the largest one is an estimate, and the wording says on what: what has no
// maximum (`unbounded`) at its average, arrays grown at their stated rate.
std::string largestCrossingText(const CollectionStat &s, double limitBytes);

// The whole estimation model of DESIGN.md for a valid project. The result's
// shapes refer to `project`, which must outlive it.
Analysis analyze(const Project &project);

// analyze(project) after an edit that touched `change`, given `previous`,
// the analysis of the project before it: a collection that holds, embeds,
// copies or references no touched entity keeps its shape (rederive), and
// one that also has no touched index keeps its statistics and problems from
// `previous`. Equal to analyze(project) (a test checks it over random edits).
// `previous` is the analysis of the same Project object (see rederive).
Analysis reanalyze(const Project &project, Analysis previous, const AnalysisChange &change);

} // namespace docshape
