#include "util/IdIndex.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

using namespace docshape;

TEST_CASE("IdIndex finds every id it was given, and nothing else", "[util]") {
    std::vector<std::string> ids;
    for (int i = 0; i < 5000; ++i)
        ids.push_back("e" + std::to_string(i));
    IdIndex index;
    index.reserve(10); // far too small: it must grow
    for (std::size_t i = 0; i < ids.size(); ++i)
        index.insert(ids[i], static_cast<std::uint32_t>(i));
    for (std::size_t i = 0; i < ids.size(); ++i)
        REQUIRE(index.find(ids[i]) == static_cast<int>(i));
    CHECK(index.find("e5000") == -1);
    CHECK(index.find("") == -1);
    CHECK(index.find("e") == -1);
}

TEST_CASE("IdIndex keeps the first position given for an id", "[util]") {
    IdIndex index;
    index.insert("orders", 3);
    index.insert("orders", 7);
    CHECK(index.find("orders") == 3);
}

TEST_CASE("IdIndex tells apart long ids that share their first and last bytes", "[util]") {
    // Same size, same first eight and last eight bytes: only the middle differs.
    const std::string a = "customer-AAAA-0000000001", b = "customer-BBBB-0000000001",
                      c = "customer-AAAA-00000000012";
    IdIndex index;
    index.insert(a, 1);
    index.insert(b, 2);
    CHECK(index.find(a) == 1);
    CHECK(index.find(b) == 2);
    CHECK(index.find(c) == -1);
    CHECK(index.find("customer-CCCC-0000000001") == -1);
}
