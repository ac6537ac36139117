#include "export/types/TypeScriptTypes.h"

#include "export/types/Identifiers.h"
#include "export/types/ScriptKeys.h"
#include "export/types/ScriptLayout.h"
#include "util/JavaScriptText.h"
#include "util/PrettyDoc.h"

#include <set>

namespace docshape::types {

namespace {

namespace pd = docshape::pretty;
using javascript::commentText;
using javascript::prettierStringLiteral;

constexpr std::string_view kBsonClasses[] = {"ObjectId", "Decimal128", "Binary",  "Long",
                                             "Timestamp", "MinKey",    "MaxKey"};

IdentifierSet moduleNames() {
    IdentifierSet names{"z",       "collectionName", "documentSchema", "CollectionDocument", "codePoints",
                        "Date",    "RegExp",         "Array",          "Object",             "Record",
                        "String",  "Number",         "Boolean",        "BigInt",             "Symbol",
                        "Map",     "Set",            "Promise",        "Error",              "Function",
                        "Math",    "JSON",           "Infinity",       "NaN",                "Partial",
                        "Required", "Readonly",      "Pick",           "Omit",               "BSONRegExp"};
    for (auto c : kBsonClasses)
        names.reserve(c);
    return names;
}

std::string numberText(const Literal &l) { return l.text; }

// What a key's comment says beside its type: description, reference or
// copy, and each rule of `node` (or its elements) the type does not hold.
std::vector<std::string> commentLines(const TypeNode &node, bool typesHoldRules) {
    std::vector<std::string> lines;
    if (!node.description.empty())
        lines.push_back(node.description);
    if (!node.referenceTo.empty())
        lines.push_back("References " + node.referenceTo + ".");
    if (!node.copyOf.empty())
        lines.push_back("A copy of " + node.copyOf + "'s fields, kept as the model's copy semantics say.");
    std::vector<std::string> rules;
    const auto describe = [&](const TypeNode &n, const std::string &of) {
        if (!typesHoldRules) {
            if (n.minimum)
                rules.push_back(of + "minimum " + n.minimum->text);
            if (n.maximum)
                rules.push_back(of + "maximum " + n.maximum->text);
            if (n.minLength)
                rules.push_back(of + "minLength " + std::to_string(*n.minLength));
            if (n.maxLength)
                rules.push_back(of + "maxLength " + std::to_string(*n.maxLength));
            if (n.pattern)
                rules.push_back(of + "pattern " + *n.pattern);
        } else {
            // What Zod cannot hold, said where it would be.
            if (n.minimum && !n.minimum->isFiniteNumber())
                rules.push_back(of + "minimum " + n.minimum->text + " (not checked here)");
            if (n.maximum && !n.maximum->isFiniteNumber())
                rules.push_back(of + "maximum " + n.maximum->text + " (not checked here)");
        }
        if (!n.mapKeyPattern.empty())
            rules.push_back(of + "keys match " + n.mapKeyPattern);
        if (n.maxKeys && !typesHoldRules)
            rules.push_back(of + "maxProperties " + std::to_string(*n.maxKeys));
    };
    describe(node, "");
    if (node.isArray()) {
        if (!typesHoldRules) {
            if (node.minItems)
                rules.push_back("minItems " + std::to_string(*node.minItems));
            if (node.maxItems)
                rules.push_back("maxItems " + std::to_string(*node.maxItems));
        }
        if (node.uniqueItems)
            rules.push_back(std::string("uniqueItems") + (typesHoldRules ? " (not checked here)" : ""));
        if (node.items)
            describe(*node.items, "each element: ");
    }
    if (!rules.empty()) {
        std::string joined;
        for (const auto &r : rules)
            joined += (joined.empty() ? "" : "; ") + r;
        lines.push_back(joined + ".");
    }
    return lines;
}

std::vector<std::string> safeComments(const std::vector<std::string> &lines) {
    std::vector<std::string> out;
    for (const auto &l : lines)
        out.push_back(commentText(l));
    return out;
}

// A module: the header's comments, then each part after a blank line.
std::string module(const std::vector<std::string> &header, std::vector<pd::Doc> firstLines,
                   const std::vector<pd::Doc> &parts) {
    std::vector<pd::Doc> docs;
    for (const auto &line : header)
        docs.push_back(pd::concat({pd::text("// " + commentText(line)), pd::hardline()}));
    for (auto &d : firstLines)
        docs.push_back(pd::concat({std::move(d), pd::hardline()}));
    for (const auto &p : parts)
        docs.push_back(pd::concat({pd::hardline(), p, pd::hardline()}));
    return pd::print(pd::concat(std::move(docs)));
}

std::string objectComment(const ObjectType &o) { return o.name + (o.description.empty() ? "" : ": " + o.description); }

// ---- TypeScript --------------------------------------------------------

class TypeScriptWriter {
public:
    TypeScriptWriter(const TypeModule &module) : m_module(module), m_names(nameTypes(module, moduleNames())) {}

    std::string write(const std::vector<std::string> &header) {
        std::vector<pd::Doc> parts;
        parts.push_back(script::declaration("export const collectionName", script::string(m_module.collection)));
        for (std::size_t i = 0; i < m_module.objects.size(); ++i)
            parts.push_back(writeObject(i));
        parts.push_back(script::typeAlias("export type CollectionDocument", script::plainType(m_names.objects.back())));
        std::vector<pd::Doc> first;
        if (!m_imports.empty())
            first.push_back(script::importNames("import type", {m_imports.begin(), m_imports.end()}, "bson"));
        return module(header, std::move(first), parts);
    }

private:
    script::Type scalar(BsonType t) {
        const auto bson = [&](const char *name) {
            m_imports.insert(name);
            return script::plainType(name);
        };
        switch (t) {
        case BsonType::Double:
        case BsonType::Int: return script::plainType("number");
        case BsonType::Long: return script::unionType({script::plainType("number"), bson("Long")});
        case BsonType::String: return script::plainType("string");
        case BsonType::Bool: return script::plainType("boolean");
        case BsonType::Date: return script::plainType("Date");
        case BsonType::Null: return script::plainType("null");
        case BsonType::Regex: return script::plainType("RegExp");
        case BsonType::Object:
            return script::genericType("Record", {script::plainType("string"), script::plainType("unknown")});
        case BsonType::Array: return script::arrayType(script::plainType("unknown"));
        case BsonType::BinData: return bson("Binary");
        case BsonType::ObjectId: return bson("ObjectId");
        case BsonType::Decimal: return bson("Decimal128");
        case BsonType::Timestamp: return bson("Timestamp");
        case BsonType::MinKey: return bson("MinKey");
        case BsonType::MaxKey: return bson("MaxKey");
        }
        return script::plainType("unknown");
    }

    // The type of a value at `node`.
    script::Type type(const TypeNode &node) {
        std::vector<script::Type> alts;
        bool literals = !node.enumValues.empty();
        for (const auto &l : node.enumValues)
            if (l.kind == Literal::Kind::Decimal || (l.isFiniteNumber() == false && l.kind != Literal::Kind::String &&
                                                     l.kind != Literal::Kind::Bool))
                literals = false;
        if (literals) {
            for (const auto &l : node.enumValues)
                alts.push_back(script::plainType(l.kind == Literal::Kind::String ? prettierStringLiteral(l.text)
                                                                                  : numberText(l)));
        } else {
            for (BsonType t : node.types) {
                if (t == BsonType::Array) {
                    alts.push_back(script::arrayType(node.items ? type(*node.items) : script::plainType("unknown")));
                } else if (t == BsonType::Object && node.object >= 0) {
                    alts.push_back(script::plainType(m_names.objects[static_cast<std::size_t>(node.object)]));
                } else if (t == BsonType::Object && node.mapValue) {
                    alts.push_back(script::genericType("Record", {script::plainType("string"), type(*node.mapValue)}));
                } else {
                    alts.push_back(scalar(t));
                }
            }
        }
        if (node.nullable)
            alts.push_back(script::plainType("null"));
        if (alts.empty())
            return script::plainType("unknown");
        return script::unionType(std::move(alts));
    }

    void writeFields(std::vector<pd::Doc> &members, const std::vector<TypeField> &fields) {
        for (const auto &f : fields)
            members.push_back(script::commented(safeComments(commentLines(f.type, false)),
                                                script::typeMember(typeMemberKey(f.key), !f.required, type(f.type))));
    }

    pd::Doc writeObject(std::size_t index) {
        const ObjectType &o = m_module.objects[index];
        const std::string &name = m_names.objects[index];
        const std::vector<std::string> comment{commentText(objectComment(o))};
        if (o.variants.empty()) {
            std::vector<pd::Doc> members;
            writeFields(members, o.fields);
            return script::commented(comment, script::interfaceBody("export interface " + name, members));
        }
        std::vector<pd::Doc> parts;
        std::vector<script::Type> variants;
        for (std::size_t v = 0; v < o.variants.size(); ++v) {
            const TypeVariant &variant = o.variants[v];
            std::vector<pd::Doc> members;
            for (const auto &f : o.fields) {
                if (f.key == o.discriminator)
                    members.push_back(script::commented(
                        safeComments(commentLines(f.type, false)),
                        script::typeMember(typeMemberKey(f.key), false,
                                           script::plainType(prettierStringLiteral(variant.value)))));
                else
                    writeFields(members, {f});
            }
            writeFields(members, variant.fields);
            parts.push_back(script::interfaceBody("export interface " + m_names.variants[index][v], members));
            variants.push_back(script::plainType(m_names.variants[index][v]));
        }
        parts.push_back(script::typeAlias("export type " + name, script::unionType(std::move(variants))));
        return script::commented(comment, pd::join(pd::hardline(), parts));
    }

    const TypeModule &m_module;
    TypeNames m_names;
    std::set<std::string> m_imports;
};

// ---- Zod ---------------------------------------------------------------

using script::Expr;

Expr z() { return script::identifier("z"); }
Expr zod(std::string name, std::vector<Expr> args = {}) { return script::method(z(), std::move(name), std::move(args)); }
Expr regExp(const std::string &pattern) {
    return script::construct(script::identifier("RegExp"), {script::string(pattern), script::string("u")});
}

class ZodWriter {
public:
    ZodWriter(const TypeModule &module) : m_module(module), m_names(nameTypes(module, moduleNames())) {}

    std::string write(const std::vector<std::string> &header) {
        std::vector<pd::Doc> objects;
        for (std::size_t i = 0; i < m_module.objects.size(); ++i)
            objects.push_back(writeObject(i));
        std::vector<pd::Doc> first{script::importNames("import", {"z"}, "zod")};
        if (!m_imports.empty())
            first.push_back(script::importNames("import", {m_imports.begin(), m_imports.end()}, "bson"));
        std::vector<pd::Doc> parts;
        if (m_codePoints)
            parts.push_back(script::commented({"Lengths as the server counts them: in code points, not UTF-16 units."},
                                              pd::text("const codePoints = (s: string): number => Array.from(s).length;")));
        parts.push_back(script::declaration("export const collectionName", script::string(m_module.collection)));
        parts.insert(parts.end(), objects.begin(), objects.end());
        parts.push_back(pd::concat(
            {script::declaration("export const documentSchema", script::identifier(m_names.objects.back())),
             pd::hardline(),
             script::typeAlias("export type CollectionDocument",
                               script::genericType("z.infer", {script::plainType("typeof documentSchema")}))}));
        return module(header, std::move(first), parts);
    }

private:
    Expr instance(std::string_view cls) {
        m_imports.emplace(cls);
        return zod("instanceof", {script::identifier(std::string(cls))});
    }

    Expr numberBounds(Expr e, const TypeNode &node) {
        if (node.minimum && node.minimum->isFiniteNumber())
            e = script::method(e, "gte", {script::number(numberText(*node.minimum))});
        if (node.maximum && node.maximum->isFiniteNumber())
            e = script::method(e, "lte", {script::number(numberText(*node.maximum))});
        return e;
    }

    Expr stringRules(Expr e, const TypeNode &node) {
        // Regex first: a refinement ends the chain of string methods.
        if (node.pattern)
            e = script::method(e, "regex", {regExp(*node.pattern)});
        if (node.minLength) {
            m_codePoints = true;
            const std::string n = std::to_string(*node.minLength);
            e = script::method(e, "refine",
                               {script::arrow("(s) => codePoints(s) >= " + n), script::string("minLength " + n)});
        }
        if (node.maxLength) {
            m_codePoints = true;
            const std::string n = std::to_string(*node.maxLength);
            e = script::method(e, "refine",
                               {script::arrow("(s) => codePoints(s) <= " + n), script::string("maxLength " + n)});
        }
        return e;
    }

    Expr scalar(BsonType t, const TypeNode &node) {
        switch (t) {
        case BsonType::Double: return numberBounds(zod("number"), node);
        case BsonType::Int: return numberBounds(script::method(zod("number"), "int", {}), node);
        case BsonType::Long:
            return script::method(numberBounds(script::method(zod("number"), "int", {}), node), "or", {instance("Long")});
        case BsonType::String: return stringRules(zod("string"), node);
        case BsonType::Bool: return zod("boolean");
        case BsonType::Date: return zod("date");
        case BsonType::Null: return zod("null");
        case BsonType::Regex: return zod("instanceof", {script::identifier("RegExp")});
        case BsonType::Object: return zod("record", {zod("unknown")});
        case BsonType::Array: return zod("array", {zod("unknown")});
        case BsonType::BinData: return instance("Binary");
        case BsonType::ObjectId: return instance("ObjectId");
        case BsonType::Decimal: return instance("Decimal128");
        case BsonType::Timestamp: return instance("Timestamp");
        case BsonType::MinKey: return instance("MinKey");
        case BsonType::MaxKey: return instance("MaxKey");
        }
        return zod("unknown");
    }

    Expr literal(const Literal &l) {
        if (l.kind == Literal::Kind::String)
            return zod("literal", {script::string(l.text)});
        if (l.kind == Literal::Kind::Bool)
            return zod("literal", {script::keyword(l.text)});
        return zod("literal", {script::number(l.text)});
    }

    Expr type(const TypeNode &node) {
        std::vector<Expr> alts;
        bool literals = !node.enumValues.empty();
        bool strings = true;
        for (const auto &l : node.enumValues) {
            if (l.kind != Literal::Kind::String)
                strings = false;
            if (l.kind != Literal::Kind::String && l.kind != Literal::Kind::Bool && !l.isFiniteNumber())
                literals = false;
        }
        Expr out;
        if (literals && strings) {
            std::vector<Expr> values;
            for (const auto &l : node.enumValues)
                values.push_back(script::string(l.text));
            out = zod("enum", {script::array(std::move(values))});
        } else if (literals) {
            for (const auto &l : node.enumValues)
                alts.push_back(literal(l));
        } else {
            for (BsonType t : node.types) {
                if (t == BsonType::Array) {
                    Expr a = zod("array", {node.items ? type(*node.items) : zod("unknown")});
                    if (node.minItems)
                        a = script::method(a, "min", {script::number(std::to_string(*node.minItems))});
                    if (node.maxItems)
                        a = script::method(a, "max", {script::number(std::to_string(*node.maxItems))});
                    alts.push_back(a);
                } else if (t == BsonType::Object && node.object >= 0) {
                    alts.push_back(script::identifier(m_names.objects[static_cast<std::size_t>(node.object)]));
                } else if (t == BsonType::Object && node.mapValue) {
                    Expr map = zod("record", {script::method(zod("string"), "regex", {regExp(node.mapKeyPattern)}),
                                              type(*node.mapValue)});
                    if (node.maxKeys) {
                        const std::string n = std::to_string(*node.maxKeys);
                        map = script::method(map, "refine",
                                             {script::arrow("(m) => Object.keys(m).length <= " + n),
                                              script::string("maxProperties " + n)});
                    }
                    alts.push_back(map);
                } else {
                    alts.push_back(scalar(t, node));
                }
            }
        }
        if (!out && alts.empty())
            out = zod("unknown");
        if (!out)
            out = alts.size() == 1 ? alts.front() : zod("union", {script::array(std::move(alts))});
        if (node.nullable)
            out = script::method(out, "nullable", {});
        return out;
    }

    void writeFields(std::vector<script::Property> &props, const std::vector<TypeField> &fields) {
        for (const auto &f : fields) {
            Expr value = type(f.type);
            if (!f.required)
                value = script::method(value, "optional", {});
            props.push_back({safeComments(commentLines(f.type, true)), objectLiteralKey(f.key), value});
        }
    }

    pd::Doc writeZodObject(const std::string &name, const ObjectType &o, const TypeVariant *variant) {
        std::vector<script::Property> props;
        for (const auto &f : o.fields) {
            if (variant && f.key == o.discriminator)
                props.push_back({safeComments(commentLines(f.type, true)), objectLiteralKey(f.key),
                                 zod("literal", {script::string(variant->value)})});
            else
                writeFields(props, {f});
        }
        if (variant)
            writeFields(props, variant->fields);
        const Expr schema = script::method(zod("object", {script::object(std::move(props), true)}),
                                           o.closed ? "strict" : "passthrough", {});
        return pd::concat({script::declaration("export const " + name, schema), pd::hardline(), inferred(name)});
    }

    static pd::Doc inferred(const std::string &name) {
        return script::typeAlias("export type " + name,
                                 script::genericType("z.infer", {script::plainType("typeof " + name)}));
    }

    pd::Doc writeObject(std::size_t index) {
        const ObjectType &o = m_module.objects[index];
        const std::string &name = m_names.objects[index];
        const std::vector<std::string> comment{commentText(objectComment(o))};
        if (o.variants.empty())
            return script::commented(comment, writeZodObject(name, o, nullptr));
        std::vector<pd::Doc> parts;
        std::vector<Expr> variants;
        for (std::size_t v = 0; v < o.variants.size(); ++v) {
            parts.push_back(writeZodObject(m_names.variants[index][v], o, &o.variants[v]));
            variants.push_back(script::identifier(m_names.variants[index][v]));
        }
        parts.push_back(script::declaration(
            "export const " + name,
            zod("discriminatedUnion", {script::string(o.discriminator), script::array(std::move(variants))})));
        parts.push_back(inferred(name));
        return script::commented(comment, pd::join(pd::hardline(), parts));
    }

    const TypeModule &m_module;
    TypeNames m_names;
    std::set<std::string> m_imports;
    bool m_codePoints = false;
};

} // namespace

std::string typeScriptModule(const TypeModule &module, const std::vector<std::string> &header) {
    return TypeScriptWriter(module).write(header);
}

std::string zodModule(const TypeModule &module, const std::vector<std::string> &header) {
    return ZodWriter(module).write(header);
}

} // namespace docshape::types
