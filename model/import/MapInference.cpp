#include "import/MapInference.h"

#include <algorithm>
#include <utility>

namespace docshape::import {

namespace {

constexpr std::uint64_t kObjectIdHexDigits = 24;

constexpr std::pair<KeyPattern, MapKeyPattern> kPatterns[] = {
    {kHexKey, MapKeyPattern::Hex},
    {kUuidKey, MapKeyPattern::Uuid},
    {kNumberKey, MapKeyPattern::Number},
    {kDateKey, MapKeyPattern::Date},
};

} // namespace

bool isMap(const PathNode &object) { return object.mapValue && object.children.empty() && object.mapKeys > 0; }

MapKeys inferredMapKeys(const PathNode &object) {
    MapKeys keys;
    const std::uint64_t objects = std::max<std::uint64_t>(object.objects(), 1);
    keys.avgKeys = double(object.mapKeys) / double(objects);
    keys.maxKeys = object.mapKeysMax;
    keys.avgKeyBytes = object.mapKeys ? double(object.mapKeyBytes) / double(object.mapKeys) : 0;
    keys.maxKeyBytes = object.mapKeyBytesMax;
    // Rounding can put the quotient a hair past the largest; the largest is exact.
    keys.avgKeys = std::min(keys.avgKeys, double(keys.maxKeys));
    keys.avgKeyBytes = std::min(keys.avgKeyBytes, double(keys.maxKeyBytes));

    std::uint8_t bits = object.mapPattern;
    if ((bits & kHexKey) && (bits & kNumberKey))
        bits = std::uint8_t(bits & ~kNumberKey); // digits are hex digits
    if (bits == kHexKey) {
        const bool objectIds = object.mapKeyBytesMin == kObjectIdHexDigits && object.mapKeyBytesMax == kObjectIdHexDigits;
        keys.keys = objectIds ? MapKeyPattern::ObjectId : MapKeyPattern::Hex;
        return keys;
    }
    for (auto [bit, pattern] : kPatterns)
        if (bits == bit) {
            keys.keys = pattern;
            return keys;
        }
    // Several patterns: a key matches one of theirs.
    keys.keys = MapKeyPattern::Regex;
    for (auto [bit, pattern] : kPatterns)
        if (bits & bit) {
            MapKeys one;
            one.keys = pattern;
            keys.regex += (keys.regex.empty() ? "" : "|") + mapKeyRegex(one);
        }
    return keys;
}

std::string keyPatternWords(std::uint8_t patternBits) {
    std::string out;
    for (auto [bit, pattern] : kPatterns)
        if (patternBits & bit)
            out += (out.empty() ? "" : ", ") + std::string(wordsOf(pattern));
    return out;
}

} // namespace docshape::import
