#pragma once

#include "core/AccessPattern.h"
#include "core/BsonType.h"
#include "core/Entity.h"
#include "core/Field.h"
#include "core/Project.h"
#include "core/Relationship.h"

#include <optional>
#include <string>
#include <string_view>

// Enum <-> file spelling for every enum of the model, with the list of valid
// spellings for error messages.
namespace docshape::io {

// Every enum of the model has one table of its spellings, namesOf(E), next
// to its declaration in model/core; the count and the list of choices come
// from it.
template <typename E> struct EnumCodec {
    static constexpr int kCount = static_cast<int>(namesOf(E{}).size());
    static std::string_view name(E e) { return toString(e); }
    static std::optional<E> parse(std::string_view s) {
        for (const auto &spelling : namesOf(E{}))
            if (spelling.name == s)
                return spelling.value;
        return std::nullopt;
    }
    // "one of \"a\", \"b\" or \"c\"" for messages.
    static std::string choices() {
        std::string out = "one of ";
        const auto names = namesOf(E{});
        for (std::size_t i = 0; i < names.size(); ++i) {
            if (i > 0)
                out += i + 1 == names.size() ? " or " : ", ";
            out += '"';
            out += names[i].name;
            out += '"';
        }
        return out;
    }
};

} // namespace docshape::io
