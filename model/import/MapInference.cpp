#include "import/MapInference.h"

#include <algorithm>
#include <string_view>
#include <utility>
#include <vector>

namespace docshape::import {

namespace {

constexpr std::uint64_t kObjectIdHexDigits = 24;

constexpr std::pair<KeyPattern, MapKeyPattern> kPatterns[] = {
    {kHexKey, MapKeyPattern::Hex},
    {kUuidKey, MapKeyPattern::Uuid},
    {kNumberKey, MapKeyPattern::Number},
    {kDateKey, MapKeyPattern::Date},
};

// An object is a map of data keys when it has at least kSparseKeys distinct
// keys, was seen at least kSparseObjects times, and no key is in more than
// one object in kSparseShare: a name is in most of its objects, a value
// used as a key (a product's attribute, a user's setting) in few.
constexpr std::size_t kSparseKeys = 32;
constexpr std::uint64_t kSparseObjects = 50;
constexpr std::uint64_t kSparseShare = 10;

// The one non-null type slot of a node; -1 for none or several.
int onlyType(const PathNode &n) {
    int only = -1;
    for (int slot = 0; slot < kTypeSlots; ++slot)
        if (n.types[std::size_t(slot)] && slot != typeSlot(0x0A)) {
            if (only >= 0)
                return -1;
            only = slot;
        }
    return only;
}

// What a value looks like, for telling whether keys' values share one
// shape: its type, an object's key names (sorted), an array's element type.
std::vector<std::string> shapeOf(const PathNode &n) {
    std::vector<std::string> out{std::to_string(onlyType(n))};
    for (const auto &c : n.children)
        out.push_back(c->key);
    std::sort(out.begin() + 1, out.end());
    out.push_back(n.element ? std::to_string(onlyType(*n.element)) : "-");
    out.push_back(n.mapValue ? "map" : "-");
    return out;
}

// "^[a-z_]+$" from the characters the keys use; empty when a key has one
// outside letters, digits, '_' and '-' (or is empty): such keys stay names.
std::string characterClass(const std::vector<std::unique_ptr<PathNode>> &keys) {
    bool lower = false, upper = false, digit = false, underscore = false, dash = false;
    for (const auto &k : keys) {
        if (k->key.empty())
            return {};
        for (const unsigned char c : k->key) {
            if (c >= 'a' && c <= 'z')
                lower = true;
            else if (c >= 'A' && c <= 'Z')
                upper = true;
            else if (c >= '0' && c <= '9')
                digit = true;
            else if (c == '_')
                underscore = true;
            else if (c == '-')
                dash = true;
            else
                return {};
        }
    }
    return std::string("^[") + (lower ? "a-z" : "") + (upper ? "A-Z" : "") + (digit ? "0-9" : "") +
           (underscore ? "_" : "") + (dash ? "\\-" : "") + "]+$";
}

void mergeInto(PathNode &into, const PathNode &from);

PathNode &childNamed(PathNode &parent, const std::string &key) {
    if (const auto it = parent.childIndex.find(key); it != parent.childIndex.end())
        return *parent.children[it->second];
    parent.childIndex.emplace(key, std::uint32_t(parent.children.size()));
    auto &made = parent.children.emplace_back(std::make_unique<PathNode>());
    made->key = key;
    made->depth = parent.depth + 1;
    return *made;
}

// Adds what `from` saw to `into`, as if its values had been read at `into`'s
// path. Id sketches are not merged: a map's values are no reference candidates.
void mergeInto(PathNode &into, const PathNode &from) {
    const bool numbersBefore = into.numbers > 0, datesBefore = into.dates > 0;
    for (std::size_t i = 0; i < into.types.size(); ++i)
        into.types[i] += from.types[i];
    into.strings += from.strings;
    into.stringBytes += from.stringBytes;
    into.stringMax = std::max(into.stringMax, from.stringMax);
    into.binaries += from.binaries;
    into.binaryBytes += from.binaryBytes;
    into.binaryMax = std::max(into.binaryMax, from.binaryMax);
    into.regexes += from.regexes;
    into.regexBytes += from.regexBytes;
    into.regexMax = std::max(into.regexMax, from.regexMax);
    if (into.regexOptions.empty())
        into.regexOptions = from.regexOptions;
    if (from.numbers) {
        into.minimum = numbersBefore ? std::min(into.minimum, from.minimum) : from.minimum;
        into.maximum = numbersBefore ? std::max(into.maximum, from.maximum) : from.maximum;
        into.numbers += from.numbers;
    }
    if (from.dates) {
        into.firstDate = datesBefore ? std::min(into.firstDate, from.firstDate) : from.firstDate;
        into.lastDate = datesBefore ? std::max(into.lastDate, from.lastDate) : from.lastDate;
        into.dates += from.dates;
    }
    into.elements += from.elements;
    into.elementMax = std::max(into.elementMax, from.elementMax);
    into.arrayBytes += from.arrayBytes;
    into.arrayBytesMax = std::max(into.arrayBytesMax, from.arrayBytesMax);
    into.keysMax = std::max(into.keysMax, from.keysMax);
    // Distinct strings, up to the cap (kEnumCap values: the search is bounded).
    into.distinctOverflow = into.distinctOverflow || from.distinctOverflow;
    for (std::size_t i = 0; i < from.distinct.size() && !into.distinctOverflow; ++i) {
        const auto at = std::find(into.distinct.begin(), into.distinct.end(), from.distinct[i]);
        if (at != into.distinct.end()) {
            into.distinctCounts[std::size_t(at - into.distinct.begin())] += from.distinctCounts[i];
        } else if (into.distinct.size() < PathNode::kEnumCap) {
            into.distinct.push_back(from.distinct[i]);
            into.distinctCounts.push_back(from.distinctCounts[i]);
        } else {
            into.distinctOverflow = true;
        }
    }
    if (into.distinctOverflow) {
        into.distinct.clear();
        into.distinctCounts.clear();
    }
    for (const auto &c : from.children)
        mergeInto(childNamed(into, c->key), *c);
    if (from.element) {
        if (!into.element) {
            into.element = std::make_unique<PathNode>();
            into.element->depth = into.depth + 1;
        }
        mergeInto(*into.element, *from.element);
    }
    if (from.mapValue) {
        if (!into.mapValue) {
            into.mapValue = std::make_unique<PathNode>();
            into.mapValue->depth = into.depth + 1;
        }
        mergeInto(*into.mapValue, *from.mapValue);
        into.mapKeys += from.mapKeys;
        into.mapKeysMax = std::max(into.mapKeysMax, from.mapKeysMax);
        into.mapKeyBytes += from.mapKeyBytes;
        into.mapKeyBytesMin = std::min(into.mapKeyBytesMin, from.mapKeyBytesMin);
        into.mapKeyBytesMax = std::max(into.mapKeyBytesMax, from.mapKeyBytesMax);
        into.mapPattern |= from.mapPattern;
        if (into.mapKeyRegex.empty())
            into.mapKeyRegex = from.mapKeyRegex;
    }
}

// Folds `object`'s keys into one map value when they are data (see
// kSparseKeys); `object` keeps no named key after.
void foldIfSparse(PathNode &object) {
    const std::uint64_t objects = object.objects();
    if (object.depth == 0 || object.mapValue || object.children.size() < kSparseKeys || objects < kSparseObjects)
        return;
    const std::vector<std::string> shape = shapeOf(*object.children.front());
    for (const auto &c : object.children)
        if (c->total() * kSparseShare > objects || onlyType(*c) < 0 || shapeOf(*c) != shape)
            return;
    std::string regex = characterClass(object.children);
    if (regex.empty())
        return;
    auto value = std::make_unique<PathNode>();
    value->depth = object.depth + 1;
    std::uint64_t keys = 0, keyBytes = 0, shortest = UINT64_MAX, longest = 0;
    for (const auto &c : object.children) {
        mergeInto(*value, *c);
        keys += c->total();
        keyBytes += c->total() * c->key.size();
        shortest = std::min<std::uint64_t>(shortest, c->key.size());
        longest = std::max<std::uint64_t>(longest, c->key.size());
    }
    object.children.clear();
    object.childIndex.clear();
    object.mapValue = std::move(value);
    object.mapKeys = keys;
    object.mapKeysMax = object.keysMax;
    object.mapKeyBytes = keyBytes;
    object.mapKeyBytesMin = shortest;
    object.mapKeyBytesMax = longest;
    object.mapKeyRegex = std::move(regex);
}

// Depth first, so that a map's values are folded before the map is judged
// (their shapes then compare as maps). The depth is bounded by the reader's
// kMaxDepth.
void foldSparse(PathNode &node) {
    for (auto &c : node.children)
        foldSparse(*c);
    if (node.element)
        foldSparse(*node.element);
    if (node.mapValue)
        foldSparse(*node.mapValue);
    foldIfSparse(node);
}

} // namespace

void CollectionStatistics::foldSparseKeys() { foldSparse(m_root); }

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

    if (!object.mapKeyRegex.empty() && object.mapPattern == 0) {
        keys.keys = MapKeyPattern::Regex;
        keys.regex = object.mapKeyRegex;
        return keys;
    }
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
