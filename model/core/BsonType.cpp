#include "core/BsonType.h"

namespace docshape {

namespace {
struct TypeInfo {
    BsonType type;
    std::string_view name;
    unsigned char code;
};

constexpr TypeInfo kTypes[] = {
    {BsonType::Double, "double", 0x01},   {BsonType::String, "string", 0x02},
    {BsonType::Object, "object", 0x03},   {BsonType::Array, "array", 0x04},
    {BsonType::BinData, "binData", 0x05}, {BsonType::ObjectId, "objectId", 0x07},
    {BsonType::Bool, "bool", 0x08},       {BsonType::Date, "date", 0x09},
    {BsonType::Null, "null", 0x0A},       {BsonType::Regex, "regex", 0x0B},
    {BsonType::Int, "int", 0x10},         {BsonType::Timestamp, "timestamp", 0x11},
    {BsonType::Long, "long", 0x12},       {BsonType::Decimal, "decimal", 0x13},
    {BsonType::MinKey, "minKey", 0xFF},   {BsonType::MaxKey, "maxKey", 0x7F},
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

bool isNumeric(BsonType type) {
    return type == BsonType::Double || type == BsonType::Int || type == BsonType::Long ||
           type == BsonType::Decimal;
}

} // namespace docshape
