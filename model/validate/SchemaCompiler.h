#pragma once

#include "util/Result.h"
#include "validate/SchemaNode.h"

namespace docshape::validate::detail {

// Deepest nesting of subschemas accepted; the server's BSON depth limit bounds
// it in practice, this bounds the compiler's recursion.
constexpr int kMaxSchemaDepth = 150;

// Translates a `$jsonSchema` document, refusing what the server's
// JSONSchemaParser refuses with the server's message. Error.where is the
// keyword's location in the schema ("properties.items.items.minimum").
Result<std::shared_ptr<const Node>> compileSchema(const bson_t *schema);

} // namespace docshape::validate::detail
