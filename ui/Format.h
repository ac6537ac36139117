#pragma once

#include <QString>

#include <cstdint>
#include <optional>

namespace docshape::ui {

// Byte counts as the user reads them: "67 B", "12.4 KB" (1000-based, like
// the 100 KB target), "16.0 MiB" (1024-based, like the BSON limit).
QString formatBytes(double bytes);
// A maximum that may be unbounded.
QString formatMaxBytes(const std::optional<std::uint64_t> &bytes);
// Counts: "950", "12.5 k", "3.2 M".
QString formatCount(double count);
// A count with its noun in the right number: "1 warning", "2 warnings",
// "0 warnings".
QString formatCountOf(long long count, const QString &one, const QString &many);
// "[0..10]" or "[unbounded]".
QString formatBound(const std::optional<std::uint64_t> &max);

} // namespace docshape::ui
