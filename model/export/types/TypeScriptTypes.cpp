#include "export/types/TypeScriptTypes.h"

#include "export/types/Identifiers.h"
#include "export/types/ScriptKeys.h"
#include "util/JavaScriptText.h"

#include <set>
#include <sstream>

namespace docshape::types {

namespace {

using javascript::commentText;
using javascript::stringLiteral;

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

void writeComments(std::ostringstream &out, const std::vector<std::string> &lines, std::string_view indent) {
    for (const auto &l : lines)
        out << indent << "// " << commentText(l) << '\n';
}

void writeHeader(std::ostringstream &out, const std::vector<std::string> &header) {
    for (const auto &line : header)
        out << "// " << commentText(line) << '\n';
}


// ---- TypeScript --------------------------------------------------------

class TypeScriptWriter {
public:
    TypeScriptWriter(const TypeModule &module) : m_module(module), m_names(nameTypes(module, moduleNames())) {}

    std::string write(const std::vector<std::string> &header) {
        std::ostringstream body;
        for (std::size_t i = 0; i < m_module.objects.size(); ++i)
            writeObject(body, i);
        std::ostringstream out;
        writeHeader(out, header);
        if (!m_imports.empty()) {
            out << "import type { ";
            bool first = true;
            for (const auto &name : m_imports) {
                out << (first ? "" : ", ") << name;
                first = false;
            }
            out << " } from \"bson\";\n";
        }
        out << "\nexport const collectionName = " << stringLiteral(m_module.collection) << ";\n";
        out << body.str();
        out << "\nexport type CollectionDocument = " << m_names.objects.back() << ";\n";
        return out.str();
    }

private:
    std::string scalar(BsonType t) {
        switch (t) {
        case BsonType::Double:
        case BsonType::Int: return "number";
        case BsonType::Long: m_imports.insert("Long"); return "number | Long";
        case BsonType::String: return "string";
        case BsonType::Bool: return "boolean";
        case BsonType::Date: return "Date";
        case BsonType::Null: return "null";
        case BsonType::Regex: return "RegExp";
        case BsonType::Object: return "Record<string, unknown>";
        case BsonType::Array: return "unknown[]";
        case BsonType::BinData: m_imports.insert("Binary"); return "Binary";
        case BsonType::ObjectId: m_imports.insert("ObjectId"); return "ObjectId";
        case BsonType::Decimal: m_imports.insert("Decimal128"); return "Decimal128";
        case BsonType::Timestamp: m_imports.insert("Timestamp"); return "Timestamp";
        case BsonType::MinKey: m_imports.insert("MinKey"); return "MinKey";
        case BsonType::MaxKey: m_imports.insert("MaxKey"); return "MaxKey";
        }
        return "unknown";
    }

    // The type of a value at `node`; `alternatives` is set when it is a union.
    std::string type(const TypeNode &node, bool &alternatives) {
        std::vector<std::string> alts;
        bool literals = !node.enumValues.empty();
        for (const auto &l : node.enumValues)
            if (l.kind == Literal::Kind::Decimal || (l.isFiniteNumber() == false && l.kind != Literal::Kind::String &&
                                                     l.kind != Literal::Kind::Bool))
                literals = false;
        if (literals) {
            for (const auto &l : node.enumValues)
                alts.push_back(l.kind == Literal::Kind::String ? stringLiteral(l.text) : numberText(l));
        } else {
            for (BsonType t : node.types) {
                if (t == BsonType::Array) {
                    bool inner = false;
                    std::string element = node.items ? type(*node.items, inner) : "unknown";
                    alts.push_back(inner ? "(" + element + ")[]" : element + "[]");
                } else if (t == BsonType::Object && node.object >= 0) {
                    alts.push_back(m_names.objects[static_cast<std::size_t>(node.object)]);
                } else if (t == BsonType::Object && node.mapValue) {
                    bool inner = false;
                    alts.push_back("Record<string, " + type(*node.mapValue, inner) + ">");
                } else {
                    alts.push_back(scalar(t));
                }
            }
        }
        if (node.nullable)
            alts.push_back("null");
        std::string out;
        for (const auto &a : alts)
            out += (out.empty() ? "" : " | ") + a;
        alternatives = alts.size() > 1 || out.find(" | ") != std::string::npos;
        return out.empty() ? "unknown" : out;
    }

    void writeFields(std::ostringstream &out, const std::vector<TypeField> &fields) {
        for (const auto &f : fields) {
            writeComments(out, commentLines(f.type, false), "  ");
            bool alternatives = false;
            out << "  " << typeMemberKey(f.key) << (f.required ? "" : "?") << ": " << type(f.type, alternatives)
                << ";\n";
        }
    }

    void writeObject(std::ostringstream &out, std::size_t index) {
        const ObjectType &o = m_module.objects[index];
        const std::string &name = m_names.objects[index];
        out << '\n';
        writeComments(out, {o.name + (o.description.empty() ? "" : ": " + o.description)}, "");
        if (o.variants.empty()) {
            out << "export interface " << name << " {\n";
            writeFields(out, o.fields);
            out << "}\n";
            return;
        }
        for (std::size_t v = 0; v < o.variants.size(); ++v) {
            const TypeVariant &variant = o.variants[v];
            out << "export interface " << m_names.variants[index][v] << " {\n";
            for (const auto &f : o.fields) {
                if (f.key == o.discriminator) {
                    writeComments(out, commentLines(f.type, false), "  ");
                    out << "  " << typeMemberKey(f.key) << ": " << stringLiteral(variant.value) << ";\n";
                } else {
                    writeFields(out, {f});
                }
            }
            writeFields(out, variant.fields);
            out << "}\n";
        }
        out << "export type " << name << " =";
        for (const auto &v : m_names.variants[index])
            out << (&v == &m_names.variants[index].front() ? " " : " | ") << v;
        out << ";\n";
    }

    const TypeModule &m_module;
    TypeNames m_names;
    std::set<std::string> m_imports;
};

// ---- Zod ---------------------------------------------------------------

class ZodWriter {
public:
    ZodWriter(const TypeModule &module) : m_module(module), m_names(nameTypes(module, moduleNames())) {}

    std::string write(const std::vector<std::string> &header) {
        std::ostringstream body;
        for (std::size_t i = 0; i < m_module.objects.size(); ++i)
            writeObject(body, i);
        std::ostringstream out;
        writeHeader(out, header);
        out << "import { z } from \"zod\";\n";
        if (!m_imports.empty()) {
            out << "import { ";
            bool first = true;
            for (const auto &name : m_imports) {
                out << (first ? "" : ", ") << name;
                first = false;
            }
            out << " } from \"bson\";\n";
        }
        if (m_codePoints)
            out << "\n// Lengths as the server counts them: in code points, not UTF-16 units.\n"
                   "const codePoints = (s: string): number => Array.from(s).length;\n";
        out << "\nexport const collectionName = " << stringLiteral(m_module.collection) << ";\n";
        out << body.str();
        out << "\nexport const documentSchema = " << m_names.objects.back() << ";\n";
        out << "export type CollectionDocument = z.infer<typeof documentSchema>;\n";
        return out.str();
    }

private:
    std::string instance(std::string_view cls) {
        m_imports.emplace(cls);
        return "z.instanceof(" + std::string(cls) + ")";
    }

    std::string numberBounds(const TypeNode &node) {
        std::string out;
        if (node.minimum && node.minimum->isFiniteNumber())
            out += ".gte(" + numberText(*node.minimum) + ")";
        if (node.maximum && node.maximum->isFiniteNumber())
            out += ".lte(" + numberText(*node.maximum) + ")";
        return out;
    }

    std::string stringRules(const TypeNode &node) {
        std::string out;
        // Regex first: a refinement ends the chain of string methods.
        if (node.pattern)
            out += ".regex(new RegExp(" + stringLiteral(*node.pattern) + ", \"u\"))";
        if (node.minLength) {
            m_codePoints = true;
            out += ".refine((s) => codePoints(s) >= " + std::to_string(*node.minLength) +
                   ", { message: \"minLength " + std::to_string(*node.minLength) + "\" })";
        }
        if (node.maxLength) {
            m_codePoints = true;
            out += ".refine((s) => codePoints(s) <= " + std::to_string(*node.maxLength) +
                   ", { message: \"maxLength " + std::to_string(*node.maxLength) + "\" })";
        }
        return out;
    }

    std::string scalar(BsonType t, const TypeNode &node) {
        switch (t) {
        case BsonType::Double: return "z.number()" + numberBounds(node);
        case BsonType::Int: return "z.number().int()" + numberBounds(node);
        case BsonType::Long: return "z.number().int()" + numberBounds(node) + ".or(" + instance("Long") + ")";
        case BsonType::String: return "z.string()" + stringRules(node);
        case BsonType::Bool: return "z.boolean()";
        case BsonType::Date: return "z.date()";
        case BsonType::Null: return "z.null()";
        case BsonType::Regex: return "z.instanceof(RegExp)";
        case BsonType::Object: return "z.record(z.unknown())";
        case BsonType::Array: return "z.array(z.unknown())";
        case BsonType::BinData: return instance("Binary");
        case BsonType::ObjectId: return instance("ObjectId");
        case BsonType::Decimal: return instance("Decimal128");
        case BsonType::Timestamp: return instance("Timestamp");
        case BsonType::MinKey: return instance("MinKey");
        case BsonType::MaxKey: return instance("MaxKey");
        }
        return "z.unknown()";
    }

    std::string literal(const Literal &l) {
        if (l.kind == Literal::Kind::String)
            return "z.literal(" + stringLiteral(l.text) + ")";
        return "z.literal(" + l.text + ")";
    }

    std::string type(const TypeNode &node) {
        std::vector<std::string> alts;
        bool literals = !node.enumValues.empty();
        bool strings = true;
        for (const auto &l : node.enumValues) {
            if (l.kind != Literal::Kind::String)
                strings = false;
            if (l.kind != Literal::Kind::String && l.kind != Literal::Kind::Bool && !l.isFiniteNumber())
                literals = false;
        }
        std::string out;
        if (literals && strings) {
            out = "z.enum([";
            for (const auto &l : node.enumValues)
                out += (&l == &node.enumValues.front() ? "" : ", ") + stringLiteral(l.text);
            out += "])";
        } else if (literals) {
            for (const auto &l : node.enumValues)
                alts.push_back(literal(l));
        } else {
            for (BsonType t : node.types) {
                if (t == BsonType::Array) {
                    std::string a = "z.array(" + (node.items ? type(*node.items) : std::string("z.unknown()")) + ")";
                    if (node.minItems)
                        a += ".min(" + std::to_string(*node.minItems) + ")";
                    if (node.maxItems)
                        a += ".max(" + std::to_string(*node.maxItems) + ")";
                    alts.push_back(a);
                } else if (t == BsonType::Object && node.object >= 0) {
                    alts.push_back(m_names.objects[static_cast<std::size_t>(node.object)]);
                } else if (t == BsonType::Object && node.mapValue) {
                    std::string map = "z.record(z.string().regex(new RegExp(" + stringLiteral(node.mapKeyPattern) +
                                      ", \"u\")), " + type(*node.mapValue) + ")";
                    if (node.maxKeys)
                        map += ".refine((m) => Object.keys(m).length <= " + std::to_string(*node.maxKeys) +
                               ", { message: \"maxProperties " + std::to_string(*node.maxKeys) + "\" })";
                    alts.push_back(map);
                } else {
                    alts.push_back(scalar(t, node));
                }
            }
        }
        if (out.empty() && alts.empty())
            out = "z.unknown()";
        if (out.empty()) {
            if (alts.size() == 1) {
                out = alts.front();
            } else {
                out = "z.union([";
                for (const auto &a : alts)
                    out += (&a == &alts.front() ? "" : ", ") + a;
                out += "])";
            }
        }
        if (node.nullable)
            out += ".nullable()";
        return out;
    }

    void writeFields(std::ostringstream &out, const std::vector<TypeField> &fields) {
        for (const auto &f : fields) {
            writeComments(out, commentLines(f.type, true), "  ");
            out << "  " << objectLiteralKey(f.key) << ": " << type(f.type) << (f.required ? "" : ".optional()") << ",\n";
        }
    }

    void writeZodObject(std::ostringstream &out, const std::string &name, const ObjectType &o,
                        const TypeVariant *variant) {
        out << "export const " << name << " = z\n  .object({\n";
        std::ostringstream fields;
        for (const auto &f : o.fields) {
            if (variant && f.key == o.discriminator) {
                writeComments(fields, commentLines(f.type, true), "  ");
                fields << "  " << objectLiteralKey(f.key) << ": z.literal(" << stringLiteral(variant->value) << "),\n";
            } else {
                writeFields(fields, {f});
            }
        }
        if (variant)
            writeFields(fields, variant->fields);
        std::istringstream lines(fields.str());
        for (std::string line; std::getline(lines, line);)
            out << "  " << line << '\n';
        out << "  })\n  ." << (o.closed ? "strict" : "passthrough") << "();\n";
        out << "export type " << name << " = z.infer<typeof " << name << ">;\n";
    }

    void writeObject(std::ostringstream &out, std::size_t index) {
        const ObjectType &o = m_module.objects[index];
        const std::string &name = m_names.objects[index];
        out << '\n';
        writeComments(out, {o.name + (o.description.empty() ? "" : ": " + o.description)}, "");
        if (o.variants.empty()) {
            writeZodObject(out, name, o, nullptr);
            return;
        }
        for (std::size_t v = 0; v < o.variants.size(); ++v)
            writeZodObject(out, m_names.variants[index][v], o, &o.variants[v]);
        out << "export const " << name << " = z.discriminatedUnion(" << stringLiteral(o.discriminator) << ", [";
        for (const auto &v : m_names.variants[index])
            out << (&v == &m_names.variants[index].front() ? "" : ", ") << v;
        out << "]);\n";
        out << "export type " << name << " = z.infer<typeof " << name << ">;\n";
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
