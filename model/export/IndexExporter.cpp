#include "export/IndexExporter.h"

#include "derive/IndexRules.h"
#include "export/ExtendedJson.h"

#include <algorithm>
#include <charconv>
#include <set>

namespace docshape {

using nlohmann::ordered_json;

namespace {

// "1" and "-1" are numbers in a key pattern; "hashed", "text", "2dsphere"
// and the other index types are strings.
ordered_json keyValue(const std::string &kind) {
    int value = 0;
    auto [ptr, ec] = std::from_chars(kind.data(), kind.data() + kind.size(), value);
    if (ec == std::errc() && ptr == kind.data() + kind.size() && !kind.empty())
        return value;
    return kind;
}

} // namespace

std::vector<const IndexSpec *> indexesOf(const Project &project, const Derived &derived,
                                         const CollectionShape &collection) {
    // collectionOf searches every collection: asked only for the indexes
    // that could be this collection's, so that exporting every collection
    // of a large model stays linear in it.
    std::vector<const IndexSpec *> out;
    for (const auto &index : project.indexes) {
        const bool root = collection.kind == CollectionKind::Entity && index.entityId == collection.rootEntityId;
        const bool embedded = !root && std::find(collection.embeddedEntityIds.begin(), collection.embeddedEntityIds.end(),
                                                 index.entityId) != collection.embeddedEntityIds.end();
        if (!root && !embedded)
            continue;
        const CollectionShape *home = root ? &collection : collectionOf(derived, index.entityId);
        if (home && home->name == collection.name)
            out.push_back(&index);
    }
    return out;
}

Result<ordered_json> indexSpecJson(const IndexSpec &index, const std::string &where) {
    const std::string name = indexName(index);
    const std::string at = where + "." + (name.empty() ? index.id : name);
    if (index.keys.empty())
        return Error{at, "index has no keys"};
    ordered_json spec = ordered_json::object();
    ordered_json key = ordered_json::object();
    for (const auto &k : index.keys) {
        if (key.contains(k.path))
            return Error{at, "key '" + k.path + "' appears twice"};
        key[k.path] = keyValue(k.kind);
    }
    spec["key"] = std::move(key);
    spec["name"] = name;
    if (index.unique)
        spec["unique"] = true;
    if (index.sparse)
        spec["sparse"] = true;
    if (!index.partialFilter.empty()) {
        auto filter = parseExtendedJson(index.partialFilter);
        if (!filter)
            return Error{at, "partialFilter is " + filter.error().message};
        if (!filter->is_object())
            return Error{at, "partialFilter must be a JSON object"};
        spec["partialFilterExpression"] = std::move(*filter);
    }
    if (index.expireAfterSeconds)
        spec["expireAfterSeconds"] = *index.expireAfterSeconds;
    if (index.collation) {
        ordered_json collation = ordered_json::object();
        collation["locale"] = index.collation->locale;
        collation["strength"] = index.collation->strength;
        spec["collation"] = std::move(collation);
    }
    return spec;
}

Result<ordered_json> indexSpecsFor(const Project &project, const Derived &derived,
                                   const CollectionShape &collection) {
    ordered_json list = ordered_json::array();
    std::set<std::string> names;
    for (const IndexSpec *index : indexesOf(project, derived, collection)) {
        auto spec = indexSpecJson(*index, collection.name);
        if (!spec)
            return spec.error();
        const std::string name = (*spec)["name"].get<std::string>();
        // Nothing the server refuses is exported (derive/IndexRules.h).
        for (const auto &rule : serverIndexRules(*index, collection.shape))
            if (rule.error)
                return Error{collection.name + "." + name, "the server refuses this index: " + rule.message};
        if (!names.insert(name).second)
            return Error{collection.name + "." + name, "two indexes of the collection are named '" + name + "'"};
        list.push_back(std::move(*spec));
    }
    return list;
}

} // namespace docshape
