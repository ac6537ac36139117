#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

namespace docshape {

// Positions looked up by id: a flat open-addressed table for the hot paths
// that map thousands of ids (entities, collections) per analysis, where a
// node-based map spends most of its time allocating. The ids are views into
// strings that must outlive the index.
class IdIndex {
public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    explicit IdIndex(std::size_t expected) {
        std::size_t capacity = 16;
        while (capacity < 2 * expected)
            capacity *= 2;
        m_slots.resize(capacity);
    }

    // Adds id at `position` unless the id is already there (the first wins).
    void insert(std::string_view id, std::size_t position) {
        if (2 * (m_size + 1) > m_slots.size())
            grow();
        Slot &slot = m_slots[probe(id)];
        if (slot.position != npos)
            return;
        slot = {id, position};
        ++m_size;
    }

    // The id's position, or npos.
    std::size_t find(std::string_view id) const { return m_slots[probe(id)].position; }

private:
    struct Slot {
        std::string_view id;
        std::size_t position = npos;
    };

    // FNV-1a: ids are short, so a simple byte hash is the fastest here.
    static std::size_t hash(std::string_view id) {
        std::uint64_t h = 14695981039346656037ull;
        for (unsigned char c : id)
            h = (h ^ c) * 1099511628211ull;
        return static_cast<std::size_t>(h ^ (h >> 29));
    }

    // The slot holding id, or the empty slot where it would go.
    std::size_t probe(std::string_view id) const {
        const std::size_t mask = m_slots.size() - 1;
        std::size_t i = hash(id) & mask;
        while (m_slots[i].position != npos && m_slots[i].id != id)
            i = (i + 1) & mask;
        return i;
    }

    void grow() {
        std::vector<Slot> old(m_slots.size() * 2);
        old.swap(m_slots);
        m_size = 0;
        for (const Slot &s : old)
            if (s.position != npos)
                insert(s.id, s.position);
    }

    std::vector<Slot> m_slots;
    std::size_t m_size = 0;
};

} // namespace docshape
