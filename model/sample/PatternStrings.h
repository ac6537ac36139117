#pragma once

#include "sample/Prng.h"

#include <bitset>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// Generates ASCII strings of a chosen length that match a regular
// expression, for the forms validators commonly use: a sequence of literals,
// escapes (\d \w \s \D \W \S, escaped punctuation), character classes with
// ranges and negation, '.', each optionally quantified by ? * + {n} {n,}
// {n,m}, with optional ^ and $ anchors. Groups, alternation, backreferences,
// lookarounds and non-ASCII literals are not supported: parse() returns
// nullopt and the caller says so.
class PatternStrings {
public:
    static std::optional<PatternStrings> parse(std::string_view pattern);

    // Length range of the strings generate() can produce (bytes = characters).
    std::uint64_t minLength() const { return m_minLength; }
    std::optional<std::uint64_t> maxLength() const { return m_maxLength; }

    // A matching string of exactly `length` characters.
    // Requires minLength() <= length <= maxLength().
    std::string generate(std::uint64_t length, Prng &rng) const;

private:
    struct Atom {
        std::bitset<128> chars; // printable ASCII allowed here
        std::string alphabet;   // what generate() draws from: chars, letters and digits first
        std::uint64_t min = 1;
        std::optional<std::uint64_t> max = 1; // nullopt: unlimited
    };

    std::vector<Atom> m_atoms;
    std::uint64_t m_minLength = 0;
    std::optional<std::uint64_t> m_maxLength = 0;
};

} // namespace docshape
