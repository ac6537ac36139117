#pragma once

#include "util/Result.h"
#include "validate/ExtendedJson.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::validate {

namespace detail {
struct Node;
}

// One reason a document fails a schema.
struct ValidationError {
    // Where in the document, dotted as in MongoDB ("items.2.quantity"); empty
    // for the document itself.
    std::string path;
    // The `$jsonSchema` keyword that failed ("required", "bsonType", ...).
    std::string keyword;
    // What is wrong, for a designer: "must be at least 1, found 0".
    std::string message;
};

struct ValidationResult {
    bool valid = true;
    std::vector<ValidationError> errors; // empty when valid
};

// A compiled `$jsonSchema`, evaluated exactly as the MongoDB server evaluates a
// collection validator: draft 4 with the server's keywords (`bsonType`,
// `encrypt`) and omissions (`$ref`, `format`, `default`, `definitions`, `id`,
// `$schema` and the `integer` type are refused); keywords apply only to values
// of their own type; a missing field passes unless required; numbers compare
// exactly across int, long, double and decimal; enum and uniqueItems compare
// BSON values with embedded field order ignored; `pattern` is PCRE2 with UTF.
//
// Compiling refuses exactly what the server refuses, with the server's message
// (e.g. "$jsonSchema keyword 'format' is not currently supported").
//
// Cheap to copy (the compiled tree is shared and immutable); const methods are
// thread-safe.
//
// Known difference: a property name containing '.' is looked up as a dotted
// path through embedded documents, as the server does, but not through arrays.
class JsonSchema {
public:
    // A schema given as the `$jsonSchema` value itself.
    static Result<JsonSchema> compile(const bson_t *schema);

    // A validator document `{"$jsonSchema": <value>}` (the value may be of any
    // type; anything but a document is refused as the server refuses it).
    static Result<JsonSchema> compileValidator(const bson_t *validator);

    // Extended JSON text holding the schema itself, `{"$jsonSchema": ...}`, or
    // collection options `{"validator": {"$jsonSchema": ...}, ...}`.
    static Result<JsonSchema> compileJson(std::string_view extendedJson);

    // Normalises the three text forms above to `{"$jsonSchema": <value>}`;
    // JSON that is not an object ("foo", []) becomes that value, for
    // compileValidator to refuse. Errors here are about the text (not JSON,
    // or a validator mixing `$jsonSchema` with other query operators), not
    // about the schema.
    static Result<BsonDocument> readValidator(std::string_view extendedJson);

    // True when `doc` passes. The fast path: no allocation for valid documents.
    bool matches(const bson_t *doc) const;

    // The same for a document given as its bytes (as read from a .bson file);
    // `size` must be the document's own length prefix. Corrupt BSON fails.
    bool matches(const uint8_t *bson, uint32_t size) const;

    // Pass or fail, and why. When invalid, `errors` names each failing path
    // and keyword (all independent failures, not only the first).
    ValidationResult validate(const bson_t *doc) const;
    ValidationResult validate(const uint8_t *bson, uint32_t size) const;

    // The document as Extended JSON text; an Error if it is not a document.
    Result<ValidationResult> validateJson(std::string_view extendedJson) const;

private:
    explicit JsonSchema(std::shared_ptr<const detail::Node> root) : m_root(std::move(root)) {}
    std::shared_ptr<const detail::Node> m_root;
};

} // namespace docshape::validate
