#include "estimate/IndexEstimator.h"

#include "derive/IndexRules.h"
#include "estimate/BsonSize.h"

#include "util/IdIndex.h"

#include <algorithm>
#include <cmath>
#include <span>

namespace docshape {

namespace {

// The record id each index entry carries, in bytes (a 64-bit RecordId).
constexpr double kRecordIdBytes = 8;

constexpr std::string_view kAssumptions =
    "Estimate: per entry, each key value in KeyString form (a type byte plus the value; strings "
    "with a terminator; numbers and dates 8 bytes) and an 8-byte record id, before WiredTiger "
    "prefix compression and page overhead. A missing field gives one null key unless the index "
    "is sparse (a partial index stores null keys for the documents it matches).";
constexpr std::string_view kMultikeyAssumptions =
    "Estimate: per entry, each key value in KeyString form (a type byte plus the value; strings "
    "with a terminator; numbers and dates 8 bytes) and an 8-byte record id, before WiredTiger "
    "prefix compression and page overhead. Multikey: one entry per distinct array element, taken "
    "as the array's average count times its distinct fraction; a missing array, or elements "
    "missing the indexed field, give one null key per document (keys are a set), none when the "
    "index is sparse. A partial index stores null keys for the documents it matches.";
// Distinct terms a text index takes from a string, for want of a
// terms-per-document field in the model: about one per 6 bytes, an English
// word of 5 letters and its separator (an assumption, stated in the
// estimate's text).
constexpr double kBytesPerTerm = 6;
constexpr std::string_view kTextAssumptions =
    "Estimate: a text index has one entry per distinct term of the indexed strings; assumed one "
    "term per 6 bytes of the string's average length (a 5-letter word and a separator), as the "
    "model states no terms per document. Text indexes are always sparse: a document without the "
    "fields has no entry. Per entry: the term, a weight and an 8-byte record id.";
constexpr std::string_view kIdAssumptions =
    "Estimate: one entry per document, the _id in KeyString form and an 8-byte record id, before "
    "prefix compression.";

// Approximate KeyString bytes of one key component: a type byte and the
// value, strings with their terminator.
double keyComponentBytes(const ShapeNode &node) {
    const BsonType type = node.type == BsonType::Array ? node.elementType : node.type;
    switch (type) {
    case BsonType::String:
        return 1 + node.avgBytes + 1;
    case BsonType::BinData:
        return 1 + 4 + 1 + node.avgBytes;
    case BsonType::Regex:
        return 1 + node.avgBytes + 1 + static_cast<double>(node.regexOptions.size()) + 1;
    case BsonType::Object:
        return 1 + averageObjectBytes(*node.object);
    case BsonType::ObjectId:
        return 1 + 12;
    case BsonType::Decimal:
        return 1 + 16;
    case BsonType::Bool:
    case BsonType::Null:
    case BsonType::MinKey:
    case BsonType::MaxKey:
        return 1;
    default: // numbers, dates, timestamps
        return 1 + 8;
    }
}

} // namespace

namespace {

// An index's keys resolved against a collection's shape, once for every
// use; the buffers are kept from one index to the next.
struct ResolvedKeys {
    std::vector<ResolvedPath> paths; // the keys found, in key order
    std::vector<std::uint8_t> found; // per key: 1 when found (a plain byte: cheaper to reset than bits)
    std::size_t missing = 0;

    void resolve(const IndexSpec &index, const ObjectShape &shape) {
        if (paths.size() < index.keys.size())
            paths.resize(index.keys.size());
        found.resize(index.keys.size());
        missing = 0;
        std::size_t n = 0;
        for (std::size_t k = 0; k < index.keys.size(); ++k) {
            found[k] = resolvePathInto(shape, index.keys[k].path, paths[n]);
            if (found[k])
                ++n;
            else
                ++missing;
        }
        count = n;
    }

    std::span<const ResolvedPath> resolved() const { return {paths.data(), count}; }

private:
    std::size_t count = 0;
};

// Keys one document gives an index whose key paths cross the arrays of
// `longest`, by the server's key generation (btree_key_generator.cpp):
// every element yields its keys (distinct values: count times distinct
// fraction); an element, or a document, in which every key field is
// missing yields a null key, and the keys of a document are a set, so
// those nulls are one key per document (test
// GetKeysFromArraySubobjectMissing: {a: [{foo: 41}, {foo: 41}, {foo: 41}]}
// gives one null key for {"a.b": 1}); a sparse index takes no null key
// from a document or element where every field is missing
// (_getKeysWithArray returns there).
//
// Per array level, innermost first: `keys` is the expected number of
// non-null keys under one element of the level above, `nulls` the
// probability that a null key appears there. Elements are independent.
double multikeyKeysPerDocument(const ResolvedPath &longest, std::span<const ResolvedPath> resolved, bool sparse) {
    const std::size_t depth = longest.arrays.size();
    // Below the innermost array: the chance that an element holds at least
    // one of the key fields that reach it (an element that is the value,
    // an array of scalars, always does).
    double absent = 1;
    double arrayPresence = 1;
    for (const ShapeNode *a : longest.arrays)
        arrayPresence *= a->presence;
    for (const auto &r : resolved) {
        if (r.arrays.size() != depth)
            continue;
        if (r.node == r.arrays.back()) {
            absent = 0;
            continue;
        }
        double chain = 1;
        for (const ShapeNode *a : r.arrays)
            chain *= a->presence;
        absent *= 1 - (chain > 0 ? std::min(1.0, r.presence / chain) : 0.0);
    }
    double keys = 1 - absent;
    double nulls = absent;
    for (std::size_t i = depth; i-- > 0;) {
        const ShapeNode &array = *longest.arrays[i];
        const double elements = std::max(1.0, array.avgCount);
        const double distinct = std::max(1.0, array.avgCount * array.distinctFraction);
        const double p = array.presence;
        keys = p * distinct * keys;
        // A missing array is a missing field (a null key); a present one
        // gives one when any of its elements does.
        nulls = (1 - p) + p * (1 - std::pow(1 - nulls, elements));
    }
    if (!sparse)
        return keys + nulls;
    // Sparse: the null key is kept only when another key field, outside
    // these arrays, is present.
    double othersAbsent = 1;
    bool others = false;
    for (const auto &r : resolved)
        if (r.arrays.empty()) {
            others = true;
            othersAbsent *= 1 - r.presence;
        }
    return keys + (others ? nulls * (1 - othersAbsent) : 0);
}

// Fills `s`, a fresh statistic (built where it stays: it is large).
void estimateResolved(const IndexSpec &index, const CollectionShape &collection, const ResolvedKeys &keys,
                      IndexStat &s) {
    s.id = index.id;
    s.name = indexName(index);
    s.keys = index.keys;
    std::span<const ResolvedPath> resolved = keys.resolved();

    // Text, 2d and 2dsphere indexes are always sparse (manual, Sparse
    // Indexes: "2dsphere (version 2), 2d, geoHaystack, and text indexes
    // are always sparse"). A geo key over an array of numbers is a legacy
    // [lng, lat] pair: one key, not one per coordinate.
    bool text = false, geo = false;
    for (const auto &k : index.keys) {
        text = text || k.kind == "text";
        geo = geo || k.kind == "2d" || k.kind == "2dsphere";
    }
    const bool sparse = index.sparse || text || geo;
    std::vector<ResolvedPath> pairs;
    if (geo) {
        pairs.assign(resolved.begin(), resolved.end());
        std::size_t r = 0;
        for (std::size_t k = 0; k < index.keys.size(); ++k) {
            if (!keys.found[k])
                continue;
            ResolvedPath &path = pairs[r++];
            const bool geoKey = index.keys[k].kind == "2d" || index.keys[k].kind == "2dsphere";
            if (geoKey && path.node->type == BsonType::Array && !path.arrays.empty() && path.arrays.back() == path.node &&
                fixedPayloadBytes(path.node->elementType).has_value() && path.node->elementType != BsonType::Bool) {
                path.arrays.pop_back();
                path.arrayPaths.pop_back();
            }
        }
        resolved = pairs;
    }

    // The arrays crossed by all key paths must lie on one chain (a key may
    // descend into arrays nested in the array another key crosses); two
    // arrays side by side are "parallel" and the server refuses the index
    // (serverIndexRules reports it).
    if (parallelArrays(resolved))
        return;
    const ResolvedPath *longest = nullptr;
    for (const auto &r : resolved)
        if (!r.arrays.empty() && (!longest || r.arrays.size() > longest->arrays.size()))
            longest = &r;

    double perDocument = 1;
    double share = 1;
    if (text) {
        // One entry per distinct term of the text fields a document has
        // (fts_index_format.cpp: a key per term); terms assumed, see
        // kTextAssumptions.
        perDocument = 0;
        std::size_t r = 0;
        for (std::size_t k = 0; k < index.keys.size(); ++k) {
            if (!keys.found[k])
                continue;
            const ResolvedPath &path = resolved[r++];
            if (index.keys[k].kind != "text")
                continue;
            const ShapeNode &node = *path.node;
            const double strings = node.type == BsonType::Array ? std::max(0.0, node.avgCount) : 1.0;
            perDocument += path.presence * strings * std::max(1.0, node.avgBytes / kBytesPerTerm);
        }
    } else if (longest) {
        s.multikey = true;
        perDocument = multikeyKeysPerDocument(*longest, resolved, sparse);
    } else if (sparse) {
        // Server, btree_key_generator.cpp getKeys: a sparse index skips a
        // document in which every key field is missing.
        double noneThere = 1;
        for (const auto &r : resolved)
            noneThere *= 1 - r.presence;
        share = 1 - noneThere;
    }
    if (!index.partialFilter.empty())
        share *= index.partialSelectivity;
    s.entries = collection.documents * share * perDocument;

    double entryBytes = kRecordIdBytes;
    for (const auto &r : resolved)
        entryBytes += r.presence * keyComponentBytes(*r.node) + (1 - r.presence) * 1;
    entryBytes += static_cast<double>(keys.missing); // null keys
    s.estimatedBytes = s.entries * entryBytes;
    s.assumptions = text ? kTextAssumptions : longest ? kMultikeyAssumptions : kAssumptions;
}

} // namespace

IndexesByCollection::IndexesByCollection(const Project &project, const Derived &derived) {
    IdIndex home; // entity id -> the first collection that stores it
    home.reserve(project.entities.size());
    for (std::size_t i = 0; i < derived.collections.size(); ++i) {
        const CollectionShape &c = derived.collections[i];
        if (c.kind == CollectionKind::Junction)
            continue;
        home.insert(c.rootEntityId, static_cast<std::uint32_t>(i));
        if (c.kind == CollectionKind::Entity)
            for (const auto &id : c.embeddedEntityIds)
                home.insert(id, static_cast<std::uint32_t>(i));
    }
    std::vector<std::pair<std::uint32_t, const IndexSpec *>> pairs;
    pairs.reserve(project.indexes.size());
    for (const auto &index : project.indexes)
        if (const int c = home.find(index.entityId); c >= 0)
            pairs.emplace_back(static_cast<std::uint32_t>(c), &index);
    m_indexes.build(derived.collections.size(), pairs);
}

struct IndexEstimator::Buffers {
    ResolvedKeys keys;
};

IndexEstimator::IndexEstimator() : m_buffers(std::make_unique<Buffers>()) {}
IndexEstimator::~IndexEstimator() = default;

std::vector<IndexStat> IndexEstimator::estimate(const CollectionShape &collection,
                                                std::span<const IndexSpec *const> indexes,
                                                std::vector<Problem> &problems) {
    std::vector<IndexStat> out;
    out.reserve(indexes.size() + 1);
    const bool timeSeries = collection.root && collection.root->timeSeries;
    if (!timeSeries) {
        IndexStat &id = out.emplace_back();
        id.name = "_id_";
        id.keys = {IndexKey{"_id", "1"}};
        id.entries = collection.documents;
        const ShapeNode &idNode = collection.shape.fields.front();
        id.estimatedBytes = collection.documents * (kRecordIdBytes + keyComponentBytes(idNode));
        id.assumptions = kIdAssumptions;
    }
    ResolvedKeys &keys = m_buffers->keys;
    for (const IndexSpec *spec : indexes) {
        const IndexSpec &index = *spec;
        keys.resolve(index, collection.shape);
        IndexStat &s = out.emplace_back();
        estimateResolved(index, collection, keys, s);
        auto where = [&] { return collection.name + " index " + s.name; };
        for (auto &rule : serverIndexRules(index, collection.shape)) {
            if (rule.error && s.error.empty())
                s.error = rule.message;
            problems.push_back({rule.error ? "error" : "warning", where(), std::move(rule.message)});
        }
        if (index.keys.size() > static_cast<std::size_t>(kMaxCompoundIndexFields))
            problems.push_back({"error", where(),
                                std::to_string(index.keys.size()) +
                                    " fields in a compound index; at most 32 are allowed"});
        for (std::size_t k = 0; k < index.keys.size(); ++k)
            if (!keys.found[k])
                problems.push_back({"warning", where(),
                                    "key '" + index.keys[k].path + "' is not a field of " + collection.name +
                                        " documents: every document gets a null key"});
        if (index.expireAfterSeconds && index.keys.size() == 1 && keys.found.front()) {
            const ShapeNode &node = *keys.resolved().front().node;
            if (node.type != BsonType::Date && !(node.type == BsonType::Array && node.elementType == BsonType::Date))
                problems.push_back({"warning", where(),
                                    "TTL index on '" + index.keys.front().path +
                                        "', which is not a date: documents will never expire"});
        }
    }
    return out;
}

} // namespace docshape
