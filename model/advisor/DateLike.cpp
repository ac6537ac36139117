#include "advisor/DateLike.h"

#include "util/Literals.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace docshape::advisor {

namespace {

constexpr std::uint64_t kUnlimited = std::numeric_limits<std::uint64_t>::max();

std::uint64_t times(std::uint64_t a, std::uint64_t b) {
    if (a == 0 || b == 0)
        return 0;
    return a > kUnlimited / b ? kUnlimited : a * b;
}

std::uint64_t plus(std::uint64_t a, std::uint64_t b) { return a > kUnlimited - b ? kUnlimited : a + b; }

// What a pattern's strings look like, as far as dates go: runs of digits
// with their length bounds, literal characters (or small sets of them, the
// separators a date may use), and everything else.
struct Token {
    enum class Kind { Digits, Chars, Other };
    Kind kind = Kind::Other;
    std::uint64_t min = 1, max = 1; // Digits: the run's length bounds
    std::string chars;              // Chars: the characters allowed here
};
using Tokens = std::vector<Token>;

Token digitsToken(std::uint64_t min, std::uint64_t max) {
    Token t;
    t.kind = Token::Kind::Digits;
    t.min = min;
    t.max = max;
    return t;
}

Token charsToken(std::string chars) {
    Token t;
    t.kind = Token::Kind::Chars;
    t.chars = std::move(chars);
    return t;
}

Token otherToken() { return Token{}; }

bool isDigit(char c) { return c >= '0' && c <= '9'; }
bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Adjacent digit runs are one run: "[0-9]{2}\d{2}" is four digits.
void append(Tokens &out, Token t) {
    if (t.kind == Token::Kind::Digits && t.max == 0)
        return; // matches nothing
    if (t.kind == Token::Kind::Digits && !out.empty() && out.back().kind == Token::Kind::Digits) {
        out.back().min = plus(out.back().min, t.min);
        out.back().max = plus(out.back().max, t.max);
        return;
    }
    out.push_back(std::move(t));
}

// A recursive-descent reader of the regular expressions validators use
// (PCRE2 syntax), keeping only what tells digits from other characters.
// It never fails: what it does not understand becomes Other.
class PatternReader {
public:
    explicit PatternReader(std::string_view pattern) : m_s(pattern) {}

    // The top-level alternatives of the whole pattern.
    std::vector<Tokens> read() {
        std::vector<Tokens> alternatives = readAlternatives();
        while (m_i < m_s.size()) { // an unbalanced ')': read on
            ++m_i;
            for (auto &a : readAlternatives())
                alternatives.push_back(std::move(a));
        }
        return alternatives;
    }

private:
    static constexpr int kMaxDepth = 64;

    bool atEnd() const { return m_i >= m_s.size(); }
    char peek() const { return m_s[m_i]; }

    std::vector<Tokens> readAlternatives() {
        std::vector<Tokens> out;
        out.push_back(readSequence());
        while (!atEnd() && peek() == '|') {
            ++m_i;
            out.push_back(readSequence());
        }
        return out;
    }

    Tokens readSequence() {
        Tokens out;
        while (!atEnd() && peek() != '|' && peek() != ')') {
            std::optional<Tokens> atom = readAtom();
            const auto [min, max] = readQuantifier();
            if (!atom)
                continue; // an anchor or a lookaround: it matches no characters
            if (min == 1 && max == 1) {
                for (auto &t : *atom)
                    append(out, std::move(t));
            } else if (atom->size() == 1 && atom->front().kind == Token::Kind::Digits) {
                append(out, digitsToken(times(atom->front().min, min), times(atom->front().max, max)));
            } else if (max != 0) {
                append(out, otherToken());
            }
        }
        return out;
    }

    // One atom's tokens; nullopt for what matches no characters.
    std::optional<Tokens> readAtom() {
        const char c = peek();
        ++m_i;
        switch (c) {
        case '^':
        case '$':
            return std::nullopt;
        case '.':
            return Tokens{otherToken()};
        case '\\':
            return readEscape();
        case '[':
            return Tokens{readClass()};
        case '(':
            return readGroup();
        default:
            if (isDigit(c))
                return Tokens{digitsToken(1, 1)};
            return Tokens{charsToken(std::string(1, c))};
        }
    }

    std::optional<Tokens> readEscape() {
        if (atEnd())
            return Tokens{charsToken("\\")};
        const char c = peek();
        ++m_i;
        switch (c) {
        case 'd':
            return Tokens{digitsToken(1, 1)};
        case 'b':
        case 'B':
        case 'A':
        case 'z':
        case 'Z':
        case 'G':
            return std::nullopt;
        default:
            if (isLetter(c) || isDigit(c))
                return Tokens{otherToken()}; // \w \s \D \n \1 \p{..} ...: not a date's digit or separator
            return Tokens{charsToken(std::string(1, c))};
        }
    }

    // A bracket expression: digits only, a small set of literal
    // characters, or other.
    Token readClass() {
        bool negated = false;
        if (!atEnd() && peek() == '^') {
            negated = true;
            ++m_i;
        }
        bool digitsOnly = true, literalsOnly = true, any = false;
        std::string literals;
        bool first = true;
        while (!atEnd() && (peek() != ']' || first)) {
            first = false;
            char lo = peek();
            ++m_i;
            bool digitClass = false, otherClass = false;
            if (lo == '\\' && !atEnd()) {
                lo = peek();
                ++m_i;
                if (lo == 'd')
                    digitClass = true;
                else if (isLetter(lo) || isDigit(lo))
                    otherClass = true;
            } else if (lo == '[' && !atEnd() && peek() == ':') { // [:digit:] and friends
                const std::size_t end = m_s.find(":]", m_i);
                const std::string_view name =
                    end == std::string_view::npos ? std::string_view() : m_s.substr(m_i + 1, end - m_i - 1);
                m_i = end == std::string_view::npos ? m_s.size() : end + 2;
                digitClass = name == "digit";
                otherClass = !digitClass;
            }
            char hi = lo;
            if (!digitClass && !otherClass && m_i + 1 < m_s.size() && peek() == '-' && m_s[m_i + 1] != ']') {
                hi = m_s[m_i + 1];
                m_i += 2;
                if (hi == '\\' && !atEnd()) {
                    hi = peek();
                    ++m_i;
                }
            }
            any = true;
            if (digitClass) {
                literalsOnly = false;
            } else if (otherClass) {
                digitsOnly = literalsOnly = false;
            } else if (isDigit(lo) && isDigit(hi)) {
                literalsOnly = false;
            } else {
                digitsOnly = false;
                if (lo != hi)
                    literalsOnly = false;
                else
                    literals += lo;
            }
        }
        if (!atEnd())
            ++m_i; // ']'
        if (negated || !any)
            return otherToken();
        if (digitsOnly)
            return digitsToken(1, 1);
        if (literalsOnly)
            return charsToken(literals);
        return otherToken();
    }

    std::optional<Tokens> readGroup() {
        bool lookaround = false;
        if (!atEnd() && peek() == '?') {
            ++m_i;
            if (!atEnd() && (peek() == '=' || peek() == '!')) {
                lookaround = true;
                ++m_i;
            } else if (!atEnd() && peek() == '<' && m_i + 1 < m_s.size() &&
                       (m_s[m_i + 1] == '=' || m_s[m_i + 1] == '!')) {
                lookaround = true;
                m_i += 2;
            } else if (!atEnd() && (peek() == '<' || peek() == 'P' || peek() == '\'')) {
                const std::size_t end = m_s.find_first_of(">'", m_i + 1);
                m_i = end == std::string_view::npos ? m_s.size() : end + 1;
            } else {
                while (!atEnd() && peek() != ':' && peek() != ')')
                    ++m_i; // (?:  (?i:  (?i)
                if (!atEnd() && peek() == ')') {
                    ++m_i;
                    return std::nullopt; // an inline flag
                }
                if (!atEnd())
                    ++m_i;
            }
        }
        std::vector<Tokens> alternatives;
        if (++m_depth > kMaxDepth) {
            // Too deep to be a date: skip to the matching ')'.
            int open = 1;
            while (!atEnd() && open > 0) {
                const char c = peek();
                ++m_i;
                if (c == '\\' && !atEnd())
                    ++m_i;
                else if (c == '(')
                    ++open;
                else if (c == ')')
                    --open;
            }
            --m_depth;
            return Tokens{otherToken()};
        }
        alternatives = readAlternatives();
        --m_depth;
        if (!atEnd())
            ++m_i; // ')'
        if (lookaround)
            return std::nullopt;
        if (alternatives.size() == 1)
            return std::move(alternatives.front());
        // Alternatives of digits only ("0[1-9]|1[0-2]") are one digit run;
        // of one literal character each, one set of characters.
        bool allDigits = true, allChars = true;
        std::uint64_t min = kUnlimited, max = 0;
        std::string chars;
        for (const Tokens &a : alternatives) {
            std::uint64_t aMin = 0, aMax = 0;
            for (const Token &t : a) {
                if (t.kind != Token::Kind::Digits)
                    allDigits = false;
                aMin = plus(aMin, t.min);
                aMax = plus(aMax, t.max);
            }
            min = std::min(min, aMin);
            max = std::max(max, aMax);
            if (a.size() != 1 || a.front().kind != Token::Kind::Chars)
                allChars = false;
            else
                chars += a.front().chars;
        }
        if (allDigits)
            return Tokens{digitsToken(min, max)};
        if (allChars)
            return Tokens{charsToken(chars)};
        return Tokens{otherToken()};
    }

    // {min, max} of a quantifier after an atom ({1, 1} without one).
    std::pair<std::uint64_t, std::uint64_t> readQuantifier() {
        std::pair<std::uint64_t, std::uint64_t> q{1, 1};
        if (atEnd())
            return q;
        switch (peek()) {
        case '?':
            q = {0, 1};
            ++m_i;
            break;
        case '*':
            q = {0, kUnlimited};
            ++m_i;
            break;
        case '+':
            q = {1, kUnlimited};
            ++m_i;
            break;
        case '{': {
            std::size_t j = m_i + 1;
            auto number = [&](std::uint64_t &out) {
                const std::size_t start = j;
                out = 0;
                while (j < m_s.size() && isDigit(m_s[j]) && j - start < 9)
                    out = out * 10 + static_cast<std::uint64_t>(m_s[j++] - '0');
                return j > start;
            };
            std::uint64_t lo = 0, hi = 0;
            if (!number(lo))
                return q; // a literal '{'
            hi = lo;
            if (j < m_s.size() && m_s[j] == ',') {
                ++j;
                if (!number(hi))
                    hi = kUnlimited;
            }
            if (j >= m_s.size() || m_s[j] != '}')
                return q;
            m_i = j + 1;
            q = {lo, hi};
            break;
        }
        default:
            return q;
        }
        if (!atEnd() && (peek() == '?' || peek() == '+'))
            ++m_i; // lazy or possessive: the same strings
        return q;
    }

    std::string_view m_s;
    std::size_t m_i = 0;
    int m_depth = 0;
};

bool digits(const Tokens &t, std::size_t i, std::uint64_t lo, std::uint64_t hi) {
    return i < t.size() && t[i].kind == Token::Kind::Digits && t[i].min >= lo && t[i].max <= hi;
}

bool separator(const Tokens &t, std::size_t i, std::string_view allowed) {
    if (i >= t.size() || t[i].kind != Token::Kind::Chars || t[i].chars.empty())
        return false;
    for (char c : t[i].chars)
        if (allowed.find(c) == std::string_view::npos)
            return false;
    return true;
}

// A shape at [start, end) that does not continue as more separated digit
// runs on either side (a longer identifier that contains one is not a date).
bool standsAlone(const Tokens &t, std::size_t start, std::size_t end, std::string_view separators) {
    if (start >= 2 && separator(t, start - 1, separators) && t[start - 2].kind == Token::Kind::Digits)
        return false;
    return !(separator(t, end, separators) && end + 1 < t.size() && t[end + 1].kind == Token::Kind::Digits);
}

std::string_view dateShapeOf(const Tokens &t) {
    for (std::size_t i = 0; i < t.size(); ++i) {
        if (digits(t, i, 4, 4) && separator(t, i + 1, "-/") && digits(t, i + 2, 1, 2) &&
            separator(t, i + 3, t[i + 1].chars) && digits(t, i + 4, 1, 2) && standsAlone(t, i, i + 5, "-/"))
            return "YYYY-MM-DD";
        if (digits(t, i, 1, 2) && separator(t, i + 1, "/.-") && digits(t, i + 2, 1, 2) &&
            separator(t, i + 3, t[i + 1].chars) && digits(t, i + 4, 4, 4) && standsAlone(t, i, i + 5, "/.-"))
            return "DD/MM/YYYY";
        if (digits(t, i, 8, 8) && separator(t, i + 1, "T") && digits(t, i + 2, 4, 6))
            return "YYYYMMDDTHHMM";
        if (digits(t, i, 1, 2) && separator(t, i + 1, ":") && digits(t, i + 2, 2, 2)) {
            std::size_t end = i + 3;
            if (separator(t, end, ":") && digits(t, end + 1, 2, 2))
                end += 2; // seconds
            if (standsAlone(t, i, end, ":"))
                return "HH:MM";
        }
    }
    return {};
}

constexpr std::array<std::string_view, 12> kMonths = {"january", "february", "march",     "april",
                                                       "may",     "june",     "july",      "august",
                                                       "september", "october", "november", "december"};

// The month (1 to 12) a word names, in full or by its first three letters
// ("Sept" too); 0 for any other word.
int monthOf(std::string_view word) {
    if (word.size() < 3)
        return 0;
    std::string lower(word);
    for (char &c : lower)
        if (c >= 'A' && c <= 'Z')
            c = static_cast<char>(c - 'A' + 'a');
    for (std::size_t m = 0; m < kMonths.size(); ++m)
        if (lower == kMonths[m] || lower == kMonths[m].substr(0, 3) || (m == 8 && lower == "sept"))
            return static_cast<int>(m + 1);
    return 0;
}

// Calls fn(word) for every run of ASCII letters of `text`.
template <typename Fn> void forEachLetterRun(std::string_view text, Fn fn) {
    std::size_t start = 0;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        if (i < text.size() && isLetter(text[i]))
            continue;
        if (i > start)
            fn(text.substr(start, i - start));
        start = i + 1;
    }
}

bool readNumber(std::string_view s, std::size_t &i, std::size_t minDigits, std::size_t maxDigits, int &out) {
    const std::size_t start = i;
    out = 0;
    while (i < s.size() && isDigit(s[i]) && i - start < maxDigits)
        out = out * 10 + (s[i++] - '0');
    return i - start >= minDigits && !(i < s.size() && isDigit(s[i]));
}

bool isTimeOfDay(std::string_view s) {
    std::size_t i = 0;
    int h = 0, m = 0, sec = 0;
    if (!readNumber(s, i, 1, 2, h) || h > 23 || i >= s.size() || s[i++] != ':' || !readNumber(s, i, 2, 2, m) || m > 59)
        return false;
    if (i < s.size() && s[i] == ':') {
        ++i;
        if (!readNumber(s, i, 2, 2, sec) || sec > 60)
            return false;
        if (i < s.size() && s[i] == '.') {
            ++i;
            int fraction = 0;
            if (!readNumber(s, i, 1, 9, fraction))
                return false;
        }
    }
    return i == s.size();
}

bool isDayMonthYear(std::string_view s) {
    std::size_t i = 0;
    int a = 0, b = 0, year = 0;
    if (!readNumber(s, i, 1, 2, a) || i >= s.size())
        return false;
    const char sep = s[i++];
    if ((sep != '/' && sep != '.' && sep != '-') || !readNumber(s, i, 1, 2, b) || i >= s.size() || s[i++] != sep ||
        !readNumber(s, i, 4, 4, year) || i != s.size())
        return false;
    // Day first or month first: one of them is a month, the other a day.
    return a >= 1 && b >= 1 && ((a <= 31 && b <= 12) || (a <= 12 && b <= 31));
}

} // namespace

std::string_view dateShapeOfPattern(std::string_view pattern) {
    for (const Tokens &alternative : PatternReader(pattern).read())
        if (const std::string_view shape = dateShapeOf(alternative); !shape.empty())
            return shape;
    int months = 0;
    unsigned seen = 0;
    forEachLetterRun(pattern, [&](std::string_view word) {
        if (const int m = monthOf(word); m && !(seen & (1u << m))) {
            seen |= 1u << m;
            ++months;
        }
    });
    return months >= 3 ? "month names" : std::string_view();
}

std::string_view dateShapeOfValue(std::string_view value) {
    std::int64_t ms = 0;
    if (literal::parseIsoDate(value, ms, literal::kModelDate))
        return "YYYY-MM-DD";
    if (isTimeOfDay(value))
        return "HH:MM";
    if (isDayMonthYear(value))
        return "DD/MM/YYYY";
    bool month = false;
    forEachLetterRun(value, [&](std::string_view word) { month = month || monthOf(word) != 0; });
    bool digit = false;
    for (char c : value)
        digit = digit || isDigit(c);
    return month && digit ? "month names" : std::string_view();
}

} // namespace docshape::advisor
