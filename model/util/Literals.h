#pragma once

#include <charconv>
#include <cstdint>
#include <string_view>
#include <system_error>

// The one reading of number and date literals, for the exporters (literals
// a user writes in the model: enum values, bounds) and for validation
// (Extended JSON text), so that both agree on what a date or a number is.
namespace docshape::literal {

// Whether a leading '+' may precede a number: a model literal may say
// "+5"; Extended JSON, like JSON, never writes one.
enum class LeadingPlus { Allowed, Refused };

// The whole of `s` as an integer of type Int; false on anything else
// (empty, trailing text, out of range).
template <typename Int> bool parseInteger(std::string_view s, Int &out, LeadingPlus plus) {
    if (plus == LeadingPlus::Allowed && !s.empty() && s.front() == '+')
        s.remove_prefix(1);
    if (s.empty() || s.front() == '+')
        return false;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size();
}

// The whole of `s` as a finite double, as a model literal: digits with an
// optional fraction and exponent, and a leading '+' or '-'.
bool parseFiniteDouble(std::string_view s, double &out);

// The text of an Extended JSON $numberDouble: Infinity, -Infinity, NaN (or
// -NaN), or a number; one too large or too small for a double is rounded
// as strtod rounds it, since the shell writes such values as they are.
bool parseJsonDouble(std::string_view s, double &out);

// A Decimal128 literal as the server's parser takes it: at most 34 digits
// with an optional fraction and exponent, or Infinity, -Infinity, NaN.
bool isDecimal128Literal(std::string_view s);

// Days in `month` (1..12) of `year` in the proleptic Gregorian calendar:
// 28 or 29 (a leap year: divisible by 4, except centuries not divisible by
// 400) for February.
int daysInMonth(std::int64_t year, int month);

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's
// days_from_civil).
std::int64_t daysFromCivil(std::int64_t year, unsigned month, unsigned day);

// Which ISO 8601 forms a reader takes. Every form is
// "YYYY-MM-DD[THH:MM[:SS[.fff]]][Z|+HH:MM|+HHMM|-HH:MM|-HHMM]" with a day
// that exists in its month; the rules say which parts may be left out.
struct IsoDateRules {
    bool dateAlone = false;      // "2024-01-31" (midnight UTC)
    bool spaceForT = false;      // "2024-01-31 12:00"
    bool zoneOptional = false;   // no zone: UTC
    bool leapSecond = false;     // seconds up to 60
};
// Literals in the model (an enum value or bound of a date field).
inline constexpr IsoDateRules kModelDate{true, true, true, false};
// Extended JSON $date text, as mongoexport and the shell write it.
inline constexpr IsoDateRules kExtendedJsonDate{false, false, false, true};

// Milliseconds since the epoch of the date `s` read by `rules`; false when
// `s` is not such a date.
bool parseIsoDate(std::string_view s, std::int64_t &ms, IsoDateRules rules);

} // namespace docshape::literal
