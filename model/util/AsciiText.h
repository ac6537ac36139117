#pragma once

#include <string>
#include <string_view>

// What Python's and Go's escaping paths share (util/PythonText,
// util/GoText): a double-quoted literal and a comment text in printable
// ASCII only. The one difference between the two languages is how far \xNN
// reaches: Python's \x is a character (below U+0100), Go's a byte (ASCII
// only). Java's rules differ more (util/JavaText).
namespace docshape::ascii {

// Between `quote`s (" or '), that quote and '\' escaped; every other
// character outside printable ASCII as \xNN (below `byteEscapeEnd`),
// \uNNNN or \UNNNNNNNN. Bytes that are not UTF-8 become U+FFFD.
std::string quoted(std::string_view text, char32_t byteEscapeEnd, char quote = '"');

// Printable ASCII kept, control characters (below U+00A0) as spaces, every
// other character as the same escapes written as text.
std::string commentText(std::string_view text, char32_t byteEscapeEnd);

} // namespace docshape::ascii
