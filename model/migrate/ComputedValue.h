#pragma once

#include "core/BsonType.h"
#include "migrate/ShapeMap.h"
#include "util/Result.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace docshape {

// A computed field's value (seed lesson-135, "Computed pattern") as an
// aggregation expression over the document that holds it, read from the
// field's `computedFrom` when that is written in one of the forms a
// migration can compute without leaving the document:
//
//   a + b - c * 2 / d        arithmetic over keys of the document (dotted
//                            paths from its root) and numbers, with * and /
//                            binding tighter, and parentheses
//   sum of items.price * items.quantity
//   average | min | max of ...
//                            the same over the elements of one array of the
//                            document (a path through it), or over an array
//                            of numbers
//   count of items           the number of elements of an array
//
// The words are case-insensitive; "total of", "avg of", "mean of",
// "minimum of", "maximum of" and "number of" are read as well. A numeric
// field gets the result converted to its type (a missing or unconvertible
// result leaves the key missing). Anything else (a count of another
// collection's documents, a rule in words) is not computed: the Error says
// why, naming the word or key it could not read.
struct ComputedValue {
    nlohmann::ordered_json expression; // field paths from the document root ("$items")
    std::vector<std::string> inputs;   // the dotted paths it reads, in order of appearance
};

Result<ComputedValue> computedValue(const std::string &computedFrom, const ShapeMap &document, BsonType fieldType);

} // namespace docshape
