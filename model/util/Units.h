#pragma once

#include <string>

namespace docshape::units {

// A size in bytes as the CLI and the migration plan print it: whole bytes
// below 1 KiB, then KiB, MiB or GiB (powers of 1024) with one decimal:
// "512 B", "59.8 MiB".
std::string bytesText(double bytes);

} // namespace docshape::units
