#pragma once

#include "core/BsonType.h"
#include "derive/CollectionShape.h"

#include <map>
#include <string>
#include <vector>

namespace docshape {

// Where a key of a derived document sits: its names from the document root
// and, for each name but the last, whether the value there is an array of
// subdocuments (the path continues into every element) or one subdocument.
struct NodePlace {
    std::string key;                // what matches it across versions, see ShapeMap
    std::string parentKey;          // the key of the enclosing subdocument or array; empty at the top
    std::vector<std::string> names; // "items", "sku"
    std::vector<bool> arrays;       // names.size() - 1 flags
    const ShapeNode *node = nullptr;
    bool optional = false; // not required here, or under an optional parent or in a variant

    std::string path() const; // dotted: "items.sku"
    bool crossesArray() const;
};

// The keys of one derived collection, matched across two versions of a
// model by what made them, never by name:
//   "f:<field id>"           a model field
//   "_id"                    the document's _id
//   "r:<rel>:<role>"         what relationship <rel> adds ("embed", "subset",
//                            "extref", "ref:<entity id>" for a reference to it)
//   "<container key>/..."    keys inside a subset or extended-reference copy
// Keys are unique within a collection.
class ShapeMap {
public:
    explicit ShapeMap(const CollectionShape &collection);

    const NodePlace *find(const std::string &key) const;
    const std::vector<NodePlace> &places() const { return m_places; } // document order, parents first

private:
    void walk(const ObjectShape &shape, const NodePlace *parent, const std::string &keyPrefix, bool optional);

    std::vector<NodePlace> m_places;
    std::map<std::string, std::size_t> m_byKey;
};

} // namespace docshape
