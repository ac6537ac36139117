#pragma once

#include "core/BsonType.h"
#include "export/types/Identifiers.h"
#include "core/Project.h"
#include "derive/CollectionShape.h"
#include "util/Result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace docshape::types {

// What every application-type generator reads: one collection's documents as
// the exported `$jsonSchema` validator describes them (read from
// validatorFor's output, so a type can never allow what the validator
// refuses or refuse what it allows, except where a language cannot hold a
// rule), plus what the validator does not say: which keys are references
// and to what. Language-neutral; names are the model's, unescaped.

// A number bound or an enum value, as the validator holds it.
struct Literal {
    enum class Kind : std::uint8_t { String, Int, Long, Double, Decimal, Bool, Null, Other };
    Kind kind = Kind::Other;
    std::string text; // the string's value, or the number's decimal text ("3", "1.5")
    bool finite = true; // false for a double NaN or ±Infinity

    friend bool operator==(const Literal &, const Literal &) = default;

    // An int, long or double a language's number can hold as written
    // (not NaN or an infinity; a Decimal128 is not one).
    bool isFiniteNumber() const {
        return (kind == Kind::Int || kind == Kind::Long || kind == Kind::Double) && finite;
    }
};

struct ObjectType;

struct TypeNode {
    std::vector<BsonType> types; // one, or several (never Null: see nullable)
    bool nullable = false;       // null is a stored value ("bsonType": [T, "null"])
    std::string description;
    std::string referenceTo; // "products._id (Product)" for a key a reference adds; empty otherwise
    std::string copyOf;      // "Customer" for an extended reference's or a subset's copy; empty otherwise

    // Scalars (or, for an array, nothing: the elements carry theirs).
    std::vector<Literal> enumValues; // without null (see nullable)
    std::optional<Literal> minimum;
    std::optional<Literal> maximum;
    std::optional<std::uint64_t> minLength; // in code points, as the server counts
    std::optional<std::uint64_t> maxLength;
    std::optional<std::string> pattern; // PCRE, unanchored (a search)

    // Arrays.
    std::shared_ptr<const TypeNode> items; // null: any element
    std::optional<std::uint64_t> minItems;
    std::optional<std::uint64_t> maxItems;
    bool uniqueItems = false;

    // Objects: an index into TypeModule::objects; -1 for an object of any
    // shape, or for a map (mapValue set: keys matching mapKeyPattern, each
    // value of one shape; patternProperties).
    int object = -1;
    std::shared_ptr<const TypeNode> mapValue;
    std::string mapKeyPattern;
    std::optional<std::uint64_t> maxKeys; // maxProperties of a map

    // No `types`: any value (an empty schema, e.g. a map's value of no
    // stated shape).
    bool isAny() const { return types.empty(); }

    bool isArray() const { return types.size() == 1 && types.front() == BsonType::Array; }
    bool isObject() const { return types.size() == 1 && types.front() == BsonType::Object; }
};

struct TypeField {
    std::string key;
    bool required = false;
    TypeNode type;
};

// One polymorphic variant: the discriminator's value and the fields only
// its documents hold (the common fields are the object's own).
struct TypeVariant {
    std::string value;
    std::string name; // a type name for the variant (unique in the module)
    std::vector<TypeField> fields;
};

struct ObjectType {
    std::string name; // unique in the module; the entity's name or a path made into one
    std::string description;
    std::vector<TypeField> fields; // document order
    bool closed = false;           // additionalProperties: false
    std::string discriminator;     // a key of `fields`; empty: no variants
    std::vector<TypeVariant> variants;
};

// One collection: its objects, each declared after every object it uses
// (what Zod and Python need), the document type last.
struct TypeModule {
    std::string collection;
    std::vector<ObjectType> objects;

    const ObjectType &document() const { return objects.back(); }
};

// Identifiers for a module's objects and for each one's variants, all
// distinct in one scope that starts as `taken` (a language's reserved
// names).
struct TypeNames {
    std::vector<std::string> objects;               // by TypeModule::objects index
    std::vector<std::vector<std::string>> variants; // by object, then variant
};
TypeNames nameTypes(const TypeModule &module, IdentifierSet taken);

// The module of `collection`, read from its validator. Fails as
// validatorFor does, or on a schema keyword this reader does not know (a
// generator must never drop a rule silently).
Result<TypeModule> typeModule(const Project &project, const CollectionShape &collection,
                              const std::vector<CollectionShape> &all);

} // namespace docshape::types
