#include "derive/DeriveCollections.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace docshape {

namespace {

// Bytes assumed for a string or binary _id, which the model has no size
// parameter for (a 24-character hex or slug identifier).
constexpr double kByteIdLength = 24;

std::string lowerFirst(std::string_view name) {
    std::string out(name);
    if (!out.empty())
        out[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(out[0])));
    return out;
}

std::string orDefault(const std::string &value, std::string fallback) {
    return value.empty() ? fallback : value;
}

void fillFromField(ShapeNode &node, const Field &field);

void appendFields(const std::vector<Field> &fields, std::vector<ShapeNode> &out) {
    out.reserve(out.size() + fields.size());
    for (const auto &f : fields)
        fillFromField(out.emplace_back(), f); // built in place: nodes are large
}

void fillFromField(ShapeNode &node, const Field &field) {
    node.name = field.name;
    node.type = field.type;
    node.required = field.required;
    node.presence = field.required ? 1.0 : field.presence;
    node.avgBytes = field.avgBytes;
    node.maxBytes = field.maxBytes;
    node.regexOptions = field.regexOptions;
    node.elementType = field.elementType;
    node.avgCount = field.avgCount;
    node.maxCount = field.maxCount;
    node.countGrowthPerDay = field.countGrowthPerDay;
    node.distinctFraction = field.distinctFraction;
    node.nullFraction = field.nullFraction;
    node.origin = NodeOrigin::Field;
    node.field = &field;
    const BsonType valueType = field.type == BsonType::Array ? field.elementType : field.type;
    if (valueType == BsonType::String && !field.enumValues.empty()) {
        // An enum bounds the value better than a stated length: the longest
        // value is the maximum, so a maximum document is also a valid one.
        std::uint64_t longest = 0;
        for (const auto &v : field.enumValues)
            longest = std::max<std::uint64_t>(longest, v.size());
        node.maxBytes = longest;
        node.avgBytes = std::min(node.avgBytes, static_cast<double>(longest));
    }
    if (node.hasObject())
        appendFields(field.fields, node.object.fields);
}

ShapeNode nodeFromField(const Field &field) {
    ShapeNode node;
    fillFromField(node, field);
    return node;
}

// Gives a string or binary id value (or array element) the assumed length.
void sizeIdValue(ShapeNode &node, BsonType idType) {
    if (hasByteLength(idType)) {
        node.avgBytes = kByteIdLength;
        node.maxBytes = static_cast<std::uint64_t>(kByteIdLength);
    }
}

ShapeNode idNode(std::string name, BsonType type) {
    ShapeNode node;
    node.name = std::move(name);
    node.type = type;
    sizeIdValue(node, type);
    return node;
}

class Deriver {
public:
    explicit Deriver(const Project &project) : m_project(project) {
        for (const auto &e : project.entities)
            m_entities.emplace(e.id, &e);
        for (const auto &r : project.relationships) {
            m_byParent[r.parentId].push_back(&r);
            m_byChild[r.childId].push_back(&r);
        }
    }

    Derived run() {
        Derived out;
        out.collections.reserve(m_project.entities.size() + m_project.relationships.size());
        for (const auto &entity : m_project.entities) {
            if (isEmbedded(entity.id))
                continue;
            out.collections.push_back(rootCollection(entity, out));
        }
        for (const auto &r : m_project.relationships) {
            if (r.representation == Representation::Junction)
                addJunction(r, out);
            else if (r.representation == Representation::Bucket)
                addBucket(r, out);
        }
        return out;
    }

private:
    const Entity *entity(std::string_view id) const {
        auto it = m_entities.find(std::string(id));
        return it == m_entities.end() ? nullptr : it->second;
    }

    bool isEmbedded(const std::string &entityId) const {
        auto it = m_byChild.find(entityId);
        if (it == m_byChild.end())
            return false;
        return std::any_of(it->second.begin(), it->second.end(),
                           [](const Relationship *r) { return embedsChild(r->representation); });
    }

    std::string collectionName(const Entity &e) const {
        return orDefault(e.collectionName, e.name);
    }

    CollectionShape rootCollection(const Entity &root, Derived &out) {
        CollectionShape c;
        c.name = collectionName(root);
        c.kind = CollectionKind::Entity;
        c.rootEntityId = root.id;
        c.documents = root.count;
        c.growthPerDay = root.growthPerDay;
        c.root = &root;
        const bool explicitId = std::any_of(root.fields.begin(), root.fields.end(),
                                            [](const Field &f) { return f.name == "_id"; });
        if (!explicitId)
            c.shape.fields.push_back(idNode("_id", root.idType));
        m_depth = 0;
        buildEntityShape(root, c.shape, c.embeddedEntityIds, out);
        if (explicitId) {
            // _id first, as the server stores it.
            auto it = std::find_if(c.shape.fields.begin(), c.shape.fields.end(),
                                   [](const ShapeNode &n) { return n.name == "_id"; });
            std::rotate(c.shape.fields.begin(), it, it + 1);
            c.shape.fields.front().origin = NodeOrigin::Id;
        } else {
            c.shape.fields.front().origin = NodeOrigin::Id;
        }
        return c;
    }

    // The entity's own fields, variants, and everything its relationships
    // add to its documents.
    void buildEntityShape(const Entity &e, ObjectShape &shape, std::vector<std::string> &embedded,
                          Derived &out) {
        if (++m_depth > 200) { // validateProject refuses cycles; this guards a bypass
            out.problems.push_back("entity '" + e.name + "': embedding too deep");
            --m_depth;
            return;
        }
        appendFields(e.fields, shape.fields);
        if (!e.discriminator.empty() && !e.variants.empty()) {
            shape.discriminator = e.discriminator;
            double avgLen = 0;
            std::uint64_t maxLen = 0;
            for (const auto &v : e.variants) {
                ShapeVariant sv;
                sv.value = v.value;
                sv.share = v.share;
                appendFields(v.fields, sv.fields);
                shape.variants.push_back(std::move(sv));
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
        if (auto it = m_byChild.find(e.id); it != m_byChild.end())
            for (const Relationship *r : it->second)
                addChildSide(*r, shape);
        if (auto it = m_byParent.find(e.id); it != m_byParent.end())
            for (const Relationship *r : it->second)
                addParentSide(*r, shape, embedded, out);
        --m_depth;
    }

    // Keys a relationship adds to the child's documents.
    void addChildSide(const Relationship &r, ObjectShape &shape) {
        const Entity *parent = entity(r.parentId);
        if (!parent)
            return;
        switch (r.representation) {
        case Representation::ReferenceFromChild: {
            ShapeNode n = idNode(orDefault(r.fieldName, lowerFirst(parent->name) + "Id"), parent->idType);
            n.origin = NodeOrigin::Reference;
            n.required = r.parentRequired;
            n.entityId = parent->id;
            n.relationshipId = r.id;
            shape.fields.push_back(std::move(n));
            break;
        }
        case Representation::Subset: {
            ShapeNode n = idNode(orDefault(r.backFieldName, lowerFirst(parent->name) + "Id"), parent->idType);
            n.origin = NodeOrigin::Reference;
            n.required = r.parentRequired;
            n.entityId = parent->id;
            n.relationshipId = r.id;
            shape.fields.push_back(std::move(n));
            break;
        }
        case Representation::TwoWay: {
            const std::string base = lowerFirst(parent->name);
            ShapeNode n;
            if (r.cardinality == Cardinality::ManyToMany) {
                n = idNode(orDefault(r.backFieldName, base + "Ids"), BsonType::Array);
                n.elementType = parent->idType;
                sizeIdValue(n, parent->idType);
                const Entity *child = entity(r.childId);
                const double children = child ? child->count : 0;
                n.avgCount = children > 0 ? parent->count * r.avgChildren / children : 0;
                n.maxCount = std::nullopt; // nothing bounds how many parents a child has
            } else {
                n = idNode(orDefault(r.backFieldName, base + "Id"), parent->idType);
                n.required = r.parentRequired;
            }
            n.origin = NodeOrigin::Reference;
            n.entityId = parent->id;
            n.relationshipId = r.id;
            shape.fields.push_back(std::move(n));
            break;
        }
        default:
            break;
        }
    }

    ShapeNode childArray(const Relationship &r, std::string name, BsonType elementType) {
        ShapeNode n;
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
    void addParentSide(const Relationship &r, ObjectShape &shape, std::vector<std::string> &embedded,
                       Derived &out) {
        const Entity *child = entity(r.childId);
        if (!child)
            return;
        const std::string base = lowerFirst(child->name);
        switch (r.representation) {
        case Representation::EmbedOne: {
            ShapeNode n;
            n.name = orDefault(r.fieldName, base);
            n.type = BsonType::Object;
            n.presence = std::clamp(r.avgChildren, 0.0, 1.0);
            n.required = n.presence >= 1.0;
            if (n.presence <= 0)
                n.presence = 1, n.required = true;
            n.origin = NodeOrigin::EmbeddedEntity;
            n.entityId = child->id;
            n.relationshipId = r.id;
            embedded.push_back(child->id);
            buildEntityShape(*child, n.object, embedded, out);
            shape.fields.push_back(std::move(n));
            break;
        }
        case Representation::EmbedArray: {
            ShapeNode n = childArray(r, orDefault(r.fieldName, base + "s"), BsonType::Object);
            n.origin = NodeOrigin::EmbeddedEntity;
            embedded.push_back(child->id);
            buildEntityShape(*child, n.object, embedded, out);
            shape.fields.push_back(std::move(n));
            break;
        }
        case Representation::ReferenceArrayInParent:
        case Representation::TwoWay: {
            ShapeNode n = childArray(r, orDefault(r.fieldName, base + "Ids"), child->idType);
            sizeIdValue(n, child->idType);
            n.origin = NodeOrigin::Reference;
            shape.fields.push_back(std::move(n));
            break;
        }
        case Representation::Subset: {
            ShapeNode n = childArray(r, orDefault(r.fieldName, "recent" + child->name + "s"),
                                     BsonType::Object);
            n.avgCount = std::min(r.avgChildren, static_cast<double>(r.subsetCount));
            n.maxCount = r.subsetCount;
            n.countGrowthPerDay = 0; // the subset stays at its size
            n.origin = NodeOrigin::Subset;
            n.object.fields.push_back(idNode("_id", child->idType));
            appendCopies(*child, r, n.object);
            shape.fields.push_back(std::move(n));
            break;
        }
        case Representation::ExtendedReference: {
            ShapeNode n;
            if (r.cardinality == Cardinality::OneToOne) {
                n.name = orDefault(r.fieldName, base);
                n.type = BsonType::Object;
                n.required = r.parentRequired;
            } else {
                n = childArray(r, orDefault(r.fieldName, base + "s"), BsonType::Object);
            }
            n.origin = NodeOrigin::ExtendedReference;
            n.entityId = child->id;
            n.relationshipId = r.id;
            n.object.fields.push_back(idNode("_id", child->idType));
            appendCopies(*child, r, n.object);
            shape.fields.push_back(std::move(n));
            break;
        }
        default:
            break;
        }
    }

    // The child's fields named by copiedFieldIds (all of its own fields when
    // the list is empty).
    void appendCopies(const Entity &child, const Relationship &r, ObjectShape &shape) {
        for (const auto &f : child.fields) {
            if (f.name == "_id")
                continue;
            if (r.copiedFieldIds.empty() ||
                std::find(r.copiedFieldIds.begin(), r.copiedFieldIds.end(), f.id) != r.copiedFieldIds.end())
                shape.fields.push_back(nodeFromField(f));
        }
    }

    void addJunction(const Relationship &r, Derived &out) {
        const Entity *parent = entity(r.parentId);
        const Entity *child = entity(r.childId);
        if (!parent || !child)
            return;
        CollectionShape c;
        c.name = orDefault(r.junctionName, collectionName(*parent) + "_" + collectionName(*child));
        c.kind = CollectionKind::Junction;
        c.relationshipId = r.id;
        c.documents = parent->count * r.avgChildren;
        c.growthPerDay = parent->growthPerDay * r.avgChildren + parent->count * r.growthPerParentPerDay;
        ShapeNode id = idNode("_id", BsonType::ObjectId);
        id.origin = NodeOrigin::Id;
        c.shape.fields.push_back(std::move(id));
        ShapeNode p = idNode(orDefault(r.fieldName, lowerFirst(parent->name) + "Id"), parent->idType);
        p.origin = NodeOrigin::Reference;
        p.entityId = parent->id;
        p.relationshipId = r.id;
        c.shape.fields.push_back(std::move(p));
        ShapeNode ch = idNode(orDefault(r.backFieldName, lowerFirst(child->name) + "Id"), child->idType);
        ch.origin = NodeOrigin::Reference;
        ch.entityId = child->id;
        ch.relationshipId = r.id;
        c.shape.fields.push_back(std::move(ch));
        out.collections.push_back(std::move(c));
    }

    void addBucket(const Relationship &r, Derived &out) {
        const Entity *parent = entity(r.parentId);
        const Entity *child = entity(r.childId);
        if (!parent || !child)
            return;
        const double size = r.bucketSize > 0 ? static_cast<double>(r.bucketSize) : 1.0;
        CollectionShape c;
        c.name = orDefault(r.junctionName, collectionName(*child) + "_buckets");
        c.kind = CollectionKind::Bucket;
        c.rootEntityId = child->id;
        c.relationshipId = r.id;
        c.root = child;
        c.documents = child->count / size;
        c.growthPerDay = child->growthPerDay / size;
        c.embeddedEntityIds.push_back(child->id);
        ShapeNode id = idNode("_id", BsonType::ObjectId);
        id.origin = NodeOrigin::Id;
        c.shape.fields.push_back(std::move(id));
        ShapeNode p = idNode(orDefault(r.backFieldName, lowerFirst(parent->name) + "Id"), parent->idType);
        p.origin = NodeOrigin::Reference;
        p.entityId = parent->id;
        p.relationshipId = r.id;
        c.shape.fields.push_back(std::move(p));
        ShapeNode start;
        start.name = "bucketStart";
        start.type = BsonType::Date;
        start.origin = NodeOrigin::Bucket;
        c.shape.fields.push_back(std::move(start));
        ShapeNode count;
        count.name = "count";
        count.type = BsonType::Int;
        count.origin = NodeOrigin::Bucket;
        c.shape.fields.push_back(std::move(count));
        ShapeNode items;
        items.name = orDefault(r.fieldName, "items");
        items.type = BsonType::Array;
        items.elementType = BsonType::Object;
        items.avgCount = size; // buckets are counted full; the open one is the exception
        items.maxCount = static_cast<std::uint64_t>(size);
        items.origin = NodeOrigin::Bucket;
        items.entityId = child->id;
        items.relationshipId = r.id;
        m_depth = 0;
        buildEntityShape(*child, items.object, c.embeddedEntityIds, out);
        c.shape.fields.push_back(std::move(items));
        out.collections.push_back(std::move(c));
    }

    const Project &m_project;
    std::unordered_map<std::string, const Entity *> m_entities;
    std::unordered_map<std::string, std::vector<const Relationship *>> m_byParent;
    std::unordered_map<std::string, std::vector<const Relationship *>> m_byChild;
    int m_depth = 0;
};

} // namespace

Derived deriveCollections(const Project &project) { return Deriver(project).run(); }

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
