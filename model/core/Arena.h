#pragma once

#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

namespace docshape {

// Memory handed out by bumping a pointer through large chunks and released
// all at once when the arena goes: for the many small lists an analysis
// builds and drops together (tens of thousands of shape nodes), which the C
// library's allocator would otherwise place, split and merge one by one.
// Not thread-safe: one arena per thread that allocates from it.
class Arena {
public:
    Arena() = default;
    ~Arena();
    Arena(const Arena &) = delete;
    Arena &operator=(const Arena &) = delete;

    // `alignment` is a power of two no larger than alignof(std::max_align_t),
    // which every chunk (from malloc) is aligned to.
    void *allocate(std::size_t bytes, std::size_t alignment) {
        const std::size_t at = (m_used + alignment - 1) & ~(alignment - 1);
        if (at > m_size || bytes > m_size - at)
            return grow(bytes, alignment);
        m_used = at + bytes;
        return m_chunk + at;
    }

    // Bytes taken from the C library so far (every chunk, used or not).
    std::size_t reservedBytes() const { return m_reserved; }

private:
    void *grow(std::size_t bytes, std::size_t alignment);

    char *m_chunk = nullptr; // the chunk being filled
    std::size_t m_used = 0;
    std::size_t m_size = 0;
    std::size_t m_reserved = 0;
    std::vector<char *> m_chunks;
};

// A standard allocator over an Arena, or over the heap when it has none (a
// default-constructed allocator, and every copy of a container: a copied
// list never shares an arena with its original, though what its elements
// point to may live in one). Memory from an arena is given back only with
// the arena, so its containers must go before it.
template <typename T> class ArenaAllocator {
public:
    using value_type = T;
    // A container moved into another takes its arena along, so moving a list
    // never copies it.
    using propagate_on_container_move_assignment = std::true_type;
    using propagate_on_container_swap = std::true_type;
    using propagate_on_container_copy_assignment = std::false_type;
    using is_always_equal = std::false_type;

    ArenaAllocator() noexcept = default;
    explicit ArenaAllocator(Arena *arena) noexcept : m_arena(arena) {}
    template <typename U> ArenaAllocator(const ArenaAllocator<U> &other) noexcept : m_arena(other.arena()) {}

    T *allocate(std::size_t n) {
        static_assert(alignof(T) <= alignof(std::max_align_t), "chunks are aligned for fundamental types only");
        if (!m_arena)
            return std::allocator<T>().allocate(n);
        if (n > static_cast<std::size_t>(-1) / sizeof(T))
            throw std::bad_array_new_length();
        return static_cast<T *>(m_arena->allocate(n * sizeof(T), alignof(T)));
    }
    void deallocate(T *p, std::size_t n) noexcept {
        if (!m_arena) // an arena's memory goes with the arena
            std::allocator<T>().deallocate(p, n);
    }
    ArenaAllocator select_on_container_copy_construction() const { return {}; }

    Arena *arena() const { return m_arena; }

    template <typename U> friend bool operator==(const ArenaAllocator &a, const ArenaAllocator<U> &b) {
        return a.arena() == b.arena();
    }

private:
    Arena *m_arena = nullptr;
};

template <typename T> using ArenaVector = std::vector<T, ArenaAllocator<T>>;

} // namespace docshape
