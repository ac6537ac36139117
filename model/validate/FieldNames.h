#pragma once

// The plain field names one schema lists (in `properties` and `required`),
// laid out for the walk over a document's fields. Documents usually hold their
// fields in the schema's order, so the walk first asks whether the next key is
// the name expected, which costs one 8-byte compare and spares scanning the
// key for its end; any other key is found by one probe of a hash table rather
// than a compare per listed name. Internal to model/validate.

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace docshape::validate::detail {

class FieldNames {
public:
    static constexpr uint32_t kNone = UINT32_MAX;

    // Gives `name` the next id (0, 1, ...) standing for `rule`. A name given
    // before keeps its first id and rule: the evaluator applies the first rule
    // of a name. Names may hold any byte but NUL.
    void add(std::string_view name, uint32_t rule);

    uint32_t size() const { return uint32_t(m_entries.size()); }
    uint32_t rule(uint32_t id) const { return m_entries[id].rule; }
    // The name's length without its terminating NUL.
    size_t length(uint32_t id) const { return m_entries[id].bytes - 1; }

    // Whether the element key starting at `key` is name `id`: its bytes and
    // then the key's terminating NUL, all within the `avail` bytes readable.
    bool isAt(uint32_t id, const uint8_t *key, size_t avail) const {
        const Entry &e = m_entries[id];
        if (avail >= 8) {
            if ((load(key) & e.mask) != e.head)
                return false;
            return e.bytes <= 8 || (avail >= e.bytes && sameTail(key, e));
        }
        return avail >= e.bytes && std::memcmp(key, e.name.c_str(), e.bytes) == 0;
    }

    // The id of `key`, or kNone. The byte after the key must be readable and
    // NUL, as in a document.
    uint32_t find(std::string_view key) const {
        if (m_slots.empty())
            return kNone;
        const auto *p = reinterpret_cast<const uint8_t *>(key.data());
        const size_t bytes = key.size() + 1;
        uint64_t head = 0;
        if (bytes >= 8)
            head = load(p);
        else
            std::memcpy(&head, p, bytes);
        for (size_t slot = hash(head, bytes) & m_slotMask;; slot = (slot + 1) & m_slotMask) {
            const uint32_t id = m_slots[slot];
            if (id == 0)
                return kNone;
            const Entry &e = m_entries[id - 1];
            if (e.head == head && e.bytes == bytes && (bytes <= 8 || sameTail(p, e)))
                return id - 1;
        }
    }

private:
    struct Entry {
        uint64_t head = 0; // the first 8 bytes of name + NUL, zero-padded
        uint64_t mask = 0; // which bytes of `head` the name fills
        size_t bytes = 0;  // name + NUL
        uint32_t rule = 0;
        std::string name;
    };

    static uint64_t load(const uint8_t *p) {
        uint64_t v;
        std::memcpy(&v, p, 8);
        return v;
    }
    static size_t hash(uint64_t head, size_t bytes) {
        return size_t(((head ^ bytes) * 0x9E3779B97F4A7C15ULL) >> 32);
    }
    // Bytes 8.. of a name longer than 7 (with its NUL), compared a word at a
    // time; the last word overlaps the one before.
    static bool sameTail(const uint8_t *key, const Entry &e) {
        const auto *name = reinterpret_cast<const uint8_t *>(e.name.c_str());
        for (size_t i = 8; i + 8 < e.bytes; i += 8)
            if (load(key + i) != load(name + i))
                return false;
        return load(key + e.bytes - 8) == load(name + e.bytes - 8);
    }
    void insert(uint32_t id);

    std::vector<Entry> m_entries;
    std::vector<uint32_t> m_slots; // id + 1; 0 is empty
    size_t m_slotMask = 0;
};

} // namespace docshape::validate::detail
