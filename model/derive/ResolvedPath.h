#pragma once

#include "derive/CollectionShape.h"

#include <optional>
#include <string_view>
#include <vector>

namespace docshape {

// A dotted path resolved against a document shape.
struct ResolvedPath {
    const ShapeNode *node = nullptr;          // the value at the end of the path
    std::vector<const ShapeNode *> arrays;    // arrays crossed, outermost first (node itself included)
    std::vector<std::string_view> arrayPaths; // their dotted paths: prefixes of the path looked up
    double presence = 1;                      // probability the whole path exists
};

// Looks a path up through subdocuments, arrays of subdocuments and variant
// fields; nullopt when the shape has no such path. The result refers to
// `shape` and to the characters of `path`.
std::optional<ResolvedPath> resolvePath(const ObjectShape &shape, std::string_view path);

// resolvePath into `out`, reusing its buffers; false when there is no such path.
bool resolvePathInto(const ObjectShape &shape, std::string_view path, ResolvedPath &out);

// The child of `shape` named `name`, among its fields and then its
// variants' fields; nullptr when there is none.
const ShapeNode *findChild(const ObjectShape &shape, std::string_view name);

// The presence of `node`, a child of `shape`; a variant field's includes
// its variant's share.
double presenceIn(const ObjectShape &shape, const ShapeNode *node);

} // namespace docshape
