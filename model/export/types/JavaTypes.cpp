#include "export/types/JavaTypes.h"

#include "util/JavaText.h"

#include <sstream>
#include <unordered_set>

namespace docshape::types {

namespace {

using java::commentText;
using java::stringLiteral;

constexpr std::string_view kValidation = "@jakarta.validation.constraints.";

// The java.lang types the records name without qualification, and what a
// record component may not be called (JLS 8.10.1), besides the keywords.
IdentifierSet typeNames() {
    return IdentifierSet{"String", "Integer", "Long", "Double", "Boolean", "Object", "Record", "Override"};
}

IdentifierSet componentNames() {
    return IdentifierSet{
        "abstract", "assert", "boolean", "break", "byte", "case", "catch", "char", "class", "const", "continue",
        "default", "do", "double", "else", "enum", "extends", "final", "finally", "float", "for", "goto", "if",
        "implements", "import", "instanceof", "int", "interface", "long", "native", "new", "package", "private",
        "protected", "public", "return", "short", "static", "strictfp", "super", "switch", "synchronized", "this",
        "throw", "throws", "transient", "try", "void", "volatile", "while", "true", "false", "null", "var", "yield",
        "record", "sealed", "permits", "non", "_", "clone", "finalize", "getClass", "hashCode", "notify",
        "notifyAll", "toString", "wait", "COLLECTION"};
}

// "shippingAddress" → "shippingAddress", "_id" → "id", "Total (INR)" → "totalInr".
std::string componentIdentifier(const std::string &key) {
    std::string pascal = typeIdentifier(key);
    if (pascal == "Type" && key.find_first_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789") ==
                                std::string::npos)
        return "field";
    if (pascal.front() >= 'A' && pascal.front() <= 'Z')
        pascal.front() = static_cast<char>(pascal.front() - 'A' + 'a');
    return pascal;
}

std::string joined(const std::vector<std::string> &parts, std::string_view separator) {
    std::string out;
    for (const auto &p : parts)
        out += (out.empty() ? "" : std::string(separator)) + p;
    return out;
}

class JavaWriter {
public:
    JavaWriter(const TypeModule &module, const std::string &rootName) : m_module(module) {
        IdentifierSet taken = typeNames();
        taken.reserve(rootName);
        for (std::size_t i = 0; i + 1 < m_module.objects.size(); ++i) {
            m_names.push_back(taken.claim(typeIdentifier(m_module.objects[i].name)));
            auto &vs = m_variantNames.emplace_back();
            for (const auto &v : m_module.objects[i].variants)
                vs.push_back(taken.claim(typeIdentifier(v.name)));
        }
        m_names.push_back(rootName);
        auto &vs = m_variantNames.emplace_back();
        for (const auto &v : m_module.document().variants)
            vs.push_back(taken.claim(typeIdentifier(v.value)));
    }

    std::string write(const std::vector<std::string> &header) {
        std::ostringstream out;
        for (const auto &line : header)
            out << "// " << commentText(line) << '\n';
        out << "package models;\n\n";
        const std::size_t root = m_module.objects.size() - 1;
        writeObject(out, root, "", true);
        return out.str();
    }

private:
    std::string valueType(const TypeNode &n, bool element) {
        if (n.types.size() != 1)
            return "Object";
        switch (n.types.front()) {
        case BsonType::Double: return "Double";
        case BsonType::Int: return "Integer";
        case BsonType::Long: return "Long";
        case BsonType::String: return "String";
        case BsonType::Bool: return "Boolean";
        case BsonType::Date: return "java.util.Date";
        case BsonType::Null: return "Object";
        case BsonType::Regex: return "org.bson.BsonRegularExpression";
        case BsonType::Timestamp: return "org.bson.BsonTimestamp";
        case BsonType::MinKey: return "org.bson.types.MinKey";
        case BsonType::MaxKey: return "org.bson.types.MaxKey";
        case BsonType::BinData: return "org.bson.types.Binary";
        case BsonType::ObjectId: return "org.bson.types.ObjectId";
        case BsonType::Decimal: return "org.bson.types.Decimal128";
        case BsonType::Array: {
            std::string elementType = "Object";
            if (n.items) {
                elementType = valueType(*n.items, true);
                // Element rules on a simple name (a qualified one would need
                // the annotation between its package and its name).
                if (elementType.find('.') == std::string::npos) {
                    const auto a = annotations(*n.items, !n.items->nullable, true);
                    if (!a.empty())
                        elementType = joined(a, " ") + " " + elementType;
                }
            }
            return "java.util.List<" + elementType + ">";
        }
        case BsonType::Object:
            if (n.object >= 0)
                return m_names[static_cast<std::size_t>(n.object)];
            if (n.mapValue)
                return "java.util.Map<String, " + valueType(*n.mapValue, true) + ">";
            return "org.bson.Document";
        }
        (void)element;
        return "Object";
    }

    // The Bean Validation annotations of a value at `n`.
    std::vector<std::string> annotations(const TypeNode &n, bool notNull, bool element) {
        std::vector<std::string> out;
        const std::string v(kValidation);
        if (notNull)
            out.push_back(v + "NotNull");
        if (n.isObject() && n.object >= 0)
            out.push_back("@jakarta.validation.Valid");
        const bool isString = n.types.size() == 1 && n.types.front() == BsonType::String;
        const bool isInteger =
            n.types.size() == 1 && (n.types.front() == BsonType::Int || n.types.front() == BsonType::Long);
        if (isString && (n.minLength || n.maxLength)) {
            std::vector<std::string> args;
            if (n.minLength)
                args.push_back("min = " + std::to_string(*n.minLength));
            if (n.maxLength)
                args.push_back("max = " + std::to_string(*n.maxLength));
            out.push_back(v + "Size(" + joined(args, ", ") + ")");
        }
        if (isString && n.pattern)
            out.push_back(v + "Pattern(regexp = " + stringLiteral("(?s:.*?)(?:" + *n.pattern + ")(?s:.*)") + ")");
        if (isString && !n.enumValues.empty()) {
            // The enum as a full match of its values, each character that
            // means something to java.util.regex escaped.
            std::vector<std::string> values;
            for (const auto &l : n.enumValues) {
                std::string quoted;
                for (char c : l.text) {
                    if (std::string_view("\\^$.|?*+()[]{}").find(c) != std::string_view::npos)
                        quoted += '\\';
                    quoted += c;
                }
                values.push_back(std::move(quoted));
            }
            out.push_back(v + "Pattern(regexp = " + stringLiteral(joined(values, "|")) + ")");
        }
        if (isInteger && n.minimum && n.minimum->isFiniteNumber())
            out.push_back(v + "Min(" + n.minimum->text + "L)");
        if (isInteger && n.maximum && n.maximum->isFiniteNumber())
            out.push_back(v + "Max(" + n.maximum->text + "L)");
        if (n.isArray() && (n.minItems || n.maxItems)) {
            std::vector<std::string> args;
            if (n.minItems)
                args.push_back("min = " + std::to_string(*n.minItems));
            if (n.maxItems)
                args.push_back("max = " + std::to_string(*n.maxItems));
            out.push_back(v + "Size(" + joined(args, ", ") + ")");
        }
        (void)element;
        return out;
    }

    // What no annotation holds, for the comment beside the component.
    static std::vector<std::string> unannotated(const TypeNode &n, const std::string &of) {
        std::vector<std::string> out;
        const bool isString = n.types.size() == 1 && n.types.front() == BsonType::String;
        const bool isInteger =
            n.types.size() == 1 && (n.types.front() == BsonType::Int || n.types.front() == BsonType::Long);
        if (!n.enumValues.empty() && !isString) {
            std::vector<std::string> values;
            for (const auto &l : n.enumValues)
                values.push_back(l.kind == Literal::Kind::String ? "\"" + l.text + "\"" : l.text);
            out.push_back(of + "one of " + joined(values, ", ") + " (no annotation)");
        }
        if (isString && (n.minLength || n.maxLength))
            out.push_back(of + "lengths in code points as the server counts them; @Size counts UTF-16 units");
        if (!isInteger && n.minimum)
            out.push_back(of + "minimum " + n.minimum->text + " (no annotation)");
        if (!isInteger && n.maximum)
            out.push_back(of + "maximum " + n.maximum->text + " (no annotation)");
        if (!n.mapKeyPattern.empty())
            out.push_back(of + "keys match " + n.mapKeyPattern + " (no annotation)");
        if (n.maxKeys)
            out.push_back(of + "maxProperties " + std::to_string(*n.maxKeys) + " (no annotation)");
        return out;
    }

    void writeComponents(std::ostringstream &out, const std::vector<const TypeField *> &fields,
                         const std::string &indent, const std::string &disc, const std::string &discValue) {
        IdentifierSet names = componentNames();
        for (std::size_t i = 0; i < fields.size(); ++i) {
            const TypeField &f = *fields[i];
            std::vector<std::string> comments;
            if (!f.type.description.empty())
                comments.push_back(f.type.description);
            if (!f.type.referenceTo.empty())
                comments.push_back("References " + f.type.referenceTo + ".");
            if (!f.type.copyOf.empty())
                comments.push_back("A copy of " + f.type.copyOf + "'s fields, kept as the model's copy semantics say.");
            if (!disc.empty() && f.key == disc)
                comments.push_back("Always \"" + discValue + "\" in this variant.");
            auto rules = unannotated(f.type, "");
            if (f.type.isArray() && f.type.items) {
                for (auto &r : unannotated(*f.type.items, "each element: "))
                    rules.push_back(std::move(r));
                if (f.type.uniqueItems)
                    rules.push_back("uniqueItems (no annotation)");
            }
            if (f.required && f.type.nullable)
                rules.push_back("required, and may be null (no annotation)");
            if (!rules.empty())
                comments.push_back(joined(rules, "; ") + ".");
            for (const auto &c : comments)
                out << indent << "// " << commentText(c) << '\n';
            std::vector<std::string> parts;
            if (f.key == "_id")
                parts.push_back("@org.bson.codecs.pojo.annotations.BsonId");
            else
                parts.push_back("@org.bson.codecs.pojo.annotations.BsonProperty(" + stringLiteral(f.key) + ")");
            for (auto &a : annotations(f.type, f.required && !f.type.nullable, false))
                parts.push_back(std::move(a));
            parts.push_back(valueType(f.type, false));
            parts.push_back(names.claim(componentIdentifier(f.key)));
            out << indent << joined(parts, " ") << (i + 1 < fields.size() ? "," : "") << '\n';
        }
    }

    void writeRecord(std::ostringstream &out, const std::string &name, const std::vector<const TypeField *> &fields,
                     const std::string &indent, const std::string &implements, bool withCollection,
                     const std::string &disc, const std::string &discValue, std::size_t nestedOf) {
        out << indent << (indent.empty() ? "public " : "") << "record " << name << "(\n";
        writeComponents(out, fields, indent + "    ", disc, discValue);
        out << indent << ")" << (implements.empty() ? "" : " implements " + implements) << " {\n";
        if (withCollection)
            out << indent << "  public static final String COLLECTION = " << stringLiteral(m_module.collection) << ";\n";
        if (nestedOf != npos)
            writeNested(out, indent + "  ");
        out << indent << "}\n";
    }

    // Every object but the document's, nested in the document's type.
    void writeNested(std::ostringstream &out, const std::string &indent) {
        for (std::size_t i = 0; i + 1 < m_module.objects.size(); ++i) {
            out << '\n';
            writeObject(out, i, indent, false);
        }
    }

    void writeObject(std::ostringstream &out, std::size_t index, const std::string &indent, bool root) {
        const ObjectType &o = m_module.objects[index];
        out << indent << "// " << commentText(o.name + (o.description.empty() ? "" : ": " + o.description)) << '\n';
        std::vector<const TypeField *> common;
        for (const auto &f : o.fields)
            common.push_back(&f);
        if (o.variants.empty()) {
            writeRecord(out, m_names[index], common, indent, {}, root, {}, {}, root ? 0 : npos);
            return;
        }
        out << indent << (indent.empty() ? "public " : "") << "sealed interface " << m_names[index] << " {\n";
        const std::string inner = indent + "  ";
        if (root)
            out << inner << "String COLLECTION = " << stringLiteral(m_module.collection) << ";\n";
        for (std::size_t v = 0; v < o.variants.size(); ++v) {
            std::vector<const TypeField *> fields = common;
            for (const auto &f : o.variants[v].fields)
                fields.push_back(&f);
            out << '\n' << inner << "// " << commentText(o.variants[v].name) << '\n';
            writeRecord(out, m_variantNames[index][v], fields, inner, m_names[index], false, o.discriminator,
                        o.variants[v].value, npos);
        }
        if (root)
            writeNested(out, inner);
        out << indent << "}\n";
    }

    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    const TypeModule &m_module;
    std::vector<std::string> m_names;
    std::vector<std::vector<std::string>> m_variantNames;
};

} // namespace

JavaPackage::JavaPackage() : m_types(typeNames()) {}

std::pair<std::string, std::string> JavaPackage::file(const TypeModule &module,
                                                      const std::vector<std::string> &header) {
    const std::string root = m_types.claim(typeIdentifier(module.document().name));
    return {root + ".java", JavaWriter(module, root).write(header)};
}

} // namespace docshape::types
