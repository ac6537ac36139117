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

// How a step keeps the writes the application makes while it runs, in the
// plan's words, the same in every step: the scheme, then `meanwhile` (what
// the application may do). PerDocument: one update pipeline per document,
// which the server applies to it at once. CopyVerifyRemove: the data is
// removed from where it was only once its copy is verified. CopiesOnly:
// nothing is removed.
enum class LiveWrites { PerDocument, CopyVerifyRemove, CopiesOnly };
std::string liveWrites(LiveWrites scheme, const std::string &meanwhile);
// What the application may do while a rewrite of documents runs.
std::string rewriteMeanwhile();

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
