#include "import/CollectionStatistics.h"

#include <bson/bson.h>
#include <simdjson.h>

#include <algorithm>
#include <cmath>
#include <cstring>

namespace docshape::import {

namespace {

constexpr std::uint64_t kDocumentOverhead = 5; // int32 length + terminating NUL

std::uint64_t mix(std::uint64_t h) {
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

std::uint64_t hashBytes(int type, const void *data, std::size_t n) {
    std::uint64_t h = 1469598103934665603ULL ^ std::uint64_t(type);
    const auto *p = static_cast<const unsigned char *>(data);
    for (std::size_t i = 0; i < n; ++i)
        h = (h ^ p[i]) * 1099511628211ULL;
    return mix(h);
}

// The distinct regex options libbson keeps, in its order (bson_append_regex).
std::size_t storedRegexOptions(const char *options) {
    std::size_t n = 0;
    for (const char *c = "ilmsux"; *c; ++c)
        if (std::strchr(options, *c))
            ++n;
    return n;
}

// Valid UTF-8: ASCII, the common case of keys and short strings, checked
// here a word at a time; anything else by simdjson.
bool validUtf8(const char *s, std::size_t n) {
    std::size_t i = 0;
    std::uint64_t high = 0;
    for (; i + 8 <= n; i += 8) {
        std::uint64_t word;
        std::memcpy(&word, s + i, 8);
        high |= word;
    }
    for (; i < n; ++i)
        high |= static_cast<unsigned char>(s[i]);
    return (high & 0x8080808080808080ULL) == 0 || simdjson::validate_utf8(s, n);
}

double decimalAsDouble(const bson_decimal128_t &d) {
    char text[BSON_DECIMAL128_STRING];
    bson_decimal128_to_string(&d, text);
    return std::strtod(text, nullptr);
}

} // namespace

int typeSlot(int code) {
    if (code >= 0x01 && code <= 0x13)
        return code;
    if (code == 0xFF)
        return 0x14;
    if (code == 0x7F)
        return 0x15;
    return -1;
}

int typeCodeOfSlot(int slot) {
    if (slot == 0x14)
        return 0xFF;
    if (slot == 0x15)
        return 0x7F;
    return slot;
}

void HashSketch::add(std::uint64_t hash) {
    ++m_values;
    if (m_hashes.size() >= kCapacity && hash > m_hashes.back())
        return;
    const auto at = std::lower_bound(m_hashes.begin(), m_hashes.end(), hash);
    const auto i = std::size_t(at - m_hashes.begin());
    if (at != m_hashes.end() && *at == hash) {
        ++m_counts[i];
        m_repeats = true;
        return;
    }
    if (m_hashes.size() >= kCapacity) {
        m_hashes.pop_back();
        m_counts.pop_back();
    }
    m_hashes.insert(m_hashes.begin() + std::ptrdiff_t(i), hash);
    m_counts.insert(m_counts.begin() + std::ptrdiff_t(i), 1);
}

double HashSketch::distinct() const {
    if (!full())
        return double(m_hashes.size());
    // The k-th smallest of n uniform hashes lies near k/n of the range.
    return double(kCapacity - 1) * 0x1p64 / double(largest() ? largest() : 1);
}

std::uint8_t generatedKeyPattern(std::string_view k) {
    auto all = [&](std::size_t from, std::size_t to, auto test) {
        for (std::size_t i = from; i < to; ++i)
            if (!test(static_cast<unsigned char>(k[i])))
                return false;
        return true;
    };
    auto digit = [](unsigned char c) { return c >= '0' && c <= '9'; };
    auto hex = [&](unsigned char c) { return digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'); };
    if (k.empty())
        return 0;
    if (k.size() <= 19 && all(0, k.size(), digit))
        return kNumberKey;
    if (k.size() >= 16 && all(0, k.size(), hex))
        return kHexKey;
    if (k.size() == 36 && k[8] == '-' && k[13] == '-' && k[18] == '-' && k[23] == '-' && all(0, 8, hex) &&
        all(9, 13, hex) && all(14, 18, hex) && all(19, 23, hex) && all(24, 36, hex))
        return kUuidKey;
    if (k.size() >= 10 && all(0, 4, digit) && k[4] == '-' && all(5, 7, digit) && k[7] == '-' && all(8, 10, digit))
        return kDateKey; // 2024-05-01, and with a time after it
    if (k.size() == 7 && all(0, 4, digit) && k[4] == '-' && all(5, 7, digit))
        return kDateKey; // 2024-05
    return 0;
}

std::uint64_t PathNode::total() const {
    std::uint64_t n = 0;
    for (auto c : types)
        n += c;
    return n;
}

std::uint64_t payloadBytes(const bson_value_t &v) {
    switch (v.value_type) {
    case BSON_TYPE_DOUBLE:
    case BSON_TYPE_DATE_TIME:
    case BSON_TYPE_TIMESTAMP:
    case BSON_TYPE_INT64:
        return 8;
    case BSON_TYPE_UTF8:
        return 4 + std::uint64_t(v.value.v_utf8.len) + 1;
    case BSON_TYPE_SYMBOL:
        return 4 + std::uint64_t(v.value.v_symbol.len) + 1;
    case BSON_TYPE_CODE:
        return 4 + std::uint64_t(v.value.v_code.code_len) + 1;
    case BSON_TYPE_BINARY:
        // The old binary subtype 2 repeats the length inside its data.
        return 4 + 1 + (v.value.v_binary.subtype == BSON_SUBTYPE_BINARY_DEPRECATED ? 4 : 0) +
               std::uint64_t(v.value.v_binary.data_len);
    case BSON_TYPE_OID:
        return 12;
    case BSON_TYPE_BOOL:
        return 1;
    case BSON_TYPE_REGEX:
        return std::strlen(v.value.v_regex.regex) + 1 + storedRegexOptions(v.value.v_regex.options) + 1;
    case BSON_TYPE_DBPOINTER:
        return 4 + std::uint64_t(v.value.v_dbpointer.collection_len) + 1 + 12;
    case BSON_TYPE_CODEWSCOPE:
        return 4 + 4 + std::uint64_t(v.value.v_codewscope.code_len) + 1 + v.value.v_codewscope.scope_len;
    case BSON_TYPE_INT32:
        return 4;
    case BSON_TYPE_DECIMAL128:
        return 16;
    default: // undefined, null, minKey, maxKey
        return 0;
    }
}

CollectionStatistics::CollectionStatistics(std::string name) : m_name(std::move(name)) { m_frames.reserve(32); }

void CollectionStatistics::beginDocument() {
    m_frames.clear();
    m_frames.push_back({&m_root, false, 0, 0, 0, kDocumentOverhead});
    m_presentTopLevel.clear();
    m_topLevelSlots.clear();
    m_failure.clear();
}

void CollectionStatistics::abandonDocument() {
    for (std::uint32_t i : m_presentTopLevel)
        m_root.children[i]->valueInDocument = -1;
    m_frames.clear();
}

void CollectionStatistics::endDocument() {
    const std::uint64_t bytes = m_frames.front().bytes;
    m_frames.clear();
    ++m_documents;
    ++m_root.types[0x03];
    m_documentBytes += bytes;
    m_largest = std::max(m_largest, bytes);

    // Follow the top-level strings with few values: which keys each value brings.
    for (std::uint32_t i : m_presentTopLevel) {
        PathNode &field = *m_root.children[i];
        if (m_discriminators.size() >= kMaxDiscriminators || field.valueInDocument < 0)
            continue;
        if (m_notCandidate.size() <= i)
            m_notCandidate.resize(i + 1, false);
        if (m_notCandidate[i])
            continue;
        bool known = false;
        for (const auto &d : m_discriminators)
            known = known || d.fieldIndex == i;
        if (!known) {
            m_discriminators.push_back({i, {}, {}});
        }
    }
    for (auto it = m_discriminators.begin(); it != m_discriminators.end();) {
        PathNode &field = *m_root.children[it->fieldIndex];
        if (field.distinctOverflow) {
            m_notCandidate[it->fieldIndex] = true;
            it = m_discriminators.erase(it);
            continue;
        }
        if (field.valueInDocument >= 0) {
            const auto v = std::size_t(field.valueInDocument);
            if (it->documents.size() <= v) {
                it->documents.resize(v + 1, 0);
                it->presence.resize(v + 1);
                it->types.resize(v + 1);
            }
            ++it->documents[v];
            auto &row = it->presence[v];
            if (row.size() < m_root.children.size())
                row.resize(m_root.children.size(), 0);
            auto &typed = it->types[v];
            const std::size_t typedKeys = std::min(m_root.children.size(), DiscriminatorCounts::kTypedKeys);
            if (typed.size() < typedKeys)
                typed.resize(typedKeys, TypeCounts{});
            for (std::size_t j = 0; j < m_presentTopLevel.size(); ++j) {
                const std::uint32_t k = m_presentTopLevel[j];
                ++row[k];
                if (k < typed.size() && j < m_topLevelSlots.size())
                    ++typed[k][m_topLevelSlots[j]];
            }
        }
        ++it;
    }
    for (std::uint32_t i : m_presentTopLevel)
        m_root.children[i]->valueInDocument = -1;
}

PathNode *CollectionStatistics::childFor(Frame &frame, std::string_view key, bool &created) {
    created = false;
    PathNode *parent = frame.node;
    auto &children = parent->children;
    // Documents of a collection mostly repeat their key order: try the key
    // after the last one found first.
    if (frame.cursor < children.size()) {
        const std::string &next = children[frame.cursor]->key;
        if (next.size() == key.size() && std::memcmp(next.data(), key.data(), key.size()) == 0)
            return children[frame.cursor++].get();
    }
    if (children.size() <= 8) {
        for (std::uint32_t i = 0; i < children.size(); ++i)
            if (children[i]->key == key) {
                frame.cursor = i + 1;
                return children[i].get();
            }
    } else {
        auto it = parent->childIndex.find(std::string(key));
        if (it != parent->childIndex.end()) {
            frame.cursor = it->second + 1;
            return children[it->second].get();
        }
    }
    if (m_paths >= kMaxPaths || parent->depth >= kMaxDepth)
        return nullptr;
    auto node = std::make_unique<PathNode>();
    node->key = std::string(key);
    node->depth = parent->depth + 1;
    children.push_back(std::move(node));
    ++m_paths;
    const auto index = std::uint32_t(children.size() - 1);
    if (children.size() == 9)
        for (std::uint32_t i = 0; i < children.size(); ++i)
            parent->childIndex.emplace(children[i]->key, i);
    else if (children.size() > 9)
        parent->childIndex.emplace(children.back()->key, index);
    frame.cursor = index + 1;
    created = true;
    return children.back().get();
}

PathNode *CollectionStatistics::slotFor(Frame &frame, std::string_view key) {
    frame.bytes += 2 + key.size();
    if (!frame.node) {
        ++m_unmodelled;
        return nullptr;
    }
    if (frame.array) {
        ++frame.count;
        if (!frame.node->element) {
            if (m_paths >= kMaxPaths || frame.node->depth >= kMaxDepth) {
                ++m_unmodelled;
                return nullptr;
            }
            frame.node->element = std::make_unique<PathNode>();
            frame.node->element->depth = frame.node->depth + 1;
            ++m_paths;
        }
        return frame.node->element.get();
    }
    ++frame.keys;
    // Below the document's own keys, a generated key is a map's: its value
    // joins the others' (the root's keys stay names: a collection of one
    // document per key is not a map).
    if (m_frames.size() > 1) {
        if (const std::uint8_t pattern = generatedKeyPattern(key)) {
            PathNode *map = frame.node;
            if (!map->mapValue) {
                if (m_paths >= kMaxPaths || map->depth >= kMaxDepth) {
                    ++m_unmodelled;
                    return nullptr;
                }
                map->mapValue = std::make_unique<PathNode>();
                map->mapValue->depth = map->depth + 1;
                ++m_paths;
            }
            map->mapPattern |= pattern;
            map->mapKeyBytes += key.size();
            map->mapKeyBytesMin = std::min<std::uint64_t>(map->mapKeyBytesMin, key.size());
            map->mapKeyBytesMax = std::max<std::uint64_t>(map->mapKeyBytesMax, key.size());
            ++frame.count;
            return map->mapValue.get();
        }
    }
    bool created = false;
    PathNode *node = childFor(frame, key, created);
    if (!node) {
        ++m_unmodelled;
        return nullptr;
    }
    if (m_frames.size() == 1)
        m_presentTopLevel.push_back(frame.cursor - 1);
    return node;
}

void CollectionStatistics::record(PathNode *n, const bson_value_t &v) {
    const int slot = typeSlot(v.value_type);
    if (slot < 0)
        return;
    ++n->types[std::size_t(slot)];
    switch (v.value_type) {
    case BSON_TYPE_UTF8:
    case BSON_TYPE_SYMBOL:
    case BSON_TYPE_CODE: {
        const char *s = v.value_type == BSON_TYPE_CODE ? v.value.v_code.code : v.value.v_utf8.str;
        const std::uint32_t len = v.value_type == BSON_TYPE_CODE ? v.value.v_code.code_len : v.value.v_utf8.len;
        ++n->strings;
        n->stringBytes += len;
        n->stringMax = std::max<std::uint64_t>(n->stringMax, len);
        if (v.value_type == BSON_TYPE_UTF8) {
            if (!n->distinctOverflow) {
                const std::string_view text(s, len);
                int found = -1;
                for (std::size_t i = 0; i < n->distinct.size(); ++i)
                    if (n->distinct[i] == text) {
                        found = int(i);
                        break;
                    }
                if (found < 0) {
                    if (len > PathNode::kEnumValueBytes || n->distinct.size() >= PathNode::kEnumCap) {
                        n->distinctOverflow = true;
                        n->distinct.clear();
                        n->distinct.shrink_to_fit();
                        n->distinctCounts.clear();
                        n->distinctCounts.shrink_to_fit();
                    } else {
                        n->distinct.emplace_back(text);
                        n->distinctCounts.push_back(0);
                        found = int(n->distinct.size() - 1);
                    }
                }
                if (found >= 0) {
                    ++n->distinctCounts[std::size_t(found)];
                    if (n->depth == 1)
                        n->valueInDocument = found;
                }
            }
            if (len <= kKeyStringBytes)
                sketch(n, hashBytes(BSON_TYPE_UTF8, s, len));
            noteString(n->shapes, {s, len});
        }
        break;
    }
    case BSON_TYPE_BINARY:
        if (v.value.v_binary.subtype == BSON_SUBTYPE_UUID && v.value.v_binary.data_len == 16)
            sketch(n, hashBytes(BSON_TYPE_BINARY, v.value.v_binary.data, 16));
        ++n->binaries;
        n->binaryBytes += v.value.v_binary.data_len;
        n->binaryMax = std::max<std::uint64_t>(n->binaryMax, v.value.v_binary.data_len);
        break;
    case BSON_TYPE_REGEX: {
        const std::size_t len = std::strlen(v.value.v_regex.regex);
        if (n->regexes == 0)
            for (const char *c = "ilmsux"; *c; ++c)
                if (std::strchr(v.value.v_regex.options, *c))
                    n->regexOptions.push_back(*c);
        ++n->regexes;
        n->regexBytes += len;
        n->regexMax = std::max<std::uint64_t>(n->regexMax, len);
        break;
    }
    case BSON_TYPE_OID:
        sketch(n, hashBytes(BSON_TYPE_OID, v.value.v_oid.bytes, 12));
        break;
    case BSON_TYPE_INT32:
    case BSON_TYPE_INT64:
    case BSON_TYPE_DOUBLE:
    case BSON_TYPE_DECIMAL128: {
        double x = v.value_type == BSON_TYPE_INT32   ? double(v.value.v_int32)
                   : v.value_type == BSON_TYPE_INT64 ? double(v.value.v_int64)
                   : v.value_type == BSON_TYPE_DOUBLE ? v.value.v_double
                                                      : decimalAsDouble(v.value.v_decimal128);
        if (v.value_type == BSON_TYPE_INT32 || v.value_type == BSON_TYPE_INT64) {
            const std::int64_t k = v.value_type == BSON_TYPE_INT32 ? v.value.v_int32 : v.value.v_int64;
            sketch(n, hashBytes(BSON_TYPE_INT64, &k, sizeof k)); // an int key meets the same long
        } else if (v.value_type == BSON_TYPE_DECIMAL128) {
            sketch(n, hashBytes(BSON_TYPE_DECIMAL128, &v.value.v_decimal128, sizeof v.value.v_decimal128));
        }
        if (!std::isfinite(x)) // NaN orders with nothing; infinities are no range a validator can state
            break;
        if (v.value_type != BSON_TYPE_DECIMAL128)
            noteNumber(n->shapes, x, v.value_type == BSON_TYPE_DOUBLE);
        if (n->numbers++ == 0) {
            n->minimum = n->maximum = x;
        } else {
            n->minimum = std::min(n->minimum, x);
            n->maximum = std::max(n->maximum, x);
        }
        break;
    }
    case BSON_TYPE_DATE_TIME:
        if (n->dates++ == 0) {
            n->firstDate = n->lastDate = v.value.v_datetime;
        } else {
            n->firstDate = std::min(n->firstDate, v.value.v_datetime);
            n->lastDate = std::max(n->lastDate, v.value.v_datetime);
        }
        break;
    default:
        break;
    }
}

void CollectionStatistics::sketch(PathNode *n, std::uint64_t hash) {
    if (!n->ids) {
        if (m_sketches >= kSketchedPaths)
            return;
        ++m_sketches;
        n->ids = std::make_unique<HashSketch>();
    }
    n->ids->add(hash);
}

bool CollectionStatistics::value(std::string_view key, const bson_value_t &v) {
    Frame &frame = m_frames.back();
    PathNode *node = slotFor(frame, key);
    frame.bytes += payloadBytes(v);
    if (node) {
        record(node, v);
        if (m_frames.size() == 1)
            m_topLevelSlots.push_back(std::uint8_t(std::max(typeSlot(v.value_type), 0)));
    }
    return true;
}

bool CollectionStatistics::begin(std::string_view key, bool array) {
    Frame &frame = m_frames.back();
    PathNode *node = slotFor(frame, key);
    if (node) {
        ++node->types[array ? 0x04 : 0x03];
        if (m_frames.size() == 1)
            m_topLevelSlots.push_back(array ? 0x04 : 0x03);
    }
    m_frames.push_back({node, array, std::uint32_t(key.size()), 0, 0, kDocumentOverhead});
    return true;
}

bool CollectionStatistics::end() {
    const Frame done = m_frames.back();
    m_frames.pop_back();
    m_frames.back().bytes += done.bytes;
    if (!done.array && done.node)
        done.node->keysMax = std::max<std::uint64_t>(done.node->keysMax, done.keys);
    if (!done.array && done.node && done.node->mapValue) {
        done.node->mapKeys += done.count;
        done.node->mapKeysMax = std::max<std::uint64_t>(done.node->mapKeysMax, done.count);
    }
    if (done.array && done.node) {
        done.node->elements += done.count;
        done.node->elementMax = std::max<std::uint64_t>(done.node->elementMax, done.count);
        done.node->arrayBytes += done.bytes;
        done.node->arrayBytesMax = std::max(done.node->arrayBytesMax, done.bytes);
    }
    return true;
}

bool CollectionStatistics::beginObject(std::string_view key) { return begin(key, false); }
bool CollectionStatistics::beginArray(std::string_view key) { return begin(key, true); }
bool CollectionStatistics::endObject() { return end(); }
bool CollectionStatistics::endArray() { return end(); }

Status CollectionStatistics::walkBson(const std::uint8_t *data, std::uint32_t length, std::uint32_t base, int depth) {
    if (depth > validate::ExtendedJsonParser::kMaxDepth)
        return Error{"", "byte " + std::to_string(base) + ": nesting deeper than " +
                             std::to_string(validate::ExtendedJsonParser::kMaxDepth) + " levels"};
    bson_iter_t it;
    if (!bson_iter_init_from_data(&it, data, length))
        return Error{"", "byte " + std::to_string(base) + ": a subdocument whose length prefix does not fit"};
    const std::uint64_t before = m_frames.back().bytes;
    while (bson_iter_next(&it)) {
        const char *key = bson_iter_key(&it);
        const std::uint32_t keyLength = bson_iter_key_len(&it);
        const std::uint32_t at = base + std::uint32_t(it.off);
        if (!validUtf8(key, keyLength))
            return Error{"", "byte " + std::to_string(at) + ": a field name that is not valid UTF-8"};
        const bson_type_t type = bson_iter_type(&it);
        if (type == BSON_TYPE_DOCUMENT || type == BSON_TYPE_ARRAY) {
            std::uint32_t childLength = 0;
            const std::uint8_t *child = nullptr;
            if (type == BSON_TYPE_DOCUMENT)
                bson_iter_document(&it, &childLength, &child);
            else
                bson_iter_array(&it, &childLength, &child);
            begin({key, keyLength}, type == BSON_TYPE_ARRAY);
            Status s = walkBson(child, childLength, base + std::uint32_t(child - data), depth + 1);
            if (!s)
                return s;
            end();
            continue;
        }
        const bson_value_t *v = bson_iter_value(&it);
        if (type == BSON_TYPE_UTF8 && !validUtf8(v->value.v_utf8.str, v->value.v_utf8.len))
            return Error{"", "byte " + std::to_string(at) + ": the string '" + std::string(key, keyLength) +
                                 "' is not valid UTF-8"};
        value({key, keyLength}, *v);
    }
    if (it.err_off)
        return Error{"", "byte " + std::to_string(base + it.err_off) + ": a corrupt element (its length or type does not fit the bytes present)"};
    // Elements plus the length prefix and the terminator must be the whole document.
    const std::uint64_t walked = m_frames.back().bytes - before + kDocumentOverhead;
    if (walked != length)
        return Error{"", "byte " + std::to_string(base) + ": the elements take " + std::to_string(walked) +
                             " bytes but the length prefix says " + std::to_string(length)};
    return {};
}

Status CollectionStatistics::addBson(const std::uint8_t *data, std::uint32_t length) {
    beginDocument();
    Status s = walkBson(data, length, 0, 1);
    if (!s) {
        abandonDocument();
        return s;
    }
    endDocument();
    return {};
}

} // namespace docshape::import
