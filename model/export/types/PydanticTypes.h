#pragma once

#include "export/types/TypeModel.h"

#include <string>
#include <vector>

namespace docshape::types {

// A collection's Pydantic module, for pydantic 1.10 (Debian 12's
// python3-pydantic) and PyMongo's `bson` package: a model class per object
// (one per variant for a polymorphic object, joined in a Union), values as
// PyMongo returns them (ObjectId, Decimal128, datetime, bytes or Binary,
// int for int and long alike), strict types (no coercion: "5" is not an
// int), and every rule pydantic can hold: lengths in code points, patterns
// as searches (the server's semantics; pydantic matches at the start),
// bounds, enums as Literal, maxItems, required keys, null only where the
// validator allows it, closed objects (Extra.forbid). Keys become snake_case
// attributes with the key as alias. Exports COLLECTION_NAME and
// DOCUMENT_MODEL (a class, or a Union for `pydantic.parse_obj_as`).
std::string pydanticModule(const TypeModule &module, const std::vector<std::string> &header);

} // namespace docshape::types
