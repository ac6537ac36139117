#include "io/JsonText.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdio>

namespace docshape::io {

namespace {

constexpr char kHex[] = "0123456789abcdef";

// Length of the valid UTF-8 sequence starting at s[i], or 0 when invalid
// (overlong forms, surrogates and code points above U+10FFFF are invalid).
std::size_t utf8SequenceLength(std::string_view s, std::size_t i) {
    const auto b = [&](std::size_t k) { return static_cast<unsigned char>(s[i + k]); };
    const unsigned char c = b(0);
    const std::size_t left = s.size() - i;
    const auto cont = [&](std::size_t k) { return k < left && (b(k) & 0xC0) == 0x80; };
    if (c >= 0xC2 && c <= 0xDF)
        return cont(1) ? 2 : 0;
    if (c >= 0xE0 && c <= 0xEF) {
        if (!cont(1) || !cont(2))
            return 0;
        if (c == 0xE0 && b(1) < 0xA0)
            return 0; // overlong
        if (c == 0xED && b(1) >= 0xA0)
            return 0; // surrogate
        return 3;
    }
    if (c >= 0xF0 && c <= 0xF4) {
        if (!cont(1) || !cont(2) || !cont(3))
            return 0;
        if (c == 0xF0 && b(1) < 0x90)
            return 0; // overlong
        if (c == 0xF4 && b(1) >= 0x90)
            return 0; // above U+10FFFF
        return 4;
    }
    return 0;
}

} // namespace

void appendJsonString(std::string &out, std::string_view s) {
    out += '"';
    std::size_t runStart = 0;
    std::size_t i = 0;
    const auto flush = [&] { out.append(s.data() + runStart, i - runStart); };
    while (i < s.size()) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c >= 0x20 && c != '"' && c != '\\' && c < 0x80) {
            ++i;
            continue;
        }
        if (c >= 0x80) {
            if (const std::size_t n = utf8SequenceLength(s, i)) {
                i += n;
                continue;
            }
            flush();
            out += "\\ufffd";
            runStart = ++i;
            continue;
        }
        flush();
        switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '\t': out += "\\t"; break;
        case '\r': out += "\\r"; break;
        case '\b': out += "\\b"; break;
        case '\f': out += "\\f"; break;
        default:
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        }
        runStart = ++i;
    }
    flush();
    out += '"';
}

void appendNumber(std::string &out, double value) {
    if (!std::isfinite(value)) {
        out += "null";
        return;
    }
    if (value == 0) {
        out += '0'; // also for -0, which reads back equal
        return;
    }
    char buf[64];
    // Whole numbers as people write them ("1000000", not the equally exact
    // but shorter "1e+06"), as long as every digit is exact.
    constexpr double kExactIntegers = 9007199254740992.0; // 2^53
    if (std::fabs(value) < kExactIntegers && value == std::trunc(value)) {
        const auto result = std::to_chars(buf, buf + sizeof buf, static_cast<long long>(value));
        out.append(buf, result.ptr);
        return;
    }
    const auto result = std::to_chars(buf, buf + sizeof buf, value);
    out.append(buf, result.ptr);
}

std::string formatNumber(double value) {
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value > 0 ? "infinity" : "-infinity";
    std::string s;
    appendNumber(s, value);
    return s;
}

std::string formatApproximate(double value) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.6g", value);
    return buf;
}

std::string inQuotes(std::string_view s) {
    constexpr std::size_t kMaxShown = 80;
    std::string out = "'";
    const std::size_t shown = std::min(s.size(), kMaxShown);
    for (std::size_t i = 0; i < shown; ++i) {
        const auto c = static_cast<unsigned char>(s[i]);
        if (c < 0x20 || c == 0x7F) {
            out += "\\u00";
            out += kHex[c >> 4];
            out += kHex[c & 0xF];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (shown < s.size())
        out += "...";
    out += '\'';
    return out;
}

bool isPlainKey(std::string_view s) {
    if (s.empty() || s.size() > 80)
        return false;
    for (const char c : s)
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_'))
            return false;
    return !(s[0] >= '0' && s[0] <= '9');
}

} // namespace docshape::io
