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

// Generates strings of a chosen length that match a regular expression,
// for the forms validators commonly use: literals, escapes
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
//
// Characters are what $jsonSchema's maxLength counts (code points); a
// value's size is its UTF-8 bytes. A position that admits a non-ASCII
// character ('.', a negated class, \D \W \S, or anything around an
// unanchored match: PCRE2 compiled with PCRE2_UTF and without PCRE2_UCP,
// as the server compiles `pattern`) may hold up to 4 bytes; every other
// position holds one ASCII byte. A trailing newline, which PCRE2's `$`
// also accepts before the end, is not counted: `$` is read as the end.
class PatternStrings {
public:
    static constexpr std::uint64_t kGroupLengthCap = 256;

    static std::optional<PatternStrings> parse(std::string_view pattern);

    // Bounds of the lengths generate() can produce (bytes = characters).
    std::uint64_t minLength() const { return m_minLength; }
    std::optional<std::uint64_t> maxLength() const { return m_maxLength; }

    // The most UTF-8 bytes a match can have; nullopt when unbounded.
    std::optional<std::uint64_t> maxBytes() const { return m_maxBytes; }
    // Every character of every match is ASCII, so characters and bytes
    // are the same count (anchored at both ends, no wide position).
    bool asciiOnly() const { return m_asciiOnly; }

    bool canGenerate(std::uint64_t length) const;
    // The possible length nearest to `length` (the shorter on ties), if any.
    std::optional<std::uint64_t> nearestLength(std::uint64_t length) const;

    // A matching string of exactly `length` characters. Requires
    // canGenerate(length).
    std::string generate(std::uint64_t length, Prng &rng) const;
    // The same, `bytes` bytes long: non-ASCII characters where the pattern
    // admits them (2, 3 or 4 bytes each); nullopt when the positions that
    // admit them cannot hold that many bytes.
    std::optional<std::string> generateBytes(std::uint64_t length, std::uint64_t bytes, Prng &rng) const;

    struct Node; // a pattern with groups, as a tree

private:
    struct Atom {
        std::bitset<128> chars; // printable ASCII allowed here
        std::string alphabet;   // what generate() draws from: chars, letters and digits first
        std::uint64_t min = 1;
        std::optional<std::uint64_t> max = 1; // nullopt: unlimited
        bool wide = false;                    // a non-ASCII character may stand here
    };

    std::string generate(std::uint64_t length, Prng &rng, bool preferWide, std::vector<bool> &wideAt) const;

    std::vector<Atom> m_atoms;
    std::uint64_t m_minLength = 0;
    std::optional<std::uint64_t> m_maxLength = 0;
    std::optional<std::uint64_t> m_maxBytes = 0;
    bool m_asciiOnly = true;
    std::shared_ptr<const Node> m_tree; // set when the pattern has groups or alternation
};

// A string of `characters` code points and `bytes` UTF-8 bytes (letters,
// widened to 2-, 3- and 4-byte characters from the first), for a value
// whose size is larger than its count of characters. Requires
// characters <= bytes <= 4 * characters.
std::string utf8OfLength(std::uint64_t characters, std::uint64_t bytes, Prng &rng);

} // namespace docshape
