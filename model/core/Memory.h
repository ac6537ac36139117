#pragma once

#include <cstddef>

namespace docshape {

// Asks the C library's allocator to keep memory it frees for reuse instead
// of handing it back to the system at once.
//
// The studio analyses the model again after every edit, and each analysis
// frees the previous one's shapes and statistics (several MB on a large
// model). By default glibc returns freed memory above a small threshold to
// the system, so the next analysis takes a page fault for every 4 KiB page it
// writes: on a 1,000-collection model about 340 faults, over 1 ms, each time.
// Kept, the memory is reused and the faults go away. The cost is that the
// process keeps its peak heap (bounded here by `kKeptBytes` above what is in
// use) until it exits.
//
// Call once at startup, before threads are started. A no-op where the C
// library has no such setting.
void keepFreedMemory();

// Asks the processor to start loading `bytes` bytes at `begin` into its
// cache, without waiting: a walk over a large model issues this for the next
// item's scattered parts, so their cache misses overlap the current item's
// work instead of stalling the next one. Only a hint; never faults.
inline void prefetchBytes(const void *begin, std::size_t bytes) {
    const char *p = static_cast<const char *>(begin);
    for (std::size_t offset = 0; offset < bytes; offset += 64)
        __builtin_prefetch(p + offset);
}

} // namespace docshape
