#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace docshape::import {

// The import's wording of counts, in the summary, the model's descriptions
// and the studio's progress alike: "100,000". Volumes are units::bytesText.
std::string groupedNumber(std::uint64_t n);

// Something the import noticed that the designer should see: mixed types,
// keys the model cannot hold, skipped documents, caps reached.
struct ImportFinding {
    std::string id;       // stable: "import.mixed-types", "import.unmodelled-key", ...
    std::string severity; // "warning" or "info"
    std::string where;    // collection and dotted path, or a file
    std::string message;
};

// A field whose values are values of a unique field of another collection
// (its _id, a field whose values were all distinct, or a unique index's),
// on a bounded sample: a relationship for the designer to confirm.
struct ReferenceCandidate {
    std::string collection; // holding the field
    std::string path;       // dotted; an array's path for its elements
    std::string target;     // the collection whose values they are
    std::string targetPath = "_id"; // its unique field, dotted
    std::string uniqueBy = "_id";   // why that field is unique: "_id", "index" or "observed"
    std::string keyType;    // the values compared: objectId, string, int (and long), uuid, decimal
    bool array = false;     // the field is an array of such values
    std::uint64_t compared = 0; // sampled values that could be looked up in the target's sample
    std::uint64_t found = 0;    // of those, how many were there
    // How the model would hold it: "reference from child" (the field holds
    // one parent's key) or "array of references in parent".
    std::string representation() const;
    // One line naming both ends and the evidence, as the summary and the
    // studio's Import dialog list it: "orders.sku -> products.sku (unique:
    // observed): 40 of 40 sampled string values found; reference from child".
    std::string text() const;
};

struct CollectionSummary {
    std::string name;
    std::vector<std::string> files;
    std::uint64_t documents = 0;
    std::uint64_t invalid = 0; // skipped with --skip-invalid
    std::uint64_t documentBytes = 0; // exact, the sum of every document's BSON size
    std::uint64_t largestDocument = 0;
    std::uint64_t paths = 0;
    std::uint64_t indexes = 0;
    std::string discriminator; // empty: none found
    double averageDocument() const { return documents ? double(documentBytes) / double(documents) : 0; }
};

// What an import read and inferred, and how sure it is: counts seen.
struct ImportSummary {
    std::vector<CollectionSummary> collections;
    std::vector<ImportFinding> findings;
    std::vector<ReferenceCandidate> references;
    std::uint64_t documents = 0;
    std::uint64_t inputBytes = 0; // as stored (compressed bytes for gzip)
    std::uint64_t bsonBytes = 0;  // the documents' BSON sizes summed
    double seconds = 0;
    bool limited = false; // stopped at --limit

    // The text the CLI prints and the studio shows, and its JSON form.
    std::string text() const;
    std::string json() const;
};

} // namespace docshape::import
