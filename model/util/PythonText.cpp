#include "util/PythonText.h"

#include "util/AsciiText.h"

namespace docshape::python {

// Python's \xNN is a character: it reaches U+00FF.
std::string stringLiteral(std::string_view text) { return ascii::quoted(text, 0x100); }

std::string blackStringLiteral(std::string_view text) {
    std::size_t doubles = 0, singles = 0;
    for (char c : text) {
        doubles += c == '"';
        singles += c == '\'';
    }
    return ascii::quoted(text, 0x100, doubles > singles ? '\'' : '"');
}

std::string commentText(std::string_view text) { return ascii::commentText(text, 0x100); }

} // namespace docshape::python
