#pragma once

#include <iterator>
#include <optional>
#include <string_view>

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

inline constexpr BsonType kAllBsonTypes[] = {
    BsonType::Double, BsonType::String,   BsonType::Object, BsonType::Array,
    BsonType::BinData, BsonType::ObjectId, BsonType::Bool,   BsonType::Date,
    BsonType::Null,   BsonType::Regex,    BsonType::Int,    BsonType::Timestamp,
    BsonType::Long,   BsonType::Decimal,  BsonType::MinKey, BsonType::MaxKey,
};

std::string_view toString(BsonType type);
std::optional<BsonType> bsonTypeFromString(std::string_view name);

// The element type byte of the BSON spec (0x01 double ... 0x7F maxKey).
unsigned char bsonTypeCode(BsonType type);

namespace detail {
// Payload bytes of each type's values, in the enum's order; -1 where the size
// depends on content. (Inline: sizing asks for every key of every document.)
inline constexpr int kFixedPayloadBytes[] = {
    8 /* double */, -1 /* string */, -1 /* object */, -1 /* array */, -1 /* binData */,
    12 /* objectId */, 1 /* bool */, 8 /* date */, 0 /* null */, -1 /* regex */,
    4 /* int */, 8 /* timestamp */, 8 /* long */, 16 /* decimal */, 0 /* minKey */, 0 /* maxKey */,
};
static_assert(std::size(kFixedPayloadBytes) == std::size(kAllBsonTypes));
} // namespace detail

// Payload bytes of a value that has no variable part, or nullopt for string,
// binData, regex, object and array whose size depends on content.
inline std::optional<int> fixedPayloadBytes(BsonType type) {
    const int bytes = detail::kFixedPayloadBytes[static_cast<int>(type)];
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
