#pragma once

#include <string>
#include <string_view>

// The one way any text reaches generated Go (the application types): as an
// interpreted string literal or inside a `//` comment. Both are printable
// ASCII, so no line terminator, byte-order mark or malformed UTF-8 (which
// the Go compiler refuses) reaches the source as written (STYLE.md 17).
namespace docshape::golang {

// A double-quoted Go string literal whose value is `text`: '"' and '\'
// escaped, every other character outside printable ASCII as \xNN (below
// U+0080), \uNNNN or \UNNNNNNNN. Bytes that are not UTF-8 become U+FFFD.
std::string stringLiteral(std::string_view text);

// `text` made safe to stand after "// " on one line: printable ASCII kept,
// control characters as spaces, every other character as \uNNNN text.
std::string commentText(std::string_view text);

} // namespace docshape::golang
