#include "export/types/JavaTypes.h"

#include "util/JavaText.h"
#include "util/PrettyDoc.h"

#include <set>
#include <sstream>
#include <unordered_set>

namespace docshape::types {

namespace {

namespace pd = docshape::pretty;
using java::commentText;
using java::stringLiteral;

constexpr std::string_view kConstraints = "jakarta.validation.constraints.";

// The java.lang types the records name without qualification, and what a
// record component may not be called (JLS 8.10.1), besides the keywords.
// What the records may import (JavaWriter::use takes these names): their
// simple names are kept from the generated types, as are java.lang's that
// the records use, so that no record shadows a type it refers to.
constexpr std::string_view kImportable[] = {
    "java.util.Date", "java.util.List", "java.util.Map", "org.bson.BsonRegularExpression", "org.bson.BsonTimestamp",
    "org.bson.Document", "org.bson.types.Binary", "org.bson.types.Decimal128", "org.bson.types.MaxKey",
    "org.bson.types.MinKey", "org.bson.types.ObjectId", "org.bson.codecs.pojo.annotations.BsonId",
    "org.bson.codecs.pojo.annotations.BsonProperty", "jakarta.validation.Valid",
    "jakarta.validation.constraints.NotNull", "jakarta.validation.constraints.Size",
    "jakarta.validation.constraints.Pattern", "jakarta.validation.constraints.Min",
    "jakarta.validation.constraints.Max"};

IdentifierSet typeNames() {
    IdentifierSet names{"String", "Integer", "Long", "Double", "Boolean", "Object", "Record", "Override"};
    for (std::string_view qualified : kImportable)
        names.reserve(qualified.substr(qualified.rfind('.') + 1));
    return names;
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

// google-java-format's column limit, and its wrapping of a line comment
// that passes it: at the last whitespace before the limit, the rest on a
// new `//` line (JavaCommentsHelper.wrapLineComments).
constexpr std::size_t kColumnLimit = 100;

std::string wrapComments(const std::string &source) {
    std::istringstream in(source);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        const std::size_t column = line.find_first_not_of(' ');
        if (column == std::string::npos || line.compare(column, 2, "//") != 0 || line.size() <= kColumnLimit) {
            out += line + '\n';
            continue;
        }
        const std::string indent(column, ' ');
        std::string rest = line.substr(column);
        const auto trimmed = [](std::string t) {
            const auto b = t.find_first_not_of(' ');
            const auto e = t.find_last_not_of(' ');
            return b == std::string::npos ? std::string() : t.substr(b, e - b + 1);
        };
        while (rest.size() + column > kColumnLimit && column + 2 < kColumnLimit) {
            std::size_t at = kColumnLimit - column;
            while (at >= 2 && rest[at] != ' ')
                --at;
            if (at <= 2)
                break;
            out += indent + trimmed(rest.substr(0, at)) + '\n';
            rest = "//" + rest.substr(at);
        }
        out += indent + trimmed(rest) + '\n';
    }
    return out;
}

// google-java-format's StringWrapper: a string literal on a line past the
// column limit, reflowed at its spaces into `"…" + "…"` lines, each next
// one at the literal's column + 4 (reflow(); the literals here are never
// part of a concatenation, and hold no tab or newline escape).
std::string reflowLiteral(const std::string &content, std::size_t startColumn, std::size_t trailing) {
    std::vector<std::string> components;
    std::size_t start = 0;
    for (std::size_t i = 0; i < content.size(); ++i) {
        if (content[i] == '\\') {
            ++i;
            continue;
        }
        if (content[i] == ' ') {
            components.push_back(content.substr(start, i - start));
            start = i;
        }
    }
    components.push_back(content.substr(start));
    std::vector<std::string> lines;
    long width = long(kColumnLimit) - long(startColumn) - 2;
    bool first = true;
    std::size_t next = 0;
    while (next < components.size()) {
        std::size_t remaining = 0;
        for (std::size_t k = next; k < components.size(); ++k)
            remaining += components[k].size();
        if (long(remaining) <= width)
            width -= long(trailing);
        std::string line;
        while (next < components.size() &&
               (line.size() <= 4 || long(line.size() + components[next].size()) <= width))
            line += components[next++];
        if (line.empty())
            line = components[next++];
        lines.push_back(line);
        if (first) {
            width -= 6;
            first = false;
        }
    }
    std::string out = "\"";
    for (std::size_t i = 0; i < lines.size(); ++i)
        out += (i ? "\"\n" + std::string(startColumn + 4, ' ') + "+ \"" : std::string()) + lines[i];
    return out + "\"";
}

std::string reflowStrings(const std::string &source) {
    std::istringstream in(source);
    std::string out;
    for (std::string line; std::getline(in, line);) {
        const std::size_t column = line.find_first_not_of(' ');
        if (line.size() <= kColumnLimit || column == std::string::npos || line.compare(column, 2, "//") == 0) {
            out += line + '\n';
            continue;
        }
        std::string rebuilt;
        std::size_t at = 0;
        while (true) {
            const std::size_t open = line.find('"', at);
            if (open == std::string::npos)
                break;
            std::size_t close = open + 1;
            while (close < line.size() && line[close] != '"')
                close += line[close] == '\\' ? 2 : 1;
            if (close >= line.size())
                break; // not a whole literal: the writer writes none
            rebuilt += line.substr(at, open - at);
            rebuilt += reflowLiteral(line.substr(open + 1, close - open - 1), open, line.size() - close - 1);
            at = close + 1;
        }
        out += rebuilt + line.substr(std::min(at, line.size())) + '\n';
    }
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
        const pd::Doc type = object(m_module.objects.size() - 1, true);
        std::vector<pd::Doc> parts;
        for (const auto &line : header) {
            parts.push_back(wrappedComment(line));
            parts.push_back(pd::hardline());
        }
        parts.push_back(pd::text("package models;"));
        parts.push_back(pd::hardline());
        if (!m_imports.empty()) {
            parts.push_back(pd::hardline());
            for (const auto &i : m_imports) {
                parts.push_back(pd::text("import " + i + ";"));
                parts.push_back(pd::hardline());
            }
        }
        parts.push_back(pd::hardline());
        parts.push_back(type);
        parts.push_back(pd::hardline());
        return reflowStrings(wrapComments(pd::print(pd::concat(std::move(parts)), int(kColumnLimit))));
    }

private:
    // google-java-format's levels for what a component declares
    // (JavaInputAstVisitor): an annotation's arguments break at +4, an
    // element-value pair after its `=` at +4, type arguments at +4, the
    // annotations of a type use each on its own line.
    static pd::Doc argument(const std::string &name, const std::string &value) {
        if (name.empty())
            return pd::text(value);
        return pd::group(pd::concat({pd::text(name + " ="), pd::indent(pd::indent(pd::concat({pd::line(), pd::text(value)})))}));
    }

    static pd::Doc annotation(const std::string &name, const std::vector<pd::Doc> &args) {
        if (args.empty())
            return pd::text("@" + name);
        return pd::group(pd::concat({pd::text("@" + name + "("),
                                     pd::indent(pd::indent(pd::concat({pd::softline(),
                                                                       pd::join(pd::concat({pd::text(","), pd::line()}), args)}))),
                                     pd::text(")")}));
    }

    // A type: its type-use annotations, its simple name, its arguments.
    pd::Doc typeDoc(const std::string &name, const std::vector<pd::Doc> &arguments,
                    const std::vector<pd::Doc> &typeAnnotations = {}) {
        pd::Doc core = pd::text(name);
        if (!arguments.empty())
            core = pd::concat({pd::text(name + "<"),
                               pd::group(pd::indent(pd::indent(pd::concat(
                                   {pd::softline(), pd::join(pd::concat({pd::text(","), pd::line()}), arguments)})))),
                               pd::text(">")});
        return annotated(typeAnnotations, core);
    }

    // Type-use annotations in a level of their own, then a break before the
    // type they annotate.
    static pd::Doc annotated(const std::vector<pd::Doc> &typeAnnotations, pd::Doc type) {
        if (typeAnnotations.empty())
            return type;
        return pd::group(pd::concat({pd::group(pd::join(pd::line(), typeAnnotations)), pd::line(), std::move(type)}));
    }

    pd::Doc valueType(const TypeNode &n) {
        if (n.types.size() != 1)
            return pd::text("Object");
        switch (n.types.front()) {
        case BsonType::Double: return pd::text("Double");
        case BsonType::Int: return pd::text("Integer");
        case BsonType::Long: return pd::text("Long");
        case BsonType::String: return pd::text("String");
        case BsonType::Bool: return pd::text("Boolean");
        case BsonType::Date: return pd::text(use("java.util.Date"));
        case BsonType::Null: return pd::text("Object");
        case BsonType::Regex: return pd::text(use("org.bson.BsonRegularExpression"));
        case BsonType::Timestamp: return pd::text(use("org.bson.BsonTimestamp"));
        case BsonType::MinKey: return pd::text(use("org.bson.types.MinKey"));
        case BsonType::MaxKey: return pd::text(use("org.bson.types.MaxKey"));
        case BsonType::BinData: return pd::text(use("org.bson.types.Binary"));
        case BsonType::ObjectId: return pd::text(use("org.bson.types.ObjectId"));
        case BsonType::Decimal: return pd::text(use("org.bson.types.Decimal128"));
        case BsonType::Array: {
            const std::string list = use("java.util.List");
            if (!n.items)
                return typeDoc(list, {pd::text("Object")});
            // The element's rules as type-use annotations before its (simple,
            // imported) name.
            const TypeNode &e = *n.items;
            return typeDoc(list, {elementType(e, annotations(e, !e.nullable))});
        }
        case BsonType::Object:
            if (n.object >= 0)
                return pd::text(m_names[static_cast<std::size_t>(n.object)]);
            if (n.mapValue) {
                const std::string map = use("java.util.Map");
                return typeDoc(map, {pd::text("String"), valueType(*n.mapValue)});
            }
            return pd::text(use("org.bson.Document"));
        }
        return pd::text("Object");
    }

    // An element's type with `typeAnnotations` on it.
    pd::Doc elementType(const TypeNode &e, const std::vector<pd::Doc> &typeAnnotations) {
        return annotated(typeAnnotations, valueType(e));
    }

    // The Bean Validation annotations of a value at `n`.
    std::vector<pd::Doc> annotations(const TypeNode &n, bool notNull) {
        std::vector<pd::Doc> out;
        const auto v = [&](const char *name) { return use(std::string(kConstraints) + name); };
        if (notNull)
            out.push_back(annotation(v("NotNull"), {}));
        if (n.isObject() && n.object >= 0)
            out.push_back(annotation(use("jakarta.validation.Valid"), {}));
        const bool isString = n.types.size() == 1 && n.types.front() == BsonType::String;
        const bool isInteger =
            n.types.size() == 1 && (n.types.front() == BsonType::Int || n.types.front() == BsonType::Long);
        if (isString && (n.minLength || n.maxLength)) {
            std::vector<pd::Doc> args;
            if (n.minLength)
                args.push_back(argument("min", std::to_string(*n.minLength)));
            if (n.maxLength)
                args.push_back(argument("max", std::to_string(*n.maxLength)));
            out.push_back(annotation(v("Size"), args));
        }
        if (isString && n.pattern)
            out.push_back(annotation(
                v("Pattern"), {argument("regexp", stringLiteral("(?s:.*?)(?:" + *n.pattern + ")(?s:.*)"))}));
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
            out.push_back(annotation(v("Pattern"), {argument("regexp", stringLiteral(joined(values, "|")))}));
        }
        if (isInteger && n.minimum && n.minimum->isFiniteNumber())
            out.push_back(annotation(v("Min"), {argument("", n.minimum->text + "L")}));
        if (isInteger && n.maximum && n.maximum->isFiniteNumber())
            out.push_back(annotation(v("Max"), {argument("", n.maximum->text + "L")}));
        if (n.isArray() && (n.minItems || n.maxItems)) {
            std::vector<pd::Doc> args;
            if (n.minItems)
                args.push_back(argument("min", std::to_string(*n.minItems)));
            if (n.maxItems)
                args.push_back(argument("max", std::to_string(*n.maxItems)));
            out.push_back(annotation(v("Size"), args));
        }
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

    static pd::Doc commented(const std::vector<std::string> &comments, pd::Doc doc) {
        std::vector<pd::Doc> parts;
        for (const auto &c : comments) {
            parts.push_back(wrappedComment(c));
            parts.push_back(pd::hardline());
        }
        parts.push_back(std::move(doc));
        return pd::concat(std::move(parts));
    }

    // A line comment, wrapped once laid out (wrapComments), where its
    // column is known.
    static pd::Doc wrappedComment(const std::string &text) { return pd::text("// " + commentText(text)); }

    pd::Doc component(const TypeField &f, IdentifierSet &names, const std::string &disc, const std::string &discValue,
                      bool last) {
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
        std::vector<pd::Doc> annotationDocs;
        if (f.key == "_id")
            annotationDocs.push_back(annotation(use("org.bson.codecs.pojo.annotations.BsonId"), {}));
        else
            annotationDocs.push_back(
                annotation(use("org.bson.codecs.pojo.annotations.BsonProperty"), {argument("", stringLiteral(f.key))}));
        for (auto &a : annotations(f.type, f.required && !f.type.nullable))
            annotationDocs.push_back(std::move(a));
        const pd::Doc declared = pd::group(pd::indent(pd::indent(
            pd::concat({valueType(f.type), pd::line(), pd::text(names.claim(componentIdentifier(f.key)))}))));
        // JavaInputAstVisitor: the declaration annotations in a level of
        // their own, then a break before the type, at +4 when broken; the
        // type and the name in another, the name at +4.
        const pd::Doc doc = pd::group(pd::indent(pd::indent(pd::concat(
            {pd::group(pd::join(pd::line(), annotationDocs)), pd::line(), declared}))));
        return commented(comments, pd::concat({doc, pd::text(last ? "" : ",")}));
    }

    // `record Name(components) implements X {` body `}`: the components and
    // the implements clause break together, at +4.
    pd::Doc record(const std::string &name, const std::vector<const TypeField *> &fields, bool isPublic,
                   const std::string &implements, bool withCollection, const std::string &disc,
                   const std::string &discValue, bool nested) {
        IdentifierSet names = componentNames();
        std::vector<pd::Doc> components;
        for (std::size_t i = 0; i < fields.size(); ++i)
            components.push_back(component(*fields[i], names, disc, discValue, i + 1 == fields.size()));
        std::vector<pd::Doc> inner{pd::softline()};
        for (std::size_t i = 0; i < components.size(); ++i) {
            if (i)
                inner.push_back(pd::line());
            inner.push_back(components[i]);
        }
        inner.push_back(pd::text(")"));
        if (!implements.empty()) {
            inner.push_back(pd::line());
            inner.push_back(pd::text("implements " + implements));
        }
        const pd::Doc header = pd::concat({declaration(isPublic ? std::vector<std::string>{"public"} : std::vector<std::string>{},
                                                       "record " + name + "("),
                                           pd::group(pd::indent(pd::indent(pd::concat(std::move(inner)))))});
        std::vector<pd::Doc> body;
        if (withCollection)
            body.push_back(constant("public static final String COLLECTION"));
        if (nested)
            for (auto &n : nestedTypes())
                body.push_back(std::move(n));
        return pd::concat({header, block(body)});
    }

    // Modifiers, then the declaration: a break after each modifier when the
    // line up to the declaration's name does not fit (a very long name).
    static pd::Doc declaration(const std::vector<std::string> &modifiers, const std::string &head) {
        std::vector<pd::Doc> parts;
        for (const auto &m : modifiers) {
            parts.push_back(pd::text(m));
            parts.push_back(pd::line());
        }
        parts.push_back(pd::text(head));
        return pd::group(pd::concat(std::move(parts)));
    }

    // ` {` members, a blank line between two, `}`; ` {}` when empty.
    static pd::Doc block(const std::vector<pd::Doc> &members) {
        if (members.empty())
            return pd::text(" {}");
        std::vector<pd::Doc> parts{pd::text(" {")};
        std::vector<pd::Doc> inner;
        for (std::size_t i = 0; i < members.size(); ++i) {
            if (i)
                inner.push_back(pd::hardline());
            inner.push_back(pd::hardline());
            inner.push_back(members[i]);
        }
        // The constant and the first nested type are not apart.
        parts.push_back(pd::indent(pd::concat(std::move(inner))));
        parts.push_back(pd::hardline());
        parts.push_back(pd::text("}"));
        return pd::concat(std::move(parts));
    }

    pd::Doc constant(const std::string &head) {
        return pd::group(pd::concat({pd::text(head + " ="),
                                     pd::indent(pd::indent(pd::concat({pd::line(), pd::text(stringLiteral(m_module.collection))}))),
                                     pd::text(";")}));
    }

    std::vector<pd::Doc> nestedTypes() {
        std::vector<pd::Doc> out;
        for (std::size_t i = 0; i + 1 < m_module.objects.size(); ++i)
            out.push_back(object(i, false));
        return out;
    }

    pd::Doc object(std::size_t index, bool root) {
        const ObjectType &o = m_module.objects[index];
        const std::vector<std::string> comment{o.name + (o.description.empty() ? "" : ": " + o.description)};
        std::vector<const TypeField *> common;
        for (const auto &f : o.fields)
            common.push_back(&f);
        if (o.variants.empty())
            return commented(comment, record(m_names[index], common, root, {}, root, {}, {}, root));
        std::vector<pd::Doc> members;
        if (root)
            members.push_back(constant("String COLLECTION"));
        for (std::size_t v = 0; v < o.variants.size(); ++v) {
            std::vector<const TypeField *> fields = common;
            for (const auto &f : o.variants[v].fields)
                fields.push_back(&f);
            members.push_back(commented({o.variants[v].name},
                                        record(m_variantNames[index][v], fields, false, m_names[index], false,
                                               o.discriminator, o.variants[v].value, false)));
        }
        if (root)
            for (auto &n : nestedTypes())
                members.push_back(std::move(n));
        std::vector<std::string> modifiers{"sealed"};
        if (root)
            modifiers.insert(modifiers.begin(), "public");
        return commented(comment, pd::concat({declaration(modifiers, "interface " + m_names[index]), block(members)}));
    }

    std::string use(const std::string &qualified) {
        m_imports.insert(qualified);
        return qualified.substr(qualified.rfind('.') + 1);
    }

    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    const TypeModule &m_module;
    std::vector<std::string> m_names;
    std::vector<std::vector<std::string>> m_variantNames;
    std::set<std::string> m_imports; // sorted as google-java-format sorts them
};

} // namespace

JavaPackage::JavaPackage() : m_types(typeNames()) {}

std::pair<std::string, std::string> JavaPackage::file(const TypeModule &module,
                                                      const std::vector<std::string> &header) {
    const std::string root = m_types.claim(typeIdentifier(module.document().name));
    return {root + ".java", JavaWriter(module, root).write(header)};
}

} // namespace docshape::types
