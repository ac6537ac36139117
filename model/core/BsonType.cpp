#include "core/BsonType.h"

namespace docshape {

using detail::info;
using detail::kTypes;

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
