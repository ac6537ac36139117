#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <unordered_map>
#include <string>
#include <string_view>

// How the report prints numbers: sizes as the CLI and the studio print them
// (units::bytesText), other exact figures as `analyze --json` prints them,
// counts as the advisor words them (lint --json), so that the report, the
// JSON and the findings read the same.

namespace docshape::report {

// An exact figure as analyze --json prints it: "781", "2581.95".
std::string exactNumber(double value);
// A size as everything prints it (units::bytesText): "10,986 bytes",
// "2.0 MiB".
std::string sizeText(double bytes);
// sizeText(), or "unbounded" for an array with no maximum.
std::string maxBytes(const std::optional<std::uint64_t> &bytes);
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
    // base -> the number to try next: every smaller one is taken
    std::unordered_map<std::string, int> m_next;
};

} // namespace docshape::report
