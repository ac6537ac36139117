#pragma once

#include "derive/CollectionShape.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace docshape {

// Exact BSON arithmetic (bsonspec.org v1.1).
//
// Maximum sizes are whole bytes that saturate: a sum or product past
// 2^64 - 1 is kSaturatedBytes, so a size too large to count is still
// reported as larger than every limit, never wrapped round to a small one.

inline constexpr std::uint64_t kSaturatedBytes = UINT64_MAX;
std::uint64_t saturatedAdd(std::uint64_t a, std::uint64_t b);
std::uint64_t saturatedTimes(std::uint64_t a, std::uint64_t b);

// Bytes of an element's header: type byte, key, NUL.
inline std::uint64_t elementHeaderBytes(std::string_view key) { return 1 + key.size() + 1; }

// Decimal digits of an array index, the length of its key "0", "1", ...
int indexKeyDigits(std::uint64_t index);

// Sum over i in [0, n) of the key bytes of array element i: 1 + digits(i) + 1
// (saturated).
std::uint64_t arrayKeyBytes(std::uint64_t n);
// The same for a fractional count (linear between the neighbours), for averages.
double arrayKeyBytes(double n);

// Payload bytes of a fixed-size or byte-length value (saturated); for an
// array without an element shape (an array element that is an array), an
// empty array's 5.
std::uint64_t scalarPayloadBytes(BsonType type, std::uint64_t byteLength,
                                 std::string_view regexOptions = {});

// Size of a document or element at its average shape, and at its maximum
// shape (every optional key present, lengths at maximum, arrays at their
// bound); nullopt when something in it is unbounded: an array without a
// maxCount, or a string, binData or regex value without a maximum length.
double averageObjectBytes(const ObjectShape &shape);
std::optional<std::uint64_t> maxObjectBytes(const ObjectShape &shape);

double averageElementBytes(const ShapeNode &node);              // header + payload
std::optional<std::uint64_t> maxElementBytes(const ShapeNode &node);

// A document's average and maximum size (exactly averageObjectBytes and
// maxObjectBytes), with each of its keys' element sizes (averageElementBytes
// and maxElementBytes, in field order) measured once for both.
struct KeyBytes {
    double avg = 0;
    std::optional<std::uint64_t> max; // nullopt: unbounded
};
struct DocumentBytes {
    double avg = 0;
    std::optional<std::uint64_t> max;
};
DocumentBytes documentBytes(const ObjectShape &shape, std::vector<KeyBytes> &keys);

// Average size after `days` of array growth; unbounded arrays use their
// grown average count also in the maximum.
double averageObjectBytesAfter(const ObjectShape &shape, double days);
// Largest document after `days`: bounded arrays at their bound, unbounded
// ones at their grown average count; values without a maximum length at
// their average length.
double largestObjectBytesAfter(const ObjectShape &shape, double days);

} // namespace docshape
