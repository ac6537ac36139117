#pragma once

#include "core/BsonType.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace docshape::import {

struct PathNode;

// Shapes of values that MongoDB users recognise at a glance, counted per
// path as the values are read. Each note costs O(1): a string is judged by
// its length, its last bytes and at most kPrefixBytes of its start.
struct ValueShapes {
    std::uint64_t isoDates = 0;    // strings that are an ISO 8601 date or date-time, whole
    std::uint64_t hexBlobs = 0;    // strings of hex digits, long enough to be bytes
    std::uint64_t base64Blobs = 0; // strings in base64, long enough to be bytes
    std::uint64_t cents = 0;       // doubles with at most two decimals
    std::uint64_t epochSeconds = 0, epochMillis = 0; // numbers in the range of recent dates
};

// The thresholds of recognition, each with why it is where it is.
struct Recognise {
    // Fewer values than this say nothing about a field's values (the enum
    // candidates' threshold too): a handful of short codes can all look like
    // hex by chance.
    static constexpr std::uint64_t kMinimumValues = 20;
    // The share of a field's values (of the type judged) that must have the
    // shape. A field of dates or blobs holds them all but for placeholders
    // ("", "n/a"); 95% leaves room for those while a text field where a few
    // values happen to look like a date stays out.
    static constexpr double kShare = 0.95;
    // How much of a string is read to judge its characters: a blob shows its
    // alphabet in its first bytes, and the import stays linear in the input.
    static constexpr std::size_t kPrefixBytes = 64;
    // Hex of at least 16 bytes (an MD5 or a UUID without dashes): shorter
    // hex-looking strings are codes ("a3f9", colours "ff00aa"); 24 digits is
    // an ObjectId's text, which is an id, not a blob.
    static constexpr std::size_t kHexMinimum = 32;
    // base64 of at least 18 bytes; shorter alphanumeric strings are names and codes.
    static constexpr std::size_t kBase64Minimum = 24;
    // The longest ISO 8601 date-time read: "2024-01-31T23:59:59.123456789+05:30" is 35.
    static constexpr std::size_t kDateMaximum = 40;
    // Epoch numbers: from 2000-01-01 to 2100-01-01, in seconds or
    // milliseconds. Years (1999), counts and prices fall outside both.
    static constexpr double kEpochSecondsFrom = 946684800, kEpochSecondsTo = 4102444800;
    static constexpr double kEpochMillisFrom = kEpochSecondsFrom * 1000, kEpochMillisTo = kEpochSecondsTo * 1000;
};

void noteString(ValueShapes &shapes, std::string_view s);
// An int, long or double (decimals are already exact).
void noteNumber(ValueShapes &shapes, double x, bool isDouble);

// What was recognised at a path: a finding for the import summary and a
// sentence for the field's description.
struct Recognition {
    std::string id;       // "import.geojson", "import.date-string", ...
    std::string severity; // "warning" or "info"
    std::string message;
    std::string note;
};

// The values at `values` (a field's, or an array's elements) modelled as
// `type`, under the key `key`: ISO dates in strings, epoch numbers in a
// field named like a date, money in doubles, hex or base64 blobs in strings.
std::optional<Recognition> recogniseValues(const PathNode &values, std::string_view key, BsonType type);

// A subdocument path whose every value is a GeoJSON object
// ({type: "Point", coordinates: [lng, lat]} and the other types of RFC 7946).
bool isGeoJson(const PathNode &object);
std::optional<Recognition> recogniseGeoJson(const PathNode &object, const std::string &path);

// An array path named like a location whose every value is two numbers
// within [-180, 180]: legacy coordinate pairs.
std::optional<Recognition> recogniseCoordinatePairs(const PathNode &array, std::string_view key,
                                                    const std::string &path);

// Whether a key names a date or a time ("createdAt", "updated_on", "ts").
bool namedLikeDate(std::string_view key);

} // namespace docshape::import
