#include "util/Units.h"

#include <catch2/catch.hpp>

using docshape::units::bytesText;

// IEC binary prefixes (IEC 80000-13: 1 KiB = 1024 B, 1 MiB = 1024 KiB), the
// units of the manual's 16 MiB document limit.
TEST_CASE("sizes print in bytes, then KiB, MiB and GiB of 1024", "[util]") {
    CHECK(bytesText(0) == "0 B");
    CHECK(bytesText(1023) == "1023 B");
    CHECK(bytesText(1024) == "1.0 KiB");
    CHECK(bytesText(1536) == "1.5 KiB");
    CHECK(bytesText(16777216) == "16.0 MiB");
    CHECK(bytesText(62705254.4) == "59.8 MiB");
    CHECK(bytesText(1073741824.0 * 3) == "3.0 GiB");
}
