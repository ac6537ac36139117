#include "util/AsciiText.h"

#include "util/Utf8.h"

namespace docshape::ascii {

namespace {

void hex(std::string &out, char32_t c, int digits) {
    static constexpr char kHex[] = "0123456789abcdef";
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
        out += kHex[(c >> shift) & 0xF];
}

void escape(std::string &out, char32_t c, char32_t byteEscapeEnd) {
    if (c < byteEscapeEnd) {
        out += "\\x";
        hex(out, c, 2);
    } else if (c < 0x10000) {
        out += "\\u";
        hex(out, c, 4);
    } else {
        out += "\\U";
        hex(out, c, 8);
    }
}

bool printableAscii(char32_t c) { return c >= 0x20 && c < 0x7F; }

} // namespace

std::string quoted(std::string_view text, char32_t byteEscapeEnd, char quote) {
    std::string out;
    out.reserve(text.size() + 2);
    out += quote;
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(text, at, length);
        if (c == char32_t(quote) || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (printableAscii(c)) {
            out += static_cast<char>(c);
        } else {
            escape(out, c, byteEscapeEnd);
        }
        at += length;
    }
    out += quote;
    return out;
}

std::string commentText(std::string_view text, char32_t byteEscapeEnd) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(text, at, length);
        if (printableAscii(c))
            out += static_cast<char>(c);
        else if (c < 0xA0)
            out += ' ';
        else
            escape(out, c, byteEscapeEnd);
        at += length;
    }
    return out;
}

} // namespace docshape::ascii
