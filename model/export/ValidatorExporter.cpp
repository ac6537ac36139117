#include "export/ValidatorExporter.h"

#include "export/ExtendedJson.h"

#include "derive/MapShape.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string_view>
#include <unordered_set>

namespace docshape {

using nlohmann::ordered_json;

namespace {

ordered_json bsonTypeValue(BsonType type, bool nullable) {
    if (nullable && type != BsonType::Null)
        return ordered_json::array({toString(type), "null"});
    return std::string(toString(type));
}

// An array holding each value once, in the order first added. A set finds
// the repeats: a search of the array for each value made exporting 40,000
// fields (their `required` list) take 41 s.
class UniqueArray {
public:
    explicit UniqueArray(std::size_t expected = 0) {
        m_array.get_ref<ordered_json::array_t &>().reserve(expected);
        m_seen.reserve(expected);
    }
    void add(ordered_json value) {
        if (m_seen.insert(value).second)
            m_array.push_back(std::move(value));
    }
    bool empty() const { return m_array.empty(); }
    ordered_json take() { return std::move(m_array); }

private:
    ordered_json m_array = ordered_json::array();
    std::unordered_set<ordered_json> m_seen; // values of one type: typedLiteral's, or names
};

// An object's members, each key once, the first value kept. ordered_json's
// own lookup (contains, operator[]) is a search of its members, so adding n
// keys through it costs n²/2 comparisons.
class UniqueObject {
public:
    explicit UniqueObject(std::size_t expected = 0) {
        m_object.get_ref<ordered_json::object_t &>().reserve(expected);
        m_keys.reserve(expected);
    }
    bool has(const std::string &key) const { return m_keys.contains(key); }
    void add(const std::string &key, ordered_json value) {
        if (m_keys.insert(key).second)
            m_object.get_ref<ordered_json::object_t &>().emplace_back(key, std::move(value));
    }
    bool empty() const { return m_object.empty(); }
    const ordered_json &json() const { return m_object; }
    ordered_json take() { return std::move(m_object); }

private:
    ordered_json m_object = ordered_json::object();
    std::unordered_set<std::string> m_keys;
};

class SchemaBuilder {
public:
    SchemaBuilder(const Project &project, const CollectionShape &collection)
        : m_project(project), m_collection(collection) {}

    Result<ordered_json> build() {
        ordered_json schema = ordered_json::object();
        schema["bsonType"] = "object";
        const Entity *entity = nullptr;
        switch (m_collection.kind) {
        case CollectionKind::Entity:
            entity = m_collection.root;
            if (entity) {
                schema["title"] = entity->name;
                if (!entity->description.empty())
                    schema["description"] = entity->description;
            } else {
                schema["title"] = m_collection.name;
            }
            break;
        case CollectionKind::Junction:
        case CollectionKind::Bucket:
            schema["title"] = m_collection.name;
            if (auto text = derivedDescription(); !text.empty())
                schema["description"] = text;
            break;
        }
        addObject(schema, m_collection.shape, entity, "");
        if (m_error)
            return *m_error;
        return schema;
    }

private:
    // Junction and bucket collections have no entity of their own; say
    // where their documents come from.
    std::string derivedDescription() const {
        const Relationship *r = m_project.findRelationship(m_collection.relationshipId);
        if (!r)
            return {};
        const Entity *parent = m_project.findEntity(r->parentId);
        const Entity *child = m_project.findEntity(r->childId);
        if (!parent || !child)
            return {};
        const std::string via = r->name.empty() ? "" : " (relationship " + r->name + ")";
        if (m_collection.kind == CollectionKind::Junction)
            return "One document per " + parent->name + "-" + child->name + " pair" + via + ".";
        return child->name + " documents grouped per " + parent->name + via + ".";
    }

    // The entity whose shape a node's object is, for title, description and
    // closedShape; nullptr for plain subdocument fields and for copies
    // (extended references, subsets), which hold only some of its fields.
    const Entity *entityOf(const ShapeNode &node) const {
        if (node.entityId.empty() || !node.hasObject())
            return nullptr;
        if (node.origin == NodeOrigin::EmbeddedEntity || node.origin == NodeOrigin::Bucket)
            return m_project.findEntity(node.entityId);
        return nullptr;
    }

    BoundEnforcer enforcerOf(const ShapeNode &node) const {
        if (node.field)
            return node.field->maxEnforcedBy;
        if (const Relationship *r = m_project.findRelationship(node.relationshipId))
            return arrayBoundEnforcer(*r);
        return BoundEnforcer::Nobody;
    }

    void fail(const std::string &path, const std::string &message) {
        if (!m_error)
            m_error = Error{m_collection.name + (path.empty() ? "" : "." + path), message};
    }

    // enum, bounds, lengths and pattern of a value of type `valueType` (the
    // field's type, or its element type for an array).
    void addConstraints(ordered_json &schema, const Field *field, BsonType valueType, bool nullable,
                        const std::vector<std::string> *enumOverride, const std::string &path) {
        const std::vector<std::string> *values =
            enumOverride ? enumOverride : (field ? &field->details->enumValues : nullptr);
        if (values && !values->empty()) {
            UniqueArray list(values->size() + 1);
            for (const auto &literal : *values) {
                auto typed = typedLiteral(valueType, literal);
                if (!typed) {
                    fail(path, "enum " + typed.error().message);
                    return;
                }
                list.add(std::move(*typed));
            }
            if (nullable)
                list.add(nullptr);
            schema["enum"] = list.take();
        }
        if (!field)
            return;
        if (field->details->minimum)
            schema["minimum"] = typedNumber(valueType, *field->details->minimum);
        if (field->details->maximum)
            schema["maximum"] = typedNumber(valueType, *field->details->maximum);
        if (field->details->minLength)
            schema["minLength"] = *field->details->minLength;
        if (field->details->maxLength)
            schema["maxLength"] = *field->details->maxLength;
        if (field->details->pattern)
            schema["pattern"] = *field->details->pattern;
    }

    ordered_json objectSchema(const ObjectShape &shape, const Entity *entity, const std::string &path) {
        ordered_json schema = ordered_json::object();
        schema["bsonType"] = "object";
        if (entity) {
            schema["title"] = entity->name;
            if (!entity->description.empty())
                schema["description"] = entity->description;
        }
        addObject(schema, shape, entity, path);
        return schema;
    }

    ordered_json nodeSchema(const ShapeNode &node, const std::string &path,
                            const std::vector<std::string> *enumOverride = nullptr) {
        const Field *field = node.field;
        const bool nullable = node.nullFraction > 0;
        const Entity *entity = entityOf(node);
        ordered_json schema = ordered_json::object();
        schema["bsonType"] = bsonTypeValue(node.type, nullable);
        if (node.type == BsonType::Object && entity)
            schema["title"] = entity->name;
        if (field && !field->details->description.empty())
            schema["description"] = field->details->description;
        else if (node.type == BsonType::Object && entity && !entity->description.empty())
            schema["description"] = entity->description;

        if (node.isArray()) {
            if (field && field->details->minItems)
                schema["minItems"] = *field->details->minItems;
            if (node.maxCount && enforcerOf(node) == BoundEnforcer::Validator)
                schema["maxItems"] = *node.maxCount;
            if (field && field->uniqueItems)
                schema["uniqueItems"] = true;
            if (node.elementType == BsonType::Object) {
                schema["items"] = objectSchema(*node.object, entity, path);
            } else {
                ordered_json items = ordered_json::object();
                items["bsonType"] = std::string(toString(node.elementType));
                addConstraints(items, field, node.elementType, false, enumOverride, path);
                schema["items"] = std::move(items);
            }
        } else if (const MapKeys *keys = mapKeysOf(node)) {
            addMap(schema, node, *keys, path);
        } else {
            addConstraints(schema, field, node.type, nullable, enumOverride, path);
            if (node.type == BsonType::Object)
                addObject(schema, *node.object, entity, path);
        }
        return schema;
    }

    // A map: every key matches the pattern and holds the value's schema;
    // no other key is allowed. The server reads patternProperties and
    // additionalProperties together (json_schema_parser.cpp,
    // parseAllowedProperties): a key that matches a pattern is checked
    // against that pattern's schema, and only a key that matches none (and
    // is not in properties) meets additionalProperties.
    void addMap(ordered_json &schema, const ShapeNode &node, const MapKeys &keys, const std::string &path) {
        if (enforcerOf(node) == BoundEnforcer::Validator)
            schema["maxProperties"] = keys.maxKeys;
        ordered_json patterns = ordered_json::object();
        if (const ShapeNode *value = mapValueOf(node))
            patterns[mapKeyRegex(keys)] = nodeSchema(*value, dottedPath(path, value->name));
        else
            patterns[mapKeyRegex(keys)] = ordered_json::object();
        schema["patternProperties"] = std::move(patterns);
        schema["additionalProperties"] = false;
    }

    // required, properties, additionalProperties and oneOf of an object.
    void addObject(ordered_json &schema, const ObjectShape &shape, const Entity *entity,
                   const std::string &path) {
        const bool closed = entity && entity->closedShape;
        const bool polymorphic = !shape.discriminator.empty() && !shape.variants.empty();
        std::vector<std::string> variantValues;
        if (polymorphic)
            for (const auto &v : shape.variants)
                variantValues.emplace_back(v.value);

        UniqueArray required(shape.fields.size());
        UniqueObject properties(shape.fields.size());
        for (const auto &node : shape.fields) {
            const std::string childPath = dottedPath(path, node.name);
            const bool isDisc = polymorphic && node.name == shape.discriminator;
            if (node.required)
                required.add(node.name);
            if (!properties.has(node.name))
                properties.add(node.name, nodeSchema(node, childPath, isDisc ? &variantValues : nullptr));
        }
        if (!required.empty())
            schema["required"] = required.take();
        if (!properties.empty() || closed)
            schema["properties"] = properties.json();

        if (!polymorphic) {
            if (closed)
                schema["additionalProperties"] = false;
            return;
        }
        ordered_json branches = ordered_json::array();
        for (const auto &variant : shape.variants) {
            UniqueObject branchProps;
            UniqueArray branchRequired;
            branchProps.add(shape.discriminator, {{"enum", ordered_json::array({variant.value})}});
            branchRequired.add(shape.discriminator);
            for (const auto &node : variant.fields) {
                const std::string childPath = dottedPath(path, node.name);
                if (!branchProps.has(node.name))
                    branchProps.add(node.name, nodeSchema(node, childPath));
                if (node.required)
                    branchRequired.add(node.name);
            }
            if (closed)
                for (const auto &[key, value] : properties.json().items())
                    branchProps.add(key, ordered_json::object());
            ordered_json branch = ordered_json::object();
            branch["properties"] = branchProps.take();
            branch["required"] = branchRequired.take();
            if (closed)
                branch["additionalProperties"] = false;
            branches.push_back(std::move(branch));
        }
        schema["oneOf"] = std::move(branches);
    }

    const Project &m_project;
    const CollectionShape &m_collection;
    std::optional<Error> m_error;
};

} // namespace

Result<ordered_json> validatorFor(const Project &project, const CollectionShape &collection) {
    return SchemaBuilder(project, collection).build();
}

} // namespace docshape
