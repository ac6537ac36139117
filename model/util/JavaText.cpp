#include "util/JavaText.h"

#include "util/Utf8.h"

namespace docshape::java {

namespace {

void hex(std::string &out, char32_t c, int digits) {
    static constexpr char kHex[] = "0123456789ABCDEF";
    for (int shift = (digits - 1) * 4; shift >= 0; shift -= 4)
        out += kHex[(c >> shift) & 0xF];
}

bool printableAscii(char32_t c) { return c >= 0x20 && c < 0x7F; }

} // namespace

std::string stringLiteral(std::string_view text) {
    std::string out;
    out.reserve(text.size() + 2);
    out += '"';
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(text, at, length);
        if (c == '"' || c == '\\') {
            out += '\\';
            out += static_cast<char>(c);
        } else if (printableAscii(c)) {
            out += static_cast<char>(c);
        } else if (c < 0x20 || c == 0x7F) {
            out += '\\';
            out += static_cast<char>('0' + ((c >> 6) & 7));
            out += static_cast<char>('0' + ((c >> 3) & 7));
            out += static_cast<char>('0' + (c & 7));
        } else if (c < 0x10000) {
            out += "\\u";
            hex(out, c, 4);
        } else {
            const char32_t v = c - 0x10000;
            out += "\\u";
            hex(out, 0xD800 + (v >> 10), 4);
            out += "\\u";
            hex(out, 0xDC00 + (v & 0x3FF), 4);
        }
        at += length;
    }
    out += '"';
    return out;
}

std::string commentText(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(text, at, length);
        if (c == '\\') {
            out += "\\\\";
        } else if (printableAscii(c)) {
            out += static_cast<char>(c);
        } else if (c < 0xA0) {
            out += ' ';
        } else {
            out += "U+";
            hex(out, c, c > 0xFFFF ? 6 : 4);
        }
        at += length;
    }
    return out;
}

} // namespace docshape::java
