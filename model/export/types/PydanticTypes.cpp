#include "export/types/PydanticTypes.h"

#include "export/types/Identifiers.h"
#include "export/types/PythonLayout.h"
#include "util/PythonText.h"

#include <set>
#include <sstream>

namespace docshape::types {

namespace {

using python::commentText;
// Quoted as black quotes (the module is laid out as black leaves it).
constexpr auto stringLiteral = python::blackStringLiteral;

// Names a module's classes and a class's attributes must not take: Python's
// keywords and what the module imports or defines (a class attribute named
// `constr` would hide the function from the annotations after it).
IdentifierSet reservedNames() {
    return IdentifierSet{
        // keywords
        "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
        "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda",
        "nonlocal", "not", "or", "pass", "raise", "return", "try", "while", "with", "yield",
        // imported or defined by every module
        "datetime", "Any", "Dict", "List", "Literal", "Optional", "Union", "BaseModel", "Extra", "Field",
        "StrictBool", "StrictBytes", "StrictFloat", "StrictInt", "StrictStr", "conint", "confloat", "conlist",
        "constr", "root_validator", "Decimal128", "MaxKey", "MinKey", "ObjectId", "Regex", "Timestamp",
        "COLLECTION_NAME", "DOCUMENT_MODEL",
        // pydantic 1.10's BaseModel attributes: a field of one of these names is refused
        "Config", "construct", "copy", "dict", "fields", "from_orm", "json", "parse_file", "parse_obj",
        "parse_raw", "schema", "schema_json", "update_forward_refs", "validate"};
}

// A PCRE pattern as a Python regular expression with the server's meaning
// under pydantic's re.match: a search (any prefix allowed), ASCII classes
// (\d, \w and \s are ASCII in PCRE without UCP, Unicode in Python); a
// leading (?flags) group stays in front, where Python requires global flags.
std::string pythonPattern(const std::string &pattern) {
    std::string flags;
    std::string body = pattern;
    if (body.rfind("(?", 0) == 0) {
        const auto close = body.find(')');
        bool allLetters = close != std::string::npos && close > 2;
        for (std::size_t i = 2; allLetters && i < close; ++i)
            allLetters = std::string_view("imsx").find(body[i]) != std::string_view::npos;
        if (allLetters) {
            flags = body.substr(0, close + 1);
            body = body.substr(close + 1);
        }
    }
    return flags + "(?s:.*?)(?a:" + body + ")";
}

class PydanticWriter {
public:
    explicit PydanticWriter(const TypeModule &module)
        : m_module(module), m_names(nameTypes(module, reservedNames())) {}

    std::string write(const std::vector<std::string> &header) {
        std::ostringstream body;
        for (std::size_t i = 0; i < m_module.objects.size(); ++i)
            writeObject(body, i);

        std::ostringstream out;
        for (const auto &line : header)
            out << "# " << commentText(line) << '\n';
        out << "import datetime\n";
        const auto importLine = [&](std::string_view from, const std::set<std::string> &names) {
            if (names.empty())
                return;
            out << "from " << from << " import ";
            bool first = true;
            for (const auto &n : names) {
                out << (first ? "" : ", ") << n;
                first = false;
            }
            out << '\n';
        };
        std::set<std::string> typing = m_typing;
        typing.insert("Any");
        importLine("typing", typing);
        out << '\n';
        importLine("bson", m_bson);
        std::set<std::string> pydantic = m_pydantic;
        pydantic.insert({"BaseModel", "Extra", "Field", "root_validator"});
        importLine("pydantic", pydantic);
        out << "\nCOLLECTION_NAME = " << stringLiteral(m_module.collection) << "\n";
        out << R"(

class _StrictDatetime(datetime.datetime):
    """A BSON date as PyMongo returns it: a datetime, never a parsed string or number."""

    @classmethod
    def __get_validators__(cls):
        yield cls._check

    @classmethod
    def _check(cls, value: Any) -> datetime.datetime:
        if not isinstance(value, datetime.datetime):
            raise TypeError("a datetime is required")
        return value


class _Document(BaseModel):
    """What every model here shares: keys as aliases, BSON classes allowed."""

    class Config:
        arbitrary_types_allowed = True
        allow_population_by_field_name = True
        extra = Extra.allow

    # Keys that may be absent but, when present, not null (pydantic 1 lets a
    # field whose default is None take an explicit None).
    _not_null = frozenset()

    @root_validator(pre=True)
    def _refuse_null(cls, values: Any) -> Any:
        for key in cls._not_null:
            if key in values and values[key] is None:
                raise ValueError(key + " may be absent but not null")
        return values
)";
        out << body.str();
        out << "\n\nDOCUMENT_MODEL = " << m_names.objects.back() << "\n";
        return python_layout::blackModule(out.str());
    }

private:
    std::string literal(const Literal &l) {
        if (l.kind == Literal::Kind::String)
            return stringLiteral(l.text);
        if (l.kind == Literal::Kind::Bool)
            return l.text == "true" ? "True" : "False";
        return l.text;
    }

    std::string numberBounds(const TypeNode &node) {
        std::string out;
        if (node.minimum && node.minimum->isFiniteNumber())
            out += ", ge=" + node.minimum->text;
        if (node.maximum && node.maximum->isFiniteNumber())
            out += ", le=" + node.maximum->text;
        return out;
    }

    std::string scalar(BsonType t, const TypeNode &node) {
        switch (t) {
        case BsonType::Double: {
            const std::string bounds = numberBounds(node);
            if (bounds.empty())
                return use(m_pydantic, "StrictFloat");
            return use(m_pydantic, "confloat") + "(strict=True" + bounds + ")";
        }
        case BsonType::Int:
        case BsonType::Long: {
            const std::string bounds = numberBounds(node);
            if (bounds.empty())
                return use(m_pydantic, "StrictInt");
            return use(m_pydantic, "conint") + "(strict=True" + bounds + ")";
        }
        case BsonType::String: {
            std::string args;
            if (node.minLength)
                args += ", min_length=" + std::to_string(*node.minLength);
            if (node.maxLength)
                args += ", max_length=" + std::to_string(*node.maxLength);
            if (node.pattern)
                args += ", regex=" + stringLiteral(pythonPattern(*node.pattern));
            if (args.empty())
                return use(m_pydantic, "StrictStr");
            return use(m_pydantic, "constr") + "(strict=True" + args + ")";
        }
        case BsonType::Bool: return use(m_pydantic, "StrictBool");
        case BsonType::Date: return "_StrictDatetime";
        case BsonType::Null: return "None";
        case BsonType::Regex: return use(m_bson, "Regex");
        case BsonType::Object: return use(m_typing, "Dict") + "[str, Any]";
        case BsonType::Array: return use(m_typing, "List") + "[Any]";
        case BsonType::BinData: return use(m_pydantic, "StrictBytes");
        case BsonType::ObjectId: return use(m_bson, "ObjectId");
        case BsonType::Decimal: return use(m_bson, "Decimal128");
        case BsonType::Timestamp: return use(m_bson, "Timestamp");
        case BsonType::MinKey: return use(m_bson, "MinKey");
        case BsonType::MaxKey: return use(m_bson, "MaxKey");
        }
        return "Any";
    }

    static std::string use(std::set<std::string> &imports, const std::string &name) {
        imports.insert(name);
        return name;
    }

    std::string type(const TypeNode &node) {
        std::vector<std::string> alts;
        bool literals = !node.enumValues.empty();
        for (const auto &l : node.enumValues)
            if (l.kind != Literal::Kind::String && l.kind != Literal::Kind::Bool && !l.isFiniteNumber())
                literals = false;
        if (literals) {
            std::string out = use(m_typing, "Literal") + "[";
            for (const auto &l : node.enumValues)
                out += (&l == &node.enumValues.front() ? "" : ", ") + literal(l);
            alts.push_back(out + "]");
        } else {
            for (BsonType t : node.types) {
                if (t == BsonType::Array) {
                    const std::string element = node.items ? type(*node.items) : std::string("Any");
                    if (node.minItems || node.maxItems) {
                        std::string a = use(m_pydantic, "conlist") + "(" + element;
                        if (node.minItems)
                            a += ", min_items=" + std::to_string(*node.minItems);
                        if (node.maxItems)
                            a += ", max_items=" + std::to_string(*node.maxItems);
                        alts.push_back(a + ")");
                    } else {
                        alts.push_back(use(m_typing, "List") + "[" + element + "]");
                    }
                } else if (t == BsonType::Object && node.object >= 0) {
                    alts.push_back(m_names.objects[static_cast<std::size_t>(node.object)]);
                } else if (t == BsonType::Object && node.mapValue) {
                    alts.push_back(use(m_typing, "Dict") + "[" + use(m_pydantic, "constr") + "(strict=True, regex=" +
                                   stringLiteral(pythonPattern(node.mapKeyPattern)) + "), " + type(*node.mapValue) +
                                   "]");
                } else {
                    alts.push_back(scalar(t, node));
                }
            }
        }
        std::string out;
        if (alts.empty()) {
            out = "Any";
        } else if (alts.size() == 1) {
            out = alts.front();
        } else {
            out = use(m_typing, "Union") + "[";
            for (const auto &a : alts)
                out += (&a == &alts.front() ? "" : ", ") + a;
            out += "]";
        }
        if (node.nullable)
            out = use(m_typing, "Optional") + "[" + out + "]";
        return out;
    }

    static std::vector<std::string> commentLines(const TypeNode &node) {
        std::vector<std::string> lines;
        if (!node.description.empty())
            lines.push_back(node.description);
        if (!node.referenceTo.empty())
            lines.push_back("References " + node.referenceTo + ".");
        if (!node.copyOf.empty())
            lines.push_back("A copy of " + node.copyOf + "'s fields, kept as the model's copy semantics say.");
        if (node.uniqueItems)
            lines.push_back("uniqueItems (not checked here).");
        const TypeNode &value = node.isArray() && node.items ? *node.items : node;
        if (value.minimum && !value.minimum->isFiniteNumber())
            lines.push_back("minimum " + value.minimum->text + " (not checked here).");
        if (value.maximum && !value.maximum->isFiniteNumber())
            lines.push_back("maximum " + value.maximum->text + " (not checked here).");
        if (value.maxKeys)
            lines.push_back("maxProperties " + std::to_string(*value.maxKeys) + " (not checked here).");
        return lines;
    }

    // The class body's lines for `fields`; adds to `notNull` each key that
    // may be absent but not null.
    void writeFields(std::ostringstream &out, const std::vector<TypeField> &fields, IdentifierSet &attributes,
                     std::vector<std::string> &notNull, const TypeVariant *variant, const std::string &disc) {
        for (const auto &f : fields) {
            for (const auto &line : commentLines(f.type))
                out << "    # " << commentText(line) << '\n';
            const std::string attribute = attributes.claim(pythonAttribute(f.key));
            if (variant && f.key == disc) {
                out << "    " << attribute << ": " << use(m_typing, "Literal") << "[" << stringLiteral(variant->value)
                    << "] = Field(..., alias=" << stringLiteral(f.key) << ")\n";
                continue;
            }
            if (!f.required && !f.type.nullable)
                notNull.push_back(f.key);
            out << "    " << attribute << ": " << type(f.type) << " = Field(" << (f.required ? "..." : "None")
                << ", alias=" << stringLiteral(f.key) << ")\n";
        }
    }

    void writeClass(std::ostringstream &out, const std::string &name, const ObjectType &o,
                    const TypeVariant *variant) {
        IdentifierSet attributes = reservedNames();
        for (const auto &n : m_names.objects)
            attributes.reserve(n);
        std::ostringstream fields;
        std::vector<std::string> notNull;
        writeFields(fields, o.fields, attributes, notNull, variant, o.discriminator);
        if (variant)
            writeFields(fields, variant->fields, attributes, notNull, nullptr, {});

        out << "\n\nclass " << name << "(_Document):\n";
        if (!o.description.empty())
            out << "    # " << commentText(o.name + ": " + o.description) << '\n';
        else
            out << "    # " << commentText(o.name) << '\n';
        if (o.closed)
            out << "    class Config:\n        extra = Extra.forbid\n\n";
        if (!notNull.empty()) {
            out << "    _not_null = frozenset({";
            for (const auto &k : notNull)
                out << (&k == &notNull.front() ? "" : ", ") << stringLiteral(k);
            out << "})\n";
        }
        out << fields.str();
        if (o.fields.empty() && (!variant || variant->fields.empty()))
            out << "    pass\n";
    }

    void writeObject(std::ostringstream &out, std::size_t index) {
        const ObjectType &o = m_module.objects[index];
        if (o.variants.empty()) {
            writeClass(out, m_names.objects[index], o, nullptr);
            return;
        }
        for (std::size_t v = 0; v < o.variants.size(); ++v)
            writeClass(out, m_names.variants[index][v], o, &o.variants[v]);
        out << "\n\n" << m_names.objects[index] << " = " << use(m_typing, "Union") << "[";
        for (const auto &v : m_names.variants[index])
            out << (&v == &m_names.variants[index].front() ? "" : ", ") << v;
        out << "]\n";
    }

    const TypeModule &m_module;
    TypeNames m_names;
    std::set<std::string> m_typing;
    std::set<std::string> m_bson;
    std::set<std::string> m_pydantic;
};

} // namespace

std::string pydanticModule(const TypeModule &module, const std::vector<std::string> &header) {
    return PydanticWriter(module).write(header);
}

} // namespace docshape::types
