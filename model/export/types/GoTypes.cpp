#include "export/types/GoTypes.h"

#include "util/GoText.h"

#include <algorithm>
#include <functional>
#include <set>
#include <sstream>
#include <unordered_set>

namespace docshape::types {

namespace {

using golang::commentText;
using golang::stringLiteral;

// The last word of a file name Go reads as a build constraint (name_GOOS,
// name_GOARCH) or as a test file (name_test).
bool constrainingSuffix(const std::string &snake) {
    static const std::unordered_set<std::string> words = {
        "test",    "aix",     "android", "darwin",  "dragonfly", "freebsd", "hurd",    "illumos", "ios",
        "js",      "linux",   "nacl",    "netbsd",  "openbsd",   "plan9",   "solaris", "wasip1",  "windows",
        "zos",     "386",     "amd64",   "arm",     "arm64",     "loong64", "mips",    "mipsle",  "mips64",
        "mips64le", "ppc64",  "ppc64le", "riscv64", "s390x",     "sparc64", "wasm"};
    const auto underscore = snake.rfind('_');
    return underscore != std::string::npos && words.contains(snake.substr(underscore + 1));
}

std::string fieldIdentifier(const std::string &key) {
    if (key == "_id")
        return "ID";
    return typeIdentifier(key);
}

// `bson:"key"` (with ",omitempty"), as a raw string when the key needs no
// escape, else as an interpreted literal holding the escaped key.
std::string tag(const std::string &key, bool omitEmpty) {
    const std::string value = key + (omitEmpty ? ",omitempty" : "");
    const bool plain = std::all_of(key.begin(), key.end(), [](char c) {
        return c >= 0x20 && c < 0x7F && c != '`' && c != '"' && c != '\\';
    });
    if (plain)
        return "`bson:\"" + value + "\"`";
    return stringLiteral("bson:" + stringLiteral(value));
}

struct Line {
    std::vector<std::string> comments;
    std::string name;
    std::string type;
    std::string tag;
};

// A struct's fields as gofmt leaves them: names, types and tags in columns,
// each column as wide as its widest cell in a run of fields that no comment
// line interrupts.
void writeFields(std::ostringstream &out, const std::vector<Line> &lines) {
    for (std::size_t begin = 0; begin < lines.size();) {
        std::size_t end = begin + 1;
        while (end < lines.size() && lines[end].comments.empty())
            ++end;
        std::size_t nameWidth = 0;
        std::size_t typeWidth = 0;
        for (std::size_t i = begin; i < end; ++i) {
            nameWidth = std::max(nameWidth, lines[i].name.size());
            typeWidth = std::max(typeWidth, lines[i].type.size());
        }
        for (std::size_t i = begin; i < end; ++i) {
            const Line &l = lines[i];
            for (const auto &c : l.comments)
                out << "\t// " << c << '\n';
            out << '\t' << l.name << std::string(nameWidth - l.name.size() + 1, ' ') << l.type
                << std::string(typeWidth - l.type.size() + 1, ' ') << l.tag << '\n';
        }
        begin = end;
    }
}

} // namespace

GoPackage::GoPackage()
    : m_names{"ID", "String", "Error"} {}

std::string GoPackage::fileName(const std::string &collection) {
    std::string snake = pythonAttribute(collection);
    if (constrainingSuffix(snake))
        snake += "_model";
    return m_files.claim(snake) + ".go";
}

std::string GoPackage::module(const TypeModule &module, const std::vector<std::string> &header) {
    std::vector<std::string> names;
    for (const auto &o : module.objects)
        names.push_back(m_names.claim(typeIdentifier(o.name)));
    const std::string base = typeIdentifier(module.collection);
    const std::string collectionConst = m_names.claim(base + "Collection");
    const std::string documentAlias = m_names.claim(base + "Document");

    std::set<std::string> imports;
    const auto constraints = [](const TypeNode &n, std::vector<std::string> &out, const std::string &of) {
        if (!n.enumValues.empty()) {
            std::string values;
            for (const auto &l : n.enumValues)
                values += (values.empty() ? "" : ", ") + (l.kind == Literal::Kind::String ? "\"" + l.text + "\"" : l.text);
            out.push_back(of + "one of " + values);
        }
        if (n.minimum)
            out.push_back(of + "minimum " + n.minimum->text);
        if (n.maximum)
            out.push_back(of + "maximum " + n.maximum->text);
        if (n.minLength)
            out.push_back(of + "minLength " + std::to_string(*n.minLength));
        if (n.maxLength)
            out.push_back(of + "maxLength " + std::to_string(*n.maxLength));
        if (n.pattern)
            out.push_back(of + "pattern " + *n.pattern);
        if (!n.mapKeyPattern.empty())
            out.push_back(of + "keys match " + n.mapKeyPattern);
        if (n.maxKeys)
            out.push_back(of + "maxProperties " + std::to_string(*n.maxKeys));
    };

    std::function<std::string(const TypeNode &)> goType = [&](const TypeNode &n) -> std::string {
        if (n.types.size() != 1)
            return "interface{}";
        switch (n.types.front()) {
        case BsonType::Double: return "float64";
        case BsonType::Int: return "int32";
        case BsonType::Long: return "int64";
        case BsonType::String: return "string";
        case BsonType::Bool: return "bool";
        case BsonType::Date: imports.insert("time"); return "time.Time";
        case BsonType::Null: return "interface{}";
        case BsonType::Regex: imports.insert("primitive"); return "primitive.Regex";
        case BsonType::Timestamp: imports.insert("primitive"); return "primitive.Timestamp";
        case BsonType::MinKey: imports.insert("primitive"); return "primitive.MinKey";
        case BsonType::MaxKey: imports.insert("primitive"); return "primitive.MaxKey";
        case BsonType::BinData: imports.insert("primitive"); return "primitive.Binary";
        case BsonType::ObjectId: imports.insert("primitive"); return "primitive.ObjectID";
        case BsonType::Decimal: imports.insert("primitive"); return "primitive.Decimal128";
        case BsonType::Array: {
            if (!n.items)
                return "[]interface{}";
            const std::string element = goType(*n.items);
            return "[]" + (n.items->nullable && element != "interface{}" ? "*" + element : element);
        }
        case BsonType::Object:
            if (n.object >= 0)
                return names[static_cast<std::size_t>(n.object)];
            if (n.mapValue) {
                const std::string value = goType(*n.mapValue);
                return "map[string]" + (n.mapValue->nullable && value != "interface{}" ? "*" + value : value);
            }
            return "map[string]interface{}";
        }
        return "interface{}";
    };

    std::ostringstream body;
    for (std::size_t i = 0; i < module.objects.size(); ++i) {
        const ObjectType &o = module.objects[i];
        std::vector<Line> lines;
        IdentifierSet fieldNames;
        std::unordered_set<std::string> keys;
        const auto addField = [&](const TypeField &f, const std::string &variant) {
            if (!keys.insert(f.key).second)
                return; // a key two variants share: declared once, with the first one's type
            Line line;
            if (!f.type.description.empty())
                line.comments.push_back(commentText(f.type.description));
            if (!f.type.referenceTo.empty())
                line.comments.push_back(commentText("References " + f.type.referenceTo + "."));
            if (!f.type.copyOf.empty())
                line.comments.push_back(
                    commentText("A copy of " + f.type.copyOf + "'s fields, kept as the model's copy semantics say."));
            std::vector<std::string> rules;
            if (!variant.empty())
                rules.push_back("only in variant \"" + variant + "\"");
            constraints(f.type, rules, "");
            if (f.type.isArray()) {
                if (f.type.minItems)
                    rules.push_back("minItems " + std::to_string(*f.type.minItems));
                if (f.type.maxItems)
                    rules.push_back("maxItems " + std::to_string(*f.type.maxItems));
                if (f.type.uniqueItems)
                    rules.push_back("uniqueItems");
                if (f.type.items)
                    constraints(*f.type.items, rules, "each element: ");
            }
            if (!rules.empty()) {
                std::string joined;
                for (const auto &r : rules)
                    joined += (joined.empty() ? "" : "; ") + r;
                line.comments.push_back(commentText(joined + "."));
            }
            line.name = fieldNames.claim(fieldIdentifier(f.key));
            std::string type = goType(f.type);
            // Optional and nullable keys are pointers, slices and maps
            // included: omitempty would drop an empty array that is there,
            // and a nil slice without it would be written as null.
            const bool optional = !f.required || !variant.empty();
            if ((optional || f.type.nullable) && type != "interface{}")
                type = "*" + type;
            line.type = type;
            if (f.key.find(',') != std::string::npos) {
                line.comments.push_back(commentText("The key holds a comma, which a bson tag cannot name: not mapped."));
                line.tag = "`bson:\"-\"`";
            } else {
                line.tag = tag(f.key, optional);
            }
            lines.push_back(std::move(line));
        };
        for (const auto &f : o.fields)
            addField(f, "");
        for (const auto &v : o.variants)
            for (const auto &f : v.fields)
                addField(f, v.value);

        const std::string what = (o.name == names[i] ? "" : "(" + o.name + ")") +
                                 (o.description.empty() ? "" : (o.name == names[i] ? "" : " ") + o.description);
        body << "\n// " << names[i] << (what.empty() ? "" : " " + commentText(what)) << '\n';
        if (!o.variants.empty())
            body << "// " << commentText("Variants by \"" + o.discriminator + "\": each variant's fields are optional here.")
                 << '\n';
        body << "type " << names[i] << " struct {\n";
        writeFields(body, lines);
        body << "}\n";
    }

    std::ostringstream out;
    out << "// Code generated by DocShape; DO NOT EDIT.\n";
    for (const auto &line : header)
        out << "// " << commentText(line) << '\n';
    out << "\npackage models\n";
    if (!imports.empty()) {
        out << "\nimport (\n";
        if (imports.contains("time"))
            out << "\t\"time\"\n";
        if (imports.contains("time") && imports.contains("primitive"))
            out << '\n';
        if (imports.contains("primitive"))
            out << "\t\"go.mongodb.org/mongo-driver/bson/primitive\"\n";
        out << ")\n";
    }
    out << "\n// " << collectionConst << " is the collection's name.\nconst " << collectionConst << " = "
        << stringLiteral(module.collection) << '\n';
    out << "\n// " << documentAlias << " is a document of the collection.\ntype " << documentAlias << " = "
        << names.back() << '\n';
    out << body.str();
    return out.str();
}

} // namespace docshape::types
