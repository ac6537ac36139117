#include "core/IndexSpec.h"

namespace docshape {

std::string defaultIndexName(const IndexSpec &index) {
    std::string name;
    for (const auto &key : index.keys) {
        if (!name.empty())
            name += '_';
        name += key.path;
        name += '_';
        name += key.kind;
    }
    return name;
}

} // namespace docshape
