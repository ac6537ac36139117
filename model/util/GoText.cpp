#include "util/GoText.h"

#include "util/AsciiText.h"

namespace docshape::golang {

// Go's \xNN is a byte, not a character: only ASCII may use it.
std::string stringLiteral(std::string_view text) { return ascii::quoted(text, 0x80); }

std::string commentText(std::string_view text) { return ascii::commentText(text, 0x80); }

} // namespace docshape::golang
