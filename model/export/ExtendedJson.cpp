#include "export/ExtendedJson.h"

#include <charconv>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <limits>

namespace docshape {

using nlohmann::ordered_json;

namespace {

bool isIntegral(double v) { return std::isfinite(v) && std::floor(v) == v; }

std::string integerText(double v) {
    char buf[32];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, static_cast<std::int64_t>(v));
    (void)ec;
    return std::string(buf, end);
}

std::string shortestText(double v) {
    char buf[64];
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
    (void)ec;
    return std::string(buf, end);
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    return s;
}

template <typename Int> bool parseInteger(std::string_view s, Int &out) {
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size() && !s.empty();
}

bool parseDouble(std::string_view s, double &out) {
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size() && !s.empty() && std::isfinite(out);
}

// Decimal128 literal as the server's parser takes it: digits with an
// optional fraction and exponent, or Infinity / NaN.
bool isDecimalLiteral(std::string_view s) {
    if (s == "Infinity" || s == "-Infinity" || s == "NaN")
        return true;
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        ++i;
    std::size_t digits = 0;
    while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
        ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            ++i, ++digits;
    }
    if (digits == 0 || digits > 34)
        return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+'))
            ++i;
        std::size_t expDigits = 0;
        while (i < s.size() && std::isdigit(static_cast<unsigned char>(s[i])))
            ++i, ++expDigits;
        if (expDigits == 0)
            return false;
    }
    return i == s.size();
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil).
std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool readDigits(std::string_view s, std::size_t &pos, std::size_t n, int &out) {
    if (pos + n > s.size())
        return false;
    out = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = s[pos + i];
        if (!std::isdigit(static_cast<unsigned char>(c)))
            return false;
        out = out * 10 + (c - '0');
    }
    pos += n;
    return true;
}

// "YYYY-MM-DD", optionally "THH:MM[:SS[.fff]]" and "Z" or "+HH:MM"; a time
// without a zone is UTC. Milliseconds since the epoch.
bool parseIsoDate(std::string_view s, std::int64_t &ms) {
    std::size_t p = 0;
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, milli = 0;
    if (!readDigits(s, p, 4, y) || p >= s.size() || s[p++] != '-' || !readDigits(s, p, 2, mo) ||
        p >= s.size() || s[p++] != '-' || !readDigits(s, p, 2, d))
        return false;
    static constexpr int kMonthDays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (mo < 1 || mo > 12 || d < 1 || d > kMonthDays[mo - 1])
        return false;
    const bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    if (mo == 2 && d == 29 && !leap)
        return false;
    int offsetMinutes = 0;
    if (p < s.size()) {
        if (s[p] != 'T' && s[p] != ' ')
            return false;
        ++p;
        if (!readDigits(s, p, 2, h) || p >= s.size() || s[p++] != ':' || !readDigits(s, p, 2, mi))
            return false;
        if (p < s.size() && s[p] == ':') {
            ++p;
            if (!readDigits(s, p, 2, sec))
                return false;
            if (p < s.size() && s[p] == '.') {
                ++p;
                int scale = 100;
                std::size_t fracDigits = 0;
                while (p < s.size() && std::isdigit(static_cast<unsigned char>(s[p]))) {
                    milli += (s[p] - '0') * scale;
                    scale /= 10;
                    ++p, ++fracDigits;
                }
                if (fracDigits == 0)
                    return false;
            }
        }
        if (h > 23 || mi > 59 || sec > 59)
            return false;
        if (p < s.size()) {
            if (s[p] == 'Z') {
                ++p;
            } else if (s[p] == '+' || s[p] == '-') {
                const int sign = s[p++] == '-' ? -1 : 1;
                int oh = 0, om = 0;
                if (!readDigits(s, p, 2, oh))
                    return false;
                if (p < s.size() && s[p] == ':')
                    ++p;
                if (!readDigits(s, p, 2, om) || oh > 23 || om > 59)
                    return false;
                offsetMinutes = sign * (oh * 60 + om);
            } else {
                return false;
            }
        }
    }
    if (p != s.size())
        return false;
    const std::int64_t seconds =
        daysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 + h * 3600 +
        mi * 60 + sec - offsetMinutes * 60;
    ms = seconds * 1000 + milli;
    return true;
}

Error literalError(std::string_view literal, BsonType type, std::string_view why) {
    return Error{"", "value '" + std::string(literal) + "' is not a valid " +
                         std::string(toString(type)) + ": " + std::string(why)};
}

} // namespace

std::string canonicalDoubleText(double value) {
    if (std::isnan(value))
        return "NaN";
    if (std::isinf(value))
        return value < 0 ? "-Infinity" : "Infinity";
    std::string text = shortestText(value);
    const auto e = text.find('e');
    std::string mantissa = e == std::string::npos ? text : text.substr(0, e);
    if (mantissa.find('.') == std::string::npos)
        mantissa += ".0";
    if (e == std::string::npos)
        return mantissa;
    std::string exponent = text.substr(e + 1);
    if (exponent.front() != '-' && exponent.front() != '+')
        exponent.insert(exponent.begin(), '+');
    return mantissa + "E" + exponent;
}

ordered_json typedNumber(BsonType type, double value) {
    if (type == BsonType::Int && isIntegral(value) && value >= std::numeric_limits<std::int32_t>::min() &&
        value <= std::numeric_limits<std::int32_t>::max())
        return {{"$numberInt", integerText(value)}};
    // 2^63 is the first double past the int64 range.
    if (type == BsonType::Long && isIntegral(value) && value >= -9223372036854775808.0 &&
        value < 9223372036854775808.0)
        return {{"$numberLong", integerText(value)}};
    if (type == BsonType::Decimal && std::isfinite(value))
        return {{"$numberDecimal", isIntegral(value) && std::fabs(value) < 1e15 ? integerText(value)
                                                                                : shortestText(value)}};
    return {{"$numberDouble", canonicalDoubleText(value)}};
}

Result<ordered_json> typedLiteral(BsonType type, std::string_view raw) {
    const std::string_view literal = type == BsonType::String ? raw : trim(raw);
    switch (type) {
    case BsonType::String:
        return ordered_json(std::string(literal));
    case BsonType::Int: {
        std::int32_t v = 0;
        if (!parseInteger(literal, v))
            return literalError(literal, type, "expected an integer from -2147483648 to 2147483647");
        return ordered_json{{"$numberInt", std::to_string(v)}};
    }
    case BsonType::Long: {
        std::int64_t v = 0;
        if (!parseInteger(literal, v))
            return literalError(literal, type, "expected a 64-bit integer");
        return ordered_json{{"$numberLong", std::to_string(v)}};
    }
    case BsonType::Double: {
        double v = 0;
        if (!parseDouble(literal, v))
            return literalError(literal, type, "expected a finite number");
        return ordered_json{{"$numberDouble", canonicalDoubleText(v)}};
    }
    case BsonType::Decimal:
        if (!isDecimalLiteral(literal))
            return literalError(literal, type, "expected a decimal number of at most 34 digits");
        return ordered_json{{"$numberDecimal", std::string(literal)}};
    case BsonType::Bool:
        if (literal == "true")
            return ordered_json(true);
        if (literal == "false")
            return ordered_json(false);
        return literalError(literal, type, "expected true or false");
    case BsonType::Null:
        if (literal == "null" || literal.empty())
            return ordered_json(nullptr);
        return literalError(literal, type, "expected null");
    case BsonType::ObjectId: {
        if (literal.size() != 24)
            return literalError(literal, type, "expected 24 hexadecimal digits");
        std::string hex;
        for (char c : literal) {
            if (!std::isxdigit(static_cast<unsigned char>(c)))
                return literalError(literal, type, "expected 24 hexadecimal digits");
            hex += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        }
        return ordered_json{{"$oid", hex}};
    }
    case BsonType::Date: {
        std::int64_t ms = 0;
        if (!parseInteger(literal, ms) && !parseIsoDate(literal, ms))
            return literalError(literal, type,
                                "expected an ISO 8601 date such as 2024-01-31T12:00:00Z, or "
                                "milliseconds since 1970");
        return ordered_json{{"$date", {{"$numberLong", std::to_string(ms)}}}};
    }
    default: {
        auto parsed = parseExtendedJson(literal);
        if (!parsed)
            return literalError(literal, type, "expected Extended JSON text (" + parsed.error().message + ")");
        return parsed;
    }
    }
}

Result<ordered_json> parseExtendedJson(std::string_view text) {
    ordered_json value = ordered_json::parse(text.begin(), text.end(), nullptr, false);
    if (value.is_discarded())
        return Error{"", "not valid JSON"};
    return value;
}

std::string exportJsonText(const ordered_json &value) {
    return value.dump(2, ' ', false, ordered_json::error_handler_t::replace) + "\n";
}

} // namespace docshape
