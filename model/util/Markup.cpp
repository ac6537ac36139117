#include "util/Markup.h"

#include "util/Utf8.h"

namespace docshape::markup {

namespace {

bool forbidden(char32_t c) { return (c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7F || c == 0xFFFE || c == 0xFFFF; }

void append(std::string &out, std::string_view text, bool attribute) {
    out.reserve(out.size() + text.size());
    for (std::size_t at = 0; at < text.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(text, at, length);
        switch (c) {
        case '&': out += "&amp;"; break;
        case '<': out += "&lt;"; break;
        case '>': out += "&gt;"; break;
        case '"': out += "&quot;"; break;
        case '\t': out += attribute ? "&#9;" : "\t"; break;
        case '\n': out += attribute ? "&#10;" : "\n"; break;
        case '\r': out += attribute ? "&#13;" : "\r"; break;
        default:
            if (forbidden(c))
                out += ' ';
            else if (c == utf8::kReplacement)
                utf8::append(out, c);
            else
                out.append(text.substr(at, length));
        }
        at += length;
    }
}

} // namespace

void appendText(std::string &out, std::string_view text) { append(out, text, false); }

std::string text(std::string_view text) {
    std::string out;
    append(out, text, false);
    return out;
}

void appendAttribute(std::string &out, std::string_view text) { append(out, text, true); }

std::string attribute(std::string_view text) {
    std::string out;
    append(out, text, true);
    return out;
}

std::string wellFormed(std::string_view markup) {
    std::string out;
    out.reserve(markup.size());
    for (std::size_t at = 0; at < markup.size();) {
        std::size_t length = 1;
        const char32_t c = utf8::decode(markup, at, length);
        if (forbidden(c))
            out += ' ';
        else if (c == utf8::kReplacement)
            utf8::append(out, c);
        else
            out.append(markup.substr(at, length));
        at += length;
    }
    return out;
}

} // namespace docshape::markup
