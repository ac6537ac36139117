#include "util/Literals.h"

#include <cmath>
#include <cstdlib>
#include <limits>
#include <string>

namespace docshape::literal {

namespace {

bool isDigit(char c) { return c >= '0' && c <= '9'; }

bool readDigits(std::string_view s, std::size_t &pos, std::size_t n, int &out) {
    if (pos + n > s.size())
        return false;
    out = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const char c = s[pos + i];
        if (!isDigit(c))
            return false;
        out = out * 10 + (c - '0');
    }
    pos += n;
    return true;
}

bool expect(std::string_view s, std::size_t &pos, char c) {
    if (pos < s.size() && s[pos] == c) {
        ++pos;
        return true;
    }
    return false;
}

} // namespace

bool parseFiniteDouble(std::string_view s, double &out) {
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    if (s.empty())
        return false;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), out);
    return ec == std::errc() && ptr == s.data() + s.size() && std::isfinite(out);
}

bool isDecimal128Literal(std::string_view s) {
    if (s == "Infinity" || s == "-Infinity" || s == "NaN")
        return true;
    std::size_t i = 0;
    if (i < s.size() && (s[i] == '-' || s[i] == '+'))
        ++i;
    std::size_t digits = 0;
    while (i < s.size() && isDigit(s[i]))
        ++i, ++digits;
    if (i < s.size() && s[i] == '.') {
        ++i;
        while (i < s.size() && isDigit(s[i]))
            ++i, ++digits;
    }
    if (digits == 0 || digits > 34)
        return false;
    if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
        ++i;
        if (i < s.size() && (s[i] == '-' || s[i] == '+'))
            ++i;
        std::size_t expDigits = 0;
        while (i < s.size() && isDigit(s[i]))
            ++i, ++expDigits;
        if (expDigits == 0)
            return false;
    }
    return i == s.size();
}

bool parseJsonDouble(std::string_view s, double &out) {
    if (s == "Infinity") {
        out = std::numeric_limits<double>::infinity();
        return true;
    }
    if (s == "-Infinity") {
        out = -std::numeric_limits<double>::infinity();
        return true;
    }
    if (s == "NaN" || s == "-NaN") {
        out = std::numeric_limits<double>::quiet_NaN();
        return true;
    }
    if (s.empty())
        return false;
    const char *b = s.data();
    const char *e = b + s.size();
    auto r = std::from_chars(b, e, out, std::chars_format::general);
    if (r.ec == std::errc::result_out_of_range) {
        // from_chars refuses values that round to infinity or zero; the
        // shell writes such values as they are, so round them as strtod does.
        std::string copy(s);
        char *end = nullptr;
        out = std::strtod(copy.c_str(), &end);
        return end == copy.c_str() + copy.size();
    }
    return r.ec == std::errc() && r.ptr == e;
}

int daysInMonth(std::int64_t year, int month) {
    static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    if (month < 1 || month > 12)
        return 0;
    const bool leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0;
    return month == 2 && leap ? 29 : kDays[month - 1];
}

std::int64_t daysFromCivil(std::int64_t y, unsigned m, unsigned d) {
    y -= m <= 2;
    const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
    const auto yoe = static_cast<unsigned>(y - era * 400);
    const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
    const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

bool parseIsoDate(std::string_view s, std::int64_t &ms, IsoDateRules rules) {
    std::size_t p = 0;
    int y = 0, mo = 0, d = 0, h = 0, mi = 0, sec = 0, milli = 0;
    if (!readDigits(s, p, 4, y) || !expect(s, p, '-') || !readDigits(s, p, 2, mo) || !expect(s, p, '-') ||
        !readDigits(s, p, 2, d))
        return false;
    if (d < 1 || d > daysInMonth(y, mo))
        return false;
    int offsetMinutes = 0;
    if (p == s.size()) {
        if (!rules.dateAlone)
            return false;
    } else {
        if (!(expect(s, p, 'T') || (rules.spaceForT && expect(s, p, ' '))))
            return false;
        if (!readDigits(s, p, 2, h) || !expect(s, p, ':') || !readDigits(s, p, 2, mi))
            return false;
        if (expect(s, p, ':')) {
            if (!readDigits(s, p, 2, sec))
                return false;
            if (expect(s, p, '.')) {
                int scale = 100;
                std::size_t fracDigits = 0;
                while (p < s.size() && isDigit(s[p])) {
                    milli += (s[p] - '0') * scale;
                    scale /= 10;
                    ++p, ++fracDigits;
                }
                if (fracDigits == 0)
                    return false;
            }
        }
        if (h > 23 || mi > 59 || sec > (rules.leapSecond ? 60 : 59))
            return false;
        if (expect(s, p, 'Z')) {
        } else if (p < s.size() && (s[p] == '+' || s[p] == '-')) {
            const int sign = s[p++] == '-' ? -1 : 1;
            int oh = 0, om = 0;
            if (!readDigits(s, p, 2, oh))
                return false;
            expect(s, p, ':');
            if (!readDigits(s, p, 2, om) || oh > 23 || om > 59)
                return false;
            offsetMinutes = sign * (oh * 60 + om);
        } else if (!rules.zoneOptional) {
            return false;
        }
    }
    if (p != s.size())
        return false;
    const std::int64_t seconds = daysFromCivil(y, static_cast<unsigned>(mo), static_cast<unsigned>(d)) * 86400 +
                                 h * 3600 + mi * 60 + sec - offsetMinutes * 60;
    ms = seconds * 1000 + milli;
    return true;
}

} // namespace docshape::literal
