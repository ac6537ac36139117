#pragma once

#include "core/Project.h"
#include "util/Result.h"
#include "derive/DeriveCollections.h"

#include <string>

namespace docshape {

// One mongosh script that sets up every derived collection of `derived`
// (from deriveCollections(project)) in db.getSiblingDB(project.database):
// - a missing collection is created with its $jsonSchema validator,
//   validationLevel and validationAction (the model's, strict and error by
//   default), and for a time-series collection with `timeseries`
//   {timeField, metaField, granularity} and `expireAfterSeconds` instead of
//   a validator (the server accepts none on time-series collections;
//   validators/<name>.json still describes their documents);
// - an existing collection gets collMod with the same validator and levels
//   (expireAfterSeconds for a time-series one), so the script is re-runnable;
// - then the createIndexes command with the full index specs (name, unique,
//   sparse, partialFilterExpression, expireAfterSeconds, collation), which
//   leaves an identical existing index alone and fails on a conflicting one.
// Typed values are written as shell constructors (NumberInt(3), ...); the
// text is valid JavaScript (`node --check` accepts it), deterministic, and
// ends with a newline.
Result<std::string> mongoshScript(const Project &project, const Derived &derived);

} // namespace docshape
