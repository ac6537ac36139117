#include "util/IdIndex.h"

#include <algorithm>

namespace docshape {

void IdIndex::reserve(std::size_t n) {
    std::size_t capacity = 16;
    while (3 * capacity < 4 * n)
        capacity *= 2;
    m_slots.assign(capacity, Slot{});
    m_size = 0;
}

IdIndex::Key IdIndex::keyOf(std::string_view id) {
    Key key;
    key.size = id.size();
    key.head = firstBytes(id);
    if (id.size() > sizeof key.head)
        std::memcpy(&key.tail, id.data() + id.size() - sizeof key.tail, sizeof key.tail);
    return key;
}

std::size_t IdIndex::hash(const Key &key) {
    // Ids and names are short, and differ in a prefix or a trailing number.
    const std::uint64_t h = (key.head ^ (key.tail * 0x9e3779b97f4a7c15ull) ^ key.size) * 0xff51afd7ed558ccdull;
    return static_cast<std::size_t>(h ^ (h >> 29));
}

bool IdIndex::same(const Slot &slot, const Key &key, std::string_view id) {
    return slot.key == key && (id.size() <= sizeof key.head + sizeof key.tail ||
                               std::memcmp(slot.data, id.data(), id.size()) == 0);
}

void IdIndex::insert(std::string_view id, std::uint32_t position) {
    if (4 * (m_size + 1) > 3 * m_slots.size()) {
        std::vector<Slot> old = std::move(m_slots);
        reserve(std::max<std::size_t>(m_size + 1, old.size()));
        for (const Slot &slot : old)
            if (slot.used)
                insert({slot.data, slot.key.size}, slot.position);
    }
    const Key key = keyOf(id);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
        Slot &slot = m_slots[i];
        if (!slot.used) {
            slot = {key, id.data(), position, true};
            ++m_size;
            return;
        }
        if (same(slot, key, id))
            return;
    }
}

int IdIndex::find(std::string_view id) const {
    if (m_slots.empty())
        return -1;
    const Key key = keyOf(id);
    const std::size_t mask = m_slots.size() - 1;
    for (std::size_t i = hash(key) & mask;; i = (i + 1) & mask) {
        const Slot &slot = m_slots[i];
        if (!slot.used)
            return -1;
        if (same(slot, key, id))
            return static_cast<int>(slot.position);
    }
}

} // namespace docshape
