#pragma once

#include "core/Project.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <string>

// Small projects built in code for the export tests, and a walker over
// $jsonSchema documents.
namespace docshape::test {

Field makeField(std::string id, std::string name, BsonType type, bool required = true);
Field arrayOf(std::string id, std::string name, BsonType elementType, double avgCount,
              std::optional<std::uint64_t> maxCount, BoundEnforcer enforcer);

// Customer (closed) 1-N Order by reference from child; Order (closed) embeds
// LineItem (closed) as an array bounded by the validator; Vehicle is
// polymorphic (car / truck) and closed; Reading is a time-series
// collection; every constraint kind the exporter knows appears at least once.
Project richProject();

// Calls `visit(keyword, schema, inBranch)` for every keyword of every
// schema reachable from `schema` (properties, items, oneOf, ...);
// `inBranch` is true inside a oneOf/anyOf/allOf branch.
void walkSchema(const nlohmann::ordered_json &schema,
                const std::function<void(const std::string &, const nlohmann::ordered_json &, bool)> &visit,
                bool inBranch = false);

// The property schema at a dotted path of properties ("items.qty" walks
// properties, then items when the step is an array).
const nlohmann::ordered_json *propertyAt(const nlohmann::ordered_json &schema, const std::string &path);

// Runs a shell command, returning its exit status and merged output.
struct CommandResult {
    int status = -1;
    std::string output;
};
CommandResult runCommand(const std::string &command);
bool haveNode();

} // namespace docshape::test
