#pragma once

#include <nlohmann/json.hpp>

#include <string>

namespace docshape {

// A JSON tree written as a mongosh (JavaScript) expression: objects and
// arrays laid out like the JSON exports (2 spaces per level, starting at
// `indent`), keys bare when they are identifiers ($jsonSchema, bsonType) and
// quoted otherwise, and Extended JSON wrappers as the shell's constructors
// so values keep their BSON type:
//   {"$numberInt":"3"}          NumberInt(3)
//   {"$numberLong":"3"}         NumberLong("3")
//   {"$numberDouble":"0.5"}     new Double(0.5)
//   {"$numberDecimal":"9.99"}   NumberDecimal("9.99")
//   {"$oid":"..."}              ObjectId("...")
//   {"$date":{"$numberLong"}}   new Date(ms)  ({"$date":"iso"}: ISODate("iso"))
//   {"$minKey":1} {"$maxKey":1} MinKey() MaxKey()
//   {"$binary":{...}}           BinData(subtype, "base64")
// and any other wrapper ($regularExpression, $timestamp, ...) as
// EJSON.parse('...') of its canonical text. The result is always a valid
// JavaScript expression.
std::string mongoshLiteral(const nlohmann::ordered_json &value, int indent = 0);

} // namespace docshape
