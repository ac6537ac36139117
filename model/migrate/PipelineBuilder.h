#pragma once

#include "core/BsonType.h"
#include "migrate/ShapeMap.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>
#include <vector>

// Aggregation expressions and query filters that reach a key wherever it sits
// in a document, through subdocuments and arrays of subdocuments, without
// creating a container the document lacks. Values are canonical Extended JSON
// trees, written to the script by mongoshLiteral.
namespace docshape::pipeline {

using Json = nlohmann::ordered_json;

// Where a key is: its names from the root and whether each name but the last
// holds an array of subdocuments (true) or one subdocument (false).
struct Place {
    std::vector<std::string> names;
    std::vector<bool> arrays;

    std::string path() const;
    bool crossesArray() const;
};
Place placeOf(const NodePlace &p);

// The new value of the key at `place`, as the expression `leaf(container)`
// gives it, where `container` is the field-path prefix of the subdocument
// that holds the key ("$" at the top, "$a." in a subdocument, "$$e1." in an
// array element): a $set stage that rebuilds only the subdocuments and arrays
// on the way, leaves a missing container missing and an element that is not
// a subdocument as it is.
Json setStage(const Place &place, const std::function<Json(const std::string &container)> &leaf);

// Leaf expressions.
Json renamedValue(const std::string &oldRef, const Json &otherwise); // old when present, else `otherwise` (a field path or an expression)
Json convertedValue(const std::string &ref, BsonType to);              // $convert, keeping what does not convert
Json filledValue(const std::string &ref, const Json &value);           // the value when the key is missing

// The `to` of $convert for a type, or empty when $convert cannot make it.
std::string convertTarget(BsonType type);

// A query condition on the key at `place`: `condition` applied to it, through
// $elemMatch where the path crosses an array.
Json matchAt(const Place &place, const Json &condition);

// A query condition on the subdocument that holds the key at `place`:
// `conditions` (key name -> condition) on that key's siblings, all in the
// same subdocument (one $elemMatch where the path crosses an array).
Json matchSiblings(const Place &place, const Json &conditions);

// {"$literal": value}: a value taken as it is, never as a field path or operator.
Json literal(const Json &value);

} // namespace docshape::pipeline
