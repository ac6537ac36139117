#include "core/BsonType.h"

namespace docshape {

namespace {
struct TypeInfo {
    BsonType type;
    std::string_view name;
    unsigned char code;
    int fixedBytes; // -1: depends on content
};

constexpr TypeInfo kTypes[] = {
    {BsonType::Double, "double", 0x01, 8},     {BsonType::String, "string", 0x02, -1},
    {BsonType::Object, "object", 0x03, -1},    {BsonType::Array, "array", 0x04, -1},
    {BsonType::BinData, "binData", 0x05, -1},  {BsonType::ObjectId, "objectId", 0x07, 12},
    {BsonType::Bool, "bool", 0x08, 1},         {BsonType::Date, "date", 0x09, 8},
    {BsonType::Null, "null", 0x0A, 0},         {BsonType::Regex, "regex", 0x0B, -1},
    {BsonType::Int, "int", 0x10, 4},           {BsonType::Timestamp, "timestamp", 0x11, 8},
    {BsonType::Long, "long", 0x12, 8},         {BsonType::Decimal, "decimal", 0x13, 16},
    {BsonType::MinKey, "minKey", 0xFF, 0},     {BsonType::MaxKey, "maxKey", 0x7F, 0},
};

const TypeInfo &info(BsonType type) { return kTypes[static_cast<int>(type)]; }
} // namespace

std::string_view toString(BsonType type) { return info(type).name; }

std::optional<BsonType> bsonTypeFromString(std::string_view name) {
    for (const auto &t : kTypes)
        if (t.name == name)
            return t.type;
    return std::nullopt;
}

unsigned char bsonTypeCode(BsonType type) { return info(type).code; }

std::optional<int> fixedPayloadBytes(BsonType type) {
    const int bytes = info(type).fixedBytes;
    if (bytes < 0)
        return std::nullopt;
    return bytes;
}

bool hasByteLength(BsonType type) {
    return type == BsonType::String || type == BsonType::BinData || type == BsonType::Regex;
}

bool isNumeric(BsonType type) {
    return type == BsonType::Double || type == BsonType::Int || type == BsonType::Long ||
           type == BsonType::Decimal;
}

} // namespace docshape
