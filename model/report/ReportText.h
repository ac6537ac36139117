#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <string_view>

// How the report prints numbers: exact figures as `analyze --json` prints
// them, estimates and counts as the advisor words them (lint --json), so
// that the report, the JSON and the findings read the same.

namespace docshape::report {

// An exact figure as analyze --json prints it: "781", "2581.95".
std::string exactNumber(double value);
// "781 bytes", "2581.95 bytes".
std::string exactBytes(double bytes);
// "10986 bytes", or "unbounded" for an array with no maximum.
std::string maxBytes(const std::optional<std::uint64_t> &bytes);
// An estimate as the advisor words it: "780 bytes", "40.1 KB", "2.3 MB".
std::string approxBytes(double bytes);
// A count as the advisor words it: "1,234", "0.5".
std::string count(double value);
// Milliseconds: "1.006 ms".
std::string milliseconds(double ms);

// Anchors unique within one report, made from names: lower case letters,
// digits and '-'; a repeated name gets "-2", "-3", ...
class Anchors {
public:
    std::string make(std::string_view prefix, std::string_view name);

private:
    std::set<std::string> m_used;
};

} // namespace docshape::report
