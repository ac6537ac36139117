#include "io/JsonPath.h"

#include "io/JsonText.h"

namespace docshape::io {

std::string JsonPath::toString() const {
    std::string out = "$";
    for (const Segment &segment : m_segments) {
        if (segment.isIndex) {
            out += '[';
            out += std::to_string(segment.index);
            out += ']';
        } else if (isPlainKey(segment.key)) {
            out += '.';
            out += segment.key;
        } else {
            out += '[';
            appendJsonString(out, segment.key.substr(0, 80));
            out += ']';
        }
    }
    return out;
}

} // namespace docshape::io
