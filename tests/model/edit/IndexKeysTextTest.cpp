// The key editor's text: what it prints reads back, and what the server
// refuses in a key pattern is refused here with the key named.
#include "edit/IndexKeysText.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::edit;

TEST_CASE("index keys print as mongosh writes a key pattern and read back", "[edit][indexes]") {
    const std::vector<IndexKey> keys = {{"email", "1"}, {"createdAt", "-1"}, {"location", "2dsphere"}};
    CHECK(indexKeysText(keys) == "email: 1, createdAt: -1, location: 2dsphere");
    auto back = parseIndexKeys(indexKeysText(keys));
    REQUIRE(back);
    CHECK(*back == keys);
}

TEST_CASE("index keys read bare, minus and quoted forms", "[edit][indexes]") {
    auto keys = parseIndexKeys(" status , -createdAt, body: \"text\", h: 'hashed'");
    REQUIRE(keys);
    CHECK(*keys == std::vector<IndexKey>{{"status", "1"}, {"createdAt", "-1"}, {"body", "text"}, {"h", "hashed"}});
}

TEST_CASE("index keys the server refuses are refused with the key named", "[edit][indexes]") {
    auto refused = [](std::string_view text) {
        auto r = parseIndexKeys(text);
        REQUIRE_FALSE(r);
        return r.error().toString();
    };
    CHECK(refused("") == "keys: an index needs at least one key");
    CHECK(refused("a, , b") == "key 2: is empty; write path: 1, path: -1 or path: text");
    CHECK(refused("a: 2") == "key 1: kind '2' of 'a' is not one of 1, -1, text, 2dsphere, 2d, hashed");
    CHECK(refused("a: ") == "key 1: 'a:' has no kind after the colon");
    CHECK(refused("a, b, a: -1") == "key 3: the path 'a' appears twice");
    // index_key_validate.cpp validateKeyPattern: "Index keys cannot contain
    // an empty field." and "field name starts with '$'".
    CHECK(refused("a..b") == "key 1: 'a..b': index keys cannot contain an empty field");
    CHECK(refused("a.$x") == "key 1: 'a.$x': a key's field name cannot start with '$'");
    // The server's limit of 32 fields in a compound index (MongoDB Limits
    // and Thresholds, "Compound Index Field Limit").
    std::string many;
    for (int i = 0; i < 33; ++i)
        many += (i ? ", f" : "f") + std::to_string(i);
    CHECK(refused(many) == "keys: a compound index has at most 32 keys");
    std::string limit = many.substr(0, many.rfind(','));
    CHECK(parseIndexKeys(limit));
}
