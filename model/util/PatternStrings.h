#pragma once

#include "util/Prng.h"

#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace docshape {

// Generates ASCII strings of a chosen length that match a regular
// expression, for the forms validators commonly use: literals, escapes
// (\d \w \s \D \W \S, escaped punctuation), character classes with ranges
// and negation, '.', groups ( ) and (?: ) with alternation |, each optionally
// quantified by ? * + {n} {n,} {n,m}, with optional ^ and $ anchors.
// Backreferences, lookarounds, word boundaries, inline flags and non-ASCII
// literals are not supported: parse() returns nullopt and the caller says so.
//
// A pattern without groups is a sequence of quantified atoms, and every
// length from minLength() to maxLength() is possible at any size. With
// groups the possible lengths may have gaps ({9, 11} for
// "^[0-9]{4}-(spring|fall)$"); they are worked out up to kGroupLengthCap.
class PatternStrings {
public:
    static constexpr std::uint64_t kGroupLengthCap = 256;

    static std::optional<PatternStrings> parse(std::string_view pattern);

    // Bounds of the lengths generate() can produce (bytes = characters).
    std::uint64_t minLength() const { return m_minLength; }
    std::optional<std::uint64_t> maxLength() const { return m_maxLength; }

    bool canGenerate(std::uint64_t length) const;
    // The possible length nearest to `length` (the shorter on ties), if any.
    std::optional<std::uint64_t> nearestLength(std::uint64_t length) const;

    // A matching string of exactly `length` characters. Requires
    // canGenerate(length).
    std::string generate(std::uint64_t length, Prng &rng) const;

    struct Node; // a pattern with groups, as a tree

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
    std::shared_ptr<const Node> m_tree; // set when the pattern has groups or alternation
};

} // namespace docshape
