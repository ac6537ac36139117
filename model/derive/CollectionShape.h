#pragma once

#include "core/BsonType.h"
#include "util/Boxed.h"
#include "core/Entity.h"
#include "core/Field.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace docshape {

struct ShapeNode;

// The keys of an object, in document order.
using NodeList = std::vector<ShapeNode>;

// One polymorphic variant of an object shape: present when the object's
// discriminator field equals `value`.
struct ShapeVariant {
    std::string value; // the model variant's value
    double share = 0;
    NodeList fields;

    friend bool operator==(const ShapeVariant &, const ShapeVariant &) = default;
};

// The fields of a document or subdocument, in document order. A plain
// value: a copy is a deep copy, valid on its own (but see ShapeNode for what
// a node refers to in the project).
struct ObjectShape {
    NodeList fields;
    std::string discriminator; // name of a string field of `fields`; empty: no variants
    std::vector<ShapeVariant> variants;

    friend bool operator==(const ObjectShape &, const ObjectShape &) = default;
};

enum class NodeOrigin : std::uint8_t {
    Field,             // a field of the model (`field` points at it)
    Id,                // the collection's _id
    Reference,         // an id (or array of ids) added by a reference representation
    EmbeddedEntity,    // an entity embedded by a relationship (`object` is its shape)
    ExtendedReference, // the {_id, copied fields} subdocument of an extended reference
    Subset,            // the array of copied children of a subset
    Bucket,            // bucket bookkeeping or its items array
};

// A key of a derived document shape, with the size parameters of the value
// stored under it. This is the single description that estimation, sample
// generation and validator export read, so they cannot disagree.
//
// The key is owned. What names a part of the model refers to the Project the
// shape was derived from, which must outlive the shape and its copies: the
// `field` pointer, `regexOptions` (the field's), and the `entityId` and
// `relationshipId` views.
struct ShapeNode {
    ShapeNode() = default;
    // A node for a model field with the field's parameters as stated
    // (deriveCollections then applies what the shape implies, e.g. an enum
    // bounding a string's length). Each member is written once.
    explicit ShapeNode(const Field &f)
        : name(f.name), type(f.type), required(f.required), elementType(f.elementType),
          presence(f.required ? 1.0 : f.presence), avgBytes(f.avgBytes),
          maxBytes(f.maxBytes > 0 ? std::optional<std::uint64_t>(f.maxBytes) : std::nullopt), avgCount(f.avgCount),
          maxCount(f.maxCount), countGrowthPerDay(f.countGrowthPerDay), distinctFraction(f.distinctFraction),
          field(&f), nullFraction(f.nullFraction) {}

    std::string name; // the key
    BsonType type = BsonType::String;
    bool required = true;
    bool isDiscriminator = false; // value comes from the variant chosen
    NodeOrigin origin = NodeOrigin::Field;
    BsonType elementType = BsonType::String; // of an array's values
    double presence = 1.0; // probability the key is present

    // Byte-length values (string, binData, regex), or such array elements.
    // No maxBytes: nothing bounds the value (see ValueLengths), so neither
    // the document's size.
    double avgBytes = 0;
    std::optional<std::uint64_t> maxBytes;
    std::string_view regexOptions; // the model field's

    // Arrays.
    double avgCount = 0;
    std::optional<std::uint64_t> maxCount; // nullopt: unbounded
    double countGrowthPerDay = 0;
    double distinctFraction = 1.0;

    // Object, or the element of an array of objects: `node.object->fields`.
    // Held apart because most nodes are scalars and have none; write it
    // with `node.object.edit()`.
    Boxed<ObjectShape> object;

    const Field *field = nullptr; // the model field, for NodeOrigin::Field
    std::string_view entityId;       // the embedded or referenced entity, if any
    std::string_view relationshipId; // the relationship that created the node, if any
    double nullFraction = 0;      // share of present values stored as null

    // Equal keys and parameters, referring to the same model field (views
    // compare by their text).
    friend bool operator==(const ShapeNode &, const ShapeNode &) = default;

    bool isArray() const { return type == BsonType::Array; }
    bool hasObject() const {
        return type == BsonType::Object || (type == BsonType::Array && elementType == BsonType::Object);
    }
};

// The dotted path of `key` inside the value at `prefix` ("items" + "sku":
// "items.sku"); `key` itself at the top, where `prefix` is empty.
inline std::string dottedPath(std::string_view prefix, std::string_view key) {
    std::string out;
    out.reserve(prefix.size() + 1 + key.size());
    if (!prefix.empty())
        out.append(prefix).append(1, '.');
    return out.append(key);
}

enum class CollectionKind { Entity, Junction, Bucket };

// A collection derived from the embedding tree: the root entity, what is
// embedded in it, and its document shape.
struct CollectionShape {
    std::string name;
    CollectionKind kind = CollectionKind::Entity;
    std::string rootEntityId;                 // for Entity; the child for Bucket
    std::string relationshipId;               // for Junction and Bucket
    std::vector<std::string> embeddedEntityIds; // every entity stored inside, root excluded
    double documents = 0;
    double growthPerDay = 0;
    ObjectShape shape; // _id first
    const Entity *root = nullptr; // options (validation, time series); null for Junction
    // Every entity the documents store, embed, copy or reference, once: the
    // root and each node's entityId (views of the project's ids, as
    // ShapeNode::entityId).
    std::vector<std::string_view> namedEntities;

    friend bool operator==(const CollectionShape &, const CollectionShape &) = default;
};

} // namespace docshape
