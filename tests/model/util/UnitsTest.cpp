#include "util/Units.h"

#include <catch2/catch.hpp>

#include <limits>
#include <string>
#include <vector>

using namespace docshape::units;

// Below 1 MiB a size is exact (whole bytes, thousands separated); from
// 1 MiB up it is one decimal of an IEC binary unit (IEC 80000-13: 1 MiB =
// 1024 KiB = 1,048,576 bytes), the unit of the manual's 16 MiB limit.
TEST_CASE("sizes are exact bytes below 1 MiB, then MiB, GiB, ... with one decimal", "[util]") {
    CHECK(bytesText(0) == "0 bytes");
    CHECK(bytesText(1) == "1 byte");
    CHECK(bytesText(999) == "999 bytes");
    CHECK(bytesText(1000) == "1,000 bytes");
    CHECK(bytesText(10986) == "10,986 bytes");
    CHECK(bytesText(100000) == "100,000 bytes");
    CHECK(bytesText(1048575) == "1,048,575 bytes");
    CHECK(bytesText(1048576) == "1.0 MiB");
    CHECK(bytesText(2097152) == "2.0 MiB");
    CHECK(bytesText(16777216) == "16.0 MiB");
    CHECK(bytesText(62705254.4) == "59.8 MiB");
    CHECK(bytesText(1073741824.0) == "1.0 GiB");
    CHECK(bytesText(1073741824.0 * 1.5) == "1.5 GiB");
    CHECK(bytesText(1099511627776.0 * 3) == "3.0 TiB");
    CHECK(bytesText(1152921504606846976.0 * 4096) == "4096.0 EiB");
}

TEST_CASE("a size rounds to whole bytes, and the unit follows the figure as printed", "[util]") {
    CHECK(bytesText(2581.95) == "2,582 bytes");
    CHECK(bytesText(0.4) == "0 bytes");
    CHECK(bytesText(1048575.6) == "1.0 MiB"); // rounds to 1,048,576
    CHECK(bytesText(1048575.4) == "1,048,575 bytes");
    CHECK(bytesText(1073741824.0 - 40000) == "1.0 GiB"); // 1023.96 MiB would print "1024.0 MiB"
    CHECK(bytesText(-10986) == "-10,986 bytes");
    CHECK(bytesText(-2097152) == "-2.0 MiB");
}

TEST_CASE("the exact size goes with a rounded one", "[util]") {
    CHECK(exactBytesText(2097152) == "2,097,152 bytes");
    CHECK(exactBytesText(16777216) == "16,777,216 bytes");
    CHECK(bytesWithExact(10986) == "10,986 bytes");
    CHECK(bytesWithExact(1048575) == "1,048,575 bytes");
    CHECK(bytesWithExact(1048576) == "1.0 MiB (1,048,576 bytes)");
    CHECK(bytesWithExact(16777216) == "16.0 MiB (16,777,216 bytes)");
    CHECK_FALSE(bytesRounded(1048575));
    CHECK(bytesRounded(1048576));
}

TEST_CASE("counts and numbers are thousands separated, with no float noise", "[util]") {
    CHECK(countText(0) == "0");
    CHECK(countText(999) == "999");
    CHECK(countText(1000) == "1,000");
    CHECK(countText(1234567) == "1,234,567");
    CHECK(countText(2.6) == "3");
    CHECK(countText(-1500) == "-1,500");
    CHECK(numberText(100000.0) == "100,000");
    CHECK(numberText(2842.7999999999997) == "2,842.8");
    CHECK(numberText(0.1 + 0.2) == "0.3");
    CHECK(numberText(-0.25) == "-0.25");
    CHECK(numberText(1234567890123.0) == "1,234,567,890,123");
}

TEST_CASE("a named setting prints with its unit, sizes by the size convention", "[util]") {
    CHECK(quantityText(100000, "bytes") == "100,000 bytes");
    CHECK(quantityText(16777216, "bytes") == "16.0 MiB (16,777,216 bytes)");
    CHECK(quantityText(1000000, "bytes per ms") == "1,000,000 bytes per ms");
    CHECK(quantityText(0.5, "ratio") == "0.5 ratio");
}

TEST_CASE("a log size axis has its lines at round figures of the convention", "[util]") {
    CHECK(logAxisTicks(10, 2e9) ==
          std::vector<double>{10, 100, 1000, 10000, 100000, 1048576, 10485760, 104857600, 1073741824.0});
    CHECK(logAxisTicks(1000, 2e7) == std::vector<double>{1000, 10000, 100000, 1048576, 10485760});
    std::vector<std::string> labels;
    for (double t : logAxisTicks(1000, 2e9))
        labels.push_back(bytesText(t));
    CHECK(labels == std::vector<std::string>{"1,000 bytes", "10,000 bytes", "100,000 bytes", "1.0 MiB", "10.0 MiB",
                                             "100.0 MiB", "1.0 GiB"});
    CHECK(logAxisTicks(5, 1).empty());
}

TEST_CASE("a whole size past 2^53 prints to the byte", "[util]") {
    CHECK(exactWholeBytesText(18446744073709551615ull) == "18,446,744,073,709,551,615 bytes");
    CHECK(wholeBytesWithExact(18446744073709551615ull) == "16.0 EiB (18,446,744,073,709,551,615 bytes)");
    CHECK(wholeBytesWithExact(1) == "1 byte");
    CHECK(wholeBytesWithExact(16777216) == "16.0 MiB (16,777,216 bytes)");
}

TEST_CASE("a log size axis to infinity ends at 100 EiB, the largest unit's lines", "[util][hostile]") {
    // Issue 43: an axis to pow(10, 309) = inf multiplied the unit by 1024
    // until it was infinite and then for ever (4.2 GB of lines in 20 s).
    const double inf = std::numeric_limits<double>::infinity();
    const std::vector<double> all = logAxisTicks(1, inf);
    REQUIRE(all.size() == 6 + 5 * 3); // the decades below 1 MiB; 1, 10, 100 of MiB to EiB
    CHECK(all.back() == 100 * 1152921504606846976.0);
    CHECK(logAxisTicks(1, std::numeric_limits<double>::max()) == all);
    CHECK(logAxisTicks(1e30, inf).empty());
    CHECK(logAxisTicks(1, std::numeric_limits<double>::quiet_NaN()).empty());
    CHECK(logAxisTicks(std::numeric_limits<double>::quiet_NaN(), 1e6).empty());
}

TEST_CASE("a size or count past a fixed-width buffer prints whole, with its unit", "[util][hostile]") {
    // Issue 43: "analyze" printed a 63-digit figure and cut off its unit (a
    // 64-character buffer); a count stopped after 47 digits. Every finite
    // double prints in full.
    const double huge = 6e307;
    const std::string size = bytesText(huge);
    CHECK(size.size() > 290);
    CHECK(size.ends_with(".0 EiB"));
    CHECK(bytesText(std::numeric_limits<double>::max()).ends_with(".0 EiB"));
    CHECK(bytesText(-std::numeric_limits<double>::max()).starts_with("-"));
    const std::string count = countText(1e308);
    CHECK(count.size() == 309 + 102); // 309 digits and a comma between each three
    CHECK(count.starts_with("100,000,000,000,000,00")); // 1e308 is 100000000000000001097... as a double
    CHECK(exactBytesText(huge).ends_with(" bytes"));
    CHECK(bytesText(std::numeric_limits<double>::infinity()) == "unbounded");
}
