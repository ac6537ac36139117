#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace docshape {

// The first eight bytes of a string, zero-padded: with its size, a cheap
// first test of equality for the short ids, names and paths of a model.
inline std::uint64_t firstBytes(std::string_view s) {
    std::uint64_t v = 0;
    const std::size_t n = s.size();
    if (n >= sizeof v) {
        std::memcpy(&v, s.data(), sizeof v);
    } else if (n >= 4) {
        // Two overlapping words: the same bytes as a zero-padded load.
        std::uint32_t low, high;
        std::memcpy(&low, s.data(), sizeof low);
        std::memcpy(&high, s.data() + n - sizeof high, sizeof high);
        v = low | (static_cast<std::uint64_t>(high) << (8 * (n - sizeof high)));
    } else {
        for (std::size_t i = 0; i < n; ++i)
            v |= static_cast<std::uint64_t>(static_cast<unsigned char>(s[i])) << (8 * i);
    }
    return v;
}

// Positions by id in one flat open-addressing table, for the hot paths that
// look up thousands of ids per run (deriving collections, grouping indexes,
// the advisor), where a node-based map spends its time allocating. The ids
// are views into strings that must outlive the index.
class IdIndex {
public:
    void reserve(std::size_t n);
    // Keeps the first position of an id inserted twice.
    void insert(std::string_view id, std::uint32_t position);
    // The position, or -1.
    int find(std::string_view id) const;
    std::size_t size() const { return m_size; }

private:
    // An id's first and last eight bytes (zero-padded) and its size: equal
    // ones are the same id up to sixteen bytes, without reading the id.
    struct Key {
        std::uint64_t head = 0;
        std::uint64_t tail = 0;
        std::size_t size = 0;
        friend bool operator==(const Key &, const Key &) = default;
    };
    struct Slot {
        Key key;
        const char *data = nullptr; // the id, for ids over sixteen bytes
        std::uint32_t position = 0;
        bool used = false;
    };
    static Key keyOf(std::string_view id);
    static std::size_t hash(const Key &key);
    static bool same(const Slot &slot, const Key &key, std::string_view id);
    std::vector<Slot> m_slots; // a power of two, at most three quarters full
    std::size_t m_size = 0;
};

} // namespace docshape
