#pragma once

#include <string>
#include <string_view>

// The one way any text reaches a generated script (create.js, migrate.js,
// anything later): as a string literal or inside a line comment. A name,
// a description or a value read from a file never reaches a code position
// any other way (STYLE.md 17).
namespace docshape::javascript {

// A double-quoted JavaScript string literal whose value is `text`. Written
// as JSON writes a string (so a literal is also a JSON string), and more:
// U+2028 and U+2029 are escaped (a JSON string, but a line terminator to a
// script before ES2019), and so is every '<', so no "</script>" or "<!--"
// appears even where a script is pasted into HTML. Bytes that are not UTF-8
// become U+FFFD.
std::string stringLiteral(std::string_view text);

// The same literal between `quote` (' or "): that quote escaped, the other
// one not.
std::string quotedLiteral(std::string_view text, char quote);

// The literal as Prettier writes it: in double quotes, unless the text
// holds more double quotes than single ones.
std::string prettierStringLiteral(std::string_view text);

// `text` made safe to stand after "//" on one line: every line terminator
// of JavaScript (CR, LF, U+2028, U+2029), and every other control
// character, shows as a space, so the comment cannot end early and what
// follows it is never read as code. Bytes that are not UTF-8 become
// U+FFFD.
std::string commentText(std::string_view text);

} // namespace docshape::javascript
