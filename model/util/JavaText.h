#pragma once

#include <string>
#include <string_view>

// The one way any text reaches generated Java (the application types): as a
// string literal or inside a `//` comment. javac turns \uXXXX into its
// character before it reads anything else, even in comments (JLS 3.3), so
// both outputs double every backslash (a \u after an even run of
// backslashes is no escape) and are printable ASCII (STYLE.md 17).
namespace docshape::java {

// A double-quoted Java string literal whose value is `text`: '"' and '\'
// escaped, control characters as octal escapes (a \u000a would end the
// literal before javac reads it), everything else outside printable ASCII
// as \uNNNN (a surrogate pair above U+FFFF). Bytes that are not UTF-8
// become U+FFFD.
std::string stringLiteral(std::string_view text);

// `text` made safe to stand after "// " on one line: printable ASCII kept,
// every backslash doubled, control characters as spaces, every other
// character as "U+NNNN" text.
std::string commentText(std::string_view text);

} // namespace docshape::java
