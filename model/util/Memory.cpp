#include "util/Memory.h"

#include <cstddef>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace docshape {

namespace {

// Free memory at the top of the heap the allocator keeps before trimming.
constexpr std::size_t kKeptBytes = std::size_t{64} << 20;
// Blocks up to this size come from the heap (reused) rather than from their
// own mapping (returned, and faulted in again, every time).
constexpr std::size_t kMappedFrom = std::size_t{32} << 20;

} // namespace

void keepFreedMemory() {
#if defined(__GLIBC__)
    mallopt(M_TRIM_THRESHOLD, static_cast<int>(kKeptBytes));
    mallopt(M_MMAP_THRESHOLD, static_cast<int>(kMappedFrom));
#endif
}

} // namespace docshape
