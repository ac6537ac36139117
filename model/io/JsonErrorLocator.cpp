#include "io/JsonErrorLocator.h"

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace docshape::io {

std::string JsonSyntaxError::toString() const {
    return "line " + std::to_string(line) + ", column " + std::to_string(column) + ": " + message;
}

namespace {

class Scanner {
public:
    Scanner(std::string_view text, std::size_t maxDepth) : m_text(text), m_maxDepth(maxDepth) {}

    std::optional<JsonSyntaxError> run();

private:
    enum class State { Value, Key, AfterValue };

    bool atEnd() const { return m_pos >= m_text.size(); }
    unsigned char peek() const { return static_cast<unsigned char>(m_text[m_pos]); }
    void skipWhitespace() {
        while (!atEnd() && (peek() == ' ' || peek() == '\t' || peek() == '\n' || peek() == '\r'))
            ++m_pos;
    }
    std::optional<JsonSyntaxError> error(std::string message) const;
    std::optional<JsonSyntaxError> scanString();
    std::optional<JsonSyntaxError> scanNumber();
    std::optional<JsonSyntaxError> scanLiteral();
    std::string describeHere() const;

    std::string_view m_text;
    std::size_t m_maxDepth;
    std::size_t m_pos = 0;
};

std::optional<JsonSyntaxError> Scanner::error(std::string message) const {
    JsonSyntaxError e;
    std::size_t lineStart = 0;
    const std::size_t end = std::min(m_pos, m_text.size());
    for (std::size_t i = 0; i < end; ++i)
        if (m_text[i] == '\n') {
            ++e.line;
            lineStart = i + 1;
        }
    e.column = end - lineStart + 1;
    e.message = std::move(message);
    return e;
}

std::string Scanner::describeHere() const {
    if (atEnd())
        return "the end of the text";
    const unsigned char c = peek();
    if (c >= 0x21 && c < 0x7F)
        return std::string("'") + static_cast<char>(c) + "'";
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02X", c);
    return std::string("byte ") + buf;
}

std::optional<JsonSyntaxError> Scanner::run() {
    std::vector<char> stack; // '{' or '['
    State state = State::Value;
    skipWhitespace();
    if (atEnd())
        return error("the text is empty; expected a JSON object");
    for (;;) {
        skipWhitespace();
        switch (state) {
        case State::Value: {
            if (atEnd())
                return error("unexpected end of the text: it looks truncated (expected a value)");
            const unsigned char c = peek();
            if (c == '{' || c == '[') {
                if (stack.size() >= m_maxDepth)
                    return error("JSON nested more than " + std::to_string(m_maxDepth) +
                                 " levels deep");
                stack.push_back(static_cast<char>(c));
                ++m_pos;
                skipWhitespace();
                if (!atEnd() && peek() == (c == '{' ? '}' : ']')) {
                    ++m_pos;
                    stack.pop_back();
                    state = State::AfterValue;
                } else {
                    state = c == '{' ? State::Key : State::Value;
                }
                continue;
            }
            std::optional<JsonSyntaxError> failure;
            if (c == '"')
                failure = scanString();
            else if (c == '-' || (c >= '0' && c <= '9'))
                failure = scanNumber();
            else if (c == 't' || c == 'f' || c == 'n')
                failure = scanLiteral();
            else if (c == 'N' || c == 'I')
                return error("NaN and Infinity are not JSON numbers");
            else
                return error("expected a value, found " + describeHere());
            if (failure)
                return failure;
            state = State::AfterValue;
            continue;
        }
        case State::Key:
            if (atEnd())
                return error("unexpected end of the text: it looks truncated (expected a key)");
            if (peek() != '"')
                return error("expected a key in double quotes, found " + describeHere());
            if (auto failure = scanString())
                return failure;
            skipWhitespace();
            if (atEnd() || peek() != ':')
                return error("expected ':' after the key, found " + describeHere());
            ++m_pos;
            state = State::Value;
            continue;
        case State::AfterValue: {
            if (stack.empty()) {
                if (!atEnd())
                    return error("unexpected " + describeHere() +
                                 " after the end of the top-level value");
                return std::nullopt;
            }
            const char open = stack.back();
            const char close = open == '{' ? '}' : ']';
            if (atEnd())
                return error(std::string("unexpected end of the text: it looks truncated "
                                         "(missing '") +
                             close + "')");
            if (peek() == ',') {
                ++m_pos;
                state = open == '{' ? State::Key : State::Value;
                continue;
            }
            if (peek() == static_cast<unsigned char>(close)) {
                ++m_pos;
                stack.pop_back();
                continue;
            }
            return error(std::string("expected ',' or '") + close + "', found " + describeHere());
        }
        }
    }
}

std::optional<JsonSyntaxError> Scanner::scanString() {
    ++m_pos; // opening quote
    while (!atEnd()) {
        const unsigned char c = peek();
        if (c == '"') {
            ++m_pos;
            return std::nullopt;
        }
        if (c < 0x20)
            return error("control character in a string (write it as \\u00XX)");
        if (c == '\\') {
            ++m_pos;
            if (atEnd())
                break;
            const char escape = static_cast<char>(peek());
            if (escape == 'u') {
                const auto hex4 = [&](std::size_t at, unsigned &value) {
                    if (at + 4 > m_text.size())
                        return false;
                    value = 0;
                    for (std::size_t k = 0; k < 4; ++k) {
                        const char h = m_text[at + k];
                        value <<= 4;
                        if (h >= '0' && h <= '9')
                            value |= static_cast<unsigned>(h - '0');
                        else if (h >= 'a' && h <= 'f')
                            value |= static_cast<unsigned>(h - 'a' + 10);
                        else if (h >= 'A' && h <= 'F')
                            value |= static_cast<unsigned>(h - 'A' + 10);
                        else
                            return false;
                    }
                    return true;
                };
                unsigned code = 0;
                if (!hex4(m_pos + 1, code))
                    return error("\\u must be followed by four hexadecimal digits");
                m_pos += 5;
                if (code >= 0xD800 && code <= 0xDBFF) {
                    unsigned low = 0;
                    if (m_pos + 1 >= m_text.size() || m_text[m_pos] != '\\' ||
                        m_text[m_pos + 1] != 'u' || !hex4(m_pos + 2, low) || low < 0xDC00 ||
                        low > 0xDFFF)
                        return error("unpaired UTF-16 surrogate in a \\u escape");
                    m_pos += 6;
                } else if (code >= 0xDC00 && code <= 0xDFFF) {
                    return error("unpaired UTF-16 surrogate in a \\u escape");
                }
                continue;
            }
            if (std::string_view("\"\\/bfnrt").find(escape) == std::string_view::npos)
                return error("invalid escape sequence in a string");
            ++m_pos;
            continue;
        }
        if (c >= 0x80) {
            // Same rules as appendJsonString: shortest form, no surrogates,
            // nothing above U+10FFFF.
            std::size_t length = 0;
            unsigned char lo = 0x80, hi = 0xBF;
            if (c >= 0xC2 && c <= 0xDF)
                length = 2;
            else if (c >= 0xE0 && c <= 0xEF) {
                length = 3;
                if (c == 0xE0)
                    lo = 0xA0;
                if (c == 0xED)
                    hi = 0x9F;
            } else if (c >= 0xF0 && c <= 0xF4) {
                length = 4;
                if (c == 0xF0)
                    lo = 0x90;
                if (c == 0xF4)
                    hi = 0x8F;
            }
            bool valid = length != 0 && m_pos + length <= m_text.size();
            for (std::size_t k = 1; valid && k < length; ++k) {
                const auto b = static_cast<unsigned char>(m_text[m_pos + k]);
                valid = k == 1 ? (b >= lo && b <= hi) : (b & 0xC0) == 0x80;
            }
            if (!valid)
                return error("invalid UTF-8 in a string (is the file saved as UTF-8?)");
            m_pos += length;
            continue;
        }
        ++m_pos;
    }
    return error("unexpected end of the text inside a string: it looks truncated");
}

std::optional<JsonSyntaxError> Scanner::scanNumber() {
    const std::size_t start = m_pos;
    const auto digits = [&] {
        const std::size_t from = m_pos;
        while (!atEnd() && peek() >= '0' && peek() <= '9')
            ++m_pos;
        return m_pos - from;
    };
    bool negative = false;
    if (peek() == '-') {
        negative = true;
        ++m_pos;
    }
    if (atEnd() || !(peek() >= '0' && peek() <= '9'))
        return error("invalid number: expected a digit");
    if (peek() == '0') {
        ++m_pos;
        if (!atEnd() && peek() >= '0' && peek() <= '9')
            return error("invalid number: leading zeros are not allowed");
    } else {
        digits();
    }
    bool integer = true;
    if (!atEnd() && peek() == '.') {
        integer = false;
        ++m_pos;
        if (digits() == 0)
            return error("invalid number: expected a digit after '.'");
    }
    if (!atEnd() && (peek() == 'e' || peek() == 'E')) {
        integer = false;
        ++m_pos;
        if (!atEnd() && (peek() == '+' || peek() == '-'))
            ++m_pos;
        if (digits() == 0)
            return error("invalid number: expected a digit in the exponent");
    }
    const std::string literal(m_text.substr(start, m_pos - start));
    const std::size_t end = m_pos;
    m_pos = start; // report the number's own position
    if (integer) {
        errno = 0;
        if (negative)
            (void)std::strtoll(literal.c_str(), nullptr, 10);
        else
            (void)std::strtoull(literal.c_str(), nullptr, 10);
        if (errno == ERANGE)
            return error("integer " + literal.substr(0, 40) + " is out of range (" +
                         (negative ? "the minimum is -9223372036854775808"
                                   : "the maximum is 18446744073709551615") +
                         ")");
    } else {
        errno = 0;
        const double value = std::strtod(literal.c_str(), nullptr);
        if (std::isinf(value))
            return error("number " + literal.substr(0, 40) + " is too large for a double");
    }
    m_pos = end;
    return std::nullopt;
}

std::optional<JsonSyntaxError> Scanner::scanLiteral() {
    for (std::string_view word : {"true", "false", "null"}) {
        if (m_text.substr(m_pos, word.size()) == word) {
            m_pos += word.size();
            return std::nullopt;
        }
    }
    return error("expected a value, found " + describeHere());
}

} // namespace

std::optional<JsonSyntaxError> locateJsonError(std::string_view text, std::size_t maxDepth) {
    return Scanner(text, maxDepth).run();
}

} // namespace docshape::io
