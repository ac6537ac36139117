#include "derive/ResolvedPath.h"

namespace docshape {

const ShapeNode *findChild(const ObjectShape &shape, std::string_view name) {
    for (const auto &n : shape.fields)
        if (n.name == name)
            return &n;
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            if (n.name == name)
                return &n;
    return nullptr;
}

double presenceIn(const ObjectShape &shape, const ShapeNode *node) {
    for (const auto &v : shape.variants)
        for (const auto &n : v.fields)
            if (&n == node)
                return v.share * n.presence;
    return node->presence;
}

bool resolvePathInto(const ObjectShape &shape, std::string_view path, ResolvedPath &out) {
    out.node = nullptr;
    out.arrays.clear();
    out.arrayPaths.clear();
    out.presence = 1;
    const ObjectShape *current = &shape;
    std::size_t start = 0;
    while (true) {
        const std::size_t dot = path.find('.', start);
        const std::size_t end = dot == std::string_view::npos ? path.size() : dot;
        const std::string_view segment = path.substr(start, end - start);
        if (segment.empty() || !current)
            return false;
        const ShapeNode *node = findChild(*current, segment);
        if (!node)
            return false;
        out.presence *= presenceIn(*current, node);
        if (node->type == BsonType::Array) {
            out.arrays.push_back(node);
            out.arrayPaths.push_back(path.substr(0, end));
        }
        if (dot == std::string_view::npos) {
            out.node = node;
            return true;
        }
        current = node->hasObject() ? &*node->object : nullptr;
        start = dot + 1;
    }
}

std::optional<ResolvedPath> resolvePath(const ObjectShape &shape, std::string_view path) {
    ResolvedPath out;
    if (!resolvePathInto(shape, path, out))
        return std::nullopt;
    return out;
}

} // namespace docshape
