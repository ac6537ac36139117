#include "export/types/TypeModel.h"

#include "export/ValidatorExporter.h"

#include <unordered_map>
#include <unordered_set>

namespace docshape::types {

using nlohmann::ordered_json;

namespace {

// A bound or an enum value of the validator: a string, null, a boolean, or
// a number in canonical Extended JSON (typedLiteral / typedNumber).
Literal literalOf(const ordered_json &v) {
    Literal out;
    if (v.is_string()) {
        out.kind = Literal::Kind::String;
        out.text = v.get<std::string>();
    } else if (v.is_null()) {
        out.kind = Literal::Kind::Null;
    } else if (v.is_boolean()) {
        out.kind = Literal::Kind::Bool;
        out.text = v.get<bool>() ? "true" : "false";
    } else if (v.is_number_integer()) {
        out.kind = Literal::Kind::Int;
        out.text = v.dump();
    } else if (v.is_object() && v.size() == 1) {
        const auto member = v.begin();
        const std::string &key = member.key();
        const ordered_json &value = member.value();
        if (value.is_string()) {
            out.text = value.get<std::string>();
            if (key == "$numberInt")
                out.kind = Literal::Kind::Int;
            else if (key == "$numberLong")
                out.kind = Literal::Kind::Long;
            else if (key == "$numberDouble") {
                out.kind = Literal::Kind::Double;
                out.finite = out.text != "NaN" && out.text != "Infinity" && out.text != "-Infinity";
            } else if (key == "$numberDecimal")
                out.kind = Literal::Kind::Decimal;
        }
    }
    return out;
}

class Reader {
public:
    Reader(const Project &project, const CollectionShape &collection, const std::vector<CollectionShape> &all)
        : m_project(project), m_collection(collection) {
        for (const auto &c : all)
            if (c.kind == CollectionKind::Entity && !c.rootEntityId.empty())
                m_collectionOfEntity.emplace(c.rootEntityId, c.name);
    }

    Result<TypeModule> read(const ordered_json &schema) {
        m_module.collection = m_collection.name;
        readObject(schema, &m_collection.shape, m_collection.name, "");
        if (m_error)
            return *m_error;
        // Objects are added when finished, so every object follows those it
        // uses and the document's comes last.
        return std::move(m_module);
    }

private:
    void fail(const std::string &path, const std::string &message) {
        if (!m_error)
            m_error = Error{m_collection.name + (path.empty() ? "" : "." + path), message};
    }

    using NodesByKey = std::unordered_map<std::string_view, const ShapeNode *>;

    // The nodes of `shape` and of its variants by key, the first of a key kept.
    static NodesByKey nodesByKey(const ObjectShape *shape) {
        NodesByKey out;
        if (!shape)
            return out;
        for (const auto &n : shape->fields)
            out.emplace(n.name, &n);
        for (const auto &v : shape->variants)
            for (const auto &n : v.fields)
                out.emplace(n.name, &n);
        return out;
    }

    std::string entityName(std::string_view id) const {
        const Entity *e = m_project.findEntity(id);
        return e ? e->name : std::string(id);
    }

    // Adds the object at `schema` (and, first, every object inside it) to
    // the module; returns its index.
    int readObject(const ordered_json &schema, const ObjectShape *shape, const std::string &name,
                   const std::string &path) {
        static const std::unordered_set<std::string> known = {
            "bsonType", "title", "description", "required", "properties", "additionalProperties", "oneOf"};
        for (const auto &[key, value] : schema.items())
            if (!known.contains(key))
                fail(path, "the application types cannot hold the validator keyword '" + key + "' of an object");
        ObjectType object;
        object.name = schema.contains("title") ? schema["title"].get<std::string>() : name;
        if (schema.contains("description"))
            object.description = schema["description"].get<std::string>();
        object.closed = schema.contains("additionalProperties") && schema["additionalProperties"].is_boolean() &&
                        !schema["additionalProperties"].get<bool>();

        const NodesByKey nodes = nodesByKey(shape);
        std::unordered_set<std::string> required;
        if (schema.contains("required"))
            for (const auto &k : schema["required"])
                required.insert(k.get<std::string>());
        if (schema.contains("properties"))
            object.fields = readFields(schema["properties"], required, nodes, object.name, path);

        if (schema.contains("oneOf")) {
            // One branch per variant: {properties: {<disc>: {enum: [v]}, ...}, required: [...]}.
            if (shape)
                object.discriminator = shape->discriminator;
            for (const auto &branch : schema["oneOf"]) {
                TypeVariant variant;
                std::unordered_set<std::string> branchRequired;
                const ordered_json requiredKeys = branch.value("required", ordered_json::array());
                for (const auto &k : requiredKeys)
                    branchRequired.insert(k.get<std::string>());
                const ordered_json branchProperties = branch.value("properties", ordered_json::object());
                ordered_json props = ordered_json::object();
                for (const auto &[key, value] : branchProperties.items()) {
                    if (key == object.discriminator) {
                        if (value.contains("enum") && value["enum"].size() == 1)
                            variant.value = value["enum"][0].get<std::string>();
                        continue;
                    }
                    if (value.empty())
                        continue; // a common key a closed branch lists as {}: declared above
                    props[key] = value;
                }
                variant.name = object.name + " " + variant.value;
                variant.fields = readFields(props, branchRequired, nodes, variant.name, path);
                object.variants.push_back(std::move(variant));
            }
            if (object.discriminator.empty())
                fail(path, "variants without a discriminator");
        }
        m_module.objects.push_back(std::move(object));
        return static_cast<int>(m_module.objects.size()) - 1;
    }

    std::vector<TypeField> readFields(const ordered_json &properties, const std::unordered_set<std::string> &required,
                                      const NodesByKey &nodes, const std::string &owner, const std::string &path) {
        std::vector<TypeField> fields;
        fields.reserve(properties.size());
        for (const auto &[key, value] : properties.items()) {
            TypeField f;
            f.key = key;
            f.required = required.contains(key);
            const std::string childPath = path.empty() ? key : path + "." + key;
            auto node = nodes.find(key);
            f.type = readNode(value, node == nodes.end() ? nullptr : node->second, owner + " " + key, childPath);
            fields.push_back(std::move(f));
        }
        return fields;
    }

    TypeNode readNode(const ordered_json &schema, const ShapeNode *node, const std::string &name,
                      const std::string &path) {
        TypeNode out;
        if (schema.empty())
            return out; // {}: any value
        if (!schema.contains("bsonType")) {
            fail(path, "a validator node without bsonType");
            return out;
        }
        const auto &t = schema["bsonType"];
        for (const auto &one : t.is_array() ? t : ordered_json::array({t})) {
            auto type = bsonTypeFromString(one.get<std::string>());
            if (!type) {
                fail(path, "unknown bsonType '" + one.get<std::string>() + "'");
                return out;
            }
            if (*type == BsonType::Null)
                out.nullable = true;
            else
                out.types.push_back(*type);
        }
        if (schema.contains("description"))
            out.description = schema["description"].get<std::string>();
        if (node && node->origin == NodeOrigin::Reference && !node->entityId.empty()) {
            auto c = m_collectionOfEntity.find(std::string(node->entityId));
            out.referenceTo = (c != m_collectionOfEntity.end() ? c->second : "?") + "._id (" +
                              entityName(node->entityId) + ")";
        }
        if (node && (node->origin == NodeOrigin::ExtendedReference || node->origin == NodeOrigin::Subset) &&
            !node->entityId.empty())
            out.copyOf = entityName(node->entityId);

        if (out.isObject() && schema.contains("patternProperties")) {
            readMap(schema, out, name, path);
            return out;
        }
        if (out.isObject()) {
            out.object = readObject(schema, node ? &*node->object : nullptr, name, path);
            return out;
        }
        static const std::unordered_set<std::string> known = {
            "bsonType", "title", "description", "enum", "minimum", "maximum", "minLength", "maxLength",
            "pattern", "items", "minItems", "maxItems", "uniqueItems"};
        for (const auto &[key, value] : schema.items())
            if (!known.contains(key))
                fail(path, "the application types cannot hold the validator keyword '" + key + "'");
        if (schema.contains("enum"))
            for (const auto &v : schema["enum"]) {
                Literal l = literalOf(v);
                if (l.kind != Literal::Kind::Null)
                    out.enumValues.push_back(std::move(l));
            }
        if (schema.contains("minimum"))
            out.minimum = literalOf(schema["minimum"]);
        if (schema.contains("maximum"))
            out.maximum = literalOf(schema["maximum"]);
        if (schema.contains("minLength"))
            out.minLength = schema["minLength"].get<std::uint64_t>();
        if (schema.contains("maxLength"))
            out.maxLength = schema["maxLength"].get<std::uint64_t>();
        if (schema.contains("pattern"))
            out.pattern = schema["pattern"].get<std::string>();
        if (schema.contains("minItems"))
            out.minItems = schema["minItems"].get<std::uint64_t>();
        if (schema.contains("maxItems"))
            out.maxItems = schema["maxItems"].get<std::uint64_t>();
        if (schema.contains("uniqueItems"))
            out.uniqueItems = schema["uniqueItems"].get<bool>();
        if (schema.contains("items")) {
            const ShapeNode *element = node && node->hasObject() ? node : nullptr;
            TypeNode items = readNode(schema["items"], element, name, path);
            // An array of references: the elements are the ids.
            if (node && items.referenceTo.empty())
                items.referenceTo = out.referenceTo;
            if (node && items.copyOf.empty())
                items.copyOf = out.copyOf;
            out.items = std::make_shared<const TypeNode>(std::move(items));
        }
        return out;
    }

    // {bsonType: object, patternProperties: {P: schema}, additionalProperties: false}
    void readMap(const ordered_json &schema, TypeNode &out, const std::string &name, const std::string &path) {
        static const std::unordered_set<std::string> known = {"bsonType", "title", "description",
                                                              "patternProperties", "additionalProperties",
                                                              "maxProperties"};
        for (const auto &[key, value] : schema.items())
            if (!known.contains(key))
                fail(path, "the application types cannot hold the validator keyword '" + key + "' of a map");
        const auto &patterns = schema["patternProperties"];
        if (patterns.size() != 1) {
            fail(path, "a map with " + std::to_string(patterns.size()) + " key patterns");
            return;
        }
        const auto member = patterns.begin();
        const ordered_json &value = member.value();
        out.mapKeyPattern = member.key();
        if (schema.contains("maxProperties"))
            out.maxKeys = schema["maxProperties"].get<std::uint64_t>();
        out.mapValue = std::make_shared<const TypeNode>(readNode(value, nullptr, name + " value", path + ".*"));
    }

    const Project &m_project;
    const CollectionShape &m_collection;
    std::unordered_map<std::string, std::string> m_collectionOfEntity;
    TypeModule m_module;
    std::optional<Error> m_error;
};

} // namespace

TypeNames nameTypes(const TypeModule &module, IdentifierSet taken) {
    TypeNames names;
    for (const auto &o : module.objects) {
        names.objects.push_back(taken.claim(typeIdentifier(o.name)));
        auto &vs = names.variants.emplace_back();
        for (const auto &v : o.variants)
            vs.push_back(taken.claim(typeIdentifier(v.name)));
    }
    return names;
}

Result<TypeModule> typeModule(const Project &project, const CollectionShape &collection,
                              const std::vector<CollectionShape> &all) {
    auto schema = validatorFor(project, collection);
    if (!schema)
        return schema.error();
    return Reader(project, collection, all).read(*schema);
}

} // namespace docshape::types
