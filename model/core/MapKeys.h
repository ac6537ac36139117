#pragma once

#include "util/EnumNames.h"

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace docshape {

// What the keys of a map look like. Keys that are data (ids, days, numbers)
// rather than names: the server, the validator and the samples see one key
// shape and one value shape instead of a path per key.
enum class MapKeyPattern : std::uint8_t { Hex, ObjectId, Uuid, Number, Date, Regex };

// The keys of a map field: an object whose every key matches the pattern and
// holds a value of one shape. The value is the map field's one subfield
// (Field::fields[0], named kMapValueName); the map's own parameters are here.
//
// Invariants (checked by validateProject):
// - 0 <= avgKeys <= maxKeys; 0 <= avgKeyBytes <= maxKeyBytes; keys are
//   element names, so a key of 0 bytes is possible but no key holds a NUL.
// - `regex` is set exactly when the pattern is Regex, and the server
//   accepts it as a patternProperties name.
// - avgKeyBytes is the mean over keys (all keys' bytes over all keys), so
//   avgKeys * avgKeyBytes is the key bytes of an average map.
struct MapKeys {
    MapKeyPattern keys = MapKeyPattern::Hex;
    std::string regex; // Regex only: a PCRE2 pattern, as the server reads patternProperties
    double avgKeys = 0;
    std::uint64_t maxKeys = 0;
    double avgKeyBytes = 0; // UTF-8 bytes of one key, without its NUL
    std::uint64_t maxKeyBytes = 0;

    friend bool operator==(const MapKeys &, const MapKeys &) = default;
};

// The name the value of a map carries in the model: not a key of any
// document, a label for paths ("scores.<key>.points").
inline constexpr std::string_view kMapValueName = "<key>";

// The regular expression every key of the pattern matches, anchored, as a
// $jsonSchema patternProperties name (PCRE2, as the server compiles it).
std::string mapKeyRegex(const MapKeys &keys);

std::string_view toString(MapKeyPattern p);
std::optional<MapKeyPattern> mapKeyPatternFromString(std::string_view s);

// The spellings of MapKeyPattern in the model file and the CLI, and its words
// in messages, in the enum's order.
inline constexpr EnumSpelling<MapKeyPattern> kMapKeyPatternNames[] = {
    {MapKeyPattern::Hex, "hex", "hex ids"},
    {MapKeyPattern::ObjectId, "objectId", "ObjectId strings"},
    {MapKeyPattern::Uuid, "uuid", "UUIDs"},
    {MapKeyPattern::Number, "number", "numbers"},
    {MapKeyPattern::Date, "date", "ISO dates"},
    {MapKeyPattern::Regex, "regex", "keys matching a pattern"},
};
constexpr std::span<const EnumSpelling<MapKeyPattern>> namesOf(MapKeyPattern) { return kMapKeyPatternNames; }

} // namespace docshape
