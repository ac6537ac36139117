#pragma once

#include "core/BsonType.h"
#include "migrate/PipelineBuilder.h"

#include <string>
#include <utility>
#include <vector>

namespace docshape::migration {

using pipeline::Json;
using pipeline::Place;

// One change of a key inside the documents of a collection.
struct FieldOp {
    enum Kind { Rename, Convert, Fill, Remove, Compute, MapValues } kind = Rename;
    Place from;  // Rename: the old place (after earlier renames); Remove: the place to unset
    Place to;    // Rename, Convert, Fill
    Place guard; // where the old shape shows, in the documents as v1 wrote them
    bool sameParent = true;
    BsonType fromType = BsonType::String;
    BsonType toType = BsonType::String;
    Json value; // Fill: the value; Compute: the expression
    std::vector<std::string> inputs; // Compute: the dotted paths the expression reads
    bool newField = false; // Fill: v1 had no such key at all
    bool conditionalRemove = false; // Rename: the old key is removed only where the new one was set
    bool subdocument = false;       // Rename: the key holds a subdocument in v2
    bool array = false;             // Rename: the key holds an array in v2
    bool emptied = false; // Remove: a subdocument whose keys all moved elsewhere (nothing is lost)
    std::vector<std::pair<std::string, std::string>> values; // MapValues: v1 value -> v2 value
    std::string format;     // Convert date -> string: the $dateToString format v2's pattern accepts
    std::string backFormat; // Convert string -> date: the format of v1's text, for the rollback
    std::string describe;
};

// The key changes of one collection that the key planners (fields, enums,
// computed fields) collect, each kind in the order of v2's keys: written
// as one rewrite step, one update pipeline per batch (RewritePlanner).
struct DocumentRewrite {
    std::vector<FieldOp> renames, converts, fills, removes, computes, maps;
    std::vector<std::string> changedPaths; // what the index entries rewritten are counted on
    bool planned = false; // RewritePlanner made a step of it, which writes changedPaths in every document
};

} // namespace docshape::migration
