#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace docshape {

// Items grouped by a dense key (0..groups-1) in two flat arrays, so that
// thousands of small lists cost two allocations.
template <typename T> class Grouped {
public:
    // pairs: (group, item), in the order items should keep within a group.
    void build(std::size_t groups, const std::vector<std::pair<std::uint32_t, T>> &pairs) {
        m_offsets.assign(groups + 1, 0);
        for (const auto &[g, item] : pairs)
            ++m_offsets[g + 1];
        for (std::size_t g = 0; g < groups; ++g)
            m_offsets[g + 1] += m_offsets[g];
        m_items.resize(pairs.size());
        std::vector<std::uint32_t> next(m_offsets.begin(), m_offsets.end() - 1);
        for (const auto &[g, item] : pairs)
            m_items[next[g]++] = item;
    }
    // Or group by group, in order: push() a group's items, then endGroup().
    void reserve(std::size_t groups, std::size_t items) {
        m_offsets.clear();
        m_offsets.reserve(groups + 1);
        m_offsets.push_back(0);
        m_items.clear();
        m_items.reserve(items);
    }
    void push(const T &item) { m_items.push_back(item); }
    void endGroup() { m_offsets.push_back(static_cast<std::uint32_t>(m_items.size())); }

    std::span<const T> of(std::size_t group) const {
        if (group + 1 >= m_offsets.size())
            return {};
        return {m_items.data() + m_offsets[group], m_items.data() + m_offsets[group + 1]};
    }

private:
    std::vector<std::uint32_t> m_offsets;
    std::vector<T> m_items;
};

} // namespace docshape
