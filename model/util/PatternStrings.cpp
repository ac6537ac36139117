#include "util/PatternStrings.h"

#include <algorithm>
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

// One character position: the printable ASCII characters generate()
// draws from, and whether a match may hold a non-ASCII character there.
struct Cell {
    CharSet chars;
    bool wide = false;
};

// The class an escape letter stands for, if it is one. Without PCRE2_UCP
// (the server compiles $jsonSchema patterns with PCRE2_UTF alone) \d, \w
// and \s are ASCII classes, so \D, \W and \S admit every non-ASCII
// character.
std::optional<Cell> escapeClass(char c) {
    switch (c) {
    case 'd':
        return Cell{digits(), false};
    case 'D':
        return Cell{printable() & ~digits(), true};
    case 'w':
        return Cell{wordChars(), false};
    case 'W':
        return Cell{printable() & ~wordChars(), true};
    case 's':
        return Cell{spaces(), false};
    case 'S':
        return Cell{printable() & ~spaces(), true};
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

// Parses a class body after '[' up to and including ']'. A negated class
// admits every non-ASCII character (its members are all ASCII).
std::optional<Cell> parseClass(std::string_view p, std::size_t &i) {
    bool negate = false;
    if (i < p.size() && p[i] == '^') {
        negate = true;
        ++i;
    }
    CharSet set;
    bool wide = false;
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
                set |= cls->chars;
                wide = wide || cls->wide;
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
        return Cell{printable() & ~set, true};
    return Cell{set, wide};
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

// One character position: a class, an escape, '.', or a literal.
// nullopt for anything else (groups, anchors, quantifiers out of place).
std::optional<Cell> parseCharAtom(std::string_view p, std::size_t &i) {
    const char c = p[i];
    if (c == '[') {
        ++i;
        auto cell = parseClass(p, i);
        if (!cell || cell->chars.none())
            return std::nullopt;
        return cell;
    }
    if (c == '\\') {
        if (i + 1 >= p.size())
            return std::nullopt;
        const char e = p[i + 1];
        i += 2;
        if (auto cls = escapeClass(e))
            return cls;
        if (isLiteralEscape(e))
            return Cell{single(e), false};
        return std::nullopt;
    }
    if (c == '.') { // any character but a newline
        ++i;
        return Cell{printable(), true};
    }
    if (std::strchr("()|^$*+?{}", c) != nullptr || !isPrintable(c))
        return std::nullopt;
    ++i;
    return Cell{single(c), false};
}

// An optional quantifier after an atom; {1,1} when there is none. False
// when it is malformed or stacked.
bool parseQuantifier(std::string_view p, std::size_t &i, std::uint64_t &min, std::optional<std::uint64_t> &max) {
    min = 1;
    max = 1;
    if (i >= p.size())
        return true;
    const char q = p[i];
    if (q == '?') {
        min = 0, max = 1, ++i;
    } else if (q == '*') {
        min = 0, max = std::nullopt, ++i;
    } else if (q == '+') {
        min = 1, max = std::nullopt, ++i;
    } else if (q == '{') {
        ++i;
        std::uint64_t lo = 0;
        if (!parseNumber(p, i, lo))
            return false;
        min = lo;
        max = lo;
        if (i < p.size() && p[i] == ',') {
            ++i;
            std::uint64_t hi = 0;
            if (i < p.size() && p[i] == '}')
                max = std::nullopt;
            else if (parseNumber(p, i, hi) && hi >= lo)
                max = hi;
            else
                return false;
        }
        if (i >= p.size() || p[i] != '}')
            return false;
        ++i;
    } else {
        return true;
    }
    // Lazy or possessive suffixes change matching, not the language.
    if (i < p.size() && (p[i] == '?' || p[i] == '+'))
        ++i;
    return i >= p.size() || std::strchr("*+?{", p[i]) == nullptr;
}

// Lengths[l]: length l (up to the cap) is possible.
using Lengths = std::bitset<PatternStrings::kGroupLengthCap + 1>;

Lengths sumset(const Lengths &a, const Lengths &b) {
    Lengths out;
    for (std::size_t x = 0; x < a.size(); ++x)
        if (a[x])
            out |= b << x; // lengths past the cap fall off
    return out;
}

// Sums and products of lengths, nullopt (no bound) past 2^64.
std::optional<std::uint64_t> addLengths(std::optional<std::uint64_t> a, std::optional<std::uint64_t> b) {
    std::uint64_t sum = 0;
    if (!a || !b || __builtin_add_overflow(*a, *b, &sum))
        return std::nullopt;
    return sum;
}

std::optional<std::uint64_t> timesLengths(std::uint64_t a, std::uint64_t b) {
    std::uint64_t product = 0;
    if (__builtin_mul_overflow(a, b, &product))
        return std::nullopt;
    return product;
}

// UTF-8 characters of 2, 3 and 4 bytes that no class of a parsed pattern
// names (its members are printable ASCII): e-acute, the euro sign, and
// U+1F600.
constexpr std::string_view kWideChars[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80"};

// Widens characters of `s` at the positions `wideAt` allows, from the
// first, until `s` holds `bytes` bytes; false when they cannot hold that many.
bool widen(std::string &s, const std::vector<bool> &wideAt, std::uint64_t bytes) {
    std::uint64_t extra = bytes > s.size() ? bytes - s.size() : 0;
    std::string out;
    out.reserve(s.size() + extra);
    for (std::size_t i = 0; i < s.size(); ++i) {
        if (extra > 0 && i < wideAt.size() && wideAt[i]) {
            const std::uint64_t more = std::min<std::uint64_t>(extra, 3);
            out += kWideChars[more - 1];
            extra -= more;
        } else {
            out.push_back(s[i]);
        }
    }
    s = std::move(out);
    return extra == 0;
}

} // namespace

struct PatternStrings::Node {
    enum class Kind { Chars, Seq, Alt, Repeat };
    Kind kind = Kind::Seq;
    CharSet chars;                        // Chars
    bool wide = false;                    // Chars: a match may hold a non-ASCII character here
    std::string alphabet;                 // Chars
    std::vector<Node> kids;               // Seq, Alt; Repeat has one
    std::uint64_t min = 1;                // Repeat
    std::optional<std::uint64_t> max = 1; // Repeat

    // Lengths up to kGroupLengthCap this node can produce; for Seq, what
    // kids i.. produce together (table[i]); for Repeat, what j copies of the
    // kid produce (table[j]).
    Lengths can;
    std::vector<Lengths> table;

    static Node ofChars(const Cell &cell) {
        Node n;
        n.kind = Kind::Chars;
        n.chars = cell.chars;
        n.wide = cell.wide;
        return n;
    }
    static Node repeat(Node kid, std::uint64_t min, std::optional<std::uint64_t> max) {
        Node n;
        n.kind = Kind::Repeat;
        n.min = min;
        n.max = max;
        n.kids.push_back(std::move(kid));
        return n;
    }

    std::uint64_t minLength() const {
        switch (kind) {
        case Kind::Chars:
            return 1;
        case Kind::Seq: {
            std::uint64_t total = 0;
            for (const auto &k : kids)
                total = addLengths(total, k.minLength()).value_or(UINT64_MAX);
            return total;
        }
        case Kind::Alt: {
            std::uint64_t least = UINT64_MAX;
            for (const auto &k : kids)
                least = std::min(least, k.minLength());
            return least;
        }
        case Kind::Repeat:
            return timesLengths(min, kids[0].minLength()).value_or(UINT64_MAX);
        }
        return 0;
    }

    std::optional<std::uint64_t> maxLength() const {
        switch (kind) {
        case Kind::Chars:
            return 1;
        case Kind::Seq: {
            std::optional<std::uint64_t> total = 0;
            for (const auto &k : kids)
                total = addLengths(total, k.maxLength());
            return total;
        }
        case Kind::Alt: {
            std::uint64_t most = 0;
            for (const auto &k : kids) {
                auto m = k.maxLength();
                if (!m)
                    return std::nullopt;
                most = std::max(most, *m);
            }
            return most;
        }
        case Kind::Repeat: {
            auto kid = kids[0].maxLength();
            if (kid && *kid == 0)
                return 0;
            if (!kid || !max)
                return std::nullopt;
            return timesLengths(*kid, *max);
        }
        }
        return 0;
    }

    // The most UTF-8 bytes a match can have: a wide position up to 4.
    std::optional<std::uint64_t> maxBytes() const {
        switch (kind) {
        case Kind::Chars:
            return wide ? 4 : 1;
        case Kind::Seq: {
            std::optional<std::uint64_t> total = 0;
            for (const auto &k : kids)
                total = addLengths(total, k.maxBytes());
            return total;
        }
        case Kind::Alt: {
            std::uint64_t most = 0;
            for (const auto &k : kids) {
                auto m = k.maxBytes();
                if (!m)
                    return std::nullopt;
                most = std::max(most, *m);
            }
            return most;
        }
        case Kind::Repeat: {
            auto kid = kids[0].maxBytes();
            if (kid && *kid == 0)
                return 0;
            if (!kid || !max)
                return std::nullopt;
            return timesLengths(*kid, *max);
        }
        }
        return 0;
    }

    bool anyWide() const {
        if (kind == Kind::Chars)
            return wide;
        return std::any_of(kids.begin(), kids.end(), [](const Node &k) { return k.anyWide(); });
    }

    // The most copies a Repeat needs to reach every length up to the cap:
    // beyond the cap copies are empty, and empty copies add nothing.
    std::uint64_t copyLimit() const {
        const std::uint64_t enough = std::max<std::uint64_t>(min, kGroupLengthCap);
        return max ? std::min(*max, enough) : enough;
    }

    void compute() {
        Lengths empty;
        empty[0] = true;
        switch (kind) {
        case Kind::Chars:
            alphabet = alphabetOf(chars);
            can.reset();
            can[1] = true;
            break;
        case Kind::Seq:
            table.assign(kids.size() + 1, empty);
            for (std::size_t i = kids.size(); i-- > 0;) {
                kids[i].compute();
                table[i] = sumset(kids[i].can, table[i + 1]);
            }
            can = table[0];
            break;
        case Kind::Alt:
            can.reset();
            for (auto &k : kids) {
                k.compute();
                can |= k.can;
            }
            break;
        case Kind::Repeat: {
            // table[j], what j copies produce, for j up to the cap only: the
            // work and memory follow the pattern's size, not the numbers in
            // it ({1000000000}). Past the cap j copies produce what cap
            // copies do when a copy may be empty (a length up to the cap
            // needs at most cap non-empty copies), and nothing otherwise.
            kids[0].compute();
            const std::uint64_t limit = copyLimit();
            const std::uint64_t rows = std::min<std::uint64_t>(limit, kGroupLengthCap);
            table.assign(1, empty);
            can.reset();
            for (std::uint64_t j = 0; j <= rows; ++j) {
                if (j > 0)
                    table.push_back(sumset(table.back(), kids[0].can));
                if (j >= min)
                    can |= table[j];
            }
            if (limit > rows && kids[0].can[0])
                can |= table[rows];
            break;
        }
        }
    }

    static std::uint64_t pickLength(const std::vector<std::uint64_t> &options, Prng &rng) {
        return options[rng.below(options.size())];
    }

    // Requires can[length]. `wide` receives, per character, whether a
    // non-ASCII character may take its place.
    void emit(std::uint64_t length, Prng &rng, std::string &out, std::vector<bool> &wideAt) const {
        switch (kind) {
        case Kind::Chars:
            out.push_back(alphabet[rng.below(alphabet.size())]);
            wideAt.push_back(wide);
            break;
        case Kind::Alt: {
            std::vector<const Node *> options;
            for (const auto &k : kids)
                if (k.can[length])
                    options.push_back(&k);
            options[rng.below(options.size())]->emit(length, rng, out, wideAt);
            break;
        }
        case Kind::Seq: {
            std::uint64_t rest = length;
            for (std::size_t i = 0; i < kids.size(); ++i) {
                std::vector<std::uint64_t> options;
                for (std::uint64_t l = 0; l <= rest; ++l)
                    if (kids[i].can[l] && table[i + 1][rest - l])
                        options.push_back(l);
                const std::uint64_t l = pickLength(options, rng);
                kids[i].emit(l, rng, out, wideAt);
                rest -= l;
            }
            break;
        }
        case Kind::Repeat: {
            // A count of copies past the table stands for more copies that
            // are empty (see compute()): the string is the same.
            std::vector<std::uint64_t> counts;
            for (std::uint64_t j = std::min<std::uint64_t>(min, table.size() - 1); j < table.size(); ++j)
                if (table[j][length])
                    counts.push_back(j);
            const std::uint64_t copies = pickLength(counts, rng);
            std::uint64_t rest = length;
            for (std::uint64_t t = copies; t-- > 0;) {
                std::vector<std::uint64_t> options;
                for (std::uint64_t l = 0; l <= rest; ++l)
                    if (kids[0].can[l] && table[t][rest - l])
                        options.push_back(l);
                const std::uint64_t l = pickLength(options, rng);
                kids[0].emit(l, rng, out, wideAt);
                rest -= l;
            }
            break;
        }
        }
    }
};

namespace {

using Node = PatternStrings::Node;

// Recursive descent over alternatives, sequences and groups.
class TreeParser {
public:
    explicit TreeParser(std::string_view p) : m_p(p) {}

    std::optional<Node> parseAll() {
        auto n = alternatives(0);
        if (!n || m_i != m_p.size())
            return std::nullopt;
        return n;
    }

private:
    std::optional<Node> alternatives(int depth) {
        Node alt;
        alt.kind = Node::Kind::Alt;
        do {
            if (!alt.kids.empty())
                ++m_i; // '|'
            auto seq = sequence(depth);
            if (!seq)
                return std::nullopt;
            alt.kids.push_back(std::move(*seq));
        } while (m_i < m_p.size() && m_p[m_i] == '|');
        if (alt.kids.size() == 1)
            return std::move(alt.kids.front());
        return alt;
    }

    std::optional<Node> sequence(int depth) {
        Node seq;
        seq.kind = Node::Kind::Seq;
        while (m_i < m_p.size() && m_p[m_i] != '|' && m_p[m_i] != ')') {
            Node atom;
            if (m_p[m_i] == '(') {
                if (depth >= 32)
                    return std::nullopt;
                ++m_i;
                if (m_i < m_p.size() && m_p[m_i] == '?') {
                    if (m_i + 1 < m_p.size() && m_p[m_i + 1] == ':')
                        m_i += 2; // non-capturing
                    else
                        return std::nullopt; // lookaround, named group, inline flags
                }
                auto inner = alternatives(depth + 1);
                if (!inner || m_i >= m_p.size() || m_p[m_i] != ')')
                    return std::nullopt;
                ++m_i;
                atom = std::move(*inner);
            } else {
                auto cell = parseCharAtom(m_p, m_i);
                if (!cell)
                    return std::nullopt;
                atom = Node::ofChars(*cell);
            }
            std::uint64_t min = 1;
            std::optional<std::uint64_t> max = 1;
            if (!parseQuantifier(m_p, m_i, min, max))
                return std::nullopt;
            if (min != 1 || max != 1)
                atom = Node::repeat(std::move(atom), min, max);
            seq.kids.push_back(std::move(atom));
        }
        return seq;
    }

    std::string_view m_p;
    std::size_t m_i = 0;
};

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
    const std::string_view body = p.substr(i, end - i);
    // What an unanchored pattern allows around its match: generate() pads
    // with letters and digits, but a match may hold any character there.
    const Cell padding{range('a', 'z') | digits(), true};

    if (body.find_first_of("(|") != std::string_view::npos) {
        // Anchors are taken to bind the whole alternation: "^a|b$" then
        // generates from ^(a|b)$, a subset of what it matches.
        auto tree = TreeParser(body).parseAll();
        if (!tree)
            return std::nullopt;
        Node top;
        top.kind = Node::Kind::Seq;
        if (!anchoredStart)
            top.kids.push_back(Node::repeat(Node::ofChars(padding), 0, std::nullopt));
        top.kids.push_back(std::move(*tree));
        if (!anchoredEnd)
            top.kids.push_back(Node::repeat(Node::ofChars(padding), 0, std::nullopt));
        top.compute();
        out.m_minLength = top.minLength();
        out.m_maxLength = top.maxLength();
        out.m_maxBytes = top.maxBytes();
        out.m_asciiOnly = !top.anyWide();
        out.m_tree = std::make_shared<const Node>(std::move(top));
        return out;
    }

    if (!anchoredStart)
        out.m_atoms.push_back(Atom{padding.chars, {}, 0, std::nullopt, true});
    std::size_t k = 0;
    while (k < body.size()) {
        Atom atom;
        auto cell = parseCharAtom(body, k);
        if (!cell)
            return std::nullopt;
        atom.chars = cell->chars;
        atom.wide = cell->wide;
        if (!parseQuantifier(body, k, atom.min, atom.max))
            return std::nullopt;
        out.m_atoms.push_back(atom);
    }
    if (!anchoredEnd)
        out.m_atoms.push_back(Atom{padding.chars, {}, 0, std::nullopt, true});

    out.m_maxBytes = 0;
    for (auto &a : out.m_atoms) {
        a.alphabet = alphabetOf(a.chars);
        out.m_minLength += a.min;
        out.m_maxLength = addLengths(out.m_maxLength, a.max);
        out.m_maxBytes = a.max ? addLengths(out.m_maxBytes, timesLengths(*a.max, a.wide ? 4 : 1)) : std::nullopt;
        out.m_asciiOnly = out.m_asciiOnly && !a.wide;
    }
    return out;
}

bool PatternStrings::canGenerate(std::uint64_t length) const {
    if (m_tree)
        return length <= kGroupLengthCap && m_tree->can[length];
    return length >= m_minLength && (!m_maxLength || length <= *m_maxLength);
}

std::optional<std::uint64_t> PatternStrings::nearestLength(std::uint64_t length) const {
    if (!m_tree) {
        const std::uint64_t atLeast = std::max(length, m_minLength);
        return m_maxLength ? std::min(atLeast, *m_maxLength) : atLeast;
    }
    const std::uint64_t from = std::min<std::uint64_t>(length, kGroupLengthCap);
    for (std::uint64_t d = 0; d <= kGroupLengthCap; ++d) {
        if (d <= from && m_tree->can[from - d])
            return from - d;
        if (from + d <= kGroupLengthCap && m_tree->can[from + d])
            return from + d;
    }
    return std::nullopt;
}

std::string PatternStrings::generate(std::uint64_t length, Prng &rng) const {
    std::vector<bool> wideAt;
    return generate(length, rng, false, wideAt);
}

std::optional<std::string> PatternStrings::generateBytes(std::uint64_t length, std::uint64_t bytes,
                                                         Prng &rng) const {
    std::vector<bool> wideAt;
    std::string out = generate(length, rng, bytes > length, wideAt);
    if (!widen(out, wideAt, bytes))
        return std::nullopt;
    return out;
}

std::string PatternStrings::generate(std::uint64_t length, Prng &rng, bool preferWide,
                                     std::vector<bool> &wideAt) const {
    if (m_tree) {
        std::string out;
        if (canGenerate(length))
            m_tree->emit(length, rng, out, wideAt);
        return out;
    }
    std::vector<std::uint64_t> counts;
    counts.reserve(m_atoms.size());
    for (const auto &a : m_atoms)
        counts.push_back(a.min);
    std::uint64_t remaining = length > m_minLength ? length - m_minLength : 0;
    auto spare = [&](std::size_t k) -> std::uint64_t {
        const auto &a = m_atoms[k];
        return a.max ? *a.max - counts[k] : UINT64_MAX;
    };
    // Random chunks to random atoms with room, so variable parts vary; to
    // the atoms that may hold non-ASCII characters first when the string
    // is to hold more bytes than characters.
    while (remaining > 0) {
        std::vector<std::size_t> open;
        for (int pass = preferWide ? 0 : 1; pass < 2 && open.empty(); ++pass)
            for (std::size_t k = 0; k < m_atoms.size(); ++k)
                if (spare(k) > 0 && (pass == 1 || m_atoms[k].wide))
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
        for (std::uint64_t n = 0; n < counts[k]; ++n) {
            out.push_back(m_atoms[k].alphabet[rng.below(m_atoms[k].alphabet.size())]);
            wideAt.push_back(m_atoms[k].wide);
        }
    return out;
}

std::string utf8OfLength(std::uint64_t characters, std::uint64_t bytes, Prng &rng) {
    std::string out;
    if (characters == 0)
        return out;
    out.reserve(bytes);
    std::vector<bool> wideAt(characters, true);
    for (std::uint64_t i = 0; i < characters; ++i)
        out.push_back(static_cast<char>('a' + rng.below(26)));
    widen(out, wideAt, bytes);
    return out;
}

} // namespace docshape
