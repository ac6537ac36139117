#pragma once

#include "core/IndexSpec.h"
#include "derive/CollectionShape.h"
#include "derive/ResolvedPath.h"

#include <optional>
#include <span>
#include <string>
#include <vector>

namespace docshape {

// What the MongoDB server says of an index specification it refuses (an
// error: createIndexes fails) or takes with an option it ignores (a
// warning), in the server's words. One check for `analyze`, `lint` and
// `export`, so that nothing the server refuses is exported.
struct IndexRuleFinding {
    bool error = true;
    std::string message;
};

// The server's rules for `index` on documents of `shape`:
// - a hashed key over a path that crosses an array (expression_keys_private
//   getHashKeys: "hashed indexes do not currently support array values");
// - unique with a hashed key (hash_access_method: "Currently hashed indexes
//   cannot guarantee uniqueness. Use a regular index.");
// - sparse with a partial filter (index_catalog_impl _isSpecOk: "cannot mix
//   \"partialFilterExpression\" and \"sparse\" options");
// - a partial filter outside equality, $exists: true, $gt, $gte, $lt, $lte,
//   $type, $in, and $and / $or at its top level ($exists: false, $ne and
//   $nin are negations: "Expression not supported in partial index: $not");
// - a collation on a text or 2d index ("Index type 'text' does not support
//   collation");
// - two key paths crossing arrays side by side ("cannot index parallel
//   arrays [b] [a]", btree_key_generator);
// - a warning: expireAfterSeconds on a compound index, which the TTL
//   monitor ignores (manual, TTL Indexes: "Compound indexes ... ignore the
//   expireAfterSeconds option").
// Keys missing from the shape are not refused here (they index as null).
std::vector<IndexRuleFinding> serverIndexRules(const IndexSpec &index, const ObjectShape &shape);

// The server's "cannot index parallel arrays [x] [y]" for key paths
// already resolved, naming the array it meets second, then the first;
// nullopt when every path's arrays lie on one chain.
std::optional<std::string> parallelArrays(std::span<const ResolvedPath> resolved);

// An _id the server refuses in every document: an array ("can't use an
// array for _id") or a regular expression ("can't use a regex for _id");
// nullopt otherwise.
std::optional<std::string> idTypeRefusal(const ObjectShape &shape);

// The partial filter's refusal alone (nullopt: accepted), for callers
// that have only the filter text (canonical Extended JSON).
std::optional<std::string> partialFilterRefusal(std::string_view filter);

// The field paths a partial filter names (through top-level $and and
// $or), in order, once each; empty when the filter does not parse.
std::vector<std::string> partialFilterFields(std::string_view filter);

} // namespace docshape
