#pragma once

#include "core/BsonType.h"
#include "util/Result.h"

#include <nlohmann/json.hpp>

#include <string>
#include <string_view>

// Typed values for the exports, as canonical Extended JSON v2
// (https://www.mongodb.com/docs/manual/reference/mongodb-extended-json/):
// a number in a validator or an index option keeps its BSON type through a
// driver's or mongoimport's Extended JSON parser.
namespace docshape {

// The text of a double as `$numberDouble` carries it: the shortest text that
// reads back as the same value, always with a fraction or exponent ("1.0",
// "0.1", "1.0E+21"), or "Infinity", "-Infinity", "NaN".
std::string canonicalDoubleText(double value);

// `value` as a number of BSON type `type`: `$numberInt` / `$numberLong` when
// the type is int / long and the value is integral and in range,
// `$numberDecimal` for decimal, `$numberDouble` otherwise (a fractional
// bound on an int field stays a double, which the server compares
// numerically).
nlohmann::ordered_json typedNumber(BsonType type, double value);

// A model literal (an enum value, stored as text) as a value of BSON type
// `type`: "3" for an int field becomes {"$numberInt":"3"}, "true" for a bool
// field becomes true, an ISO 8601 date becomes {"$date":{"$numberLong":...}},
// 24 hex digits for an objectId become {"$oid":...}. Types without a text
// form (object, array, binData, regex, timestamp, minKey, maxKey) take the
// literal as Extended JSON text. An error says why the literal does not fit.
Result<nlohmann::ordered_json> typedLiteral(BsonType type, std::string_view literal);

// Parses Extended JSON text (canonical or relaxed) into a JSON tree that
// keeps the wrappers ({"$numberInt":"1"} stays an object) and key order.
Result<nlohmann::ordered_json> parseExtendedJson(std::string_view text);

// The bytes of an export file: 2-space indent, keys in insertion order,
// UTF-8, a trailing newline.
std::string exportJsonText(const nlohmann::ordered_json &value);

} // namespace docshape
