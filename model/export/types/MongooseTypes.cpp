#include "export/types/MongooseTypes.h"

#include "export/types/Identifiers.h"
#include "export/types/ScriptKeys.h"
#include "export/types/ScriptLayout.h"
#include "util/JavaScriptText.h"
#include "util/PrettyDoc.h"


namespace docshape::types {

namespace {

namespace pd = docshape::pretty;
using javascript::commentText;

IdentifierSet reservedNames() {
    return IdentifierSet{"Schema", "Date",   "String", "Number", "Boolean", "Buffer",   "Map",    "Array",
                         "Object", "RegExp", "Error",  "Math",   "JSON",    "Promise",  "Symbol", "BigInt",
                         "Infinity", "NaN",  "codePoints", "collectionName", "schema", "variants", "model",
                         "keysMatch", "oneOf"};
}

std::string joined(const std::vector<std::string> &parts, std::string_view separator) {
    std::string out;
    for (const auto &p : parts)
        out += (out.empty() ? "" : std::string(separator)) + p;
    return out;
}

using script::Expr;

Expr schemaType(const char *name) {
    return script::member(script::member(script::identifier("Schema"), "Types"), name);
}

std::vector<std::string> safeComments(const std::vector<std::string> &lines) {
    std::vector<std::string> out;
    for (const auto &l : lines)
        out.push_back(commentText(l));
    return out;
}

class MongooseWriter {
public:
    explicit MongooseWriter(const TypeModule &module)
        : m_module(module), m_names(nameTypes(module, reservedNames())) {}

    std::string write(const std::vector<std::string> &header) {
        std::vector<pd::Doc> body;
        for (std::size_t i = 0; i < m_module.objects.size(); ++i)
            body.push_back(writeObject(i));

        std::vector<pd::Doc> docs;
        const auto line = [&](std::string text) {
            docs.push_back(pd::text(std::move(text)));
            docs.push_back(pd::hardline());
        };
        for (const auto &h : header)
            line("// " + commentText(h));
        line("// Mongoose's `required` also refuses an empty string; the validator does not.");
        line("\"use strict\";");
        line("const { Schema } = require(\"mongoose\");");
        std::vector<pd::Doc> parts;
        if (m_codePoints)
            parts.push_back(script::commented({"Lengths as the server counts them: in code points, not UTF-16 units."},
                                              pd::text("const codePoints = (s) => Array.from(s).length;")));
        if (m_keysMatch)
            parts.push_back(script::commented(
                {"Whether every key of a map matches `pattern` (null is another rule's)."},
                pd::concat({pd::text("const keysMatch = (pattern) => (v) =>"), pd::hardline(),
                            pd::text("  v === null || Array.from(v.keys()).every((k) => pattern.test(k));")})));
        if (m_oneOf)
            parts.push_back(script::commented(
                {"Whether `v` is one of `values`, by loose equality: a long arrives as a", "BigInt, and 1n == 1."},
                pd::text("const oneOf = (values) => (v) => values.some((x) => x == v);")));
        parts.push_back(script::declaration("const collectionName", script::string(m_module.collection)));
        parts.insert(parts.end(), body.begin(), body.end());

        const std::size_t root = m_module.objects.size() - 1;
        const ObjectType &document = m_module.document();
        std::vector<Expr> variants;
        for (std::size_t v = 0; v < document.variants.size(); ++v)
            variants.push_back(script::array(
                {script::string(document.variants[v].value), script::identifier(m_names.variants[root][v])}));
        parts.push_back(script::commented({"The variants, each [discriminator value, its own fields' schema]."},
                                          script::declaration("const variants", script::array(std::move(variants)))));

        const Expr modelCall = script::method(
            script::identifier("connection"), "model",
            {script::identifier("collectionName"), script::identifier(m_names.objects[root]),
             script::identifier("collectionName")});
        parts.push_back(script::commented(
            {"The collection's model on `connection`, with one discriminator per variant."},
            pd::concat({pd::text("function model(connection) {"),
                        pd::indent(pd::concat({pd::hardline(), script::declaration("const m", modelCall), pd::hardline(),
                                               pd::text("for (const [value, variant] of variants)"),
                                               pd::indent(pd::concat({pd::hardline(),
                                                                      pd::text("m.discriminator(collectionName + \":\" + "
                                                                               "value, variant, value);")})),
                                               pd::hardline(), pd::text("return m;")})),
                        pd::hardline(), pd::text("}")})));

        std::vector<script::Property> exports{
            {{}, "collectionName", script::identifier("collectionName")},
            {{}, "schema", script::identifier(m_names.objects[root])},
            {{}, "variants", script::identifier("variants")},
            {{}, "model", script::identifier("model")}};
        for (std::size_t i = 0; i < root; ++i)
            exports.push_back({{}, m_names.objects[i], script::identifier(m_names.objects[i])});
        parts.push_back(script::declaration("module.exports", script::object(std::move(exports), true)));

        for (const auto &p : parts)
            docs.push_back(pd::concat({pd::hardline(), p, pd::hardline()}));
        return pd::print(pd::concat(std::move(docs)));
    }

private:
    Expr scalarType(BsonType t) {
        switch (t) {
        case BsonType::Double: return schemaType("Double");
        case BsonType::Int: return schemaType("Int32");
        case BsonType::Long: return schemaType("BigInt");
        case BsonType::String: return script::identifier("String");
        case BsonType::Bool: return script::identifier("Boolean");
        case BsonType::Date: return script::identifier("Date");
        case BsonType::BinData: return script::identifier("Buffer");
        case BsonType::ObjectId: return schemaType("ObjectId");
        case BsonType::Decimal: return schemaType("Decimal128");
        default: return schemaType("Mixed");
        }
    }

    // Validators of a value at `node` (a path, or an array's elements).
    std::vector<Expr> validators(const TypeNode &node, bool refuseNull) {
        std::vector<Expr> out;
        const auto add = [&](Expr test, const std::string &message) {
            out.push_back(script::object({{{}, "validator", std::move(test)}, {{}, "message", script::string(message)}}));
        };
        const auto check = [&](const std::string &test, const std::string &message) {
            add(script::arrow(test), message);
        };
        const std::string nullOk = node.nullable ? "v === null || " : "";
        if (refuseNull)
            check("(v) => v !== null", "may be absent but not null");
        const bool isString = node.types.size() == 1 && node.types.front() == BsonType::String;
        if (!node.enumValues.empty() && !isString) {
            std::vector<Expr> values;
            bool all = true;
            for (const auto &l : node.enumValues) {
                if (l.kind == Literal::Kind::String)
                    values.push_back(script::string(l.text));
                else if (l.kind == Literal::Kind::Bool)
                    values.push_back(script::keyword(l.text));
                else if (l.isFiniteNumber())
                    values.push_back(script::number(l.text));
                else
                    all = false;
            }
            if (node.nullable)
                values.push_back(script::keyword("null"));
            if (all) {
                m_oneOf = true;
                add(script::call(script::identifier("oneOf"), {script::array(std::move(values))}),
                    "not one of the enum's values");
            }
        }
        if (node.minimum && node.minimum->isFiniteNumber())
            check("(v) => " + nullOk + "v >= " + node.minimum->text, "minimum " + node.minimum->text);
        if (node.maximum && node.maximum->isFiniteNumber())
            check("(v) => " + nullOk + "v <= " + node.maximum->text, "maximum " + node.maximum->text);
        if (node.minLength) {
            m_codePoints = true;
            check("(v) => " + nullOk + "codePoints(v) >= " + std::to_string(*node.minLength),
                  "minLength " + std::to_string(*node.minLength));
        }
        if (node.maxLength) {
            m_codePoints = true;
            check("(v) => " + nullOk + "codePoints(v) <= " + std::to_string(*node.maxLength),
                  "maxLength " + std::to_string(*node.maxLength));
        }
        if (node.isArray()) {
            if (node.minItems)
                check("(v) => v.length >= " + std::to_string(*node.minItems), "minItems " + std::to_string(*node.minItems));
            if (node.maxItems)
                check("(v) => v.length <= " + std::to_string(*node.maxItems), "maxItems " + std::to_string(*node.maxItems));
        }
        if (node.maxKeys)
            check("(v) => " + nullOk + "v.size <= " + std::to_string(*node.maxKeys),
                  "maxProperties " + std::to_string(*node.maxKeys));
        if (node.mapValue && !node.mapKeyPattern.empty()) {
            m_keysMatch = true;
            add(script::call(script::identifier("keysMatch"),
                             {script::construct(script::identifier("RegExp"),
                                                {script::string(node.mapKeyPattern), script::string("u")})}),
                "a key that does not match " + node.mapKeyPattern);
        }
        return out;
    }

    // `{ type: ..., ... }` for a value at `node`.
    Expr options(const TypeNode &node, bool required, bool refuseNull) {
        std::vector<script::Property> props;
        props.push_back({{}, "type", type(node)});
        if (node.mapValue)
            props.push_back({{}, "of", elementOptions(*node.mapValue)});
        if (required && !node.nullable)
            props.push_back({{}, "required", script::keyword("true")});
        const bool isString = node.types.size() == 1 && node.types.front() == BsonType::String;
        if (isString && !node.enumValues.empty()) {
            std::vector<Expr> values;
            for (const auto &l : node.enumValues)
                values.push_back(script::string(l.text));
            if (node.nullable)
                values.push_back(script::keyword("null"));
            props.push_back({{}, "enum", script::array(std::move(values))});
        }
        if (isString && node.pattern)
            props.push_back({{}, "match",
                             script::construct(script::identifier("RegExp"),
                                               {script::string(*node.pattern), script::string("u")})});
        if (node.isArray())
            props.push_back({{}, "default", script::identifier("undefined")}); // absent stays absent, as stored
        auto v = validators(node, refuseNull);
        if (!v.empty())
            props.push_back({{}, "validate", script::array(std::move(v))});
        return script::object(std::move(props));
    }

    // An array's element or a map's value: a schema name, or options.
    Expr elementOptions(const TypeNode &node) {
        if (node.isObject() && node.object >= 0)
            return script::identifier(m_names.objects[static_cast<std::size_t>(node.object)]);
        return options(node, false, false);
    }

    Expr type(const TypeNode &node) {
        if (node.types.size() != 1)
            return schemaType("Mixed");
        const BsonType t = node.types.front();
        if (t == BsonType::Array)
            return script::array({node.items ? elementOptions(*node.items) : schemaType("Mixed")});
        if (t == BsonType::Object && node.object >= 0)
            return script::identifier(m_names.objects[static_cast<std::size_t>(node.object)]);
        if (t == BsonType::Object && node.mapValue)
            return script::identifier("Map");
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

    pd::Doc writeSchema(const std::string &name, const ObjectType &o, const std::vector<TypeField> &fields, bool root,
                        const std::string &disc, const std::vector<std::string> &discValues) {
        std::vector<script::Property> props;
        bool hasId = false;
        for (const auto &f : fields) {
            hasId = hasId || f.key == "_id";
            std::vector<std::string> comments = commentLines(f.type);
            if (f.required && f.type.nullable)
                comments.push_back("Required, and may be null: absence is not checked here.");
            Expr opts;
            if (!disc.empty() && f.key == disc) {
                std::vector<Expr> values;
                for (const auto &v : discValues)
                    values.push_back(script::string(v));
                opts = script::object({{{}, "type", script::identifier("String")},
                                       {{}, "required", script::keyword("true")},
                                       {{}, "enum", script::array(std::move(values))}});
            } else {
                opts = options(f.type, f.required, !f.required && !f.type.nullable);
            }
            props.push_back({safeComments(comments), objectLiteralKey(f.key), opts});
        }
        std::vector<script::Property> schemaOptions;
        if (root)
            schemaOptions.push_back({{}, "collection", script::identifier("collectionName")});
        else if (!hasId)
            schemaOptions.push_back({{}, "_id", script::keyword("false")});
        schemaOptions.push_back({{}, "strict", o.closed ? script::string("throw") : script::keyword("false")});
        schemaOptions.push_back({{}, "versionKey", script::keyword("false")});
        if (!disc.empty())
            schemaOptions.push_back({{}, "discriminatorKey", script::string(disc)});
        return script::declaration(
            "const " + name, script::construct(script::identifier("Schema"),
                                               {script::object(std::move(props), true),
                                                script::object(std::move(schemaOptions))}));
    }

    pd::Doc writeObject(std::size_t index) {
        const ObjectType &o = m_module.objects[index];
        const bool root = index + 1 == m_module.objects.size();
        std::vector<pd::Doc> parts;
        const std::string comment = commentText(o.name + (o.description.empty() ? "" : ": " + o.description));
        if (o.variants.empty()) {
            parts.push_back(script::commented({comment}, writeSchema(m_names.objects[index], o, o.fields, root, {}, {})));
        } else {
            std::vector<std::string> values;
            for (const auto &v : o.variants)
                values.push_back(v.value);
            parts.push_back(script::commented(
                {comment}, writeSchema(m_names.objects[index], o, o.fields, root, o.discriminator, values)));
            for (std::size_t v = 0; v < o.variants.size(); ++v) {
                ObjectType variantObject;
                variantObject.closed = o.closed;
                parts.push_back(script::commented(
                    {commentText(o.variants[v].name)},
                    writeSchema(m_names.variants[index][v], variantObject, o.variants[v].fields, false, {}, {})));
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
                parts.push_back(script::statement(script::method(
                    script::method(script::identifier(m_names.objects[index]), "path", {script::string(f.key)}),
                    "discriminator",
                    {script::string(c.variants[v].name), script::identifier(m_names.variants[child][v]),
                     script::string(c.variants[v].value)})));
        }
        return pd::join(pd::hardline(), parts);
    }

    const TypeModule &m_module;
    TypeNames m_names;
    bool m_codePoints = false;
    bool m_keysMatch = false;
    bool m_oneOf = false;
};

} // namespace

std::string mongooseModule(const TypeModule &module, const std::vector<std::string> &header) {
    return MongooseWriter(module).write(header);
}

} // namespace docshape::types
