#pragma once

#include "advisor/Finding.h"
#include "core/AccessPattern.h"
#include "core/IndexSpec.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace docshape {

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
    std::string consistency; // "single-document atomic", "transaction", "eventual (consistency plan)"
    std::string assumptions;
};

// One row of the decision matrix of seed data-modeling-patterns.txt.
struct MatrixFactor {
    std::string factor; // "read pattern", "write pattern", ...
    std::string points; // "embed", "reference" or "neutral"
    std::string why;
};

struct RelationshipAdvice {
    std::string relationshipId;
    std::string name;
    std::string current;     // Representation name
    std::string recommended; // Representation name, or "outlier"
    bool agrees = true;
    std::vector<MatrixFactor> factors;
    std::vector<std::string> reasons;
    // For a recommendation to reference: the index the child's collection
    // needs, and that collection's name.
    std::string indexCollection;
    std::vector<IndexKey> recommendedIndex;
};

struct SuggestedIndex {
    std::string collection;
    std::string entityId; // the collection's root entity, for IndexSpec::entityId
    std::vector<IndexKey> keys;
    std::vector<std::string> accessPatterns; // names of the patterns it serves
    std::string reason;
};

// The worksheet of seed lesson-135 for one collection: derived rows beside
// what the designer stated (Entity::stated).
struct Worksheet {
    std::string collection;
    std::string rootEntityId;
    std::vector<std::string> topReads;  // "name (N/s)", most frequent first
    std::vector<std::string> topWrites;
    std::vector<std::string> filterFields;
    std::vector<std::string> sortFields;
    double documentBytes = 0;                      // estimated average
    std::optional<std::uint64_t> maxDocumentBytes; // nullopt: unbounded
    std::optional<double> statedDocumentBytes;
    std::vector<std::string> arrayBounds; // "items: avg 3, max 50 (validator)"
    bool hasArrays = false;
    std::optional<double> largestArrayBound; // nullopt with hasArrays: some array unbounded
    std::optional<double> statedMaxArrayCount;
    std::string atomicUpdateBoundary;
    std::string statedAtomicUpdateBoundary;
    std::string deletion;
    std::string tenantScope;
    std::string retention;
    std::vector<std::string> indexes;
    std::vector<std::string> mismatches;
};

struct WorkingSet {
    double ramGiB = 0;
    double cacheBytes = 0;
    double hotDocumentBytes = 0;
    double indexBytes = 0;
    double totalBytes = 0;
    bool fits = true;
    std::string assumptions;
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
