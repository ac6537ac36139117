#pragma once

#include "derive/CollectionShape.h"

namespace docshape {

// The keys of a map node (a model field with FieldDetails::map), or null for
// any other node. A map node is an object whose `object->fields` holds one
// node, the value under every key (mapValueOf).
inline const MapKeys *mapKeysOf(const ShapeNode &node) {
    if (node.type != BsonType::Object || node.origin != NodeOrigin::Field || !node.field)
        return nullptr;
    const auto &map = node.field->details->map;
    return map ? &*map : nullptr;
}

// The value node of a map node; null when the node is no map or the model
// gave it no value (validateProject refuses that).
inline const ShapeNode *mapValueOf(const ShapeNode &node) {
    if (!mapKeysOf(node) || node.object->fields.size() != 1)
        return nullptr;
    return &node.object->fields.front();
}

} // namespace docshape
