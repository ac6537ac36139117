#include "import/CollectionMetadata.h"

#include "io/ProjectFile.h"

#include <bson/bson.h>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <unordered_set>

namespace docshape::import {

namespace {

std::string_view keyOf(const bson_iter_t &it) { return {bson_iter_key(&it), bson_iter_key_len(&it)}; }

std::string stringOf(const bson_iter_t &it) {
    std::uint32_t n = 0;
    const char *s = bson_iter_utf8(&it, &n);
    return s ? std::string(s, n) : std::string();
}

std::optional<double> numberOf(const bson_iter_t &it) {
    switch (bson_iter_type(&it)) {
    case BSON_TYPE_INT32:
    case BSON_TYPE_INT64:
    case BSON_TYPE_DOUBLE:
    case BSON_TYPE_DECIMAL128:
        return bson_iter_as_double(&it);
    default:
        return std::nullopt;
    }
}

std::string canonicalJson(const bson_iter_t &it) {
    std::uint32_t n = 0;
    const std::uint8_t *data = nullptr;
    bson_iter_document(&it, &n, &data);
    bson_t doc;
    if (!data || !bson_init_static(&doc, data, n))
        return {};
    std::size_t len = 0;
    char *s = bson_as_canonical_extended_json(&doc, &len);
    std::string out = s ? std::string(s, len) : std::string();
    bson_free(s);
    return out;
}

// A number as Extended JSON spells it: the shortest text that reads back
// to the same double, NaN and Infinity by name.
std::string numberText(double x) {
    if (std::isnan(x))
        return "NaN";
    if (std::isinf(x))
        return x > 0 ? "Infinity" : "-Infinity";
    char buf[64];
    const auto end = std::to_chars(buf, buf + sizeof buf, x).ptr;
    return std::string(buf, end);
}

// A value as the warnings quote it.
std::string valueText(const bson_iter_t &it) {
    if (auto n = numberOf(it))
        return numberText(*n);
    if (BSON_ITER_HOLDS_UTF8(&it))
        return "'" + stringOf(it) + "' (a string)";
    if (BSON_ITER_HOLDS_BOOL(&it))
        return bson_iter_bool(&it) ? "true" : "false";
    return "a value of BSON type " + std::to_string(int(bson_iter_type(&it)));
}

// The largest TTL the server accepts on an index: listIndexes and collMod
// declare expireAfterSeconds a 32-bit integer (index_key_validate.h,
// kExpireAfterSecondsForInactiveTTLIndex).
constexpr double kMaxIndexTtl = 2147483647.0;

// expireAfterSeconds of an index as the server reads it, or the reason it
// refuses it. The rule is validateExpireAfterSeconds in mongo's
// src/mongo/db/catalog/index_key_validate.cpp: a number, not NaN, whose
// safeNumberInt() equals its safeNumberLong() (within 32 bits), and not
// below 0. Both conversions truncate toward zero, so a fraction passes and
// is truncated: 0.5 is 0, -0.5 is 0 too; since 7.3 the catalog stores the
// truncated integer (jstests/noPassthrough ttl non-int expireAfterSeconds).
struct Ttl {
    std::optional<std::int64_t> seconds; // empty: refused
    bool truncated = false;
};
Ttl serverIndexTtl(const bson_iter_t &it) {
    const auto n = numberOf(it);
    if (!n || std::isnan(*n))
        return {};
    const double whole = std::trunc(*n); // the only double -> integer conversion, after the range check
    if (!(whole >= 0 && whole <= kMaxIndexTtl))
        return {};
    return {std::int64_t(whole), whole != *n};
}

// The server's collation strength: an int, a long that fits an int, or a
// double equal to its int conversion, from 1 to 5 (collator_factory_icu.cpp,
// parseStrength and integerToStrengthType); decimals are refused.
std::optional<int> serverStrength(const bson_iter_t &it) {
    double x = 0;
    switch (bson_iter_type(&it)) {
    case BSON_TYPE_INT32:
        x = bson_iter_int32(&it);
        break;
    case BSON_TYPE_INT64:
        x = double(bson_iter_int64(&it));
        break;
    case BSON_TYPE_DOUBLE:
        x = bson_iter_double(&it);
        break;
    default:
        return std::nullopt;
    }
    if (!(x >= 1 && x <= 5) || x != std::trunc(x)) // NaN fails the range
        return std::nullopt;
    return int(x);
}

// The model's own rules for one index, as validateProject words them: the
// index on a stub collection, alone.
std::optional<std::string> modelRefusal(const IndexSpec &index) {
    Project p;
    p.name = "metadata";
    Entity e;
    e.id = "e1";
    e.name = "Collection";
    p.entities.push_back(std::move(e));
    IndexSpec checked = index;
    checked.id = "i1";
    checked.entityId = "e1";
    p.indexes.push_back(std::move(checked));
    if (Status s = validateProject(p); !s)
        return s.error().message;
    return std::nullopt;
}

// One entry of "indexes". An index the server would refuse is left out with
// a warning; an option it reads otherwise is kept as it reads it.
void readIndex(bson_iter_t &spec, CollectionMetadata &out, std::unordered_set<std::string> &names) {
    IndexSpec index;
    bool text = false;
    std::string dropped; // why the index is left out, when it is
    // The name first: the warnings about the other members say it.
    bson_iter_t it = spec;
    while (bson_iter_next(&it))
        if (keyOf(it) == "name")
            index.name = stringOf(it);
    it = spec;
    const std::string where = "index '" + index.name + "'";
    auto warn = [&](std::string message) { out.warnings.push_back({where, std::move(message)}); };
    while (bson_iter_next(&it)) {
        const std::string_view k = keyOf(it);
        if (k == "key" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            bson_iter_t key;
            bson_iter_recurse(&it, &key);
            while (bson_iter_next(&key) && dropped.empty()) {
                IndexKey ik;
                ik.path = std::string(keyOf(key));
                if (auto n = numberOf(key)) {
                    ik.kind = *n < 0 ? "-1" : "1";
                } else if (BSON_ITER_HOLDS_UTF8(&key)) {
                    ik.kind = stringOf(key);
                    if (ik.kind != "hashed" && ik.kind != "text" && ik.kind != "2dsphere" && ik.kind != "2d")
                        dropped = "key '" + ik.path + "': kind '" + ik.kind + "' is not one DocShape models";
                } else {
                    dropped = "key '" + ik.path + "' has no direction or kind (" + valueText(key) + ")";
                }
                // A text index is stored as {_fts: "text", _ftsx: 1}; its fields are its weights.
                if (ik.path == "_fts" || ik.path == "_ftsx") {
                    text = true;
                    continue;
                }
                index.keys.push_back(std::move(ik));
            }
        } else if (k == "unique") {
            index.unique = bson_iter_as_bool(&it);
        } else if (k == "sparse") {
            index.sparse = bson_iter_as_bool(&it);
        } else if (k == "expireAfterSeconds") {
            const Ttl ttl = serverIndexTtl(it);
            index.expireAfterSeconds = ttl.seconds;
            if (!ttl.seconds)
                warn("expireAfterSeconds " + valueText(it) +
                     " is not a TTL the server accepts (a number from 0 to 2147483647): it refuses to create the "
                     "index with it, and removes nothing through one it already holds; kept as an index without "
                     "expiry");
            else if (ttl.truncated)
                warn("expireAfterSeconds " + valueText(it) + " is not a whole number of seconds: the server truncates it to " +
                     std::to_string(*ttl.seconds) +
                     (*ttl.seconds == 0 ? ", so documents expire as soon as their date has passed" : "") +
                     "; kept as " + std::to_string(*ttl.seconds));
        } else if (k == "partialFilterExpression" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            index.partialFilter = canonicalJson(it);
        } else if (k == "collation" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            Collation c;
            bson_iter_t col;
            bson_iter_recurse(&it, &col);
            while (bson_iter_next(&col)) {
                if (keyOf(col) == "locale") {
                    c.locale = stringOf(col);
                } else if (keyOf(col) == "strength") {
                    if (auto strength = serverStrength(col))
                        c.strength = *strength;
                    else if (dropped.empty())
                        dropped = "collation strength " + valueText(col) +
                                  " is not one the server accepts (an integer from 1 to 5): it refuses the index";
                }
            }
            if (c.locale != "simple")
                index.collation = c;
        } else if (k == "weights" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            bson_iter_t w;
            bson_iter_recurse(&it, &w);
            while (bson_iter_next(&w))
                index.keys.push_back({std::string(keyOf(w)), "text"});
        }
    }
    if (index.name == "_id_")
        return;
    if (!dropped.empty())
        return warn(dropped + "; left out");
    if (text && index.keys.empty())
        return out.notes.push_back("index '" + index.name + "': a text index without weights was left out");
    if (index.keys.empty())
        return warn("an empty key: the server refuses an index without keys; left out");
    if (index.keys.size() > 32)
        return out.notes.push_back("index '" + index.name + "': more than 32 keys, left out");
    if (auto refusal = modelRefusal(index))
        return warn(*refusal + "; left out");
    if (!names.insert(indexName(index)).second)
        return warn("another index of the collection has the name '" + indexName(index) +
                    "': the server keeps one index per name; this one, the later in the file, is left out");
    out.indexes.push_back(std::move(index));
}

void readOptions(bson_iter_t &options, CollectionMetadata &out) {
    bson_iter_t it = options;
    std::optional<std::int64_t> expire;
    while (bson_iter_next(&it)) {
        const std::string_view k = keyOf(it);
        if (k == "validator" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            out.hasValidator = true;
            bson_iter_t v;
            bson_iter_recurse(&it, &v);
            bson_t rest = BSON_INITIALIZER;
            while (bson_iter_next(&v)) {
                if (keyOf(v) == "$jsonSchema" && BSON_ITER_HOLDS_DOCUMENT(&v)) {
                    std::uint32_t n = 0;
                    const std::uint8_t *data = nullptr;
                    bson_iter_document(&v, &n, &data);
                    out.jsonSchema = validate::BsonDocument(bson_new_from_data(data, n));
                } else {
                    bson_append_iter(&rest, nullptr, 0, &v);
                }
            }
            if (!bson_empty(&rest)) {
                std::size_t len = 0;
                char *s = bson_as_canonical_extended_json(&rest, &len);
                out.otherValidator = s ? std::string(s, len) : std::string();
                bson_free(s);
            }
            bson_destroy(&rest);
        } else if (k == "validationLevel") {
            out.validationLevel = validationLevelFromString(stringOf(it));
            if (!out.validationLevel)
                out.warnings.push_back({"options.validationLevel", "validationLevel " + valueText(it) +
                                                                       " is not one the server knows (off, strict, "
                                                                       "moderate); left out: the model keeps strict"});
        } else if (k == "validationAction") {
            out.validationAction = validationActionFromString(stringOf(it));
            if (!out.validationAction)
                out.warnings.push_back({"options.validationAction", "validationAction " + valueText(it) +
                                                                        " is not one the server knows (error, warn); "
                                                                        "left out: the model keeps error"});
        } else if (k == "expireAfterSeconds") {
            // A clustered or time-series collection's TTL: a 64-bit integer
            // of seconds from 0 whose milliseconds fit 64 bits
            // (validateExpireAfterSeconds, kClusteredTTLIndex).
            const auto n = numberOf(it);
            if (n && *n >= 0 && *n <= double(INT64_MAX / 1000) && *n == std::trunc(*n))
                expire = std::int64_t(*n);
            else
                out.warnings.push_back({"options.expireAfterSeconds",
                                        "expireAfterSeconds " + valueText(it) +
                                            " is not a collection TTL the server accepts (a whole number of "
                                            "seconds from 0 to 9223372036854775); left out: the model keeps no "
                                            "expiry"});
        } else if (k == "timeseries" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            TimeSeriesOptions ts;
            bson_iter_t t;
            bson_iter_recurse(&it, &t);
            while (bson_iter_next(&t)) {
                if (keyOf(t) == "timeField")
                    ts.timeField = stringOf(t);
                else if (keyOf(t) == "metaField")
                    ts.metaField = stringOf(t);
                else if (keyOf(t) == "granularity") {
                    if (auto g = granularityFromString(stringOf(t)))
                        ts.granularity = *g;
                    else
                        out.notes.push_back("time series granularity '" + stringOf(t) + "' kept as seconds");
                } else if (keyOf(t) == "bucketMaxSpanSeconds" || keyOf(t) == "bucketRoundingSeconds")
                    out.notes.push_back("time series " + std::string(keyOf(t)) + " is not modelled");
            }
            out.timeSeries = ts;
        } else if (k == "capped" && bson_iter_as_bool(&it)) {
            out.notes.push_back("capped collection: the cap is not modelled");
        }
    }
    if (out.timeSeries && expire)
        out.timeSeries->expireAfterSeconds = expire;
}

} // namespace

Result<CollectionMetadata> parseCollectionMetadata(std::string_view text, const std::string &file) {
    validate::ExtendedJsonParser parser;
    auto doc = parser.parse(text);
    if (!doc)
        return Error{file, doc.error().message};
    CollectionMetadata out;
    out.file = file;
    bson_iter_t it;
    if (!bson_iter_init(&it, doc->get()))
        return Error{file, "not a document"};
    while (bson_iter_next(&it)) {
        const std::string_view k = keyOf(it);
        if (k == "collectionName") {
            out.collectionName = stringOf(it);
        } else if (k == "type") {
            out.type = stringOf(it);
        } else if (k == "indexes" && BSON_ITER_HOLDS_ARRAY(&it)) {
            bson_iter_t list;
            bson_iter_recurse(&it, &list);
            std::unordered_set<std::string> names;
            while (bson_iter_next(&list)) {
                if (!BSON_ITER_HOLDS_DOCUMENT(&list)) {
                    out.warnings.push_back({"indexes[" + std::string(keyOf(list)) + "]",
                                            "an entry that is not an index document (" + valueText(list) +
                                                "); left out"});
                    continue;
                }
                bson_iter_t spec;
                bson_iter_recurse(&list, &spec);
                readIndex(spec, out, names);
            }
        } else if (k == "options" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            bson_iter_t options;
            bson_iter_recurse(&it, &options);
            readOptions(options, out);
        }
    }
    return out;
}

} // namespace docshape::import
