#include "util/Units.h"

#include <cstdio>

namespace docshape::units {

std::string bytesText(double bytes) {
    constexpr double kKiB = 1024.0;
    constexpr double kMiB = kKiB * 1024;
    constexpr double kGiB = kMiB * 1024;
    char buf[40];
    if (bytes >= kGiB)
        std::snprintf(buf, sizeof buf, "%.1f GiB", bytes / kGiB);
    else if (bytes >= kMiB)
        std::snprintf(buf, sizeof buf, "%.1f MiB", bytes / kMiB);
    else if (bytes >= kKiB)
        std::snprintf(buf, sizeof buf, "%.1f KiB", bytes / kKiB);
    else
        std::snprintf(buf, sizeof buf, "%.0f B", bytes);
    return buf;
}

} // namespace docshape::units
