#pragma once

#include "core/Arena.h"
#include "core/BsonType.h"
#include "core/Boxed.h"
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

// The keys of an object. A derivation allocates its lists from its own
// arenas (see Derived); any other list, and every copy, from the heap.
using NodeList = ArenaVector<ShapeNode>;
using ShapeMemory = NodeList::allocator_type;

// One polymorphic variant of an object shape: present when the object's
// discriminator field equals `value`.
struct ShapeVariant {
    std::string_view value; // the model variant's value
    double share = 0;
    NodeList fields;
};

// The fields of a document or subdocument, in document order.
struct ObjectShape {
    ObjectShape() = default;
    explicit ObjectShape(const ShapeMemory &memory) : fields(memory), variants(memory) {}

    NodeList fields;
    std::string_view discriminator; // name of a string field of `fields`; empty: no variants
    ArenaVector<ShapeVariant> variants;
};

// The object shape of a node, held apart because most nodes are scalars and
// have none: reading a node without one gives an empty shape, writing one
// creates it on the heap, and emplace(memory) creates it in the memory's
// arena (as a derivation does, beside the node lists). Copies are deep, and
// on the heap, but their made-up keys still point into the derivation's
// arenas: a copy is valid only while its Derived lives.
class ObjectBox {
public:
    ObjectBox() = default;
    ObjectBox(const ObjectBox &other) : m_value(other.m_value ? new ObjectShape(*other.m_value) : nullptr) {}
    ObjectBox(ObjectBox &&other) noexcept
        : m_value(std::exchange(other.m_value, nullptr)), m_inArena(std::exchange(other.m_inArena, false)) {}
    ObjectBox &operator=(const ObjectBox &other) {
        if (this != &other) {
            ObjectBox copy(other);
            swap(copy);
        }
        return *this;
    }
    ObjectBox &operator=(ObjectBox &&other) noexcept {
        ObjectBox taken(std::move(other));
        swap(taken);
        return *this;
    }
    ~ObjectBox() {
        if (m_inArena)
            m_value->~ObjectShape(); // its memory goes with the arena
        else
            delete m_value;
    }

    const ObjectShape &operator*() const { return m_value ? *m_value : empty(); }
    const ObjectShape *operator->() const { return &**this; }
    ObjectShape &operator*() {
        if (!m_value)
            m_value = new ObjectShape;
        return *m_value;
    }
    ObjectShape *operator->() { return &**this; }

    // Sets the value to an empty shape whose lists come from `memory`, and
    // the shape itself too when `memory` has an arena.
    ObjectShape &emplace(const ShapeMemory &memory) {
        ObjectBox made;
        if (Arena *arena = memory.arena()) {
            made.m_value = new (arena->allocate(sizeof(ObjectShape), alignof(ObjectShape))) ObjectShape(memory);
            made.m_inArena = true;
        } else {
            made.m_value = new ObjectShape(memory);
        }
        swap(made);
        return *m_value;
    }

    // Whether a value was ever written (it may still be empty).
    bool isSet() const { return m_value != nullptr; }

private:
    void swap(ObjectBox &other) noexcept {
        std::swap(m_value, other.m_value);
        std::swap(m_inArena, other.m_inArena);
    }
    static const ObjectShape &empty() {
        static const ObjectShape none;
        return none;
    }

    ObjectShape *m_value = nullptr;
    bool m_inArena = false;
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
// The string_view members point into the Project the shape was derived from
// (ids, a field's regex options, variant values, keys of model fields), which
// must outlive it, or, for keys the derivation makes up ("_id",
// "customerId"), into the derivation's arenas (Derived::memory).
struct ShapeNode {
    ShapeNode() = default;
    // A node for a model field with the field's parameters as stated
    // (deriveCollections then applies what the shape implies, e.g. an enum
    // bounding a string's length). Each member is written once.
    explicit ShapeNode(const Field &f)
        : name(f.name), type(f.type), required(f.required), elementType(f.elementType),
          presence(f.required ? 1.0 : f.presence), avgBytes(f.avgBytes), maxBytes(f.maxBytes), avgCount(f.avgCount),
          maxCount(f.maxCount), countGrowthPerDay(f.countGrowthPerDay), distinctFraction(f.distinctFraction),
          field(&f), nullFraction(f.nullFraction) {}

    std::string_view name; // the key
    BsonType type = BsonType::String;
    bool required = true;
    bool isDiscriminator = false; // value comes from the variant chosen
    NodeOrigin origin = NodeOrigin::Field;
    BsonType elementType = BsonType::String; // of an array's values
    double presence = 1.0; // probability the key is present

    // Byte-length values (string, binData, regex), or such array elements.
    double avgBytes = 0;
    std::uint64_t maxBytes = 0;
    std::string_view regexOptions; // the model field's

    // Arrays.
    double avgCount = 0;
    std::optional<std::uint64_t> maxCount; // nullopt: unbounded
    double countGrowthPerDay = 0;
    double distinctFraction = 1.0;

    // Object, or the element of an array of objects: `node.object->fields`.
    ObjectBox object;

    const Field *field = nullptr; // the model field, for NodeOrigin::Field
    std::string_view entityId;       // the embedded or referenced entity, if any
    std::string_view relationshipId; // the relationship that created the node, if any
    double nullFraction = 0;      // share of present values stored as null

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
};

} // namespace docshape
