#pragma once

#include "core/IndexSpec.h"
#include "core/Project.h"
#include "util/Result.h"
#include "derive/DeriveCollections.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace docshape {

// The project's explicit indexes that live on `collection` (the collection
// that stores each index's entity), in project order.
std::vector<const IndexSpec *> indexesOf(const Project &project, const Derived &derived,
                                         const CollectionShape &collection);

// One index as the `indexes` array of the createIndexes command takes it:
// {"key": {...}, "name": ..., then unique, sparse, partialFilterExpression,
// expireAfterSeconds, collation when set}. Key directions and numeric
// options are plain JSON integers, which every Extended JSON parser reads as
// int32 and the server accepts; a partial filter keeps its canonical
// Extended JSON values. `where` prefixes error locations.
Result<nlohmann::ordered_json> indexSpecJson(const IndexSpec &index, const std::string &where);

// The createIndexes `indexes` array of a collection. Refuses an index with
// no keys, a partial filter that is not an Extended JSON object, and two
// indexes with the same name on one collection, and every index
// serverIndexRules refuses (the server would).
Result<nlohmann::ordered_json> indexSpecsFor(const Project &project, const Derived &derived,
                                             const CollectionShape &collection);

} // namespace docshape
