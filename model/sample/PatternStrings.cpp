#include "sample/PatternStrings.h"

#include <cctype>
#include <cstring>

namespace docshape {

namespace {

using CharSet = std::bitset<128>;

constexpr char kFirstPrintable = 0x20;
constexpr char kLastPrintable = 0x7e;

CharSet range(char lo, char hi) {
    CharSet s;
    for (int c = lo; c <= hi; ++c)
        s.set(static_cast<std::size_t>(c));
    return s;
}

CharSet printable() { return range(kFirstPrintable, kLastPrintable); }
CharSet digits() { return range('0', '9'); }
CharSet wordChars() { return range('a', 'z') | range('A', 'Z') | digits() | range('_', '_'); }
CharSet spaces() { return range(' ', ' '); } // the only printable \s

// The class an escape letter stands for, if it is one.
std::optional<CharSet> escapeClass(char c) {
    switch (c) {
    case 'd':
        return digits();
    case 'D':
        return printable() & ~digits();
    case 'w':
        return wordChars();
    case 'W':
        return printable() & ~wordChars();
    case 's':
        return spaces();
    case 'S':
        return printable() & ~spaces();
    default:
        return std::nullopt;
    }
}

// An escaped punctuation character stands for itself; escaped letters and
// digits are classes, anchors, backreferences or control characters.
bool isLiteralEscape(char c) {
    return c >= kFirstPrintable && c <= kLastPrintable && !std::isalnum(static_cast<unsigned char>(c));
}

bool isPrintable(char c) { return c >= kFirstPrintable && c <= kLastPrintable; }

CharSet single(char c) {
    CharSet s;
    s.set(static_cast<std::size_t>(c));
    return s;
}

// Parses a class body after '[' up to and including ']'.
std::optional<CharSet> parseClass(std::string_view p, std::size_t &i) {
    bool negate = false;
    if (i < p.size() && p[i] == '^') {
        negate = true;
        ++i;
    }
    CharSet set;
    bool first = true;
    while (i < p.size() && (p[i] != ']' || first)) {
        first = false;
        char lo;
        if (p[i] == '\\') {
            if (i + 1 >= p.size())
                return std::nullopt;
            const char e = p[i + 1];
            i += 2;
            if (auto cls = escapeClass(e)) {
                set |= *cls;
                continue;
            }
            if (!isLiteralEscape(e))
                return std::nullopt;
            lo = e;
        } else if (p[i] == '[' && i + 1 < p.size() && p[i + 1] == ':') {
            return std::nullopt; // POSIX classes
        } else {
            lo = p[i++];
        }
        if (!isPrintable(lo))
            return std::nullopt;
        if (i + 1 < p.size() && p[i] == '-' && p[i + 1] != ']') {
            char hi = p[i + 1];
            i += 2;
            if (hi == '\\') {
                if (i >= p.size() || !isLiteralEscape(p[i]))
                    return std::nullopt;
                hi = p[i++];
            }
            if (!isPrintable(hi) || hi < lo)
                return std::nullopt;
            set |= range(lo, hi);
        } else {
            set.set(static_cast<std::size_t>(lo));
        }
    }
    if (i >= p.size())
        return std::nullopt; // unterminated
    ++i;                     // ']'
    if (negate)
        set = printable() & ~set;
    return set;
}

bool parseNumber(std::string_view p, std::size_t &i, std::uint64_t &out) {
    const std::size_t start = i;
    out = 0;
    while (i < p.size() && std::isdigit(static_cast<unsigned char>(p[i]))) {
        out = out * 10 + static_cast<std::uint64_t>(p[i] - '0');
        if (out > 1'000'000'000)
            return false;
        ++i;
    }
    return i > start;
}

// Readable output: letters and digits when the class allows them.
std::string alphabetOf(const CharSet &chars) {
    const CharSet preferred = chars & (range('a', 'z') | range('A', 'Z') | digits());
    const CharSet &from = preferred.any() ? preferred : chars;
    std::string out;
    for (std::size_t c = 0; c < from.size(); ++c)
        if (from.test(c))
            out.push_back(static_cast<char>(c));
    return out;
}

} // namespace

std::optional<PatternStrings> PatternStrings::parse(std::string_view p) {
    PatternStrings out;
    std::size_t i = 0;
    bool anchoredStart = false, anchoredEnd = false;
    if (i < p.size() && p[i] == '^') {
        anchoredStart = true;
        ++i;
    }
    std::size_t end = p.size();
    if (end > i && p[end - 1] == '$') {
        // An escaped '$' is a literal: count the backslashes before it.
        std::size_t slashes = 0;
        while (end - 1 - slashes > i && p[end - 2 - slashes] == '\\')
            ++slashes;
        if (slashes % 2 == 0) {
            anchoredEnd = true;
            --end;
        }
    }
    const std::string_view body = p.substr(0, end);

    const CharSet padding = range('a', 'z') | digits();
    if (!anchoredStart)
        out.m_atoms.push_back(Atom{padding, {}, 0, std::nullopt});

    while (i < body.size()) {
        Atom atom;
        const char c = body[i];
        if (c == '[') {
            ++i;
            auto set = parseClass(body, i);
            if (!set || set->none())
                return std::nullopt;
            atom.chars = *set;
        } else if (c == '\\') {
            if (i + 1 >= body.size())
                return std::nullopt;
            const char e = body[i + 1];
            i += 2;
            if (auto cls = escapeClass(e))
                atom.chars = *cls;
            else if (isLiteralEscape(e))
                atom.chars = single(e);
            else
                return std::nullopt;
        } else if (c == '.') {
            atom.chars = printable();
            ++i;
        } else if (std::strchr("()|^$*+?{}", c) != nullptr || !isPrintable(c)) {
            return std::nullopt;
        } else {
            atom.chars = single(c);
            ++i;
        }

        if (i < body.size()) {
            const char q = body[i];
            if (q == '?') {
                atom.min = 0, atom.max = 1, ++i;
            } else if (q == '*') {
                atom.min = 0, atom.max = std::nullopt, ++i;
            } else if (q == '+') {
                atom.min = 1, atom.max = std::nullopt, ++i;
            } else if (q == '{') {
                ++i;
                std::uint64_t lo = 0;
                if (!parseNumber(body, i, lo))
                    return std::nullopt;
                atom.min = lo;
                atom.max = lo;
                if (i < body.size() && body[i] == ',') {
                    ++i;
                    std::uint64_t hi = 0;
                    if (i < body.size() && body[i] == '}')
                        atom.max = std::nullopt;
                    else if (parseNumber(body, i, hi) && hi >= lo)
                        atom.max = hi;
                    else
                        return std::nullopt;
                }
                if (i >= body.size() || body[i] != '}')
                    return std::nullopt;
                ++i;
            }
            // Lazy or possessive suffixes change matching, not the language.
            if (q == '?' || q == '*' || q == '+' || q == '{') {
                if (i < body.size() && (body[i] == '?' || body[i] == '+'))
                    ++i;
                if (i < body.size() && std::strchr("*+?{", body[i]) != nullptr)
                    return std::nullopt;
            }
        }
        out.m_atoms.push_back(atom);
    }
    if (!anchoredEnd)
        out.m_atoms.push_back(Atom{padding, {}, 0, std::nullopt});

    for (auto &a : out.m_atoms) {
        a.alphabet = alphabetOf(a.chars);
        out.m_minLength += a.min;
        if (out.m_maxLength && a.max)
            *out.m_maxLength += *a.max;
        else
            out.m_maxLength = std::nullopt;
    }
    return out;
}

std::string PatternStrings::generate(std::uint64_t length, Prng &rng) const {
    std::vector<std::uint64_t> counts;
    counts.reserve(m_atoms.size());
    for (const auto &a : m_atoms)
        counts.push_back(a.min);
    std::uint64_t remaining = length > m_minLength ? length - m_minLength : 0;
    auto spare = [&](std::size_t k) -> std::uint64_t {
        const auto &a = m_atoms[k];
        return a.max ? *a.max - counts[k] : UINT64_MAX;
    };
    // Random chunks to random atoms with room, so variable parts vary.
    while (remaining > 0) {
        std::vector<std::size_t> open;
        for (std::size_t k = 0; k < m_atoms.size(); ++k)
            if (spare(k) > 0)
                open.push_back(k);
        if (open.empty())
            break; // length beyond maxLength(): the caller broke the precondition
        const std::size_t k = open[rng.below(open.size())];
        const std::uint64_t room = std::min(spare(k), remaining);
        const std::uint64_t add = 1 + rng.below(room);
        counts[k] += add;
        remaining -= add;
    }
    std::string out;
    out.reserve(length);
    for (std::size_t k = 0; k < m_atoms.size(); ++k)
        for (std::uint64_t n = 0; n < counts[k]; ++n)
            out.push_back(m_atoms[k].alphabet[rng.below(m_atoms[k].alphabet.size())]);
    return out;
}

} // namespace docshape
