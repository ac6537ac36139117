#pragma once

#include <string>
#include <string_view>

// The one way any text reaches generated Python (the application types):
// as a string literal or inside a `#` comment. Both are plain ASCII, so no
// encoding declaration, no line terminator and no bidirectional control
// ever reaches the source as written (STYLE.md 17).
namespace docshape::python {

// A double-quoted Python string literal whose value is `text`: '"' and '\'
// escaped, every other character outside printable ASCII as \xNN, \uNNNN
// or \UNNNNNNNN. Bytes that are not UTF-8 become U+FFFD.
std::string stringLiteral(std::string_view text);

// The same literal quoted as black quotes it (normalize_string_quotes):
// double quotes, unless the text holds more double quotes than single
// ones, which would need more escapes.
std::string blackStringLiteral(std::string_view text);

// `text` made safe to stand after "# " on one line: printable ASCII kept,
// control characters (line terminators among them) as spaces, every other
// character as \xNN, \uNNNN or \UNNNNNNNN text. Bytes that are not UTF-8 become U+FFFD.
std::string commentText(std::string_view text);

} // namespace docshape::python
