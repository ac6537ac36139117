#include "export/ExtendedJson.h"

#include "util/Literals.h"

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
    return literal::parseInteger(s, out, literal::LeadingPlus::Allowed);
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
        if (!literal::parseFiniteDouble(literal, v))
            return literalError(literal, type, "expected a finite number");
        return ordered_json{{"$numberDouble", canonicalDoubleText(v)}};
    }
    case BsonType::Decimal:
        if (!literal::isDecimal128Literal(literal))
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
        if (!parseInteger(literal, ms) && !literal::parseIsoDate(literal, ms, literal::kModelDate))
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
