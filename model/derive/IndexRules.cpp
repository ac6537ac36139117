#include "derive/IndexRules.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <array>

namespace docshape {

namespace {

using Json = nlohmann::json;

constexpr std::string_view kNotSupported = "Expression not supported in partial index: ";

bool isHashed(const IndexKey &k) { return k.kind == "hashed"; }

// Extended JSON wrappers of a single value: an object with one of these as
// its key is a value compared for equality, not an operator.
bool isExtendedJsonValue(const Json &v) {
    static constexpr std::array<std::string_view, 15> kWrappers = {
        "$oid",       "$date",     "$numberInt", "$numberLong", "$numberDouble",
        "$numberDecimal", "$binary", "$timestamp", "$minKey",   "$maxKey",
        "$undefined", "$symbol",   "$code",      "$dbPointer",  "$uuid"};
    if (!v.is_object() || v.empty())
        return false;
    const std::string &first = v.begin().key();
    return std::find(kWrappers.begin(), kWrappers.end(), first) != kWrappers.end();
}

std::string quoted(const std::string &path, const Json &value) { return path + ": " + value.dump(); }

// The operators of one field's condition {op: value, ...}.
std::optional<std::string> checkCondition(const std::string &path, const Json &condition) {
    if (condition.is_object() && condition.contains("$regularExpression"))
        return std::string(kNotSupported) + "regex (" + quoted(path, condition) + ")";
    if (!condition.is_object() || condition.empty() || isExtendedJsonValue(condition) ||
        condition.begin().key().empty() || condition.begin().key()[0] != '$')
        return std::nullopt; // equality with a value
    for (const auto &[op, value] : condition.items()) {
        if (op == "$eq" || op == "$gt" || op == "$gte" || op == "$lt" || op == "$lte" || op == "$type" ||
            op == "$in")
            continue;
        if (op == "$exists") {
            const bool exists = value.is_boolean() ? value.get<bool>() : !(value.is_number() && value == 0);
            if (exists)
                continue;
        }
        // $exists: false, $ne and $nin parse as negations.
        const bool negation = op == "$exists" || op == "$ne" || op == "$nin" || op == "$not";
        return std::string(kNotSupported) + (negation ? "$not" : op) + " (" +
               quoted(path, Json::object({{op, value}})) + ")";
    }
    return std::nullopt;
}

std::optional<std::string> checkFilter(const Json &filter, int level) {
    for (const auto &[key, value] : filter.items()) {
        if (key == "$and" || key == "$or") {
            if (level > 0)
                return key == "$and" ? std::string("$and only supported in partialFilterExpression at top level")
                                     : std::string(kNotSupported) + "$or below the top level";
            if (!value.is_array())
                return key + " must be an array";
            for (const auto &child : value) {
                if (!child.is_object())
                    return key + " entries must be objects";
                if (auto refused = checkFilter(child, level + 1))
                    return refused;
            }
            continue;
        }
        if (!key.empty() && key[0] == '$')
            return std::string(kNotSupported) + key;
        if (auto refused = checkCondition(key, value))
            return refused;
    }
    return std::nullopt;
}

} // namespace

std::optional<std::string> partialFilterRefusal(std::string_view filter) {
    const Json parsed = Json::parse(filter, nullptr, false);
    if (parsed.is_discarded() || !parsed.is_object())
        return std::string("\"partialFilterExpression\" for an index must be a document");
    return checkFilter(parsed, 0);
}

namespace {

void collectFields(const Json &filter, std::vector<std::string> &out) {
    for (const auto &[key, value] : filter.items()) {
        if ((key == "$and" || key == "$or") && value.is_array()) {
            for (const auto &child : value)
                if (child.is_object())
                    collectFields(child, out);
        } else if (!key.empty() && key[0] != '$' && std::find(out.begin(), out.end(), key) == out.end()) {
            out.push_back(key);
        }
    }
}

} // namespace

std::vector<std::string> partialFilterFields(std::string_view filter) {
    std::vector<std::string> out;
    if (filter.empty()) // most indexes: no parse (a failed one builds its error message)
        return out;
    const Json parsed = Json::parse(filter, nullptr, false);
    if (!parsed.is_discarded() && parsed.is_object())
        collectFields(parsed, out);
    return out;
}

std::optional<std::string> parallelArrays(std::span<const ResolvedPath> resolved) {
    const ResolvedPath *longest = nullptr;
    for (const auto &r : resolved) {
        if (r.arrays.empty())
            continue;
        if (!longest) {
            longest = &r;
            continue;
        }
        const std::size_t n = std::min(longest->arrayPaths.size(), r.arrayPaths.size());
        std::size_t at = 0;
        while (at < n && longest->arrayPaths[at] == r.arrayPaths[at])
            ++at;
        if (at < n)
            return "cannot index parallel arrays [" + std::string(r.arrays[at]->name) + "] [" +
                   std::string(longest->arrays[at]->name) + "]";
        if (r.arrays.size() > longest->arrays.size())
            longest = &r;
    }
    return std::nullopt;
}

std::vector<IndexRuleFinding> serverIndexRules(const IndexSpec &index, const ObjectShape &shape) {
    std::vector<IndexRuleFinding> out;
    std::vector<ResolvedPath> resolved;
    resolved.reserve(index.keys.size());
    bool hashed = false;
    for (const auto &k : index.keys) {
        hashed = hashed || isHashed(k);
        auto r = resolvePath(shape, k.path);
        if (!r)
            continue;
        if (isHashed(k) && !r->arrays.empty())
            out.push_back({true, "hashed indexes do not currently support array values ('" + k.path +
                                     "' crosses the array '" + std::string(r->arrayPaths.front()) + "')"});
        resolved.push_back(std::move(*r));
    }
    if (hashed && index.unique)
        out.push_back({true, "Currently hashed indexes cannot guarantee uniqueness. Use a regular index."});
    if (auto parallel = parallelArrays(resolved))
        out.push_back({true, *parallel});
    if (!index.partialFilter.empty()) {
        if (index.sparse)
            out.push_back({true, "cannot mix \"partialFilterExpression\" and \"sparse\" options"});
        if (auto refused = partialFilterRefusal(index.partialFilter))
            out.push_back({true, *refused});
    }
    if (index.collation)
        for (const auto &k : index.keys)
            if (k.kind == "text" || k.kind == "2d") {
                out.push_back({true, "Index type '" + k.kind + "' does not support collation: { locale: \"" +
                                         index.collation->locale + "\", strength: " +
                                         std::to_string(index.collation->strength) + " }"});
                break;
            }
    if (index.expireAfterSeconds && index.keys.size() > 1)
        out.push_back({false, "expireAfterSeconds on a compound index is ignored: TTL indexes are single-field "
                              "indexes, and documents will never expire"});
    return out;
}

std::optional<std::string> idTypeRefusal(const ObjectShape &shape) {
    const ShapeNode *id = findChild(shape, "_id");
    if (!id)
        return std::nullopt;
    if (id->type == BsonType::Array)
        return std::string("can't use an array for _id");
    if (id->type == BsonType::Regex)
        return std::string("can't use a regex for _id");
    return std::nullopt;
}

} // namespace docshape
