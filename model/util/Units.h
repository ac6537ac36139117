#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::units {

// The one way DocShape prints a size, in the CLI, the report, the advisor's
// words and the studio alike. Below 1 MiB a size is exact, in whole bytes
// with thousands separators ("10,986 bytes", "1 byte"); from 1 MiB up it is
// rounded to one decimal of a binary unit, as the manual's "16 MiB" limit is
// ("2.0 MiB", "1.5 GiB"). A fraction of a byte (an average) rounds to the
// nearest byte; a negative size (a change) prints with its sign.
std::string bytesText(double bytes);

// The exact count whatever the size: "2,097,152 bytes". For tooltips and
// wherever bytesText rounds.
std::string exactBytesText(double bytes);

// bytesText, followed by the exact count when bytesText rounds it away:
// "10,986 bytes", "2.0 MiB (2,097,152 bytes)". For text that has no tooltip.
std::string bytesWithExact(double bytes);

// The same for a whole size held exactly, past the 2^53 a double holds to
// the byte: "16.0 EiB (18,446,744,073,709,551,615 bytes)".
std::string exactWholeBytesText(std::uint64_t bytes);
std::string wholeBytesWithExact(std::uint64_t bytes);

// True when bytesText prints `bytes` in a binary unit, not exactly.
bool bytesRounded(double bytes);

// A whole number with thousands separators: "1,234,567". Rounds a fraction.
std::string countText(double value);

// A number as it is, thousands separated, with no float noise: "100,000",
// "0.25", "1,234.5" (the shortest text that reads back as the value, after
// rounding to nine significant digits).
std::string numberText(double value);

// An estimated time to three significant digits, as the studio's access
// patterns table and a comparison show it: "505 ms", "1.01 ms", "0.25 ms".
std::string millisecondsText(double ms);

// A named setting's value with its unit: sizes as bytesWithExact
// ("100,000 bytes", "16.0 MiB (16,777,216 bytes)"), anything else as
// numberText and the unit ("1,000,000 bytes per ms", "0.5 ratio").
std::string quantityText(double value, std::string_view unit);

// Where a logarithmic size axis between `lo` and `hi` bytes draws its
// labelled lines, each a size bytesText prints as a round figure: powers
// of ten below 1 MiB ("1,000 bytes", "100,000 bytes"), then 1, 10 and 100
// of each binary unit ("1.0 MiB", "10.0 MiB", "1.0 GiB"), up to 100 EiB,
// the largest unit bytesText names. At most 21 lines for any `lo` and `hi`,
// infinite or NaN included (NaN: none).
std::vector<double> logAxisTicks(double lo, double hi);

} // namespace docshape::units
