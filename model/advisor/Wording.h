#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace docshape {

// One sentence of advisor text: a static form with holes "{0}", "{1}", ...
// filled from a Wording's values, starting at `first`. Any other brace is
// literal text.
struct Phrase {
    std::string_view form;   // static text (a literal or catalogue text); empty: nothing said
    std::uint32_t first = 0; // the value that fills "{0}"

    bool empty() const { return form.empty(); }
    friend bool operator==(const Phrase &, const Phrase &) = default;
};

// The values advisor text quotes, kept as numbers and names so that advice
// costs what it computed, not its prose: phrases are rendered only when
// shown (AdviceJson, `docshape-cli lint`, the studio's panels). Names are
// copied, so the text stays valid after the model changes; all values
// share one buffer, kept inline while it is small, so that most findings'
// words cost no allocation.
class Wording {
public:
    // How a value prints.
    struct Num { // number(): "1,234", "0.5", "2.25"
        double value;
    };
    struct Bytes { // units::bytesText: "780 bytes", "2.0 MiB"
        double value;
    };
    struct Rate { // "300/s"
        double value;
    };
    struct Static { // static text, quoted as is without a copy
        std::string_view text;
    };

    // Appends the values and returns the phrase that quotes them:
    // say("{0} has {1} indexes", name, Num{n}). Strings are copied; integers
    // print as they are; a double must say how it prints (Num, Bytes, Rate).
    template <typename... Values> Phrase say(std::string_view form, const Values &...values) {
        const Phrase p{form, m_count};
        const std::size_t bytes = (std::size_t{0} + ... + encodedSize(values));
        reserve(bytes);
        char *out = data() + m_size;
        ((out = put(out, values)), ...);
        (void)out; // a phrase may quote nothing
        m_size += static_cast<std::uint32_t>(bytes);
        m_count += static_cast<std::uint32_t>(sizeof...(Values));
        return p;
    }
    // Room for `bytes` more of values without reallocating, for an owner
    // that knows roughly how much it will say.
    void reserve(std::size_t bytes) {
        if (m_size + bytes > m_capacity)
            grow(std::max<std::size_t>(m_size + bytes, 2 * m_capacity));
    }

    Wording() = default;
    Wording(const Wording &other);
    Wording(Wording &&other) noexcept;
    Wording &operator=(const Wording &other);
    Wording &operator=(Wording &&other) noexcept;
    ~Wording() = default;

    std::string render(Phrase p) const;
    void renderTo(std::string &out, Phrase p) const;
    // Value `index` as text (a text or static value) or as a number.
    std::string_view text(std::uint32_t index) const;
    double number(std::uint32_t index) const;
    std::uint32_t size() const { return m_count; }
    void clear() {
        m_size = 0;
        m_count = 0;
    }

    friend bool operator==(const Wording &a, const Wording &b) {
        return a.m_count == b.m_count && std::string_view(a.data(), a.m_size) == std::string_view(b.data(), b.m_size);
    }

private:
    // Each value is a kind byte, then: a double for numbers; the length and
    // the characters for text; the address and length for static text.
    enum class Kind : char { Text, Static, Number, Bytes, Rate, Integer };

    static constexpr std::size_t kNumberSize = 1 + sizeof(double);
    static constexpr std::size_t kStaticSize = 1 + sizeof(const char *) + sizeof(std::size_t);
    static std::size_t encodedSize(std::string_view text) { return 1 + sizeof(std::uint32_t) + text.size(); }
    static std::size_t encodedSize(const std::string &text) { return encodedSize(std::string_view(text)); }
    static std::size_t encodedSize(const char *text) { return encodedSize(std::string_view(text)); }
    static std::size_t encodedSize(Static) { return kStaticSize; }
    template <typename T> static std::size_t encodedSize(const T &) { return kNumberSize; }

    // Writes one value at `out`, which has room for it; returns its end.
    static char *put(char *out, std::string_view text) {
        const auto size = static_cast<std::uint32_t>(text.size());
        *out = static_cast<char>(Kind::Text);
        std::memcpy(out + 1, &size, sizeof size);
        std::memcpy(out + 1 + sizeof size, text.data(), text.size());
        return out + 1 + sizeof size + text.size();
    }
    static char *put(char *out, const std::string &text) { return put(out, std::string_view(text)); }
    static char *put(char *out, const char *text) { return put(out, std::string_view(text)); }
    static char *put(char *out, Static s) {
        const char *data = s.text.data();
        const std::size_t size = s.text.size();
        *out = static_cast<char>(Kind::Static);
        std::memcpy(out + 1, &data, sizeof data);
        std::memcpy(out + 1 + sizeof data, &size, sizeof size);
        return out + kStaticSize;
    }
    static char *put(char *out, Num n) { return putNumber(out, Kind::Number, n.value); }
    static char *put(char *out, Bytes b) { return putNumber(out, Kind::Bytes, b.value); }
    static char *put(char *out, Rate r) { return putNumber(out, Kind::Rate, r.value); }
    template <typename I>
        requires std::is_integral_v<I>
    static char *put(char *out, I n) {
        return putNumber(out, Kind::Integer, static_cast<double>(n));
    }
    static char *put(char *out, double) = delete; // say how it prints: Num, Bytes or Rate
    static char *put(char *out, bool) = delete;
    static char *putNumber(char *out, Kind kind, double value) {
        *out = static_cast<char>(kind);
        std::memcpy(out + 1, &value, sizeof value);
        return out + kNumberSize;
    }

    // Appends value `index` to `out`.
    void append(std::string &out, std::uint32_t index) const;
    // Where value `index` starts; nullptr past the end.
    const char *find(std::uint32_t index) const;

    char *data() { return m_heap ? m_heap.get() : m_inline; }
    const char *data() const { return m_heap ? m_heap.get() : m_inline; }
    void grow(std::size_t capacity);

    static constexpr std::uint32_t kInline = 48; // what most findings quote
    std::uint32_t m_size = 0;
    std::uint32_t m_capacity = kInline;
    std::uint32_t m_count = 0;
    std::unique_ptr<char[]> m_heap; // the values, once they outgrow m_inline
    char m_inline[kInline];
};

namespace advisor {
// How the advisor prints numbers, the same everywhere.
void appendNumber(std::string &out, double value); // "1,234", "0.5", "2.25", "unbounded"
void appendBytes(std::string &out, double bytes);  // units::bytesText
} // namespace advisor

} // namespace docshape
