#include "export/types/MongooseTypes.h"

#include "export/types/Identifiers.h"
#include "export/types/ScriptKeys.h"
#include "util/JavaScriptText.h"

#include <sstream>

namespace docshape::types {

namespace {

using javascript::commentText;
using javascript::stringLiteral;

IdentifierSet reservedNames() {
    return IdentifierSet{"Schema", "Date",   "String", "Number", "Boolean", "Buffer",   "Map",    "Array",
                         "Object", "RegExp", "Error",  "Math",   "JSON",    "Promise",  "Symbol", "BigInt",
                         "Infinity", "NaN",  "codePoints", "collectionName", "schema", "variants", "model"};
}

std::string joined(const std::vector<std::string> &parts, std::string_view separator) {
    std::string out;
    for (const auto &p : parts)
        out += (out.empty() ? "" : std::string(separator)) + p;
    return out;
}

class MongooseWriter {
public:
    explicit MongooseWriter(const TypeModule &module)
        : m_module(module), m_names(nameTypes(module, reservedNames())) {}

    std::string write(const std::vector<std::string> &header) {
        std::ostringstream body;
        for (std::size_t i = 0; i < m_module.objects.size(); ++i)
            writeObject(body, i);

        std::ostringstream out;
        for (const auto &line : header)
            out << "// " << commentText(line) << '\n';
        out << "// Mongoose's `required` also refuses an empty string; the validator does not.\n";
        out << "\"use strict\";\nconst { Schema } = require(\"mongoose\");\n";
        if (m_codePoints)
            out << "\n// Lengths as the server counts them: in code points, not UTF-16 units.\n"
                   "const codePoints = (s) => Array.from(s).length;\n";
        out << "\nconst collectionName = " << stringLiteral(m_module.collection) << ";\n";
        out << body.str();

        const std::size_t root = m_module.objects.size() - 1;
        const ObjectType &document = m_module.document();
        out << "\n// The variants, each [discriminator value, its own fields' schema].\nconst variants = [";
        for (std::size_t v = 0; v < document.variants.size(); ++v)
            out << (v ? ", " : "") << "[" << stringLiteral(document.variants[v].value) << ", "
                << m_names.variants[root][v] << "]";
        out << "];\n";
        out << "\n// The collection's model on `connection`, with one discriminator per variant.\n"
               "function model(connection) {\n"
               "  const m = connection.model(collectionName, "
            << m_names.objects[root]
            << ", collectionName);\n"
               "  for (const [value, variant] of variants) m.discriminator(collectionName + \":\" + value, variant, "
               "value);\n"
               "  return m;\n"
               "}\n";
        out << "\nmodule.exports = { collectionName, schema: " << m_names.objects[root] << ", variants, model";
        for (std::size_t i = 0; i < root; ++i)
            out << ", " << m_names.objects[i];
        out << " };\n";
        return out.str();
    }

private:
    std::string scalarType(BsonType t) {
        switch (t) {
        case BsonType::Double: return "Schema.Types.Double";
        case BsonType::Int: return "Schema.Types.Int32";
        case BsonType::Long: return "Schema.Types.BigInt";
        case BsonType::String: return "String";
        case BsonType::Bool: return "Boolean";
        case BsonType::Date: return "Date";
        case BsonType::BinData: return "Buffer";
        case BsonType::ObjectId: return "Schema.Types.ObjectId";
        case BsonType::Decimal: return "Schema.Types.Decimal128";
        default: return "Schema.Types.Mixed";
        }
    }

    // Validators of a value at `node` (a path, or an array's elements).
    std::vector<std::string> validators(const TypeNode &node, bool refuseNull) {
        std::vector<std::string> out;
        const auto add = [&](const std::string &test, const std::string &message) {
            out.push_back("{ validator: (v) => " + test + ", message: " + stringLiteral(message) + " }");
        };
        const std::string nullOk = node.nullable ? "v === null || " : "";
        if (refuseNull)
            add("v !== null", "may be absent but not null");
        const bool isString = node.types.size() == 1 && node.types.front() == BsonType::String;
        if (!node.enumValues.empty() && !isString) {
            std::vector<std::string> values;
            bool all = true;
            for (const auto &l : node.enumValues) {
                if (l.kind == Literal::Kind::String)
                    values.push_back(stringLiteral(l.text));
                else if (l.isFiniteNumber() || l.kind == Literal::Kind::Bool)
                    values.push_back(l.text);
                else
                    all = false;
            }
            // Loose equality: a long arrives as a BigInt, and 1n == 1.
            if (all)
                add(nullOk + "[" + joined(values, ", ") + "].some((x) => x == v)", "not one of the enum's values");
        }
        if (node.minimum && node.minimum->isFiniteNumber())
            add(nullOk + "v >= " + node.minimum->text, "minimum " + node.minimum->text);
        if (node.maximum && node.maximum->isFiniteNumber())
            add(nullOk + "v <= " + node.maximum->text, "maximum " + node.maximum->text);
        if (node.minLength) {
            m_codePoints = true;
            add(nullOk + "codePoints(v) >= " + std::to_string(*node.minLength),
                "minLength " + std::to_string(*node.minLength));
        }
        if (node.maxLength) {
            m_codePoints = true;
            add(nullOk + "codePoints(v) <= " + std::to_string(*node.maxLength),
                "maxLength " + std::to_string(*node.maxLength));
        }
        if (node.isArray()) {
            if (node.minItems)
                add("v.length >= " + std::to_string(*node.minItems), "minItems " + std::to_string(*node.minItems));
            if (node.maxItems)
                add("v.length <= " + std::to_string(*node.maxItems), "maxItems " + std::to_string(*node.maxItems));
        }
        if (node.maxKeys)
            add(nullOk + "v.size <= " + std::to_string(*node.maxKeys), "maxProperties " + std::to_string(*node.maxKeys));
        if (node.mapValue && !node.mapKeyPattern.empty())
            add(nullOk + "Array.from(v.keys()).every((k) => new RegExp(" + stringLiteral(node.mapKeyPattern) +
                    ", \"u\").test(k))",
                "a key that does not match " + node.mapKeyPattern);
        return out;
    }

    // `{ type: ..., ... }` for a value at `node`.
    std::string options(const TypeNode &node, bool required, bool refuseNull) {
        std::vector<std::string> parts;
        parts.push_back("type: " + type(node));
        if (node.mapValue)
            parts.push_back("of: " + elementOptions(*node.mapValue));
        if (required && !node.nullable)
            parts.push_back("required: true");
        const bool isString = node.types.size() == 1 && node.types.front() == BsonType::String;
        if (isString && !node.enumValues.empty()) {
            std::vector<std::string> values;
            for (const auto &l : node.enumValues)
                values.push_back(stringLiteral(l.text));
            if (node.nullable)
                values.push_back("null");
            parts.push_back("enum: [" + joined(values, ", ") + "]");
        }
        if (isString && node.pattern)
            parts.push_back("match: new RegExp(" + stringLiteral(*node.pattern) + ", \"u\")");
        if (node.isArray())
            parts.push_back("default: undefined"); // absent stays absent, as stored
        const auto v = validators(node, refuseNull);
        if (!v.empty())
            parts.push_back("validate: [" + joined(v, ", ") + "]");
        return "{ " + joined(parts, ", ") + " }";
    }

    // An array's element or a map's value: a schema name, or options.
    std::string elementOptions(const TypeNode &node) {
        if (node.isObject() && node.object >= 0)
            return m_names.objects[static_cast<std::size_t>(node.object)];
        return options(node, false, false);
    }

    std::string type(const TypeNode &node) {
        if (node.types.size() != 1)
            return "Schema.Types.Mixed";
        const BsonType t = node.types.front();
        if (t == BsonType::Array)
            return "[" + (node.items ? elementOptions(*node.items) : std::string("Schema.Types.Mixed")) + "]";
        if (t == BsonType::Object && node.object >= 0)
            return m_names.objects[static_cast<std::size_t>(node.object)];
        if (t == BsonType::Object && node.mapValue)
            return "Map";
        return scalarType(t);
    }

    static std::vector<std::string> commentLines(const TypeNode &node) {
        std::vector<std::string> lines;
        if (!node.description.empty())
            lines.push_back(node.description);
        if (!node.referenceTo.empty())
            lines.push_back("References " + node.referenceTo + ".");
        if (!node.copyOf.empty())
            lines.push_back("A copy of " + node.copyOf + "'s fields, kept as the model's copy semantics say.");
        const TypeNode &value = node.isArray() && node.items ? *node.items : node;
        if (node.types.size() > 1 || value.types.size() > 1) {
            std::vector<std::string> names;
            for (BsonType t : value.types)
                names.emplace_back(toString(t));
            lines.push_back("One of " + joined(names, ", ") + ": Mixed, not checked here.");
        } else if (!value.types.empty() &&
                   (value.types.front() == BsonType::Regex || value.types.front() == BsonType::Timestamp ||
                    value.types.front() == BsonType::MinKey || value.types.front() == BsonType::MaxKey ||
                    value.types.front() == BsonType::Null)) {
            lines.push_back(std::string(toString(value.types.front())) + ": Mixed, not checked here.");
        }
        if (node.uniqueItems)
            lines.push_back("uniqueItems (not checked here).");
        return lines;
    }

    void writeSchema(std::ostringstream &out, const std::string &name, const ObjectType &o,
                     const std::vector<TypeField> &fields, bool root, const std::string &disc,
                     const std::vector<std::string> &discValues) {
        out << "const " << name << " = new Schema(\n  {\n";
        bool hasId = false;
        for (const auto &f : fields) {
            hasId = hasId || f.key == "_id";
            for (const auto &line : commentLines(f.type))
                out << "    // " << commentText(line) << '\n';
            if (f.required && f.type.nullable)
                out << "    // " << commentText("Required, and may be null: absence is not checked here.") << '\n';
            std::string opts;
            if (!disc.empty() && f.key == disc) {
                std::vector<std::string> values;
                for (const auto &v : discValues)
                    values.push_back(stringLiteral(v));
                opts = "{ type: String, required: true, enum: [" + joined(values, ", ") + "] }";
            } else {
                opts = options(f.type, f.required, !f.required && !f.type.nullable);
            }
            out << "    " << objectLiteralKey(f.key) << ": " << opts << ",\n";
        }
        out << "  },\n  { ";
        std::vector<std::string> schemaOptions;
        if (root)
            schemaOptions.push_back("collection: collectionName");
        else if (!hasId)
            schemaOptions.push_back("_id: false");
        schemaOptions.push_back(std::string("strict: ") + (o.closed ? "\"throw\"" : "false"));
        schemaOptions.push_back("versionKey: false");
        if (!disc.empty())
            schemaOptions.push_back("discriminatorKey: " + stringLiteral(disc));
        out << joined(schemaOptions, ", ") << " },\n);\n";
    }

    void writeObject(std::ostringstream &out, std::size_t index) {
        const ObjectType &o = m_module.objects[index];
        const bool root = index + 1 == m_module.objects.size();
        out << '\n';
        out << "// " << commentText(o.name + (o.description.empty() ? "" : ": " + o.description)) << '\n';
        if (o.variants.empty()) {
            writeSchema(out, m_names.objects[index], o, o.fields, root, {}, {});
        } else {
            std::vector<std::string> values;
            for (const auto &v : o.variants)
                values.push_back(v.value);
            writeSchema(out, m_names.objects[index], o, o.fields, root, o.discriminator, values);
            for (std::size_t v = 0; v < o.variants.size(); ++v) {
                ObjectType variantObject;
                variantObject.closed = o.closed;
                out << "// " << commentText(o.variants[v].name) << '\n';
                writeSchema(out, m_names.variants[index][v], variantObject, o.variants[v].fields, false, {}, {});
            }
        }
        // Embedded polymorphic objects: a discriminator per variant on the path.
        for (const auto &f : o.fields) {
            const TypeNode &value = f.type.isArray() && f.type.items ? *f.type.items : f.type;
            if (!value.isObject() || value.object < 0)
                continue;
            const auto child = static_cast<std::size_t>(value.object);
            const ObjectType &c = m_module.objects[child];
            for (std::size_t v = 0; v < c.variants.size(); ++v)
                out << m_names.objects[index] << ".path(" << stringLiteral(f.key) << ").discriminator("
                    << stringLiteral(c.variants[v].name) << ", " << m_names.variants[child][v] << ", "
                    << stringLiteral(c.variants[v].value) << ");\n";
        }
    }

    const TypeModule &m_module;
    TypeNames m_names;
    bool m_codePoints = false;
};

} // namespace

std::string mongooseModule(const TypeModule &module, const std::vector<std::string> &header) {
    return MongooseWriter(module).write(header);
}

} // namespace docshape::types
