#include "derive/DeriveCollections.h"

#include "core/DocumentKeys.h"

#include "derive/ValueLengths.h"
#include "util/Grouped.h"
#include "util/IdIndex.h"

#include <algorithm>
#include <cctype>
#include <iterator>
#include <optional>
#include <set>

namespace docshape {

namespace {

// Bytes assumed for a string or binary _id, which the model has no size
// parameter for (a 24-character hex or slug identifier).
constexpr double kByteIdLength = 24;

std::string orDefault(const std::string &value, std::string fallback) {
    return value.empty() ? fallback : value;
}

// The stated key, or else the made-up default.
std::string keyOr(const std::string &stated, std::string_view base, std::string_view suffix = {}) {
    return stated.empty() ? madeUpKey(base, suffix) : stated;
}

void appendFields(const std::vector<Field> &fields, NodeList &out);

// The node of a model field, built in place at the end of `out` (nodes are
// large: they are written where they stay), with its subdocument's keys.
void appendField(const Field &field, NodeList &out) {
    ShapeNode &node = out.emplace_back(field);
    const BsonType valueType = field.type == BsonType::Array ? field.elementType : field.type;
    if (valueType == BsonType::Regex)
        node.regexOptions = field.details->regexOptions;
    if (hasByteLength(valueType)) {
        // The constraints bound the value better than a stated length
        // (ValueLengths), so that a maximum document is also a valid one.
        node.maxBytes = valueLengths(field, valueType).max;
        if (node.maxBytes)
            node.avgBytes = std::min(node.avgBytes, static_cast<double>(*node.maxBytes));
    }
    if (node.hasObject())
        appendFields(field.fields, node.object.edit().fields);
}

void appendFields(const std::vector<Field> &fields, NodeList &out) {
    out.reserve(out.size() + fields.size());
    for (const auto &f : fields)
        appendField(f, out);
}

// Gives a string or binary id value (or array element) the assumed length.
void sizeIdValue(ShapeNode &node, BsonType idType) {
    if (hasByteLength(idType)) {
        node.avgBytes = kByteIdLength;
        node.maxBytes = static_cast<std::uint64_t>(kByteIdLength);
    }
}

// Appends an id key (the _id, or a reference) in place: nodes are large, so
// they are built where they stay rather than moved there.
ShapeNode &appendId(NodeList &fields, std::string name, BsonType type) {
    ShapeNode &node = fields.emplace_back();
    node.name = std::move(name);
    node.type = type;
    sizeIdValue(node, type);
    return node;
}

class Deriver {
public:
    explicit Deriver(const Project &project) : m_project(project) {
        m_entities.reserve(project.entities.size());
        for (std::size_t i = 0; i < project.entities.size(); ++i)
            m_entities.insert(project.entities[i].id, static_cast<std::uint32_t>(i));
        // Relationships by the entity at each end (entities by position),
        // each with the entity at its other end, looked up once here.
        std::vector<std::pair<std::uint32_t, Link>> byParent, byChild;
        byParent.reserve(project.relationships.size());
        byChild.reserve(project.relationships.size());
        m_embedded.assign(project.entities.size(), false);
        for (const auto &r : project.relationships) {
            const int p = m_entities.find(r.parentId);
            const int c = m_entities.find(r.childId);
            if (c >= 0 && embedsChild(r.representation))
                m_embedded[static_cast<std::size_t>(c)] = true;
            if (p < 0 || c < 0) // a dangling end (refused by validation) adds no keys
                continue;
            byParent.emplace_back(static_cast<std::uint32_t>(p), Link{&r, &project.entities[std::size_t(c)]});
            byChild.emplace_back(static_cast<std::uint32_t>(c), Link{&r, &project.entities[std::size_t(p)]});
        }
        m_byParent.build(project.entities.size(), byParent);
        m_byChild.build(project.entities.size(), byChild);
    }

    // The collections; with `previous`, a collection found at the same
    // position there, of the same kind and root or relationship, that names
    // none of `touched` is moved over instead of derived again.
    Derived run(Derived *previous = nullptr, const std::set<std::string_view> *touched = nullptr) const {
        Derived out;
        out.collections.reserve(m_project.entities.size() + m_project.relationships.size());
        const auto reused = [&](CollectionKind kind, std::string_view rootId, std::string_view relationshipId) {
            const std::size_t k = out.collections.size();
            if (!previous || k >= previous->collections.size())
                return false;
            CollectionShape &old = previous->collections[k];
            if (old.kind != kind || old.rootEntityId != rootId || old.relationshipId != relationshipId ||
                namesAny(old, *touched))
                return false;
            out.collections.push_back(std::move(old));
            return true;
        };
        for (std::size_t i = 0; i < m_project.entities.size(); ++i) {
            if (m_embedded[i])
                continue;
            const Entity &root = m_project.entities[i];
            if (!reused(CollectionKind::Entity, root.id, {}))
                rootCollection(root, out.collections.emplace_back(), out.problems);
        }
        for (const auto &r : m_project.relationships) {
            if (r.representation == Representation::Junction) {
                if (!reused(CollectionKind::Junction, {}, r.id))
                    addJunction(r, out);
            } else if (r.representation == Representation::Bucket) {
                if (!reused(CollectionKind::Bucket, r.childId, r.id))
                    addBucket(r, out);
            }
        }
        return out;
    }

private:
    // Lists the entities a new collection names, for namesAny.
    static void noteNamed(CollectionShape &c) {
        std::vector<std::string_view> &named = c.namedEntities;
        const auto note = [&](std::string_view id) {
            if (!id.empty() && std::find(named.begin(), named.end(), id) == named.end())
                named.push_back(id);
        };
        // Views of the project's ids, never of the shape's own strings: a
        // copy of the shape must not point into the original. An embedded
        // entity is the entityId of the node that holds it.
        if (c.root)
            note(c.root->id);
        const auto walk = [&](auto &self, const ObjectShape &shape) -> void {
            const auto nodes = [&](const NodeList &list) {
                for (const ShapeNode &n : list) {
                    note(n.entityId);
                    if (n.hasObject())
                        self(self, *n.object);
                }
            };
            nodes(shape.fields);
            for (const auto &v : shape.variants)
                nodes(v.fields);
        };
        walk(walk, c.shape);
    }

    const Entity *entity(std::string_view id) const {
        const int i = m_entities.find(id);
        return i < 0 ? nullptr : &m_project.entities[static_cast<std::size_t>(i)];
    }

    std::size_t positionOf(const Entity &e) const {
        return static_cast<std::size_t>(&e - m_project.entities.data());
    }

    std::string collectionName(const Entity &e) const {
        return orDefault(e.collectionName, e.name);
    }

    void rootCollection(const Entity &root, CollectionShape &c, std::vector<std::string> &problems) const {
        c.name = collectionName(root);
        c.kind = CollectionKind::Entity;
        c.rootEntityId = root.id;
        c.documents = root.count;
        c.growthPerDay = root.growthPerDay;
        c.root = &root;
        const bool explicitId = std::any_of(root.fields.begin(), root.fields.end(),
                                            [](const Field &f) { return f.name == "_id"; });
        c.shape.fields.reserve(keysOf(root) + 1);
        if (!explicitId)
            appendId(c.shape.fields, "_id", root.idType);
        buildEntityShape(root, c.shape, c.embeddedEntityIds, problems, 0);
        if (explicitId) {
            // _id first, as the server stores it.
            auto it = std::find_if(c.shape.fields.begin(), c.shape.fields.end(),
                                   [](const ShapeNode &n) { return n.name == "_id"; });
            std::rotate(c.shape.fields.begin(), it, it + 1);
        }
        c.shape.fields.front().origin = NodeOrigin::Id;
        noteNamed(c);
    }

    // How many keys the entity's documents get from its own fields and its
    // relationships (an upper bound), so each shape is allocated once.
    std::size_t keysOf(const Entity &e) const {
        const std::size_t i = positionOf(e);
        return e.fields.size() + m_byChild.of(i).size() + m_byParent.of(i).size();
    }

    // The entity's own fields, variants, and everything its relationships
    // add to its documents.
    void buildEntityShape(const Entity &e, ObjectShape &shape, std::vector<std::string> &embedded,
                          std::vector<std::string> &problems, int depth) const {
        if (++depth > 200) { // validateProject refuses cycles; this guards a bypass
            problems.push_back("entity '" + e.name + "': embedding too deep");
            return;
        }
        shape.fields.reserve(shape.fields.size() + keysOf(e));
        appendFields(e.fields, shape.fields);
        if (!e.discriminator.empty() && !e.variants.empty()) {
            shape.discriminator = e.discriminator;
            double avgLen = 0;
            std::uint64_t maxLen = 0;
            shape.variants.reserve(e.variants.size());
            for (const auto &v : e.variants) {
                ShapeVariant &sv = shape.variants.emplace_back();
                sv.value = v.value;
                sv.share = v.share;
                appendFields(v.fields, sv.fields);
                avgLen += v.share * static_cast<double>(v.value.size());
                maxLen = std::max<std::uint64_t>(maxLen, v.value.size());
            }
            for (auto &n : shape.fields) {
                if (n.name == e.discriminator) {
                    n.isDiscriminator = true;
                    n.type = BsonType::String;
                    n.required = true;
                    n.presence = 1;
                    n.avgBytes = avgLen;
                    n.maxBytes = maxLen;
                }
            }
        }
        const std::size_t i = positionOf(e);
        for (const Link &l : m_byChild.of(i))
            addChildSide(*l.relationship, l.other, shape);
        for (const Link &l : m_byParent.of(i))
            addParentSide(*l.relationship, l.other, shape, embedded, problems, depth);
    }

    // Keys a relationship adds to the child's documents.
    void addChildSide(const Relationship &r, const Entity *parent, ObjectShape &shape) const {
        switch (r.representation) {
        case Representation::ReferenceFromChild:
        case Representation::Subset: {
            ShapeNode &n = appendId(shape.fields, *childSideKey(r, *parent), parent->idType);
            n.origin = NodeOrigin::Reference;
            n.required = r.parentRequired;
            n.entityId = parent->id;
            n.relationshipId = r.id;
            break;
        }
        case Representation::TwoWay: {
            if (r.cardinality == Cardinality::ManyToMany) {
                ShapeNode &n = appendId(shape.fields, *childSideKey(r, *parent), BsonType::Array);
                n.elementType = parent->idType;
                sizeIdValue(n, parent->idType);
                const Entity *child = entity(r.childId);
                const double children = child ? child->count : 0;
                n.avgCount = children > 0 ? parent->count * r.avgChildren / children : 0;
                n.maxCount = std::nullopt; // nothing bounds how many parents a child has
                n.origin = NodeOrigin::Reference;
                n.entityId = parent->id;
                n.relationshipId = r.id;
            } else {
                ShapeNode &n = appendId(shape.fields, *childSideKey(r, *parent), parent->idType);
                n.required = r.parentRequired;
                n.origin = NodeOrigin::Reference;
                n.entityId = parent->id;
                n.relationshipId = r.id;
            }
            break;
        }
        default:
            break;
        }
    }

    ShapeNode &appendChildArray(NodeList &fields, const Relationship &r, std::string name,
                                BsonType elementType) const {
        ShapeNode &n = fields.emplace_back();
        n.name = std::move(name);
        n.type = BsonType::Array;
        n.elementType = elementType;
        n.avgCount = r.avgChildren;
        n.maxCount = r.maxChildren;
        n.countGrowthPerDay = r.growthPerParentPerDay;
        n.relationshipId = r.id;
        n.entityId = r.childId;
        return n;
    }

    // Keys a relationship adds to the parent's documents.
    void addParentSide(const Relationship &r, const Entity *child, ObjectShape &shape,
                       std::vector<std::string> &embedded, std::vector<std::string> &problems, int depth) const {
        switch (r.representation) {
        case Representation::EmbedOne: {
            ShapeNode &n = shape.fields.emplace_back();
            n.name = *parentSideKey(r, *child);
            n.type = BsonType::Object;
            // Absent from the parents without a child too: avgChildren of
            // them (a model with no count states none) and at most the
            // stated presence.
            n.presence = std::clamp(r.avgChildren, 0.0, 1.0);
            if (n.presence <= 0)
                n.presence = 1;
            n.presence = std::min(n.presence, r.presence);
            n.required = n.presence >= 1.0;
            n.origin = NodeOrigin::EmbeddedEntity;
            n.entityId = child->id;
            n.relationshipId = r.id;
            embedded.push_back(child->id);
            buildEntityShape(*child, n.object.edit(), embedded, problems, depth);
            break;
        }
        case Representation::EmbedArray: {
            ShapeNode &n = appendChildArray(shape.fields, r, *parentSideKey(r, *child), BsonType::Object);
            // avgChildren and the growth are over every parent; the array,
            // where it is, holds them all.
            if (r.presence > 0 && r.presence < 1) {
                n.presence = r.presence;
                n.required = false;
                n.avgCount = r.avgChildren / r.presence;
                if (n.maxCount)
                    n.avgCount = std::min(n.avgCount, static_cast<double>(*n.maxCount));
                n.countGrowthPerDay = r.growthPerParentPerDay / r.presence;
            }
            n.origin = NodeOrigin::EmbeddedEntity;
            embedded.push_back(child->id);
            buildEntityShape(*child, n.object.edit(), embedded, problems, depth);
            break;
        }
        case Representation::ReferenceArrayInParent:
        case Representation::TwoWay: {
            ShapeNode &n = appendChildArray(shape.fields, r, *parentSideKey(r, *child), child->idType);
            sizeIdValue(n, child->idType);
            n.origin = NodeOrigin::Reference;
            break;
        }
        case Representation::Subset: {
            ShapeNode &n = appendChildArray(shape.fields, r, *parentSideKey(r, *child), BsonType::Object);
            n.avgCount = std::min(r.avgChildren, static_cast<double>(r.subsetCount));
            n.maxCount = r.subsetCount;
            n.countGrowthPerDay = 0; // the subset stays at its size
            n.origin = NodeOrigin::Subset;
            appendCopies(*child, r, n.object.edit());
            break;
        }
        case Representation::ExtendedReference: {
            ShapeNode *n = nullptr;
            if (r.cardinality == Cardinality::OneToOne) {
                n = &shape.fields.emplace_back();
                n->name = *parentSideKey(r, *child);
                n->type = BsonType::Object;
                n->required = r.parentRequired;
            } else {
                n = &appendChildArray(shape.fields, r, *parentSideKey(r, *child), BsonType::Object);
            }
            n->origin = NodeOrigin::ExtendedReference;
            n->entityId = child->id;
            n->relationshipId = r.id;
            appendCopies(*child, r, n->object.edit());
            break;
        }
        default:
            break;
        }
    }

    // An _id and the child's fields named by copiedFieldIds (all of its own
    // fields when the list is empty).
    void appendCopies(const Entity &child, const Relationship &r, ObjectShape &shape) const {
        shape.fields.reserve(1 + (r.copiedFieldIds.empty() ? child.fields.size() : r.copiedFieldIds.size()));
        appendId(shape.fields, "_id", child.idType);
        for (const auto &f : child.fields) {
            if (f.name == "_id")
                continue;
            if (r.copiedFieldIds.empty() ||
                std::find(r.copiedFieldIds.begin(), r.copiedFieldIds.end(), f.id) != r.copiedFieldIds.end())
                appendField(f, shape.fields);
        }
    }

    void addJunction(const Relationship &r, Derived &out) const {
        const Entity *parent = entity(r.parentId);
        const Entity *child = entity(r.childId);
        if (!parent || !child)
            return;
        CollectionShape &c = out.collections.emplace_back();
        c.name = orDefault(r.junctionName, collectionName(*parent) + "_" + collectionName(*child));
        c.kind = CollectionKind::Junction;
        c.relationshipId = r.id;
        c.documents = parent->count * r.avgChildren;
        c.growthPerDay = parent->growthPerDay * r.avgChildren + parent->count * r.growthPerParentPerDay;
        c.shape.fields.reserve(3);
        appendId(c.shape.fields, "_id", BsonType::ObjectId).origin = NodeOrigin::Id;
        ShapeNode &p = appendId(c.shape.fields, keyOr(r.fieldName, parent->name, "Id"),
                                parent->idType);
        p.origin = NodeOrigin::Reference;
        p.entityId = parent->id;
        p.relationshipId = r.id;
        ShapeNode &ch = appendId(c.shape.fields, keyOr(r.backFieldName, child->name, "Id"),
                                 child->idType);
        ch.origin = NodeOrigin::Reference;
        ch.entityId = child->id;
        ch.relationshipId = r.id;
        noteNamed(c);
    }

    void addBucket(const Relationship &r, Derived &out) const {
        const Entity *parent = entity(r.parentId);
        const Entity *child = entity(r.childId);
        if (!parent || !child)
            return;
        const double size = r.bucketSize > 0 ? static_cast<double>(r.bucketSize) : 1.0;
        CollectionShape &c = out.collections.emplace_back();
        c.name = orDefault(r.junctionName, collectionName(*child) + "_buckets");
        c.kind = CollectionKind::Bucket;
        c.rootEntityId = child->id;
        c.relationshipId = r.id;
        c.root = child;
        c.documents = child->count / size;
        c.growthPerDay = child->growthPerDay / size;
        c.embeddedEntityIds.push_back(child->id);
        c.shape.fields.reserve(5);
        appendId(c.shape.fields, "_id", BsonType::ObjectId).origin = NodeOrigin::Id;
        ShapeNode &p = appendId(c.shape.fields, keyOr(r.backFieldName, parent->name, "Id"),
                                parent->idType);
        p.origin = NodeOrigin::Reference;
        p.entityId = parent->id;
        p.relationshipId = r.id;
        ShapeNode &start = c.shape.fields.emplace_back();
        start.name = "bucketStart";
        start.type = BsonType::Date;
        start.origin = NodeOrigin::Bucket;
        ShapeNode &count = c.shape.fields.emplace_back();
        count.name = "count";
        count.type = BsonType::Int;
        count.origin = NodeOrigin::Bucket;
        ShapeNode &items = c.shape.fields.emplace_back();
        items.name = r.fieldName.empty() ? std::string("items") : r.fieldName;
        items.type = BsonType::Array;
        items.elementType = BsonType::Object;
        items.avgCount = size; // buckets are counted full; the open one is the exception
        items.maxCount = static_cast<std::uint64_t>(size);
        items.origin = NodeOrigin::Bucket;
        items.entityId = child->id;
        items.relationshipId = r.id;
        buildEntityShape(*child, items.object.edit(), c.embeddedEntityIds, out.problems, 0);
        noteNamed(c);
    }

    // A relationship seen from one end, with the entity at the other.
    struct Link {
        const Relationship *relationship = nullptr;
        const Entity *other = nullptr;
    };

    const Project &m_project;
    IdIndex m_entities; // id -> position
    std::vector<bool> m_embedded;                                 // by position
    Grouped<Link> m_byParent; // by entity position
    Grouped<Link> m_byChild;
};

} // namespace

Derived deriveCollections(const Project &project) { return Deriver(project).run(); }

Derived rederive(const Project &project, Derived &previous, const std::set<std::string_view> &touched) {
    // Problems are kept in one list, not by collection: with any, derive all.
    if (!previous.problems.empty())
        return deriveCollections(project);
    return Deriver(project).run(&previous, &touched);
}

bool namesAny(const CollectionShape &c, const std::set<std::string_view> &entities) {
    if (entities.empty())
        return false;
    for (const std::string_view id : c.namedEntities)
        if (entities.count(id))
            return true;
    return false;
}

const CollectionShape *collectionOf(const Derived &derived, std::string_view entityId) {
    for (const auto &c : derived.collections) {
        if (c.kind == CollectionKind::Entity && c.rootEntityId == entityId)
            return &c;
    }
    for (const auto &c : derived.collections) {
        if (std::find(c.embeddedEntityIds.begin(), c.embeddedEntityIds.end(), entityId) !=
            c.embeddedEntityIds.end())
            return &c;
    }
    return nullptr;
}

} // namespace docshape
