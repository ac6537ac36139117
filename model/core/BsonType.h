#pragma once

#include "util/EnumNames.h"

#include <array>
#include <cstddef>
#include <iterator>
#include <optional>
#include <span>
#include <string_view>
#include <utility>

namespace docshape {

// The BSON types a designer can give a field (bsonspec.org v1.1). The names
// are the server's `bsonType` aliases so that they read the same in the model
// file, the validator and the UI.
enum class BsonType {
    Double,
    String,
    Object,
    Array,
    BinData,
    ObjectId,
    Bool,
    Date,
    Null,
    Regex,
    Int,
    Timestamp,
    Long,
    Decimal,
    MinKey,
    MaxKey,
};


std::string_view toString(BsonType type);
std::optional<BsonType> bsonTypeFromString(std::string_view name);

// The element type byte of the BSON spec (0x01 double ... 0x7F maxKey).
unsigned char bsonTypeCode(BsonType type);

namespace detail {
// Each type's name, element type byte and payload bytes (-1 where the size
// depends on content), in the enum's order. In the header so that sizing,
// which asks for every key of every document, reads it inline.
struct TypeInfo {
    BsonType type;
    std::string_view name;
    unsigned char code;
    int fixedBytes;
};
inline constexpr TypeInfo kTypes[] = {
    {BsonType::Double, "double", 0x01, 8},    {BsonType::String, "string", 0x02, -1},
    {BsonType::Object, "object", 0x03, -1},   {BsonType::Array, "array", 0x04, -1},
    {BsonType::BinData, "binData", 0x05, -1}, {BsonType::ObjectId, "objectId", 0x07, 12},
    {BsonType::Bool, "bool", 0x08, 1},        {BsonType::Date, "date", 0x09, 8},
    {BsonType::Null, "null", 0x0A, 0},        {BsonType::Regex, "regex", 0x0B, -1},
    {BsonType::Int, "int", 0x10, 4},          {BsonType::Timestamp, "timestamp", 0x11, 8},
    {BsonType::Long, "long", 0x12, 8},        {BsonType::Decimal, "decimal", 0x13, 16},
    {BsonType::MinKey, "minKey", 0xFF, 0},    {BsonType::MaxKey, "maxKey", 0x7F, 0},
};
inline const TypeInfo &info(BsonType type) { return kTypes[static_cast<int>(type)]; }
} // namespace detail

// Every type, and every type with its name, in the enum's order: both read
// from the one table above.
inline constexpr auto kAllBsonTypes = [] {
    std::array<BsonType, std::size(detail::kTypes)> all{};
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = detail::kTypes[i].type;
    return all;
}();
// A type's words are its name: MongoDB's $type alias, which the studio's Type
// column and the manual show.
inline constexpr auto kBsonTypeNames = [] {
    std::array<EnumSpelling<BsonType>, std::size(detail::kTypes)> all{};
    for (std::size_t i = 0; i < all.size(); ++i)
        all[i] = {detail::kTypes[i].type, detail::kTypes[i].name, detail::kTypes[i].name};
    return all;
}();
constexpr std::span<const EnumSpelling<BsonType>> namesOf(BsonType) { return kBsonTypeNames; }
static_assert(
    [] {
        for (std::size_t i = 0; i < kAllBsonTypes.size(); ++i)
            if (static_cast<std::size_t>(kAllBsonTypes[i]) != i)
                return false;
        return true;
    }(),
    "detail::kTypes is in the enum's order: info() indexes it by value");

// Payload bytes of a value that has no variable part, or nullopt for string,
// binData, regex, object and array whose size depends on content.
inline std::optional<int> fixedPayloadBytes(BsonType type) {
    const int bytes = detail::info(type).fixedBytes;
    if (bytes < 0)
        return std::nullopt;
    return bytes;
}

// True for types whose size is given by a length in bytes (string, binData,
// regex pattern).
inline bool hasByteLength(BsonType type) {
    return type == BsonType::String || type == BsonType::BinData || type == BsonType::Regex;
}

bool isNumeric(BsonType type);

} // namespace docshape
