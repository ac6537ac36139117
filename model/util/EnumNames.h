#pragma once

#include <optional>
#include <string_view>
#include <utility>

namespace docshape::detail {

// Bidirectional enum <-> name lookup over a small constexpr table; the
// names are the spellings used in the model file and the CLI.
template <typename E, std::size_t N>
constexpr std::string_view enumName(const std::pair<E, std::string_view> (&table)[N], E value) {
    for (const auto &[e, name] : table)
        if (e == value)
            return name;
    return {};
}

template <typename E, std::size_t N>
constexpr std::optional<E> enumFromName(const std::pair<E, std::string_view> (&table)[N],
                                        std::string_view name) {
    for (const auto &[e, n] : table)
        if (n == name)
            return e;
    return std::nullopt;
}

} // namespace docshape::detail
