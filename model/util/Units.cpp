#include "util/Units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <iterator>

namespace docshape::units {

namespace {

constexpr double kMiB = 1024.0 * 1024.0;
constexpr const char *kBinaryUnits[] = {"MiB", "GiB", "TiB", "PiB", "EiB"};
constexpr int kUnitCount = int(std::size(kBinaryUnits));

std::string grouped(const std::string &s, bool negative) {
    std::string out = negative ? "-" : "";
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (i > 0 && (s.size() - i) % 3 == 0)
            out += ',';
        out += s[i];
    }
    return out;
}

// Room for any finite double in fixed notation: DBL_MAX has 309 digits,
// and a sign, a decimal and a unit go with them. A smaller buffer cut the
// figure, and the unit after it, mid-number.
constexpr std::size_t kFixedChars = 330;

std::string thousands(double whole) {
    char digits[kFixedChars];
    std::snprintf(digits, sizeof digits, "%.0f", std::fabs(whole));
    return grouped(digits, whole < 0);
}

std::string wholeBytes(double rounded) { return thousands(rounded) + (std::fabs(rounded) == 1 ? " byte" : " bytes"); }

} // namespace

std::string numberText(double value) {
    if (!std::isfinite(value))
        return "-";
    if (value == std::floor(value) && std::fabs(value) < 9e15)
        return countText(value);
    char buf[48];
    std::snprintf(buf, sizeof buf, "%.9g", value);
    const double clean = std::strtod(buf, nullptr);
    if (clean == std::floor(clean) && std::fabs(clean) < 9e15)
        return countText(clean);
    auto [end, ec] = std::to_chars(buf, buf + sizeof buf, clean);
    std::string text(buf, end);
    if (text.find_first_of("eE") != std::string::npos)
        return text;
    const auto dot = text.find('.');
    const double whole = std::trunc(clean);
    return (clean < 0 && whole == 0 ? "-" : "") + countText(whole) + text.substr(dot);
}

std::string quantityText(double value, std::string_view unit) {
    if (unit == "bytes")
        return bytesWithExact(value);
    return numberText(value) + " " + std::string(unit);
}

std::string millisecondsText(double ms) {
    char buf[40];
    std::snprintf(buf, sizeof buf, "%.3g ms", ms);
    return buf;
}

std::string countText(double value) {
    const double r = std::round(value);
    return thousands(r == 0 ? 0.0 : r);
}

bool bytesRounded(double bytes) { return std::fabs(std::round(bytes)) >= kMiB; }

std::string bytesText(double bytes) {
    if (!std::isfinite(bytes))
        return bytes > 0 ? "unbounded" : "-";
    const double rounded = std::round(bytes);
    if (!bytesRounded(bytes))
        return wholeBytes(rounded == 0 ? 0.0 : rounded);
    double scaled = std::fabs(rounded) / kMiB;
    int unit = 0;
    // Decide the unit on the figure as printed, so 1023.96 MiB reads "1.0 GiB".
    while (unit + 1 < kUnitCount && std::round(scaled * 10) >= 1024 * 10) {
        scaled /= 1024;
        ++unit;
    }
    char buf[kFixedChars];
    std::snprintf(buf, sizeof buf, "%s%.1f %s", bytes < 0 ? "-" : "", scaled, kBinaryUnits[unit]);
    return buf;
}

std::string exactBytesText(double bytes) {
    if (!std::isfinite(bytes))
        return bytesText(bytes);
    const double rounded = std::round(bytes);
    return wholeBytes(rounded == 0 ? 0.0 : rounded);
}

std::string bytesWithExact(double bytes) {
    if (!std::isfinite(bytes) || !bytesRounded(bytes))
        return bytesText(bytes);
    return bytesText(bytes) + " (" + exactBytesText(bytes) + ")";
}

std::string exactWholeBytesText(std::uint64_t bytes) {
    return grouped(std::to_string(bytes), false) + (bytes == 1 ? " byte" : " bytes");
}

std::string wholeBytesWithExact(std::uint64_t bytes) {
    const double approx = static_cast<double>(bytes);
    if (!bytesRounded(approx))
        return exactWholeBytesText(bytes);
    return bytesText(approx) + " (" + exactWholeBytesText(bytes) + ")";
}

std::vector<double> logAxisTicks(double lo, double hi) {
    std::vector<double> ticks;
    if (!(hi >= lo) || !(hi > 0))
        return ticks;
    lo = std::max(lo, 1.0);
    // Fixed tables, so that the number of steps never depends on `hi`: an
    // axis to 1e309 (infinity) once multiplied a unit by 1024 for ever.
    // 1,000,000 bytes would sit a hair below 1 MiB: the decades stop at
    // 100,000, and each binary unit has 1, 10 and 100 of it.
    for (double t : {1.0, 10.0, 100.0, 1000.0, 10000.0, 100000.0})
        if (t >= lo && t <= hi)
            ticks.push_back(t);
    double unit = kMiB;
    for (int u = 0; u < kUnitCount; ++u, unit *= 1024)
        for (double multiple : {1.0, 10.0, 100.0})
            if (unit * multiple >= lo && unit * multiple <= hi)
                ticks.push_back(unit * multiple);
    return ticks;
}

} // namespace docshape::units
