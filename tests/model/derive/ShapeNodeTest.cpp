#include "derive/CollectionShape.h"

#include <catch2/catch.hpp>

#include <utility>

using namespace docshape;

TEST_CASE("A node's object shape is created on write and copied deeply", "[core][derive]") {
    ShapeNode scalar;
    CHECK(scalar.object->fields.empty()); // reading gives an empty shape, and creates none
    CHECK_FALSE(scalar.object.isSet());
    ShapeNode address;
    address.type = BsonType::Object;
    address.object.edit().fields.emplace_back().name = "city";
    ShapeNode copy = address;
    copy.object.edit().fields.front().name = "town";
    CHECK(address.object->fields.front().name == "city");
    CHECK(copy.object->fields.front().name == "town");
    ShapeNode moved = std::move(copy);
    CHECK(moved.object->fields.front().name == "town");
}
