#pragma once

#include "export/types/TypeModel.h"

#include <string>
#include <vector>

namespace docshape::types {

// A collection's TypeScript module: an interface per object (a union of
// one interface per variant for a polymorphic object), BSON values as the
// Node.js driver returns them with its default options (the `bson`
// package's classes; numbers for int, double and a long that fits in 53
// bits), and every rule TypeScript's types cannot hold (bounds, lengths,
// patterns) in a comment beside its key. Exports `collectionName` and
// `CollectionDocument`. `header` is the text of the first lines, a comment each.
std::string typeScriptModule(const TypeModule &module, const std::vector<std::string> &header);

// The same collection as Zod (v3) schemas, one exported const (and its
// inferred type) per object, holding every rule of the validator Zod can
// hold: lengths and maxLength in code points as the server counts them,
// patterns as `u` regular expressions, bounds, enums, maxItems, required
// and nullable keys, closed objects (`.strict()`; otherwise
// `.passthrough()`), variants as a discriminated union. Exports
// `collectionName`, `documentSchema` and `CollectionDocument`.
std::string zodModule(const TypeModule &module, const std::vector<std::string> &header);

} // namespace docshape::types
