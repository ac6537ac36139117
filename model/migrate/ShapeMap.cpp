#include "migrate/ShapeMap.h"

#include <algorithm>

namespace docshape {

std::string NodePlace::path() const {
    std::string out;
    for (const auto &n : names) {
        if (!out.empty())
            out += '.';
        out += n;
    }
    return out;
}

bool NodePlace::crossesArray() const { return std::find(arrays.begin(), arrays.end(), true) != arrays.end(); }

namespace {
std::string keyOf(const ShapeNode &n) {
    if (n.origin == NodeOrigin::Field && n.field)
        return "f:" + n.field->id;
    if (n.origin == NodeOrigin::Id)
        return "_id";
    const std::string rel = "r:" + std::string(n.relationshipId) + ":";
    switch (n.origin) {
    case NodeOrigin::EmbeddedEntity:
        return rel + "embed";
    case NodeOrigin::Subset:
        return rel + "subset";
    case NodeOrigin::ExtendedReference:
        return rel + "extref";
    case NodeOrigin::Reference:
        return rel + "ref:" + std::string(n.entityId);
    default:
        return "k:" + std::string(n.name);
    }
}
} // namespace

ShapeMap::ShapeMap(const CollectionShape &collection) { walk(collection.shape, nullptr, {}, false); }

void ShapeMap::walk(const ObjectShape &shape, const NodePlace *parent, const std::string &keyPrefix, bool optional) {
    auto visit = [&](const NodeList &fields, bool inVariant) {
        for (const ShapeNode &n : fields) {
            NodePlace place;
            const std::string own = keyOf(n);
            // Keys inside a copy repeat the copied entity's: qualify them by
            // the copy; _id and made-up keys below the top by their parent.
            if (!keyPrefix.empty())
                place.key = keyPrefix + own;
            else if (parent && (own == "_id" || own.rfind("k:", 0) == 0))
                place.key = parent->key + "/" + own;
            else
                place.key = own;
            if (parent) {
                place.parentKey = parent->key;
                place.names = parent->names;
                place.arrays = parent->arrays;
                place.arrays.push_back(parent->node->isArray());
            }
            place.names.emplace_back(n.name);
            place.node = &n;
            place.optional = optional || inVariant || !n.required;
            if (m_byKey.contains(place.key))
                continue; // a variant field repeated in another variant: the first stands for it
            m_byKey.emplace(place.key, m_places.size());
            m_places.push_back(std::move(place));
            const std::size_t self = m_places.size() - 1;
            if (n.hasObject() && n.object.isSet()) {
                const bool copy = n.origin == NodeOrigin::Subset || n.origin == NodeOrigin::ExtendedReference;
                const NodePlace here = m_places[self];
                walk(*n.object, &here, copy ? here.key + "/" : keyPrefix, here.optional);
            }
        }
    };
    visit(shape.fields, false);
    for (const auto &v : shape.variants)
        visit(v.fields, true);
}

const NodePlace *ShapeMap::find(const std::string &key) const {
    auto it = m_byKey.find(key);
    return it == m_byKey.end() ? nullptr : &m_places[it->second];
}

} // namespace docshape
