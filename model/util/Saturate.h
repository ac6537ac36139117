#pragma once

#include <cmath>
#include <cstdint>
#include <limits>

namespace docshape {

// A double as an integer, clamped to the integer's range: casting a double
// outside it (1e30 from a hostile file) is undefined behaviour. NaN gives 0;
// values in range truncate toward zero, as the cast does.
inline std::uint64_t saturatingUint64(double v) {
    if (!(v > 0))
        return 0;
    if (v >= 0x1p64)
        return std::numeric_limits<std::uint64_t>::max();
    return static_cast<std::uint64_t>(v);
}

inline std::int64_t saturatingInt64(double v) {
    if (std::isnan(v))
        return 0;
    if (v >= 0x1p63)
        return std::numeric_limits<std::int64_t>::max();
    if (v < -0x1p63)
        return std::numeric_limits<std::int64_t>::min();
    return static_cast<std::int64_t>(v);
}

} // namespace docshape
