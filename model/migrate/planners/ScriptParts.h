#pragma once

#include "migrate/MigrationPlan.h"
#include "migrate/PipelineBuilder.h"

#include <string>
#include <string_view>
#include <vector>

// The pieces of step text and script every planner writes the same way.
// Literals and comments reach migrate.js through mongoshLiteral and
// util/JavaScriptText only.
namespace docshape::migration {

using pipeline::Json;

std::string js(const Json &value, int indent = 4); // a value as mongosh source
std::string jsString(std::string_view s);           // a string literal
std::string quoted(const std::string &s);           // a name in PLAN.md: `name`

// The paths of an $unset, without those inside another one listed (the
// server refuses a path collision).
Json unsetList(const std::vector<std::string> &paths);

// The time a batched rewrite of `documents` takes at the options' write
// rate, with the pauses between batches.
double writeSeconds(double documents, const MigrationOptions &o);

// A $merge that writes into the documents of `collection` it matches by
// _id and never inserts one.
Json mergeInto(const std::string &collection);

// An expression: whether the value at `ref` is a subdocument.
Json isObject(const std::string &ref);

// `in` with $$source bound to the document of "$__source" (a $lookup's
// result, at the document root) whose _id is `idRef`; missing when there is
// none.
Json withSource(const std::string &idRef, const Json &in);

} // namespace docshape::migration
