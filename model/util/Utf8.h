#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace docshape::utf8 {

// The replacement character U+FFFD, what a reader shows for bytes that are
// not UTF-8.
inline constexpr char32_t kReplacement = 0xFFFD;

// The code point at `at` in `text`, and the bytes it takes (`length`, at
// least 1). A byte that does not start a well-formed UTF-8 sequence
// (Unicode 15, table 3-7: no overlong forms, no surrogates, nothing past
// U+10FFFF) reads as U+FFFD of length 1, so a writer that copies what it
// reads never passes malformed UTF-8 on.
char32_t decode(std::string_view text, std::size_t at, std::size_t &length);

// Appends `c` as UTF-8.
void append(std::string &out, char32_t c);

} // namespace docshape::utf8
