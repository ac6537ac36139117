#include "migrate/ComputedValue.h"

#include "migrate/PipelineBuilder.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <optional>

namespace docshape {

namespace {

using Json = nlohmann::ordered_json;

std::string lower(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    return s;
}

// Words, numbers, dotted paths and the operators + - * / ( ).
std::vector<std::string> tokens(const std::string &text) {
    std::vector<std::string> out;
    std::size_t i = 0;
    while (i < text.size()) {
        const unsigned char c = static_cast<unsigned char>(text[i]);
        if (std::isspace(c)) {
            ++i;
        } else if (std::string_view("+-*/()").find(char(c)) != std::string_view::npos) {
            out.emplace_back(1, char(c));
            ++i;
        } else {
            std::size_t j = i;
            while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j])) &&
                   std::string_view("+-*/()").find(text[j]) == std::string_view::npos)
                ++j;
            out.push_back(text.substr(i, j - i));
            i = j;
        }
    }
    return out;
}

std::optional<double> number(const std::string &token) {
    if (token.empty() || token.size() > 30 ||
        !std::all_of(token.begin(), token.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)) || c == '.'; }) ||
        std::count(token.begin(), token.end(), '.') > 1 || token.front() == '.' || token.back() == '.')
        return std::nullopt;
    return std::stod(token);
}

enum class Aggregate { None, Sum, Average, Min, Max, Count };

Aggregate aggregateOf(const std::string &word) {
    const std::string w = lower(word);
    if (w == "sum" || w == "total")
        return Aggregate::Sum;
    if (w == "average" || w == "avg" || w == "mean")
        return Aggregate::Average;
    if (w == "min" || w == "minimum")
        return Aggregate::Min;
    if (w == "max" || w == "maximum")
        return Aggregate::Max;
    if (w == "count" || w == "number")
        return Aggregate::Count;
    return Aggregate::None;
}

// Reads the arithmetic of a computedFrom. Inside an aggregate, paths through
// its array are written relative to the element ("$$e.price") and the
// array's path is recorded; paths outside any array stay root-relative.
class Reader {
public:
    Reader(std::vector<std::string> tokens, const ShapeMap &document, bool aggregate)
        : m_tokens(std::move(tokens)), m_aggregate(aggregate) {
        for (const NodePlace &p : document.places())
            m_places.emplace(p.path(), &p);
    }

    Result<Json> read() {
        auto e = sum();
        if (!e)
            return e;
        if (m_at < m_tokens.size())
            return fail("cannot read '" + m_tokens[m_at] + "' after the expression");
        return e;
    }

    const std::vector<std::string> &inputs() const { return m_inputs; }
    const std::string &array() const { return m_array; }
    bool anyOperator() const { return m_operators; }
    const NodePlace *onlyPath() const { return m_onlyPath; }
    const std::string &nonNumeric() const { return m_nonNumeric; } // a key that is not a number, if any

private:
    Error fail(const std::string &why) const { return Error{"", why}; }

    Result<Json> sum() {
        auto left = product();
        if (!left)
            return left;
        Json e = std::move(*left);
        while (m_at < m_tokens.size() && (m_tokens[m_at] == "+" || m_tokens[m_at] == "-")) {
            const bool add = m_tokens[m_at++] == "+";
            auto right = product();
            if (!right)
                return right;
            m_operators = true;
            if (add && e.is_object() && e.contains("$add"))
                e["$add"].push_back(std::move(*right));
            else
                e = Json{{add ? "$add" : "$subtract", Json::array({std::move(e), std::move(*right)})}};
        }
        return e;
    }

    Result<Json> product() {
        auto left = factor();
        if (!left)
            return left;
        Json e = std::move(*left);
        while (m_at < m_tokens.size() && (m_tokens[m_at] == "*" || m_tokens[m_at] == "/")) {
            const bool multiply = m_tokens[m_at++] == "*";
            auto right = factor();
            if (!right)
                return right;
            m_operators = true;
            if (multiply && e.is_object() && e.contains("$multiply")) {
                e["$multiply"].push_back(std::move(*right));
            } else if (multiply) {
                e = Json{{"$multiply", Json::array({std::move(e), std::move(*right)})}};
            } else {
                // The server fails the whole update on a division by zero:
                // a zero divisor gives null (the key is left missing).
                Json isZero = {{"$eq", Json::array({*right, pipeline::literal({{"$numberInt", "0"}})})}};
                Json divide = {{"$divide", Json::array({std::move(e), std::move(*right)})}};
                e = Json{{"$cond", Json::array({std::move(isZero), nullptr, std::move(divide)})}};
            }
        }
        return e;
    }

    Result<Json> factor() {
        if (m_at >= m_tokens.size())
            return fail("the expression ends where a key or a number is expected");
        const std::string token = m_tokens[m_at++];
        if (token == "(") {
            if (++m_depth > 32)
                return fail("parentheses nest too deeply");
            auto inner = sum();
            --m_depth;
            if (!inner)
                return inner;
            if (m_at >= m_tokens.size() || m_tokens[m_at] != ")")
                return fail("a '(' is not closed");
            ++m_at;
            m_operators = true; // a parenthesised path is still arithmetic
            return inner;
        }
        if (const auto n = number(token)) {
            // Canonical Extended JSON, as every value of a pipeline: an int
            // or a long where the number is whole, else a double.
            if (token.find('.') == std::string::npos && *n <= 2147483647.0)
                return pipeline::literal({{"$numberInt", token}});
            if (token.find('.') == std::string::npos && *n <= 9223372036854775807.0 && token.size() <= 18)
                return pipeline::literal({{"$numberLong", token}});
            return pipeline::literal({{"$numberDouble", token}});
        }
        return path(token);
    }

    Result<Json> path(const std::string &token) {
        const auto found = m_places.find(token);
        if (found == m_places.end())
            return fail("'" + token + "' is not a key of the document");
        const NodePlace &p = *found->second;
        m_inputs.push_back(token);
        m_onlyPath = m_inputs.size() == 1 ? &p : nullptr;
        const auto arrayAt = std::find(p.arrays.begin(), p.arrays.end(), true);
        if (arrayAt == p.arrays.end()) {
            const bool arrayOfValues = p.node->isArray() && !p.node->hasObject();
            if (arrayOfValues && m_aggregate && m_array.empty())
                m_array = token; // "sum of scores": the array itself
            else if (!isNumeric(p.node->type) && p.node->type != BsonType::Array)
                m_nonNumeric = token;
            return Json("$" + token);
        }
        if (!m_aggregate)
            return fail("'" + token + "' is inside an array: say 'sum of', 'average of', 'min of' or 'max of' to combine its elements");
        if (std::find(arrayAt + 1, p.arrays.end(), true) != p.arrays.end())
            return fail("'" + token + "' is inside an array inside an array");
        // The array's path, and the rest of the key's path inside its elements.
        const std::size_t depth = std::size_t(arrayAt - p.arrays.begin()) + 1;
        std::string arrayPath, rest;
        for (std::size_t i = 0; i < p.names.size(); ++i) {
            std::string &into = i < depth ? arrayPath : rest;
            into += (into.empty() ? "" : ".") + p.names[i];
        }
        if (!isNumeric(p.node->type))
            m_nonNumeric = token;
        if (!m_array.empty() && m_array != arrayPath)
            return fail("'" + token + "' is in the array '" + arrayPath + "', another key is in '" + m_array + "'");
        m_array = arrayPath;
        return Json("$$e." + rest);
    }

    std::vector<std::string> m_tokens;
    bool m_aggregate;
    std::size_t m_at = 0;
    int m_depth = 0;
    std::map<std::string, const NodePlace *> m_places;
    std::vector<std::string> m_inputs;
    std::string m_array;
    std::string m_nonNumeric;
    bool m_operators = false;
    const NodePlace *m_onlyPath = nullptr;
};

Json arrayOrEmpty(const std::string &path) {
    return {{"$cond", Json::array({{{"$isArray", "$" + path}}, "$" + path, Json::array()})}};
}

} // namespace

Result<ComputedValue> computedValue(const std::string &computedFrom, const ShapeMap &document, BsonType fieldType) {
    std::vector<std::string> words = tokens(computedFrom);
    if (words.empty())
        return Error{"", "it states nothing to compute from"};
    if (words.size() > 200)
        return Error{"", "it is too long to read as an expression"};
    Aggregate aggregate = Aggregate::None;
    if (words.size() >= 2 && lower(words[1]) == "of") {
        aggregate = aggregateOf(words[0]);
        if (aggregate == Aggregate::None)
            return Error{"", "'" + words[0] + " of' is not one of sum, average, min, max or count of"};
        words.erase(words.begin(), words.begin() + 2);
    }
    Reader reader(std::move(words), document, aggregate != Aggregate::None);
    auto read = reader.read();
    if (!read)
        return read.error();
    Json expression = std::move(*read);
    const bool numericField = isNumeric(fieldType);

    if (aggregate == Aggregate::Count) {
        const NodePlace *only = reader.onlyPath();
        if (!only || reader.anyOperator() || !only->node->isArray() || only->crossesArray())
            return Error{"", "'count of' takes one array of the document, not inside another array"};
        expression = {{"$size", arrayOrEmpty(reader.inputs().front())}};
    } else if (aggregate != Aggregate::None) {
        if (reader.array().empty()) {
            const NodePlace *only = reader.onlyPath();
            if (only && only->node->isArray())
                return Error{"", "'" + reader.inputs().front() + "' holds subdocuments: name the key of its elements to " +
                                     "combine, e.g. '" + reader.inputs().front() + ".price'"};
            return Error{"", "no key of it is in an array of the document"};
        }
        if (!reader.nonNumeric().empty())
            return Error{"", "'" + reader.nonNumeric() + "' is not a number"};
        const char *op = aggregate == Aggregate::Sum       ? "$sum"
                         : aggregate == Aggregate::Average ? "$avg"
                         : aggregate == Aggregate::Min     ? "$min"
                                                           : "$max";
        const bool plainArray = reader.onlyPath() && !reader.anyOperator() && reader.array() == reader.inputs().front();
        if (plainArray)
            expression = {{op, "$" + reader.array()}};
        else
        {
            Json map = {{"input", arrayOrEmpty(reader.array())}, {"as", "e"}, {"in", std::move(expression)}};
            expression = {{op, {{"$map", std::move(map)}}}};
        }
    } else if (reader.anyOperator()) {
        if (!reader.nonNumeric().empty())
            return Error{"", "'" + reader.nonNumeric() + "' is not a number"};
    } else {
        // One key: a copy of its value.
        const NodePlace *only = reader.onlyPath();
        if (!only)
            return Error{"", "it names no key of the document"};
        if (only->node->type != fieldType && !(numericField && isNumeric(only->node->type)))
            return Error{"", "'" + reader.inputs().front() + "' is a " + std::string(toString(only->node->type)) +
                                 ", the field a " + std::string(toString(fieldType))};
        if (!numericField)
            return ComputedValue{std::move(expression), reader.inputs()};
    }
    if (!numericField)
        return Error{"", "it computes a number, and the field is a " + std::string(toString(fieldType))};
    // The server's $convert: to the field's type; a missing or
    // unconvertible result leaves the key missing rather than wrong.
    Json converted = {{"$convert", {{"input", std::move(expression)},
                                    {"to", pipeline::convertTarget(fieldType)},
                                    {"onError", "$$REMOVE"},
                                    {"onNull", "$$REMOVE"}}}};
    return ComputedValue{std::move(converted), reader.inputs()};
}

} // namespace docshape
