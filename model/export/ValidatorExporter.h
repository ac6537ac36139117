#pragma once

#include "core/Project.h"
#include "util/Result.h"
#include "derive/CollectionShape.h"

#include <nlohmann/json.hpp>

namespace docshape {

// The `$jsonSchema` validator of a derived collection, generated from its
// ShapeNode tree (the same description estimation and sampling read), so a
// document the sampler builds at any shape the model allows passes it.
//
// What the output holds, and why:
// - `bsonType` on every node, never `type` (the server's draft-4 `type` has
//   no "integer" and cannot tell int from long); none of the keywords the
//   server refuses ($ref, $schema, default, definitions, format, id).
// - `required` lists the keys the model marks required; optional keys are
//   simply absent from it. A field with stored nulls (nullFraction > 0)
//   accepts null: `bsonType: [type, "null"]`, and null joins its `enum`.
// - Arrays: `items` describes the elements (a subdocument schema for
//   arrays of objects); `minItems` from the field; `maxItems` only when the
//   model says the validator enforces the bound (maxEnforcedBy ==
//   validator on the field, or on the relationship that made the array;
//   subsetEnforcedBy for a subset's array, bounded at subsetCount).
//   A bound enforced by the UI or by nobody is a design statement, not a
//   database rule: exporting it would turn an estimate into write failures.
//   The exported maxItems equals the node's maxCount, so a document at the
//   maximum shape still validates.
// - Constraints (enum, minimum, maximum, pattern, minLength, maxLength) go
//   on the value, or on `items` for an array (they describe elements).
//   Enum literals and numeric bounds are typed after the field in canonical
//   Extended JSON ({"$numberInt":"3"} for an int field).
// - A polymorphic object is `oneOf` one branch per variant, keyed by the
//   discriminator: {properties: {<disc>: {enum: [value]}, variant fields},
//   required: [<disc>, required variant fields]}; the common fields stay in
//   the enclosing `properties` / `required`.
// - `additionalProperties: false` only for an entity whose closedShape is
//   true (at the root or wherever it is embedded), and then `properties`
//   lists every key the documents may hold: _id, the fields relationships
//   add, and the fields of every variant. With variants it moves into each
//   oneOf branch (draft 4 checks additionalProperties against the
//   `properties` beside it only), and each branch lists the common keys as
//   `{}` (already checked above) next to its own.
// - `title` is the entity name (at the root and on embedded entities) and
//   `description` comes from the model.
//
// Key order is fixed (bsonType, title, description, enum, bounds, ...), so
// the same model gives byte-identical output. Errors (an enum literal that
// is not a value of its field's type) name the collection and key path.
Result<nlohmann::ordered_json> validatorFor(const Project &project, const CollectionShape &collection);

} // namespace docshape
