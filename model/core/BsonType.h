#pragma once

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

// Payload bytes of a value that has no variable part, or nullopt for string,
// binData, regex, object and array whose size depends on content.
std::optional<int> fixedPayloadBytes(BsonType type);

// True for types whose size is given by a length in bytes (string, binData,
// regex pattern).
bool hasByteLength(BsonType type);

bool isNumeric(BsonType type);

} // namespace docshape
