#pragma once

#include "derive/CollectionShape.h"

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace docshape {

// Exact BSON arithmetic (bsonspec.org v1.1).

// Bytes of an element's header: type byte, key, NUL.
inline std::uint64_t elementHeaderBytes(std::string_view key) { return 1 + key.size() + 1; }

// Decimal digits of an array index, the length of its key "0", "1", ...
int indexKeyDigits(std::uint64_t index);

// Sum over i in [0, n) of the key bytes of array element i: 1 + digits(i) + 1.
std::uint64_t arrayKeyBytes(std::uint64_t n);
// The same for a fractional count (linear between the neighbours), for averages.
double arrayKeyBytes(double n);

// Payload bytes of a fixed-size or byte-length value.
std::uint64_t scalarPayloadBytes(BsonType type, std::uint64_t byteLength,
                                 std::string_view regexOptions = {});

// Size of a document or element at its average shape, and at its maximum
// shape (every optional key present, lengths at maximum, arrays at their
// bound); nullopt when something in it is unbounded.
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
// ones at their grown average count.
double largestObjectBytesAfter(const ObjectShape &shape, double days);

} // namespace docshape
