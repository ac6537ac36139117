#include "core/MapKeys.h"

namespace docshape {

std::string mapKeyRegex(const MapKeys &keys) {
    switch (keys.keys) {
    case MapKeyPattern::Hex:
        return "^[0-9a-fA-F]+$";
    case MapKeyPattern::ObjectId:
        return "^[0-9a-fA-F]{24}$";
    case MapKeyPattern::Uuid:
        return "^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$";
    case MapKeyPattern::Number:
        return "^[0-9]+$";
    case MapKeyPattern::Date:
        // A month (2024-05), a day (2024-05-01), or a day with a time after it.
        return "^[0-9]{4}-[0-9]{2}(-[0-9]{2}[\\s\\S]*)?$";
    case MapKeyPattern::Regex:
        return keys.regex;
    }
    return keys.regex;
}

std::string_view toString(MapKeyPattern p) { return detail::enumName(kMapKeyPatternNames, p); }
std::optional<MapKeyPattern> mapKeyPatternFromString(std::string_view s) {
    return detail::enumFromName(kMapKeyPatternNames, s);
}

} // namespace docshape
