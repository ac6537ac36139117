#include "util/PythonText.h"

#include "util/AsciiText.h"

namespace docshape::python {

// Python's \xNN is a character: it reaches U+00FF.
std::string stringLiteral(std::string_view text) { return ascii::quoted(text, 0x100); }

std::string commentText(std::string_view text) { return ascii::commentText(text, 0x100); }

} // namespace docshape::python
