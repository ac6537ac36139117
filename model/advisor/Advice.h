#pragma once

#include "advisor/Finding.h"
#include "advisor/Wording.h"
#include "core/AccessPattern.h"
#include "core/Entity.h"
#include "core/Field.h"
#include "core/IndexSpec.h"
#include "core/Project.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// The advisor's results hold numbers, names and static text; the prose a
// user reads is worded by the accessors (assumptions(), factors(),
// topReads(), ...) on each call, so that advising a large model stays fast.

namespace docshape {

// The assumptions behind one access cost, as flags and the settings they
// quote; AccessCost::assumptions() words them.
struct CostNotes {
    bool notStored = false;          // the entity is in no collection: nothing else applies
    bool assumedSelectivity = false; // some equality field has no stated cardinality
    bool range = false;              // the filter has a range
    bool wholeDocuments = false;     // a read: whole documents enter the cache
    bool unstatedUpdateFields = false;
    bool embedded = false;       // a write to an entity embedded in the first collection
    bool eventualCopies = false; // copies with eventual semantics are left to their owner
    // The settings the notes quote (Thresholds.h).
    double unknownEquality = 0;
    double rangeSelectivity = 0;
    double roundTripMs = 0;
    double documentExaminedMs = 0;
    double bytesPerMs = 0;
};

// The cost of one access pattern (DESIGN.md, "Per access pattern" and "Per
// write pattern"). Counts are per execution unless named per second.
struct AccessCost {
    std::string patternId;
    std::string name;
    AccessKind kind = AccessKind::Read;
    Operation operation = Operation::FindOneById;
    std::vector<std::string> collections; // touched, the pattern's own first
    int roundTrips = 1;                   // queries, or one query plus $lookup stages
    int lookups = 0;                      // $lookup stages (collections beyond the first)
    std::string index;                    // serving index name, "collection scan", or "none needed"
    std::string indexId;                  // model index id; empty for _id_ and scans
    bool inMemorySort = false;
    double docsExamined = 0;
    double docsReturned = 0;
    double bytesRead = 0; // whole documents, as they enter the cache
    double docsExaminedPerSecond = 0;
    double bytesReadPerSecond = 0;
    double estimatedMs = 0;            // under the cost assumptions, data in cache
    std::optional<bool> withinBudget;  // nullopt when no budget is stated
    // Writes.
    double documentsTouched = 0;
    double bytesWritten = 0; // whole documents rewritten (or inserted)
    double indexEntriesTouched = 0;
    bool needsTransaction = false;
    std::string_view consistency; // static text: "single-document atomic", "transaction", ...
    CostNotes notes;

    // The estimate's assumptions, one sentence each.
    std::string assumptions() const;
};

// One row of the decision matrix of seed data-modeling-patterns.txt.
struct MatrixFactor {
    std::string_view factor; // "read pattern", "write pattern", ...
    std::string_view points; // "embed", "reference" or "neutral"
    std::string why;
};

struct RelationshipAdvice {
    std::string relationshipId;
    std::string name() const { return words.render(namePhrase); } // its own, or "Parent → Child (field)"
    std::string_view current;     // Representation name
    std::string_view recommended; // Representation name, or "outlier"
    // Both in words, as messages and the report say them: "reference from
    // the child", "outlier pattern".
    static std::string_view inWords(std::string_view representationOrPattern);
    bool agrees = true;
    // For a recommendation to reference: the index the child's collection
    // needs, and that collection's name.
    std::string indexCollection;
    std::vector<IndexKey> recommendedIndex;

    // The seven factors of the matrix, in order.
    std::vector<MatrixFactor> factors() const;
    // "factor -> points: why" for each factor, then the recommendation.
    std::vector<std::string> reasons() const;

    // What factors() and reasons() are worded from.
    struct Vote {
        std::string_view factor;
        std::string_view points;
        Phrase why;
    };
    static constexpr std::size_t kFactors = 7;
    std::array<Vote, kFactors> votes{};
    Phrase summary; // why the recommendation
    Phrase namePhrase;
    Wording words;
};

struct SuggestedIndex {
    std::string collection;
    std::string entityId; // the collection's root entity, for IndexSpec::entityId
    std::vector<IndexKey> keys;
    std::vector<std::string> accessPatterns; // names of the patterns it serves, the first one's first
    bool tenantFirst = false;                // the first pattern's equality starts with the tenant field
    std::string partlyServedBy;              // the first pattern's best existing index; empty: a scan

    std::string reason() const;
};

// The worksheet of seed lesson-135 for one collection: derived rows beside
// what the designer stated (Entity::stated).
struct Worksheet {
    std::string collection;
    std::string rootEntityId;
    double documentBytes = 0;                      // estimated average
    std::optional<std::uint64_t> maxDocumentBytes; // nullopt: unbounded
    std::optional<double> statedDocumentBytes;
    bool hasArrays = false;
    std::optional<double> largestArrayBound; // nullopt with hasArrays: some array unbounded
    std::optional<double> statedMaxArrayCount;
    std::string statedAtomicUpdateBoundary;

    // The rows, worded on each call.
    std::vector<std::string> topReads() const; // "name (N/s)", most frequent first
    std::vector<std::string> topWrites() const;
    std::vector<std::string> filterFields() const;
    std::vector<std::string> sortFields() const;  // "createdAt (descending)"
    std::vector<std::string> arrayBounds() const; // "items: avg 3, max 50 (enforced by validator)"
    std::string atomicUpdateBoundary() const;
    std::string deletion() const;
    std::string tenantScope() const;
    std::string retention() const;
    std::vector<std::string> indexes() const;
    std::vector<std::string> mismatches() const;

    // What the rows are made from. `words` holds, section by section in
    // this order, `counts` items of each:
    enum Section {
        Reads,     // name, Rate: the most frequent reads, in order
        Writes,    // the same for writes
        Filters,   // path
        Sorts,     // path, Static " (ascending)" or " (descending)"
        Arrays,    // path, Num average, Num 1 if bounded else 0, Num maximum, Static enforcer, Num growth
        Boundary,  // the root entity's name, then the names of the entities embedded with it
        Indexes,   // name
        Ttls,      // index name, Num seconds
        Tenant,    // the tenant field, when scoped by it
        Sections
    };
    static constexpr std::uint32_t kValuesPer[Sections] = {2, 2, 1, 2, 6, 1, 1, 2, 1};
    Wording words;
    std::array<std::uint16_t, Sections> counts{};
    // The first value of item `i` of a section.
    std::uint32_t valueOf(Section section, std::size_t i) const;

    bool junction = false;
    std::optional<DeletionPolicy> deletionPolicy; // the root's; nullopt without a root entity
    bool embedsEntities = false;
    Tenancy tenancy = Tenancy::None;
    bool tenantScoped = false; // the root is tenant-scoped
    bool tenantFieldMissing = false;
    double tenantCount = 0;
    std::optional<double> retentionDays;
    std::optional<double> timeSeriesExpireAfterSeconds;
    bool documentSizeMismatch = false; // stated and estimated size differ by the mismatch ratio
    bool arrayBoundsMismatch = false;

    friend bool operator==(const Worksheet &, const Worksheet &) = default;
};

struct WorkingSet {
    double ramGiB = 0;
    double cacheBytes = 0;
    double hotDocumentBytes = 0;
    double indexBytes = 0;
    double totalBytes = 0;
    bool fits = true;
    double hotWindowSeconds = 0;

    std::string assumptions() const;
    // The same text as a phrase of `words`, for a finding to quote.
    Phrase sayAssumptions(Wording &words) const;
};

struct Advice {
    std::vector<Finding> findings; // most severe first, then by rule id, then model order
    std::vector<AccessCost> accessPatterns; // model order
    std::vector<RelationshipAdvice> relationships;
    std::vector<SuggestedIndex> suggestedIndexes;
    std::vector<Worksheet> worksheets; // derived collection order
    WorkingSet workingSet;
};

} // namespace docshape
