#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace docshape::io {

// Where a JSON text first goes wrong, for people: "line 12, column 5:
// expected ',' or '}' after a member". simdjson, which does the real parsing,
// only says that something is wrong; this slow, strict scanner runs only on
// that error path to say where and what. It follows RFC 8259 plus the same
// limits the reader applies: nesting depth, numbers a double (or a 64-bit
// integer) can hold, valid UTF-8. It uses no recursion, so any input is safe.
struct JsonSyntaxError {
    std::size_t line = 1;   // 1-based
    std::size_t column = 1; // 1-based, in bytes
    std::string message;

    std::string toString() const;
};

// nullopt when the scanner finds the text valid.
std::optional<JsonSyntaxError> locateJsonError(std::string_view text, std::size_t maxDepth);

} // namespace docshape::io
