#include "edit/RenamePaths.h"

#include <nlohmann/json.hpp>

#include <string>
#include <utility>

namespace docshape::edit {

namespace {

// The old and the new path of one place the field is stored.
using Rename = std::pair<std::string, std::string>;

void collectRenames(const NodeList &fields, const std::string &prefix, std::string_view fieldId,
                    std::string_view newName, std::vector<Rename> &out);

void collectRenames(const ShapeNode &node, const std::string &prefix, std::string_view fieldId,
                    std::string_view newName, std::vector<Rename> &out) {
    const std::string path = dottedPath(prefix, node.name);
    if (node.field && node.field->id == fieldId)
        out.emplace_back(path, dottedPath(prefix, newName));
    if (node.hasObject()) {
        collectRenames(node.object->fields, path, fieldId, newName, out);
        for (const auto &variant : node.object->variants)
            collectRenames(variant.fields, path, fieldId, newName, out);
    }
}

void collectRenames(const NodeList &fields, const std::string &prefix, std::string_view fieldId,
                    std::string_view newName, std::vector<Rename> &out) {
    for (const auto &node : fields)
        collectRenames(node, prefix, fieldId, newName, out);
}

// `path` with a renamed prefix replaced; false when no rename names it.
bool rewrite(std::string &path, const std::vector<Rename> &renames) {
    for (const auto &[from, to] : renames) {
        if (path == from) {
            path = to;
            return from != to;
        }
        if (path.size() > from.size() && path.compare(0, from.size(), from) == 0 && path[from.size()] == '.') {
            path = to + path.substr(from.size());
            return from != to;
        }
    }
    return false;
}

bool rewriteAll(std::vector<std::string> &paths, const std::vector<Rename> &renames) {
    bool changed = false;
    for (auto &p : paths)
        changed = rewrite(p, renames) || changed;
    return changed;
}

// The field names of a partial filter are its keys outside operators, at
// its top level and inside $and / $or (IndexRules' partialFilterFields).
bool rewriteFilter(nlohmann::ordered_json &filter, const std::vector<Rename> &renames) {
    if (!filter.is_object())
        return false;
    bool changed = false;
    nlohmann::ordered_json out = nlohmann::ordered_json::object();
    for (auto &[key, value] : filter.items()) {
        std::string name = key;
        if ((key == "$and" || key == "$or") && value.is_array()) {
            for (auto &child : value)
                changed = rewriteFilter(child, renames) || changed;
        } else if (!key.empty() && key[0] != '$') {
            changed = rewrite(name, renames) || changed;
        }
        out[name] = std::move(value);
    }
    filter = std::move(out); // its values were moved into `out`, changed or not
    return changed;
}

} // namespace

RenamedPaths pathsAfterRename(const Project &project, const Derived &derived, std::string_view fieldId,
                              std::string_view newName) {
    RenamedPaths result;
    for (const auto &collection : derived.collections) {
        std::vector<Rename> renames;
        collectRenames(collection.shape.fields, std::string(), fieldId, newName, renames);
        if (renames.empty())
            continue;
        auto stored = [&](const std::string &entityId) {
            const CollectionShape *c = collectionOf(derived, entityId);
            return c == &collection;
        };
        for (const auto &pattern : project.accessPatterns) {
            if (!stored(pattern.entityId))
                continue;
            AccessPattern changed = pattern;
            bool any = rewriteAll(changed.equality, renames);
            any = rewriteAll(changed.range, renames) || any;
            any = rewriteAll(changed.fieldsReturned, renames) || any;
            for (auto &key : changed.sort)
                any = rewrite(key.path, renames) || any;
            if (any)
                result.accessPatterns.push_back(std::move(changed));
        }
        for (const auto &index : project.indexes) {
            if (!stored(index.entityId))
                continue;
            IndexSpec changed = index;
            bool any = false;
            for (auto &key : changed.keys)
                any = rewrite(key.path, renames) || any;
            if (!changed.partialFilter.empty()) {
                auto filter = nlohmann::ordered_json::parse(changed.partialFilter, nullptr, false);
                if (!filter.is_discarded() && rewriteFilter(filter, renames)) {
                    changed.partialFilter = filter.dump();
                    any = true;
                }
            }
            if (any)
                result.indexes.push_back(std::move(changed));
        }
    }
    return result;
}

} // namespace docshape::edit
