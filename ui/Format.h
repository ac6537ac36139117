#pragma once

#include <QString>

#include <cstdint>
#include <optional>

namespace docshape::ui {

// Sizes as the CLI and the report print them (units::bytesText): exact
// below 1 MiB ("10,986 bytes"), then "2.0 MiB". Where a size is shown, its
// tooltip holds formatExactBytes, so a rounded figure is one hover from
// the exact one.
QString formatBytes(double bytes);
// The exact count: "2,097,152 bytes".
QString formatExactBytes(double bytes);
// "2.0 MiB (2,097,152 bytes)": for text that has no tooltip of its own.
QString formatBytesWithExact(double bytes);
// A maximum that may be unbounded.
QString formatMaxBytes(const std::optional<std::uint64_t> &bytes);
QString formatExactMaxBytes(const std::optional<std::uint64_t> &bytes);
// Counts, whole and thousands separated: "950", "12,500", "3,200,000".
QString formatCount(double count);
// A count with its noun in the right number: "1 warning", "2 warnings",
// "0 warnings".
QString formatCountOf(long long count, const QString &one, const QString &many);
// "[0..10]" or "[unbounded]".
QString formatBound(const std::optional<std::uint64_t> &max);

} // namespace docshape::ui
