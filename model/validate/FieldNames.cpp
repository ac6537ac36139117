#include "validate/FieldNames.h"

namespace docshape::validate::detail {

void FieldNames::add(std::string_view name, uint32_t rule) {
    Entry e;
    e.name = std::string(name);
    e.bytes = name.size() + 1;
    e.rule = rule;
    const size_t headBytes = e.bytes < 8 ? e.bytes : 8;
    std::memcpy(&e.head, e.name.c_str(), headBytes);
    std::memset(&e.mask, 0xFF, headBytes);
    if (find(e.name) != kNone)
        return;
    m_entries.push_back(std::move(e));
    if (2 * m_entries.size() > m_slots.size()) {
        // At most half full, so that a miss ends at an empty slot quickly.
        m_slots.assign(m_slots.empty() ? 8 : 2 * m_slots.size(), 0);
        m_slotMask = m_slots.size() - 1;
        for (uint32_t id = 0; id < m_entries.size(); ++id)
            insert(id);
    } else {
        insert(uint32_t(m_entries.size() - 1));
    }
}

void FieldNames::insert(uint32_t id) {
    size_t slot = hash(m_entries[id].head, m_entries[id].bytes) & m_slotMask;
    while (m_slots[slot] != 0)
        slot = (slot + 1) & m_slotMask;
    m_slots[slot] = id + 1;
}

} // namespace docshape::validate::detail
