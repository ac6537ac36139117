#pragma once

namespace docshape {

// Asks the C library's allocator to keep memory it frees for reuse instead
// of handing it back to the system at once.
//
// The studio analyses the model again after every edit, and each analysis
// frees the previous one's shapes and statistics (several MB on a large
// model). By default glibc returns freed memory above a small threshold to
// the system, so the next analysis takes a page fault for every page it
// writes again. Kept, the memory is reused and those faults go away. The
// cost is that the process keeps its peak heap (bounded by `kKeptBytes` in
// Memory.cpp above what is in use) until it exits.
//
// Call once at startup. A no-op where the C library has no such setting.
void keepFreedMemory();

} // namespace docshape
