#include "core/IndexSpec.h"

#include <algorithm>

namespace docshape {

std::string defaultIndexName(const IndexSpec &index) {
    // Sized once and filled in place: analysis names thousands of indexes.
    std::size_t length = 0;
    for (const auto &key : index.keys)
        length += key.path.size() + key.kind.size() + 2;
    std::string name(length ? length - 1 : 0, '_');
    char *out = name.data();
    for (const auto &key : index.keys) {
        if (out != name.data())
            ++out; // the '_' between keys
        out = std::copy(key.path.begin(), key.path.end(), out) + 1; // path, '_'
        out = std::copy(key.kind.begin(), key.kind.end(), out);
    }
    return name;
}

} // namespace docshape
