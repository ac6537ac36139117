#pragma once

#include <optional>
#include <string_view>
#include <utility>

namespace docshape {

// One value of a model enum: its spelling in the model file and the CLI
// (`name`, e.g. "softDelete") and the words that messages, the studio and
// the report use for it (`words`, e.g. "soft delete"). Each enum has one
// table of these, namesOf(E), next to its declaration in model/core.
template <typename E> struct EnumSpelling {
    E value;
    std::string_view name;
    std::string_view words;
};

// The words for `value` from its enum's table; empty for a value outside it.
template <typename E> constexpr std::string_view wordsOf(E value) {
    for (const auto &s : namesOf(value))
        if (s.value == value)
            return s.words;
    return {};
}

} // namespace docshape

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

template <typename E, std::size_t N> constexpr std::string_view enumName(const EnumSpelling<E> (&table)[N], E value) {
    for (const auto &s : table)
        if (s.value == value)
            return s.name;
    return {};
}

template <typename E, std::size_t N>
constexpr std::optional<E> enumFromName(const EnumSpelling<E> (&table)[N], std::string_view name) {
    for (const auto &s : table)
        if (s.name == name)
            return s.value;
    return std::nullopt;
}

} // namespace docshape::detail
