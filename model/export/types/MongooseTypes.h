#pragma once

#include "export/types/TypeModel.h"

#include <string>
#include <vector>

namespace docshape::types {

// A collection's Mongoose (8) schemas as a CommonJS module: a Schema per
// object, subdocuments without their own _id, no version key, the
// collection's name as the `collection` option, unknown keys kept (closed
// entities: `strict: "throw"`). BSON types map to Mongoose's SchemaTypes
// (Int32, BigInt for long, Double, Decimal128, ObjectId, Buffer, Date,
// Map); what has no SchemaType of its own (regex, timestamp, min/max key,
// several types) is Mixed with a comment. The validator's rules become
// Mongoose validators: `enum` and `match` where Mongoose has them, and
// functions for the rest (lengths in code points, numeric bounds, maxItems,
// map key patterns, "absent but not null"). Variants use Mongoose's
// discriminators: the base schema carries `discriminatorKey`, and
// `model(connection)` registers the model with one discriminator per
// variant. Exports collectionName, schema, variants and model.
std::string mongooseModule(const TypeModule &module, const std::vector<std::string> &header);

} // namespace docshape::types
