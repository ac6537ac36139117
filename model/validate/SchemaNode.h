#pragma once

// The compiled form of one (sub)schema: every keyword parsed once into the
// value the evaluator needs, so that evaluating a document never looks at the
// schema's BSON again. Internal to model/validate.

#include "validate/BsonValues.h"
#include "validate/ExtendedJson.h"
#include "validate/FieldNames.h"
#include "validate/Pcre2Regex.h"

#include <memory>
#include <string>
#include <vector>

namespace docshape::validate::detail {

struct Node;
using NodePtr = std::unique_ptr<Node>;

// additionalItems / additionalProperties.
enum class Extra { Absent, Allow, Deny, Schema };

// A name from `properties` and/or `required`.
struct Rule {
    std::string name;
    bool isProperty = false;
    bool isRequired = false;
    bool dotted = false; // looked up as a dotted path, as the server does
    NodePtr schema;      // set when isProperty
};

struct PatternRule {
    std::shared_ptr<const Pcre2Regex> regex;
    NodePtr schema;
};

struct Dependency {
    std::string name;
    NodePtr schema;                      // schema dependency, or
    std::vector<std::string> properties; // property dependency
};

struct Bound {
    bool present = false;
    bool exclusive = false;
    Number value;
};

struct Node {
    // A schema with no path: the document itself. Scalar and array keywords
    // have no effect there (the server stores only documents), nor has a type
    // that includes object.
    bool root = false;
    // Set on a root schema that no document can match, with the keyword and
    // the reason.
    std::string alwaysFalseReason;
    std::string alwaysFalseKeyword;

    // Allowed types, one bit per BSON type (typeBit); 0 when unrestricted.
    uint32_t typeMask = 0;
    std::string typeKeyword; // "type" or "bsonType"
    std::string typeText;    // as written, for messages: "string" or "[string, null]"

    // Numbers.
    Bound maximum, minimum;
    bool hasMultipleOf = false;
    Decimal multipleOf;
    std::string multipleOfText;

    // Strings.
    int64_t minLength = -1, maxLength = -1;
    std::shared_ptr<const Pcre2Regex> pattern;

    // Arrays.
    int64_t minItems = -1, maxItems = -1;
    bool uniqueItems = false;
    NodePtr items;                  // items as one schema for every element
    std::vector<NodePtr> itemsTuple; // items as an array of per-position schemas
    bool itemsIsTuple = false;
    Extra additionalItems = Extra::Absent; // only when itemsIsTuple
    NodePtr additionalItemsSchema;

    // Objects.
    std::vector<Rule> rules;
    bool hasAllowed = false; // patternProperties or additionalProperties present
    std::vector<PatternRule> patternProperties;
    Extra additionalProperties = Extra::Absent;
    NodePtr additionalPropertiesSchema;
    int64_t minProperties = -1, maxProperties = -1;
    std::vector<Dependency> dependencies;

    // Logic.
    std::vector<NodePtr> allOf, anyOf, oneOf;
    NodePtr notSchema;
    bool hasEnum = false;
    BsonDocument enumValues; // the values as fields "0".."n-1"; documents only at the root
    const uint8_t *enumData = nullptr; // enumValues' bytes, set once compiled
    uint32_t enumSize = 0;
    std::string enumText;
    // When every enum value is a string (the common case), the strings, so
    // that matching needs no BSON comparison.
    bool enumAllStrings = false;
    std::vector<std::string> enumStrings;

    // Client-side field level encryption: the value must be binData subtype 6.
    bool encrypt = false;
    uint32_t encryptTypeMask = 0;

    // Which keyword families are present, so the evaluator skips the others.
    bool numberChecks = false, stringChecks = false, arrayChecks = false, objectChecks = false;
    // Nothing to check but the type (or nothing at all): the evaluator tests
    // the type inline instead of descending.
    bool onlyType = false;

    // Derived from the above once compiled (finish()), so that the evaluator
    // decides what applies to a value with a few bit tests.
    // The types a value may have: typeMask, or every type when unrestricted
    // or at the root (the document's own type is settled by alwaysFalse).
    uint32_t acceptTypes = ~0u;
    // The types that some number, string, array or object keyword (or
    // dependencies) applies to.
    uint32_t keywordTypes = 0;
    bool alwaysFalse = false;
    // Every bound present is an int or a long, and no multipleOf.
    bool intBoundsOnly = false;
    // encrypt, allOf, anyOf, oneOf, not or enum is present.
    bool combines = false;
    // The undotted names of `rules`, for the walk over a document's fields.
    FieldNames names;
    // With at most 64 rules and none dotted: the required ones, one bit per
    // rule index, so that a document holding them all needs no second pass.
    bool requiredByBits = false;
    uint64_t requiredBits = 0;

    void finish();
};

} // namespace docshape::validate::detail
