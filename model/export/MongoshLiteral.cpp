#include "export/MongoshLiteral.h"

#include "util/JavaScriptText.h"

#include <cctype>
#include <charconv>
#include <set>
#include <string_view>

namespace docshape {

using nlohmann::ordered_json;

namespace {

std::string jsonString(std::string_view s) { return javascript::stringLiteral(s); }

bool isIdentifier(std::string_view key) {
    if (key.empty())
        return false;
    auto start = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_' || c == '$'; };
    if (!start(key.front()))
        return false;
    for (char c : key)
        if (!start(c) && !std::isdigit(static_cast<unsigned char>(c)))
            return false;
    return true;
}

// A string that is a JavaScript numeric literal as it stands (an optional
// minus, digits, fraction, exponent): what $numberDouble and $numberLong
// hold when they are finite.
bool isNumericLiteral(std::string_view s) {
    std::size_t i = 0;
    if (i < s.size() && s[i] == '-')
        ++i;
    std::size_t digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            ++i, ++digits;
    }
    if (digits == 0)
        return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '+' || s[i] == '-'))
            ++i;
        std::size_t exp = 0;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            ++i, ++exp;
        if (exp == 0)
            return false;
    }
    return i == s.size();
}

const std::set<std::string, std::less<>> &wrapperKeys() {
    static const std::set<std::string, std::less<>> keys = {
        "$oid",      "$symbol",    "$numberInt", "$numberLong",        "$numberDouble",
        "$numberDecimal", "$binary", "$uuid",    "$code",              "$scope",
        "$timestamp", "$regularExpression", "$dbPointer", "$date",     "$minKey",
        "$maxKey",   "$undefined",
    };
    return keys;
}

bool isWrapper(const ordered_json &value) {
    if (!value.is_object() || value.empty())
        return false;
    for (auto it = value.begin(); it != value.end(); ++it)
        if (!wrapperKeys().count(it.key()))
            return false;
    return true;
}

std::string ejsonParse(const ordered_json &value) {
    return "EJSON.parse(" + jsonString(value.dump(-1, ' ', false, ordered_json::error_handler_t::replace)) + ")";
}

bool stringMember(const ordered_json &value, const char *key, std::string &out) {
    auto it = value.find(key);
    if (it == value.end() || !it->is_string())
        return false;
    out = it->get<std::string>();
    return true;
}

// The constructor call for an Extended JSON wrapper, or EJSON.parse of it.
std::string wrapperLiteral(const ordered_json &value) {
    std::string text;
    if (value.size() == 1) {
        if (stringMember(value, "$numberInt", text) && isNumericLiteral(text) &&
            text.find_first_of(".eE") == std::string::npos)
            return "NumberInt(" + text + ")";
        if (stringMember(value, "$numberLong", text))
            return "NumberLong(" + jsonString(text) + ")";
        if (stringMember(value, "$numberDouble", text)) {
            if (text == "Infinity" || text == "-Infinity" || text == "NaN")
                return "new Double(" + text + ")";
            if (isNumericLiteral(text))
                return "new Double(" + text + ")";
        }
        if (stringMember(value, "$numberDecimal", text))
            return "NumberDecimal(" + jsonString(text) + ")";
        if (stringMember(value, "$oid", text))
            return "ObjectId(" + jsonString(text) + ")";
        if (stringMember(value, "$date", text))
            return "ISODate(" + jsonString(text) + ")";
        if (auto it = value.find("$date"); it != value.end() && it->is_object() && it->size() == 1 &&
                                           stringMember(*it, "$numberLong", text) && isNumericLiteral(text))
            return "new Date(" + text + ")";
        if (value.contains("$minKey"))
            return "MinKey()";
        if (value.contains("$maxKey"))
            return "MaxKey()";
        if (auto it = value.find("$binary"); it != value.end() && it->is_object()) {
            std::string base64, subType;
            int subtype = 0;
            if (stringMember(*it, "base64", base64) && stringMember(*it, "subType", subType)) {
                auto [ptr, ec] = std::from_chars(subType.data(), subType.data() + subType.size(), subtype, 16);
                if (ec == std::errc() && ptr == subType.data() + subType.size() && !subType.empty())
                    return "BinData(" + std::to_string(subtype) + ", " + jsonString(base64) + ")";
            }
        }
    }
    return ejsonParse(value);
}

void write(std::string &out, const ordered_json &value, int indent) {
    const std::string pad(static_cast<std::size_t>(indent) + 2, ' ');
    const std::string closePad(static_cast<std::size_t>(indent), ' ');
    if (isWrapper(value)) {
        out += wrapperLiteral(value);
    } else if (value.is_object()) {
        if (value.empty()) {
            out += "{}";
            return;
        }
        out += "{\n";
        bool first = true;
        for (auto it = value.begin(); it != value.end(); ++it) {
            if (!first)
                out += ",\n";
            first = false;
            out += pad;
            // A literal "__proto__" key would set the prototype, not a property.
            if (it.key() == "__proto__")
                out += "[" + jsonString(it.key()) + "]";
            else
                out += isIdentifier(it.key()) ? it.key() : jsonString(it.key());
            out += ": ";
            write(out, it.value(), indent + 2);
        }
        out += "\n" + closePad + "}";
    } else if (value.is_array()) {
        if (value.empty()) {
            out += "[]";
            return;
        }
        out += "[\n";
        bool first = true;
        for (const auto &element : value) {
            if (!first)
                out += ",\n";
            first = false;
            out += pad;
            write(out, element, indent + 2);
        }
        out += "\n" + closePad + "]";
    } else if (value.is_string()) {
        out += jsonString(value.get_ref<const std::string &>());
    } else {
        // Numbers, booleans and null are JavaScript as JSON writes them.
        out += value.dump(-1, ' ', false, ordered_json::error_handler_t::replace);
    }
}

} // namespace

std::string mongoshLiteral(const ordered_json &value, int indent) {
    std::string out;
    write(out, value, indent);
    return out;
}

} // namespace docshape
