#include "import/ModelBuilder.h"

#include "import/MapInference.h"
#include "io/ProjectFile.h"
#include "util/Saturate.h"

#include <bson/bson.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <functional>
#include <iterator>
#include <optional>
#include <tuple>
#include <unordered_map>
#include <unordered_set>
#include <utility>

namespace docshape::import {

namespace {

std::string number(double x) {
    char buf[64];
    if (x == std::floor(x) && std::fabs(x) < 1e15)
        std::snprintf(buf, sizeof buf, "%.0f", x);
    else
        std::snprintf(buf, sizeof buf, "%.6g", x);
    return buf;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.1f%%", whole ? 100.0 * double(part) / double(whole) : 0.0);
    return buf;
}

std::string isoDay(std::int64_t ms) {
    const std::time_t s = std::time_t(ms / 1000);
    std::tm tm{};
    gmtime_r(&s, &tm);
    char buf[32];
    std::strftime(buf, sizeof buf, "%Y-%m-%d", &tm);
    return buf;
}

// The model's type for a BSON type code; the deprecated types become the
// type of the same payload shape (symbol and code: string; undefined: null).
BsonType modelType(int code) {
    switch (code) {
    case 0x01: return BsonType::Double;
    case 0x03: return BsonType::Object;
    case 0x04: return BsonType::Array;
    case 0x05: return BsonType::BinData;
    case 0x06: return BsonType::Null;
    case 0x07: return BsonType::ObjectId;
    case 0x08: return BsonType::Bool;
    case 0x09: return BsonType::Date;
    case 0x0A: return BsonType::Null;
    case 0x0B: return BsonType::Regex;
    case 0x0C: return BsonType::ObjectId;
    case 0x10: return BsonType::Int;
    case 0x11: return BsonType::Timestamp;
    case 0x12: return BsonType::Long;
    case 0x13: return BsonType::Decimal;
    case 0xFF: return BsonType::MinKey;
    case 0x7F: return BsonType::MaxKey;
    default: return BsonType::String;
    }
}

// The server's bsonType alias of a type code (manual, $type): the model's
// names, and those of the deprecated types the model has no type for.
std::string typeName(int code) {
    switch (code) {
    case 0x06: return "undefined";
    case 0x0C: return "dbPointer";
    case 0x0D: return "javascript";
    case 0x0E: return "symbol";
    case 0x0F: return "javascriptWithScope";
    default: return std::string(toString(modelType(code)));
    }
}

// The most frequent type code other than null and undefined; null when
// there is no other.
int dominantType(const TypeCounts &types) {
    int best = 0x0A;
    std::uint64_t most = 0;
    for (int slot = 1; slot < kTypeSlots; ++slot) {
        const int code = typeCodeOfSlot(slot);
        if (code == 0x0A || code == 0x06)
            continue;
        if (types[std::size_t(slot)] > most) {
            most = types[std::size_t(slot)];
            best = code;
        }
    }
    return best;
}
int dominantType(const PathNode &n) { return dominantType(n.types); }

std::string typeCounts(const TypeCounts &types) {
    std::string out;
    for (int slot = 1; slot < kTypeSlots; ++slot) {
        if (!types[std::size_t(slot)])
            continue;
        if (!out.empty())
            out += ", ";
        out += typeName(typeCodeOfSlot(slot)) + " " + groupedNumber(types[std::size_t(slot)]);
    }
    return out;
}
std::string typeCounts(const PathNode &n) { return typeCounts(n.types); }

int nonNullTypes(const TypeCounts &types) {
    int k = 0;
    for (int slot = 1; slot < kTypeSlots; ++slot) {
        const int code = typeCodeOfSlot(slot);
        if (code != 0x0A && code != 0x06 && types[std::size_t(slot)])
            ++k;
    }
    return k;
}
int nonNullTypes(const PathNode &n) { return nonNullTypes(n.types); }

// An entity's _id is implicit (validateProject): subdocuments that carry
// their own _id stay nested fields, as copies of other documents do.
bool hasId(const PathNode &object) {
    for (const auto &c : object.children)
        if (c->key == "_id")
            return true;
    return false;
}

bool modelName(std::string_view key) {
    return !key.empty() && key.front() != '$' && key.find('.') == std::string_view::npos &&
           key.find('\0') == std::string_view::npos;
}

// The subdocument under `key` of a schema document, if any.
bool schemaMember(const bson_t *schema, const char *key, bson_t &out) {
    bson_iter_t it;
    if (!schema || !bson_iter_init_find(&it, schema, key) || !BSON_ITER_HOLDS_DOCUMENT(&it))
        return false;
    std::uint32_t n = 0;
    const std::uint8_t *data = nullptr;
    bson_iter_document(&it, &n, &data);
    return bson_init_static(&out, data, n);
}

std::optional<double> schemaNumber(const bson_t *schema, const char *key) {
    bson_iter_t it;
    if (!schema || !bson_iter_init_find(&it, schema, key))
        return std::nullopt;
    if (BSON_ITER_HOLDS_NUMBER(&it) || BSON_ITER_HOLDS_DECIMAL128(&it))
        return bson_iter_as_double(&it);
    return std::nullopt;
}

// A bound as the warnings quote it: NaN and the infinities by name.
std::string boundText(double x) {
    if (std::isnan(x))
        return "NaN";
    if (std::isinf(x))
        return x > 0 ? "Infinity" : "-Infinity";
    return number(x);
}

// What a validator states of a field, carried into it: enum, minimum,
// maximum, pattern, lengths, maxItems (a bound the validator enforces).
// What it states that the model cannot hold is left out and said in `odd`.
std::string applySchema(const bson_t *schema, Field &f, std::vector<std::string> &odd) {
    if (!schema)
        return {};
    std::string said;
    bson_iter_t it;
    if (bson_iter_init_find(&it, schema, "enum") && BSON_ITER_HOLDS_ARRAY(&it)) {
        bson_iter_t e;
        bson_iter_recurse(&it, &e);
        std::vector<std::string> values;
        bool strings = true;
        while (bson_iter_next(&e)) {
            if (!BSON_ITER_HOLDS_UTF8(&e)) {
                strings = false;
                break;
            }
            std::uint32_t n = 0;
            const char *s = bson_iter_utf8(&e, &n);
            values.emplace_back(s, n);
        }
        if (strings && !values.empty()) {
            f.details.edit().enumValues = values;
            said += " enum";
        }
    }
    // NaN orders with no number and an infinite bound bounds nothing: the
    // model holds finite bounds only.
    auto bound = [&](const char *key) -> std::optional<double> {
        auto x = schemaNumber(schema, key);
        if (x && !std::isfinite(*x)) {
            odd.push_back(std::string(key) + " " + boundText(*x) + " is not a finite bound; left out");
            return std::nullopt;
        }
        return x;
    };
    const auto minimum = bound("minimum"), maximum = bound("maximum");
    if (minimum && maximum && *minimum > *maximum) {
        odd.push_back("minimum " + number(*minimum) + " exceeds maximum " + number(*maximum) +
                      ": no number satisfies both (the server rejects every number there); both left out");
    } else {
        if (minimum)
            f.details.edit().minimum = *minimum, said += " minimum";
        if (maximum)
            f.details.edit().maximum = *maximum, said += " maximum";
    }
    // A bound the data seen lies outside of (a validator at moderate or
    // warn): the range is the validator's.
    if (f.details.edit().minimum && f.details.edit().maximum && *f.details.edit().minimum > *f.details.edit().maximum)
        f.details.edit().maximum = f.details.edit().minimum;
    if (bson_iter_init_find(&it, schema, "pattern") && BSON_ITER_HOLDS_UTF8(&it)) {
        f.details.edit().pattern = bson_iter_utf8(&it, nullptr);
        said += " pattern";
    }
    auto length = [&](const char *key) -> std::optional<std::uint64_t> {
        auto x = schemaNumber(schema, key);
        if (x && *x >= 0)
            return saturatingUint64(*x);
        return std::nullopt;
    };
    if (auto n = length("minLength"))
        f.details.edit().minLength = *n, said += " minLength";
    if (auto n = length("maxLength"))
        f.details.edit().maxLength = *n, said += " maxLength";
    if (f.details.edit().minLength && f.details.edit().maxLength && *f.details.edit().minLength > *f.details.edit().maxLength) {
        odd.push_back("minLength " + std::to_string(*f.details.edit().minLength) + " exceeds maxLength " +
                      std::to_string(*f.details.edit().maxLength) + " (the server rejects every string there); "
                      "minLength left out");
        f.details.edit().minLength.reset();
    }
    if (auto n = length("maxItems"); n && f.isArray()) {
        if (!f.maxCount || *f.maxCount <= *n) {
            f.maxCount = *n;
            f.maxEnforcedBy = BoundEnforcer::Validator;
            f.avgCount = std::min(f.avgCount, double(*n));
            said += " maxItems";
        }
    }
    return said.empty() ? std::string() : " The validator states:" + said + ".";
}

} // namespace

std::string entityNameFor(std::string_view key, bool plural) {
    std::string out;
    bool upper = true;
    for (char c : key) {
        if (c == '_' || c == '-' || c == ' ' || c == '.') {
            upper = true;
            continue;
        }
        const bool alnum = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        if (!alnum && static_cast<unsigned char>(c) < 0x80)
            continue;
        out += upper && c >= 'a' && c <= 'z' ? char(c - 'a' + 'A') : c;
        upper = false;
    }
    if (plural && out.size() > 3) {
        if (out.size() > 4 && out.compare(out.size() - 3, 3, "ies") == 0)
            out = out.substr(0, out.size() - 3) + "y";
        else if (out.back() == 's' && out[out.size() - 2] != 's')
            out.pop_back();
    }
    return out.empty() ? std::string("Entity") : out;
}

ModelBuilder::ModelBuilder(Project &project, ImportSummary &summary) : m_project(project), m_summary(summary) {
    for (const auto &e : m_project.entities)
        m_entityNames.insert(e.name);
    for (std::size_t i = 0; i < m_summary.collections.size(); ++i)
        m_summaryOf.emplace(m_summary.collections[i].name, i);
}

// The base if free, else base2, base3, ...: the smallest suffix not taken.
// Names are only ever added, so every suffix below the one remembered for
// the base is still taken and the search resumes there.
std::string ModelBuilder::uniqueEntityName(std::string base) {
    if (m_entityNames.insert(base).second)
        return base;
    int &k = m_nextSuffix.try_emplace(base, 2).first->second;
    std::string name = base + std::to_string(k);
    while (!m_entityNames.insert(name).second)
        name = base + std::to_string(++k);
    ++k;
    return name;
}

void ModelBuilder::finding(std::string id, std::string severity, std::string where, std::string message) {
    m_summary.findings.push_back({std::move(id), std::move(severity), std::move(where), std::move(message)});
}

std::string ModelBuilder::collectionOf(std::string_view jsonPath) const {
    auto at = [&](std::string_view list, const std::vector<std::string> &origins) -> std::optional<std::string> {
        const std::string prefix = "$." + std::string(list) + "[";
        if (jsonPath.substr(0, prefix.size()) != prefix)
            return std::nullopt;
        std::size_t i = 0;
        const char *first = jsonPath.data() + prefix.size(), *last = jsonPath.data() + jsonPath.size();
        if (std::from_chars(first, last, i).ec != std::errc() || i >= origins.size())
            return std::string();
        return origins[i];
    };
    if (auto c = at("entities", m_entityOrigin))
        return *c;
    if (auto c = at("relationships", m_relationshipOrigin))
        return *c;
    if (auto c = at("indexes", m_indexOrigin))
        return *c;
    return {};
}

bool ModelBuilder::dropIndex(const Error &error) {
    constexpr std::string_view prefix = "$.indexes[";
    std::size_t i = 0;
    if (error.where.compare(0, prefix.size(), prefix) != 0 ||
        std::from_chars(error.where.data() + prefix.size(), error.where.data() + error.where.size(), i).ec != std::errc() ||
        i >= m_project.indexes.size() || i >= m_indexOrigin.size())
        return false;
    const std::string collection = m_indexOrigin[i];
    std::string file; // the metadata file, read after the data
    if (auto it = m_summaryOf.find(collection); it != m_summaryOf.end() && m_summary.collections[it->second].files.size() > 1)
        file = m_summary.collections[it->second].files.back();
    finding("import.metadata-value", "warning",
            (file.empty() ? std::string() : file + ": ") + "collection " + collection + ", index '" +
                indexName(m_project.indexes[i]) + "'",
            error.message + "; left out");
    m_project.indexes.erase(m_project.indexes.begin() + std::ptrdiff_t(i));
    m_indexOrigin.erase(m_indexOrigin.begin() + std::ptrdiff_t(i));
    return true;
}

std::string ModelBuilder::metadataWhere(const std::string &what) const {
    return m_metadataFile + ": collection " + m_collection + ", " + what;
}

void ModelBuilder::schemaWarning(const std::string &path, const std::string &message) {
    finding("import.metadata-value", "warning", metadataWhere("$jsonSchema for " + path), message);
}

// The model's rules for one field, as validateProject words them: the
// field, without its subfields, alone in a stub entity.
std::optional<std::string> ModelBuilder::fieldRefusal(const Field &field) {
    Project p;
    p.name = "schema";
    Entity e;
    e.id = "e1";
    e.name = "Entity";
    e.fields.push_back(field);
    e.fields.back().fields.clear();
    p.entities.push_back(std::move(e));
    if (Status s = validateProject(p); !s)
        return s.error().message;
    return std::nullopt;
}

std::optional<Field> ModelBuilder::fieldOf(const PathNode &n, std::uint64_t parentObjects, const std::string &entityId,
                                           const std::string &path, const bson_t *schema, bool nest,
                                           const TypeCounts *variantTypes) {
    // In a variant, the types its documents hold at this key; elsewhere
    // every value's. The other statistics are per type, so they stay exact
    // for the type chosen.
    const TypeCounts &types = variantTypes ? *variantTypes : n.types;
    std::uint64_t seen = 0;
    for (auto c : types)
        seen += c;
    const std::uint64_t total = std::min(seen, parentObjects);
    if (total == 0)
        return std::nullopt;
    Field f;
    f.id = "f" + std::to_string(m_nextField++);
    f.name = n.key;
    const int code = dominantType(types);
    f.type = modelType(code);
    f.required = total == parentObjects;
    f.presence = f.required ? 1.0 : double(total) / double(parentObjects);
    const std::uint64_t nulls = types[std::size_t(typeSlot(0x0A))] + types[std::size_t(typeSlot(0x06))];
    if (f.type != BsonType::Null && nulls)
        f.nullFraction = double(nulls) / double(seen);

    std::string d = "Inferred from " + groupedNumber(seen) + " values in " + groupedNumber(parentObjects) +
                    (n.depth == 1 ? " documents" : " subdocuments") + " (present in " + percent(total, parentObjects) +
                    "): " + typeCounts(types) + ".";
    if (nonNullTypes(types) > 1) {
        d += " Mixed types: modelled as " + std::string(toString(f.type)) + ", the most frequent.";
        finding("import.mixed-types", "warning", m_collection + "." + path,
                "values of several types (" + typeCounts(types) + "); the model holds " +
                    std::string(toString(f.type)) + ", the most frequent");
    }
    if (code == 0x0C || code == 0x0D || code == 0x0E || code == 0x0F || types[std::size_t(typeSlot(0x06))]) {
        d += " Deprecated BSON types are modelled as " + std::string(toString(f.type)) + ".";
        finding("import.deprecated-type", "info", m_collection + "." + path,
                "deprecated BSON type (" + typeCounts(types) + ") modelled as " + std::string(toString(f.type)));
    }

    // The byte lengths of a value, or of an array's elements.
    auto lengths = [&](const PathNode &v, BsonType type) {
        if (type == BsonType::String && v.strings) {
            f.avgBytes = double(v.stringBytes) / double(v.strings);
            f.maxBytes = v.stringMax;
            d += " Lengths: average " + number(f.avgBytes) + ", largest " + groupedNumber(v.stringMax) + " bytes.";
            const bool enumLike = !v.distinctOverflow && !v.distinct.empty() &&
                                  v.count(0x02) >= kEnumMinimumValues && v.count(0x02) >= 4 * v.distinct.size();
            if (enumLike) {
                std::vector<std::size_t> order(v.distinct.size());
                for (std::size_t i = 0; i < order.size(); ++i)
                    order[i] = i;
                std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
                    return v.distinctCounts[a] != v.distinctCounts[b] ? v.distinctCounts[a] > v.distinctCounts[b]
                                                                      : v.distinct[a] < v.distinct[b];
                });
                std::string list;
                for (std::size_t i : order) {
                    f.details.edit().enumValues.push_back(v.distinct[i]);
                    list += (list.empty() ? "" : ", ") + v.distinct[i] + " " + groupedNumber(v.distinctCounts[i]);
                }
                d += " Enum candidate: " + std::to_string(order.size()) + " distinct values (" + list + ").";
            }
        } else if (type == BsonType::BinData && v.binaries) {
            f.avgBytes = double(v.binaryBytes) / double(v.binaries);
            f.maxBytes = v.binaryMax;
            d += " Lengths: average " + number(f.avgBytes) + ", largest " + groupedNumber(v.binaryMax) + " bytes.";
        } else if (type == BsonType::Regex && v.regexes) {
            f.avgBytes = double(v.regexBytes) / double(v.regexes);
            f.maxBytes = v.regexMax;
            f.details.edit().regexOptions = v.regexOptions;
        }
        if ((type == BsonType::Int || type == BsonType::Long || type == BsonType::Double ||
             type == BsonType::Decimal) &&
            v.numbers) {
            f.details.edit().minimum = v.minimum;
            f.details.edit().maximum = v.maximum;
            d += " Range: " + number(v.minimum) + " to " + number(v.maximum) + ".";
        }
        if (type == BsonType::Date && v.dates)
            d += " From " + isoDay(v.firstDate) + " to " + isoDay(v.lastDate) + ".";
    };

    if (f.type == BsonType::Array) {
        const std::uint64_t arrays = n.count(0x04);
        f.avgCount = arrays ? double(n.elements) / double(arrays) : 0;
        f.maxCount = n.elementMax;
        d += " Elements: average " + number(f.avgCount) + ", largest " + groupedNumber(n.elementMax) +
             " (seen, not enforced).";
        if (n.element) {
            const PathNode &e = *n.element;
            const int elementCode = dominantType(e);
            f.elementType = modelType(elementCode);
            d += " Element types: " + typeCounts(e) + ".";
            if (nonNullTypes(e) > 1)
                finding("import.mixed-types", "warning", m_collection + "." + path + ".[]",
                        "array elements of several types (" + typeCounts(e) + "); the model holds " +
                            std::string(toString(f.elementType)));
            if (f.elementType == BsonType::Object) {
                bson_t items, props;
                const bool haveItems = schemaMember(schema, "items", items);
                f.fields = fieldsOf(e, entityId, path, haveItems && schemaMember(&items, "properties", props) ? &props : nullptr,
                                    true, nullptr);
            } else if (f.elementType == BsonType::Array) {
                // The model holds no shape for inner arrays, only their bytes
                // beyond the 5 of an empty one (FORMAT.md, Field), so that
                // sizes stay exact.
                const std::uint64_t inner = e.count(0x04);
                if (inner && e.arrayBytes >= 5 * inner) {
                    f.avgBytes = double(e.arrayBytes) / double(inner) - 5;
                    f.maxBytes = e.arrayBytesMax - 5;
                    if (f.maxBytes == 0)
                        f.avgBytes = 0;
                }
                d += " Nested arrays: the inner arrays hold " + number(e.count(0x04) ? double(e.elements) / double(e.count(0x04)) : 0) +
                     " elements and " + number(f.avgBytes + 5) + " bytes on average, " + groupedNumber(e.arrayBytesMax) +
                     " at most; the model keeps their bytes, not their shape.";
                finding("import.nested-arrays", "info", m_collection + "." + path,
                        "arrays of arrays: the model keeps the inner arrays' sizes, not their element types");
            } else {
                lengths(e, f.elementType);
            }
        } else {
            d += " Always empty: the element type is not known.";
        }
    } else if (f.type == BsonType::Object && isMap(n)) {
        // Keys that are data: one map field, its value the shape all keys' values share.
        const MapKeys keys = inferredMapKeys(n);
        const std::string words =
            n.mapPattern ? keyPatternWords(n.mapPattern) : "many distinct keys, each in few subdocuments";
        if (auto value = fieldOf(*n.mapValue, n.mapValue->total(), entityId, path + "." + std::string(kMapValueName),
                                 nullptr, true)) {
            value->name = std::string(kMapValueName);
            value->required = true;
            value->presence = 1;
            f.details.edit().map = keys;
            f.fields.push_back(std::move(*value));
            d += " A map: its keys are data (" + words + "), " + number(keys.avgKeys) +
                 " a subdocument on average, " + groupedNumber(keys.maxKeys) + " at most, " +
                 number(keys.avgKeyBytes) + " bytes a key, " + groupedNumber(keys.maxKeyBytes) + " at most.";
            finding("import.dynamic-keys", "info", m_collection + "." + path,
                    "keys that are data (" + words + ", " + number(keys.avgKeys) +
                        " per subdocument, values of one shape), modelled as a map: the Attribute Pattern (seed "
                        "data-modeling-patterns.txt) stores them as an array of {k, v} with one index on k and v "
                        "when they are queried");
        }
    } else if (f.type == BsonType::Object) {
        // Only inside variants and maps: elsewhere subdocuments are embedded entities.
        bson_t props;
        f.fields = fieldsOf(n, entityId, path, schemaMember(schema, "properties", props) ? &props : nullptr, nest,
                            nullptr);
    } else {
        lengths(n, f.type);
    }
    if (schema) {
        // What the validator states, unless it makes a field the model
        // refuses where the field without it is accepted.
        Field constrained = f;
        std::vector<std::string> odd;
        const std::string said = applySchema(schema, constrained, odd);
        for (const auto &message : odd)
            schemaWarning(path, message);
        std::optional<std::string> refusal;
        if (!said.empty() && !fieldRefusal(f) && (refusal = fieldRefusal(constrained)))
            schemaWarning(path, "what it states makes a field the model cannot hold (" + *refusal + "); left out");
        else {
            f = std::move(constrained);
            d += said;
        }
    }
    std::optional<Recognition> recognised;
    if (f.type == BsonType::Object)
        recognised = recogniseGeoJson(n, path);
    else if (f.type == BsonType::Array)
        recognised = recogniseCoordinatePairs(n, n.key, path);
    if (!recognised && f.type == BsonType::Array && n.element)
        recognised = recogniseValues(*n.element, n.key, f.elementType);
    else if (!recognised)
        recognised = recogniseValues(n, n.key, f.type);
    if (recognised) {
        d += " " + recognised->note;
        // Once per path: each variant that holds the key models it again.
        const std::string where = m_collection + "." + path;
        if (m_recognised.insert(recognised->id + "\n" + where).second)
            finding(recognised->id, recognised->severity, where, recognised->message);
    }
    f.details.edit().description = d;
    m_fieldPaths.emplace_back(f.id, m_collection + "\n" + path);
    return f;
}

namespace {

// The i-th key a map's model holds, shaped as its keys are (so that a
// sample of the model infers back to the same map) and `length` bytes long
// where the pattern allows it, so that the keys' bytes are the data's.
std::string placeholderKey(std::uint8_t pattern, std::size_t i, std::size_t length) {
    char buf[64];
    if (pattern == kUuidKey) {
        std::snprintf(buf, sizeof buf, "00000000-0000-4000-8000-%012zx", i);
        return buf;
    }
    if (pattern == kNumberKey)
        return std::to_string(i);
    if (pattern == kDateKey) {
        const std::time_t t = std::time_t(946684800 + std::int64_t(i) * 86400); // 2000-01-01 on
        std::tm tm{};
        gmtime_r(&t, &tm);
        std::strftime(buf, sizeof buf, length >= 19 ? "%Y-%m-%dT%H:%M:%S" : "%Y-%m-%d", &tm);
        return buf;
    }
    std::snprintf(buf, sizeof buf, "%zx", i);
    std::string key = buf;
    return std::string(std::max<std::size_t>(length, 16) - std::min(key.size(), std::max<std::size_t>(length, 16)), '0') + key;
}

std::string patternName(std::uint8_t pattern) {
    std::string out;
    for (auto [bit, name] : {std::pair{kHexKey, "hex ids"}, std::pair{kUuidKey, "UUIDs"},
                             std::pair{kNumberKey, "numbers"}, std::pair{kDateKey, "dates"}})
        if (pattern & bit)
            out += (out.empty() ? "" : ", ") + std::string(name);
    return out;
}

} // namespace

void ModelBuilder::mapFields(const PathNode &object, const std::string &entityId, const std::string &path,
                             std::vector<Field> &fields) {
    const PathNode &value = *object.mapValue;
    const std::uint64_t objects = std::max<std::uint64_t>(object.objects(), 1);
    const std::uint64_t keys = std::min<std::uint64_t>(object.mapKeysMax, kMapKeysModelled);
    if (keys == 0 || object.mapKeys == 0)
        return;
    const double average = double(object.mapKeys) / double(objects);
    const double keyBytes = double(object.mapKeyBytes) / double(object.mapKeys);
    // One key's pattern where they share one; else hex ids.
    const std::uint8_t pattern = (object.mapPattern & (object.mapPattern - 1)) == 0 ? object.mapPattern : std::uint8_t(kHexKey);
    const std::string mapPath = path.empty() ? "<key>" : path + ".<key>";
    auto first = fieldOf(value, value.total(), entityId, mapPath, nullptr, true);
    if (!first)
        return;
    const std::string what = "Dynamic keys (" + patternName(object.mapPattern) + "): a map of " + number(average) +
                             " keys per subdocument on average, " + groupedNumber(object.mapKeysMax) + " at most, " +
                             number(keyBytes) + " bytes a key. The model holds it as " + std::to_string(keys) +
                             " optional keys named like them, each present in " +
                             percent(std::uint64_t(std::llround(average * 1000)), keys * 1000) +
                             " of the subdocuments, with the values' shape: ";
    for (std::uint64_t i = 0; i < keys; ++i) {
        Field f = *first;
        if (i > 0) {
            f.id = "f" + std::to_string(m_nextField++);
            std::function<void(std::vector<Field> &)> renumber = [&](std::vector<Field> &nested) {
                for (auto &n : nested) {
                    n.id = "f" + std::to_string(m_nextField++);
                    renumber(n.fields);
                }
            };
            renumber(f.fields);
        }
        f.name = placeholderKey(pattern, i + (pattern == kNumberKey ? 0 : 1), std::size_t(std::llround(keyBytes)));
        f.required = false;
        f.presence = std::min(1.0, average / double(keys));
        f.details.edit().description = what + f.details->description;
        fields.push_back(std::move(f));
    }
    if (object.mapKeysMax > kMapKeysModelled)
        finding("import.map-keys-cap", "warning", m_collection + "." + path,
                "a map of up to " + groupedNumber(object.mapKeysMax) + " keys; the model holds " +
                    std::to_string(kMapKeysModelled) + ", so its maximum document is smaller than the data's");
    finding("import.dynamic-keys", "info", m_collection + "." + path,
            "keys that are data (" + patternName(object.mapPattern) + ", " + number(average) +
                " per subdocument, values of one shape): each key is a path of its own to index and validate; "
                "the Attribute Pattern (seed data-modeling-patterns.txt) stores them as an array of {k, v} "
                "with one index on k and v");
}

std::vector<Field> ModelBuilder::fieldsOf(const PathNode &object, const std::string &entityId, const std::string &path,
                                          const bson_t *properties, bool nest, const std::vector<bool> *skip) {
    std::vector<Field> fields;
    const std::uint64_t objects = std::max<std::uint64_t>(object.objects(), 1);
    for (std::size_t i = 0; i < object.children.size(); ++i) {
        const PathNode &c = *object.children[i];
        if (skip && i < skip->size() && (*skip)[i])
            continue;
        const std::string childPath = path.empty() ? c.key : path + "." + c.key;
        if (object.depth == 0 && c.key == "_id")
            continue;
        if (!modelName(c.key)) {
            finding("import.unmodelled-key", "warning", m_collection + "." + childPath,
                    "a key the model cannot name (empty, a leading '$', a '.' or a NUL): left out of the model; its "
                    "bytes count in the measured sizes");
            continue;
        }
        bson_t schema;
        const bson_t *memberSchema = nullptr;
        bson_t memberProps;
        if (schemaMember(properties, c.key.c_str(), schema))
            memberSchema = &schema;
        const int code = dominantType(c);
        // A GeoJSON object is one value, a geo field, not an entity of its own.
        const bool geo = code == 0x03 && isGeoJson(c);
        if (!nest && code == 0x03 && !hasId(c) && !geo && !isMap(c)) {
            const std::string child = embed(c, c.objects(), entityNameFor(c.key, false), childPath,
                                            schemaMember(memberSchema, "properties", memberProps) ? &memberProps
                                                                                                  : nullptr);
            Relationship r;
            r.id = "r" + std::to_string(m_nextRelationship++);
            r.name = c.key;
            r.parentId = entityId;
            r.childId = child;
            r.cardinality = Cardinality::OneToOne;
            r.representation = Representation::EmbedOne;
            r.fieldName = c.key;
            r.avgChildren = double(std::min(c.objects(), objects)) / double(objects);
            r.presence = r.avgChildren; // one subdocument: in the parents that have a child
            r.maxChildren = 1;
            if (nonNullTypes(c) > 1 || c.count(0x0A))
                finding("import.mixed-types", "warning", m_collection + "." + childPath,
                        "a subdocument that is sometimes another type (" + typeCounts(c) +
                            "); the model holds the subdocuments only");
            m_project.relationships.push_back(std::move(r));
            m_relationshipOrigin.push_back(m_collection);
            continue;
        }
        if (!nest && code == 0x04 && c.element && dominantType(*c.element) == 0x03 && !hasId(*c.element)) {
            const PathNode &e = *c.element;
            bson_t items;
            const bool haveItems = schemaMember(memberSchema, "items", items);
            const std::string child = embed(e, e.objects(), entityNameFor(c.key, true), childPath,
                                            haveItems && schemaMember(&items, "properties", memberProps) ? &memberProps
                                                                                                         : nullptr);
            Relationship r;
            r.id = "r" + std::to_string(m_nextRelationship++);
            r.name = c.key;
            r.parentId = entityId;
            r.childId = child;
            r.representation = Representation::EmbedArray;
            r.fieldName = c.key;
            // Averaged over every parent, held by those that have the key as
            // an array.
            r.avgChildren = double(e.objects()) / double(objects);
            r.presence = double(std::max<std::uint64_t>(std::min(c.count(0x04), objects), 1)) / double(objects);
            r.maxChildren = c.elementMax;
            r.cardinality = c.elementMax <= 50 ? Cardinality::OneToFew : Cardinality::OneToMany;
            if (auto n = schemaNumber(memberSchema, "maxItems"); n && *n >= double(c.elementMax)) {
                r.maxChildren = saturatingUint64(*n);
                r.maxEnforcedBy = BoundEnforcer::Validator;
            }
            if (nonNullTypes(e) > 1)
                finding("import.mixed-types", "warning", m_collection + "." + childPath + ".[]",
                        "array elements of several types (" + typeCounts(e) + "); the model holds the subdocuments");
            m_project.relationships.push_back(std::move(r));
            m_relationshipOrigin.push_back(m_collection);
            continue;
        }
        const bool copies = code == 0x03 ? hasId(c) : code == 0x04 && c.element && hasId(*c.element);
        if (auto f = fieldOf(c, objects, entityId, childPath, memberSchema, nest || copies || geo)) {
            if (copies && !nest)
                f->details.edit().description += " Its subdocuments carry an _id, as copies of other documents do "
                                           "(an extended reference), so they are nested fields, not an entity.";
            fields.push_back(std::move(*f));
        }
    }
    if (object.mapValue)
        mapFields(object, entityId, path, fields);
    return fields;
}

std::string ModelBuilder::embed(const PathNode &object, std::uint64_t count, const std::string &name,
                                const std::string &path, const bson_t *properties) {
    Entity e;
    e.id = "e" + std::to_string(m_nextEntity++);
    e.name = uniqueEntityName(name);
    e.count = double(count);
    const std::string id = e.id;
    const std::size_t at = m_project.entities.size();
    m_project.entities.push_back(std::move(e));
    m_entityOrigin.push_back(m_collection);
    std::vector<Field> fields = fieldsOf(object, id, path, properties, false, nullptr);
    Entity &placed = m_project.entities[at];
    placed.fields = std::move(fields);
    placed.description = "Subdocuments at " + m_collection + "." + path + ": " + groupedNumber(count) + " seen, with " +
                         std::to_string(object.children.size()) + " distinct keys.";
    return id;
}

std::optional<VariantChoice> ModelBuilder::chooseVariants(const CollectionStatistics &s) {
    const PathNode &root = s.root();
    const std::uint64_t docs = s.documents();
    std::optional<VariantChoice> best;
    for (const auto &d : s.discriminators()) {
        const PathNode &field = *root.children[d.fieldIndex];
        std::uint64_t counted = 0;
        for (auto n : d.documents)
            counted += n;
        if (field.distinctOverflow || counted != docs || field.count(0x02) != docs || d.documents.size() < 2 ||
            !modelName(field.key))
            continue;
        std::vector<bool> dependent(root.children.size(), false);
        std::size_t score = 0;
        for (std::size_t r = 0; r < root.children.size(); ++r) {
            if (r == d.fieldIndex || root.children[r]->key == "_id")
                continue;
            const double overall = double(std::min(root.children[r]->total(), docs)) / double(docs);
            bool absentSomewhere = false, presentSomewhere = false;
            for (std::size_t v = 0; v < d.documents.size(); ++v) {
                const std::uint64_t present = r < d.presence[v].size() ? d.presence[v][r] : 0;
                // Absent for a value only counts when chance would have shown it often.
                if (present == 0 && d.documents[v] >= 20 && overall * double(d.documents[v]) >= 10)
                    absentSomewhere = true;
                else if (present > 0)
                    presentSomewhere = true;
            }
            if (absentSomewhere && presentSomewhere) {
                dependent[r] = true;
                ++score;
            }
        }
        if (score > (best ? best->score : 0))
            best = VariantChoice{&d, std::move(dependent), score};
    }
    return best;
}

void ModelBuilder::addVariants(Entity &entity, const ReadCollection &collection, const bson_t *properties,
                               const VariantChoice &choice) {
    const CollectionStatistics &s = collection.statistics;
    const PathNode &root = s.root();
    const std::uint64_t docs = s.documents();
    const DiscriminatorCounts *best = choice.counts;
    const std::vector<bool> &bestDependent = choice.dependent;
    const std::size_t bestScore = choice.score;
    const PathNode &field = *root.children[best->fieldIndex];
    entity.discriminator = field.key;
    std::vector<std::size_t> values(best->documents.size());
    for (std::size_t v = 0; v < values.size(); ++v)
        values[v] = v;
    std::sort(values.begin(), values.end(), [&](auto a, auto b) { return field.distinct[a] < field.distinct[b]; });
    std::string list;
    for (std::size_t v : values) {
        Variant variant;
        variant.value = field.distinct[v];
        variant.share = double(best->documents[v]) / double(docs);
        for (std::size_t r = 0; r < root.children.size(); ++r) {
            const std::uint64_t present = r < best->presence[v].size() ? best->presence[v][r] : 0;
            if (!bestDependent[r] || present == 0 || !modelName(root.children[r]->key))
                continue;
            bson_t schema;
            const bool haveSchema = schemaMember(properties, root.children[r]->key.c_str(), schema);
            const TypeCounts *types = r < best->types[v].size() ? &best->types[v][r] : nullptr;
            auto f = fieldOf(*root.children[r], best->documents[v], entity.id, root.children[r]->key,
                             haveSchema ? &schema : nullptr, true, types);
            if (!f)
                continue;
            f->required = present >= best->documents[v];
            f->presence = f->required ? 1.0 : double(present) / double(best->documents[v]);
            variant.fields.push_back(std::move(*f));
        }
        list += (list.empty() ? "" : ", ") + variant.value + " " + groupedNumber(best->documents[v]);
        entity.variants.push_back(std::move(variant));
    }
    // Shares must sum to 1 exactly enough for the model (validateProject).
    double sum = 0;
    for (const auto &v : entity.variants)
        sum += v.share;
    if (!entity.variants.empty())
        entity.variants.back().share += 1.0 - sum;
    entity.description += " Discriminator candidate '" + field.key + "': " + std::to_string(bestScore) +
                          " top-level keys are present for some of its values and absent for others (" + list +
                          " documents).";
}

void ModelBuilder::add(const ReadCollection &rc) {
    const CollectionStatistics &s = rc.statistics;
    m_collection = s.name();
    const CollectionMetadata *meta = rc.metadata ? &*rc.metadata : nullptr;
    m_metadataFile = meta ? meta->file : std::string();
    const bson_t *properties = nullptr;
    bson_t props;
    if (meta && !bson_empty(meta->jsonSchema.get()) && schemaMember(meta->jsonSchema.get(), "properties", props))
        properties = &props;

    Entity e;
    e.id = "e" + std::to_string(m_nextEntity++);
    e.name = uniqueEntityName(entityNameFor(s.name(), true));
    e.collectionName = s.name();
    e.count = double(s.documents());
    const std::size_t at = m_project.entities.size();
    const std::string id = e.id;
    if (!s.root().children.empty() && s.root().children.front()->key == "_id")
        e.idType = modelType(dominantType(*s.root().children.front()));
    for (const auto &c : s.root().children)
        if (c->key == "_id") {
            e.idType = modelType(dominantType(*c));
            if (e.idType == BsonType::Object || e.idType == BsonType::Array || e.idType == BsonType::Null) {
                finding("import.id-type", "info", m_collection + "._id",
                        "an _id of type " + typeName(dominantType(*c)) + ", modelled as objectId");
                e.idType = BsonType::ObjectId;
            }
        }
    m_project.entities.push_back(std::move(e));
    m_entityOrigin.push_back(m_collection);
    // Keys that come with some values of a discriminator are the variants'
    // own: they are left out of the entity's fields and relationships.
    const std::optional<VariantChoice> variants = chooseVariants(s);
    std::vector<Field> fields = fieldsOf(s.root(), id, "", properties, false, variants ? &variants->dependent : nullptr);
    Entity &entity = m_project.entities[at];
    entity.fields = std::move(fields);
    const double average = s.documents() ? double(s.documentBytes()) / double(s.documents()) : 0;
    if (s.documents())
        entity.stated.documentBytes = std::round(average * 10) / 10;
    entity.description = "Imported from " + groupedNumber(s.documents()) + " documents: BSON size average " +
                         number(std::round(average * 10) / 10) + " bytes, largest " + groupedNumber(s.largestDocument()) +
                         " bytes (exact, as read); " + std::to_string(s.paths()) + " distinct paths.";
    if (s.unmodelledValues())
        finding("import.path-cap", "warning", m_collection,
                groupedNumber(s.unmodelledValues()) + " values beyond " + std::to_string(CollectionStatistics::kMaxPaths) +
                    " distinct paths or " + std::to_string(CollectionStatistics::kMaxDepth) +
                    " levels are not modelled; their bytes count in the measured sizes");
    if (variants)
        addVariants(entity, rc, properties, *variants);
    if (meta) {
        if (meta->validationLevel)
            entity.validationLevel = *meta->validationLevel;
        if (meta->validationAction)
            entity.validationAction = *meta->validationAction;
        if (meta->timeSeries && !meta->timeSeries->timeField.empty())
            entity.timeSeries = meta->timeSeries;
        bson_iter_t it;
        if (!bson_empty(meta->jsonSchema.get()) && bson_iter_init_find(&it, meta->jsonSchema.get(), "additionalProperties") &&
            BSON_ITER_HOLDS_BOOL(&it) && !bson_iter_bool(&it))
            entity.closedShape = true;
        if (meta->hasValidator)
            entity.description += " The collection has a validator; its $jsonSchema constraints are on the fields.";
        if (!meta->otherValidator.empty())
            finding("import.validator-operators", "info", m_collection,
                    "validator query operators are not modelled: " + meta->otherValidator);
        for (const auto &note : meta->notes)
            finding("import.metadata", "info", m_collection, note);
        for (const auto &w : meta->warnings)
            finding("import.metadata-value", "warning", metadataWhere(w.where), w.message);
        for (const auto &index : meta->indexes) {
            IndexSpec spec = index;
            spec.id = "i" + std::to_string(m_nextIndex++);
            spec.entityId = id;
            m_project.indexes.push_back(std::move(spec));
            m_indexOrigin.push_back(m_collection);
        }
    }
    if (auto it = m_summaryOf.find(s.name()); it != m_summaryOf.end()) {
        CollectionSummary &c = m_summary.collections[it->second];
        c.paths = s.paths();
        c.discriminator = entity.discriminator;
        c.indexes = meta ? meta->indexes.size() : 0;
    }
}

namespace {

// The last key of a dotted path.
std::string_view keyOf(std::string_view path) {
    const auto dot = path.rfind('.');
    return dot == std::string_view::npos ? path : path.substr(dot + 1);
}

// The kind of key values a path holds, as a reference candidate names it.
std::string keyTypeOf(const PathNode &n) {
    const std::uint64_t ints = n.count(0x10) + n.count(0x12);
    const std::pair<std::uint64_t, const char *> kinds[] = {
        {n.count(0x07), "objectId"}, {n.count(0x02), "string"}, {ints, "int"},
        {n.count(0x05), "uuid"},     {n.count(0x13), "decimal"}};
    const auto *best = std::max_element(std::begin(kinds), std::end(kinds),
                                        [](const auto &a, const auto &b) { return a.first < b.first; });
    return best->second;
}

// Share of a target's keys a source reaches: of its distinct values, or for
// numbers of its range, whichever is larger. Values that fall inside a small
// range of another collection's unique numbers by chance (a quantity of 1 to
// 9 and a rank of 1 to 1,000) reach little of it; a reference's values
// spread over the keys it refers to.
double coverage(const PathNode &source, const PathNode &target) {
    const double distinct = target.ids->distinct() > 0 ? source.ids->distinct() / target.ids->distinct() : 0;
    double range = 0;
    if (source.numbers && target.numbers && target.maximum > target.minimum)
        range = (source.maximum - source.minimum) / (target.maximum - target.minimum);
    return std::max(distinct, range);
}

// Unique numbers that fill their range (1 to n, as counters and ranks do)
// hold any number of that range: values falling inside it say little
// about what they refer to.
bool dense(const PathNode &target) {
    return target.numbers && target.maximum >= target.minimum &&
           target.ids->distinct() >= 0.5 * (target.maximum - target.minimum + 1);
}

std::string lowered(std::string_view s) {
    std::string out(s);
    for (char &c : out)
        c = char(std::tolower(static_cast<unsigned char>(c)));
    return out;
}

// A key that holds a collection's singular name: theaterId names theaters.
bool namesCollection(std::string_view key, std::string_view collection) {
    const std::string singular = lowered(entityNameFor(collection, true));
    return singular.size() >= 3 && lowered(key).find(singular) != std::string::npos;
}

// Of a mirrored pair, A.x -> B.y and B.y -> A.x (both fields unique, so
// each is a target of the other), whether `a` is the direction to keep.
// One relationship holds the key once: the child is the side whose values
// were all found in the other (the parent can hold keys no child has);
// then the side whose key names the other's collection (listings.theaterId
// refers to theaters); then the stronger uniqueness of the target.
bool keepOfMirror(const ReferenceCandidate &a, const ReferenceCandidate &b) {
    const double shareA = a.compared ? double(a.found) / double(a.compared) : 0;
    const double shareB = b.compared ? double(b.found) / double(b.compared) : 0;
    if (shareA != shareB)
        return shareA > shareB;
    const bool namesA = namesCollection(keyOf(a.path), a.target), namesB = namesCollection(keyOf(b.path), b.target);
    if (namesA != namesB)
        return namesA;
    auto rank = [](const std::string &by) { return by == "_id" ? 0 : by == "index" ? 1 : 2; };
    if (rank(a.uniqueBy) != rank(b.uniqueBy))
        return rank(a.uniqueBy) < rank(b.uniqueBy);
    return std::tie(a.collection, a.path) < std::tie(b.collection, b.path);
}

// A key named as keys are: the target's own key, the target collection's
// name in it, or an ending that names a key (id, no, number, code, ref).
bool namedLikeReference(std::string_view key, std::string_view targetKey, std::string_view targetCollection) {
    const std::string k = lowered(key);
    if (k == lowered(targetKey))
        return true;
    if (namesCollection(key, targetCollection))
        return true;
    for (std::string_view end : {"id", "ids", "no", "number", "code", "ref", "key"})
        if (k.size() > end.size() && k.compare(k.size() - end.size(), end.size(), end) == 0)
            return true;
    return false;
}

// Keeps one direction of each mirrored pair of candidates.
void dropMirrors(std::vector<ReferenceCandidate> &references) {
    auto key = [](const std::string &collection, const std::string &path, const std::string &target,
                  const std::string &targetPath) { return collection + '\n' + path + '\n' + target + '\n' + targetPath; };
    std::unordered_map<std::string, std::size_t> at;
    for (std::size_t i = 0; i < references.size(); ++i)
        if (!references[i].array)
            at.emplace(key(references[i].collection, references[i].path, references[i].target, references[i].targetPath), i);
    std::vector<bool> drop(references.size(), false);
    for (std::size_t i = 0; i < references.size(); ++i) {
        const ReferenceCandidate &a = references[i];
        // Within one collection two fields holding the same keys say nothing
        // of which is the parent; only pairs across collections are judged.
        if (a.array || a.collection == a.target)
            continue;
        const auto it = at.find(key(a.target, a.targetPath, a.collection, a.path));
        if (it != at.end() && it->second != i)
            drop[keepOfMirror(a, references[it->second]) ? it->second : i] = true;
    }
    std::size_t i = 0;
    std::erase_if(references, [&](const ReferenceCandidate &) { return drop[i++]; });
}

} // namespace

void ModelBuilder::finish(const std::vector<const ReadCollection *> &collections) {
    // Targets: paths outside arrays whose values are unique in their
    // collection: the _id, a unique index's single key, or values all
    // distinct (no repeat among the sampled ones, and enough of them).
    struct Target {
        std::string name, path, uniqueBy;
        const PathNode *node;
    };
    std::vector<Target> targets;
    for (const ReadCollection *rc : collections) {
        std::unordered_set<std::string> indexed;
        if (rc->metadata)
            for (const auto &index : rc->metadata->indexes)
                if (index.unique && index.keys.size() == 1 && index.partialFilter.empty())
                    indexed.insert(index.keys.front().path);
        std::function<void(const PathNode &, const std::string &)> walk = [&](const PathNode &object,
                                                                              const std::string &prefix) {
            for (const auto &c : object.children) {
                const std::string path = prefix.empty() ? c->key : prefix + "." + c->key;
                if (c->ids && c->ids->values() > 0) {
                    std::string by;
                    if (c->depth == 1 && c->key == "_id")
                        by = "_id";
                    else if (indexed.contains(path))
                        by = "index";
                    else if (!c->ids->repeats() && c->ids->values() >= kUniqueMinimumValues)
                        by = "observed";
                    if (!by.empty())
                        targets.push_back({rc->statistics.name(), path, by, c.get()});
                }
                if (c->objects())
                    walk(*c, path);
            }
        };
        walk(rc->statistics.root(), "");
    }
    // The first of equal candidates wins: by collection, then _id, a unique
    // index, values seen unique, then by path.
    auto rank = [](const std::string &by) { return by == "_id" ? 0 : by == "index" ? 1 : 2; };
    std::stable_sort(targets.begin(), targets.end(), [&](const Target &a, const Target &b) {
        if (a.name != b.name)
            return a.name < b.name;
        if (rank(a.uniqueBy) != rank(b.uniqueBy))
            return rank(a.uniqueBy) < rank(b.uniqueBy);
        return a.path < b.path;
    });
    // Which targets hold a hash: a field's sample is looked up once, not
    // once per target, so the work is the sample's size, not that times the
    // number of collections.
    // A value held by more than kTargetsPerValue unique fields (ints 1 to n
    // as the _id of many collections) is looked up in the first of them
    // only, so that fields sharing their values cannot make the work grow
    // as their number squared.
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> targetsOf;
    for (std::uint32_t t = 0; t < targets.size(); ++t)
        for (std::uint64_t h : targets[t].node->ids->hashes())
            if (auto &holders = targetsOf[h]; holders.size() < kTargetsPerValue)
                holders.push_back(t);
    std::vector<std::uint64_t> found(targets.size(), 0);
    std::vector<std::uint32_t> touched;
    std::function<void(const ReadCollection &, const PathNode &, const std::string &)> visit =
        [&](const ReadCollection &rc, const PathNode &node, const std::string &path) {
            auto check = [&](const PathNode &values, const std::string &at, bool array) {
                if (!values.ids || (values.depth == 1 && values.key == "_id") || at.empty())
                    return;
                const std::vector<std::uint64_t> &sample = values.ids->hashes(); // ascending
                touched.clear();
                for (std::uint64_t h : sample) {
                    auto it = targetsOf.find(h);
                    if (it == targetsOf.end())
                        continue;
                    for (std::uint32_t t : it->second)
                        if (found[t]++ == 0)
                            touched.push_back(t);
                }
                // A target none of the sample is in cannot reach the share.
                std::sort(touched.begin(), touched.end());
                const std::string keyType = keyTypeOf(values);
                const bool chance = keyType == "int" || keyType == "string" || keyType == "decimal";
                std::optional<ReferenceCandidate> best;
                for (std::uint32_t t : touched) {
                    const std::uint64_t hits = std::exchange(found[t], 0);
                    const Target &target = targets[t];
                    if (target.node == &values)
                        continue;
                    const HashSketch &sketch = *target.node->ids;
                    // Only the sampled values below the target's largest kept hash can be looked up.
                    const std::uint64_t compared =
                        sketch.full() ? std::uint64_t(std::upper_bound(sample.begin(), sample.end(), sketch.largest()) -
                                                      sample.begin())
                                      : sample.size();
                    if (double(hits) < kReferenceShare * double(compared))
                        continue;
                    if (compared < std::min<std::uint64_t>(8, sample.size()))
                        continue;
                    // Numbers and strings meet by chance; a few of them, or
                    // a small part of the target's, say nothing.
                    if (chance && (compared < kChanceMinimumValues || coverage(values, *target.node) < kReferenceCoverage))
                        continue;
                    // Inside a dense range of unique numbers only a key's name
                    // tells a reference from a coincidence.
                    if (keyType == "int" && dense(*target.node) &&
                        !namedLikeReference(values.key.empty() ? keyOf(at) : std::string_view(values.key),
                                            target.node->key, target.name))
                        continue;
                    if (!best || hits > best->found) {
                        best = ReferenceCandidate{rc.statistics.name(), at, target.name, target.path, target.uniqueBy,
                                                  keyType, array, compared, hits};
                    }
                }
                if (best)
                    m_summary.references.push_back(std::move(*best));
            };
            for (const auto &c : node.children) {
                const std::string childPath = path.empty() ? c->key : path + "." + c->key;
                check(*c, childPath, false);
                if (c->element)
                    check(*c->element, childPath, true);
                visit(rc, *c, childPath);
                if (c->element)
                    visit(rc, *c->element, childPath);
            }
        };
    for (const ReadCollection *rc : collections)
        visit(*rc, rc->statistics.root(), "");
    dropMirrors(m_summary.references);

    // Say it on the fields too: the fields at each path, the note of each
    // field, then one walk over the model.
    if (m_summary.references.empty())
        return;
    std::unordered_map<std::string, std::vector<const std::string *>> fieldsAt;
    for (const auto &[id, where] : m_fieldPaths)
        fieldsAt[where].push_back(&id);
    std::unordered_map<std::string, std::string> notes; // field id -> what to add to its description
    for (const auto &r : m_summary.references) {
        auto it = fieldsAt.find(r.collection + "\n" + r.path);
        if (it == fieldsAt.end())
            continue;
        for (const std::string *id : it->second)
            notes[*id] += " Reference candidate: " + groupedNumber(r.found) + " of " + groupedNumber(r.compared) +
                          " sampled values are " + r.targetPath + " values of " + r.target + "." +
                          (r.uniqueBy == "_id" ? "" : " Unique there: " + r.uniqueBy + ".") + " As a relationship: " +
                          r.representation() + ".";
    }
    std::function<void(std::vector<Field> &)> mark = [&](std::vector<Field> &fields) {
        for (auto &f : fields) {
            if (auto it = notes.find(f.id); it != notes.end())
                f.details.edit().description += it->second;
            mark(f.fields);
        }
    };
    for (auto &entity : m_project.entities) {
        mark(entity.fields);
        for (auto &v : entity.variants)
            mark(v.fields);
    }
}

} // namespace docshape::import
