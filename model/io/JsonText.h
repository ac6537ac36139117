#pragma once

#include <string>
#include <string_view>

// Small text helpers shared by the .docshape reader, writer and validator.
namespace docshape::io {

// Appends `s` as a JSON string literal. Invalid UTF-8 is replaced by U+FFFD so
// the output is always valid JSON that the reader accepts.
void appendJsonString(std::string &out, std::string_view s);

// Appends the shortest text that reads back as the same double ("0.1",
// "1e+21"), except that whole numbers below 2^53 are written in full
// ("1", not "1.0"; "1000000", not "1e+06"). -0 is written as 0; NaN and
// infinities, which JSON
// cannot hold, as null (validateProject refuses them before a save).
void appendNumber(std::string &out, double value);

// The same, as a string, for messages.
std::string formatNumber(double value);

// Six significant digits, for sums in messages ("0.9", not "0.8999999999999999").
std::string formatApproximate(double value);

// `s` in single quotes for an error message, with control characters escaped
// and very long text shortened, so a hostile name cannot flood a message.
std::string inQuotes(std::string_view s);

// True when `s` is a plain identifier that a JSON path can show as `.s`.
bool isPlainKey(std::string_view s);

} // namespace docshape::io
