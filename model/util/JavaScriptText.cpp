#include "util/JavaScriptText.h"

#include "util/Utf8.h"

namespace docshape::javascript {

namespace {

void hexEscape(std::string &out, char32_t c) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\u";
    for (int shift = 12; shift >= 0; shift -= 4)
        out += kHex[(c >> shift) & 0xF];
}

} // namespace

std::string stringLiteral(std::string_view text) { return quotedLiteral(text, '"'); }

std::string prettierStringLiteral(std::string_view text) {
    std::size_t doubles = 0, singles = 0;
    for (char c : text) {
        doubles += c == '"';
        singles += c == '\'';
    }
    return quotedLiteral(text, doubles > singles ? '\'' : '"');
}

std::string quotedLiteral(std::string_view text, char quote) {
    std::string out;
    out.reserve(text.size() + 2);
    out += quote;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(text, at, length);
        switch (c) {
        case '"':
        case '\'':
            if (c == char32_t(quote))
                out += '\\';
            out += char(c);
            break;
        case '\\': out += "\\\\"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        case '\n': out += "\\n"; break;
        case '\r': out += "\\r"; break;
        case '\t': out += "\\t"; break;
        case '<':
        case 0x2028:
        case 0x2029: hexEscape(out, c); break;
        default:
            if (c < 0x20 || c == 0x7F)
                hexEscape(out, c);
            else if (c == utf8::kReplacement)
                utf8::append(out, c);
            else
                out.append(text.substr(at, length));
        }
        at += length;
    }
    out += quote;
    return out;
}

std::string commentText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(text, at, length);
        if (c < 0x20 || c == 0x7F || c == 0x2028 || c == 0x2029 || (c >= 0x80 && c < 0xA0))
            out += ' ';
        else if (c == utf8::kReplacement)
            utf8::append(out, c);
        else
            out.append(text.substr(at, length));
        at += length;
    }
    return out;
}

} // namespace docshape::javascript
