#pragma once

#include "validate/JsonSchema.h"
#include "validate/SchemaNode.h"

#include <vector>

namespace docshape::validate::detail {

// Evaluates a compiled schema against a document. With `errors` null it
// answers only pass/fail and stops at the first failure (the fast path, no
// allocation); otherwise it records every independent failure.
bool evaluate(const Node &root, const uint8_t *bson, uint32_t size,
              std::vector<ValidationError> *errors);

} // namespace docshape::validate::detail
