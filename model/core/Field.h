#pragma once

#include "core/BsonType.h"
#include "core/MapKeys.h"
#include "util/Boxed.h"
#include "util/EnumNames.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>
#include <utility>
#include <string>
#include <vector>

namespace docshape {

// Who guarantees an array's maximum count (seed start-from-the-queries.txt,
// "the bounded test": what is the maximum, and who enforces it?).
enum class BoundEnforcer : std::uint8_t { Nobody, Ui, Validator };

// How a duplicated value is kept in step with its source
// (seed lesson-135, "Data duplication consistency").
enum class Duplication { None, Snapshot, Synchronous, Eventual };

// The parts of a field that most fields leave unset, held apart
// (Field::details) so that a model's fields stay small.
struct FieldDetails {
    std::string regexOptions; // regex only: the options string, e.g. "i"

    // Constraints, exported to the validator. Enum values are literals
    // interpreted in the field's (or element's) type.
    std::vector<std::string> enumValues;
    std::optional<double> minimum;
    std::optional<double> maximum;
    std::optional<std::string> pattern;
    std::optional<std::uint64_t> minLength; // characters, as $jsonSchema counts
    std::optional<std::uint64_t> maxLength;
    std::optional<std::uint64_t> minItems;
    std::string description;

    // Duplication: the field copies `sourceFieldId` with these semantics and
    // this owner/update path.
    std::string duplicatedFrom; // field id, empty when not duplicated
    Duplication duplication = Duplication::None;
    std::string duplicationOwner;

    // Computed pattern: what the stored value summarizes (free text or path).
    std::string computedFrom;

    // The value a migration writes into documents that lack the field (a
    // literal in the field's type, as enum values are); unset: none stated.
    // Never exported to a validator (the server refuses `default`).
    std::optional<std::string> defaultValue;

    // Set on an object field whose keys are data: a map (MapKeys).
    std::optional<MapKeys> map;

    friend bool operator==(const FieldDetails &, const FieldDetails &) = default;
};

// A field of an entity, or of a subdocument nested in one.
//
// Invariants (checked by validateProject):
// - `name` is not empty, has no leading '$', no '.', no NUL.
// - 0 < presence <= 1; when `required`, presence is 1.
// - for byte-length types (string, binData, regex): 0 <= avgBytes <= maxBytes.
// - for arrays: `elementType` says what the elements are; string-like
//   elements use avgBytes/maxBytes; object elements use `fields`;
//   0 <= avgCount <= maxCount when maxCount is set. No maxCount: unbounded.
// - for objects: `fields` are the subdocument's fields.
// - for maps (an object with details->map): `fields` holds one field, the
//   value under every key, named kMapValueName and required.
//
// Member order is for speed: deriving a document shape reads the name, the
// size parameters and the details box of every field of a model, so they
// come first, together; the rest follows, and what most fields leave unset
// is held apart in `details`, so that a field stays small and walking a
// large model's fields reads less memory.
struct Field {
    std::string name; // key in the document
    BsonType type = BsonType::String;
    bool required = true;
    double presence = 1.0; // probability that an optional field is present

    // Size parameters for string, binData and regex (pattern) values, or for
    // the elements of an array of those. Bytes of UTF-8, without the NUL.
    double avgBytes = 0;
    std::uint64_t maxBytes = 0;

    // Arrays.
    BsonType elementType = BsonType::String;
    BoundEnforcer maxEnforcedBy = BoundEnforcer::Nobody;
    bool uniqueItems = false;
    double avgCount = 0;
    std::optional<std::uint64_t> maxCount; // nullopt: unbounded
    double distinctFraction = 1.0; // share of elements that are distinct (index keys)
    double countGrowthPerDay = 0;  // elements added per document per day

    // Stored nulls: share of present values that are an explicit null.
    double nullFraction = 0;

    // What most fields leave unset: constraints, description, duplication.
    // Among the first members too: deriving reads a string's enum. Write
    // through `details.edit()`.
    Boxed<FieldDetails> details;

    std::string id; // stable, unique in the project

    // Subdocument fields (type object, or array of objects).
    std::vector<Field> fields;

    bool isArray() const { return type == BsonType::Array; }
    bool isObject() const { return type == BsonType::Object; }
    bool elementIsObject() const { return isArray() && elementType == BsonType::Object; }
    bool isMap() const { return type == BsonType::Object && details->map.has_value(); }

    friend bool operator==(const Field &, const Field &) = default;
};

std::string_view toString(BoundEnforcer e);
std::optional<BoundEnforcer> boundEnforcerFromString(std::string_view s);
std::string_view toString(Duplication d);
std::optional<Duplication> duplicationFromString(std::string_view s);

// The spellings of BoundEnforcer in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<BoundEnforcer> kBoundEnforcerNames[] = {
    {BoundEnforcer::Nobody, "nobody", "nobody"},
    {BoundEnforcer::Ui, "ui", "the UI"},
    {BoundEnforcer::Validator, "validator", "the validator"},
};
constexpr std::span<const EnumSpelling<BoundEnforcer>> namesOf(BoundEnforcer) { return kBoundEnforcerNames; }

// The spellings of Duplication in the model file and the CLI, and its words in messages,
// in the enum's order: the one table its names, words and count come from.
inline constexpr EnumSpelling<Duplication> kDuplicationNames[] = {
    {Duplication::None, "none", "none"},
    {Duplication::Snapshot, "snapshot", "snapshot"},
    {Duplication::Synchronous, "synchronous", "synchronous"},
    {Duplication::Eventual, "eventual", "eventual"},
};
constexpr std::span<const EnumSpelling<Duplication>> namesOf(Duplication) { return kDuplicationNames; }

} // namespace docshape
