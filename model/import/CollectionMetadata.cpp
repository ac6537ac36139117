#include "import/CollectionMetadata.h"

#include <bson/bson.h>

#include <cmath>

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

Status readIndex(bson_iter_t &spec, const std::string &file, CollectionMetadata &out) {
    IndexSpec index;
    bool text = false;
    bson_iter_t it = spec;
    while (bson_iter_next(&it)) {
        const std::string_view k = keyOf(it);
        if (k == "name") {
            index.name = stringOf(it);
        } else if (k == "key" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            bson_iter_t key;
            bson_iter_recurse(&it, &key);
            while (bson_iter_next(&key)) {
                IndexKey ik;
                ik.path = std::string(keyOf(key));
                if (auto n = numberOf(key)) {
                    ik.kind = *n < 0 ? "-1" : "1";
                } else if (BSON_ITER_HOLDS_UTF8(&key)) {
                    ik.kind = stringOf(key);
                    if (ik.kind != "hashed" && ik.kind != "text" && ik.kind != "2dsphere" && ik.kind != "2d")
                        return Error{file, "index '" + index.name + "': key kind '" + ik.kind + "' is not one DocShape models"};
                } else {
                    return Error{file, "index '" + index.name + "': key '" + ik.path + "' has no direction or kind"};
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
            if (auto n = numberOf(it))
                index.expireAfterSeconds = std::int64_t(*n);
        } else if (k == "partialFilterExpression" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            index.partialFilter = canonicalJson(it);
        } else if (k == "collation" && BSON_ITER_HOLDS_DOCUMENT(&it)) {
            Collation c;
            bson_iter_t col;
            bson_iter_recurse(&it, &col);
            while (bson_iter_next(&col)) {
                if (keyOf(col) == "locale")
                    c.locale = stringOf(col);
                else if (keyOf(col) == "strength")
                    if (auto n = numberOf(col))
                        c.strength = int(*n);
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
        return {};
    if (text && index.keys.empty())
        out.notes.push_back("index '" + index.name + "': a text index without weights was left out");
    if (index.keys.empty())
        return {};
    if (index.keys.size() > 32) {
        out.notes.push_back("index '" + index.name + "': more than 32 keys, left out");
        return {};
    }
    out.indexes.push_back(std::move(index));
    return {};
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
        } else if (k == "validationAction") {
            out.validationAction = validationActionFromString(stringOf(it));
        } else if (k == "expireAfterSeconds") {
            if (auto n = numberOf(it))
                expire = std::int64_t(*n);
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
            while (bson_iter_next(&list)) {
                if (!BSON_ITER_HOLDS_DOCUMENT(&list))
                    return Error{file, "indexes: an entry that is not a document"};
                bson_iter_t spec;
                bson_iter_recurse(&list, &spec);
                if (Status s = readIndex(spec, file, out); !s)
                    return s.error();
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
