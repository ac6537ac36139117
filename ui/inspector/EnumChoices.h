#pragma once

#include "core/BsonType.h"

#include <QString>

#include <initializer_list>
#include <string_view>
#include <utility>
#include <vector>

namespace docshape::ui::inspector {

// The choices of an enum for a combo box, labelled with the model file's
// names so that the inspector and the .docshape file read the same.
template <typename E> std::vector<std::pair<E, QString>> enumChoices(std::initializer_list<E> values) {
    std::vector<std::pair<E, QString>> out;
    for (E v : values) {
        const std::string_view name = toString(v);
        out.emplace_back(v, QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    return out;
}

inline std::vector<std::pair<BsonType, QString>> bsonTypeChoices() {
    std::vector<std::pair<BsonType, QString>> out;
    for (BsonType t : kAllBsonTypes) {
        const std::string_view name = toString(t);
        out.emplace_back(t, QString::fromUtf8(name.data(), qsizetype(name.size())));
    }
    return out;
}

} // namespace docshape::ui::inspector
