#include "core/Arena.h"

#include <algorithm>
#include <cstdlib>
#include <new>

namespace docshape {

namespace {

// Chunks double from the first to the largest: a small model takes little,
// and a large one (a few MiB per thread) a handful of chunks.
constexpr std::size_t kFirstChunk = std::size_t{64} << 10;
constexpr std::size_t kLargestChunk = std::size_t{1} << 20;

} // namespace

Arena::~Arena() {
    for (char *chunk : m_chunks)
        std::free(chunk);
}

void *Arena::grow(std::size_t bytes, std::size_t alignment) {
    const std::size_t next = m_size == 0 ? kFirstChunk : std::min(2 * m_size, kLargestChunk);
    const std::size_t size = std::max(next, bytes);
    m_chunks.reserve(m_chunks.size() + 1);
    auto *chunk = static_cast<char *>(std::malloc(size));
    if (!chunk)
        throw std::bad_alloc();
    m_chunks.push_back(chunk);
    m_reserved += size;
    m_chunk = chunk;
    m_size = size;
    m_used = 0;
    return allocate(bytes, alignment);
}

} // namespace docshape
