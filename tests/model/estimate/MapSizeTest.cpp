// A map's BSON size: 5 + per key 1 (type) + key bytes + 1 (NUL) + value
// (bsonspec.org v1.1; FORMAT.md "Map keys"), through the model as the
// analysis reads it, against documents libbson builds.
#include "model/io/MapProjects.h"

#include "derive/DeriveCollections.h"
#include "estimate/BsonSize.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace docshape;

namespace {

struct Doc {
    bson_t b;
    Doc() { bson_init(&b); }
    ~Doc() { bson_destroy(&b); }
    Doc(const Doc &) = delete;
    Doc &operator=(const Doc &) = delete;
};

void oid(bson_t *d) {
    bson_oid_t id;
    bson_oid_init_from_string(&id, "65f0a0a0a0a0a0a0a0a0a0a0");
    bson_append_oid(d, "_id", -1, &id);
}

// {_id, m: {key: int32 ...}}
std::uint32_t intMapDoc(const std::vector<std::string> &keys) {
    Doc d;
    oid(&d.b);
    bson_t m;
    bson_append_document_begin(&d.b, "m", -1, &m);
    for (const auto &k : keys)
        bson_append_int32(&m, k.c_str(), -1, 7);
    bson_append_document_end(&d.b, &m);
    return d.b.len;
}

DocumentBytes sizesOf(const Project &p) {
    const Derived derived = deriveCollections(p);
    REQUIRE(derived.collections.size() == 1);
    std::vector<KeyBytes> keys;
    return documentBytes(derived.collections[0].shape, keys);
}

Project oneMap(MapKeys keys, Field value) {
    Project p;
    Entity e;
    e.id = "e1";
    e.name = "Thing";
    e.count = 10;
    e.fields.push_back(test::mapField("f1", "m", keys, std::move(value)));
    p.entities.push_back(std::move(e));
    return p;
}

Field intValue() {
    Field v;
    v.id = "f2";
    v.type = BsonType::Int;
    return v;
}

} // namespace

TEST_CASE("a map's average is the documents' average: keys and their bytes as counted", "[estimate][maps]") {
    // Two documents: keys "1", "22" and "3", "44", "555". 5 keys of 9 bytes
    // in all: 2.5 keys a map, 1.8 bytes a key.
    const double average = (intMapDoc({"1", "22"}) + intMapDoc({"3", "44", "555"})) / 2.0;
    const Project p = oneMap(MapKeys{MapKeyPattern::Number, "", 2.5, 3, 1.8, 3}, intValue());
    const DocumentBytes sizes = sizesOf(p);
    CHECK(sizes.avg == Approx(average).margin(1e-9));
    // The largest: 3 keys of 3 bytes, built.
    REQUIRE(sizes.max);
    CHECK(*sizes.max == intMapDoc({"333", "444", "555"}));
    // Worked out: length, _id, m (its 5 and three 1 + 3 + 1 + 4), the NUL.
    CHECK(*sizes.max == 4 + (1 + 3 + 1 + 12) + (1 + 1 + 1 + 5 + 3 * 9) + 1);
}

TEST_CASE("an empty map is an empty document, and a map of unbounded values is unbounded", "[estimate][maps]") {
    const DocumentBytes empty = sizesOf(oneMap(MapKeys{MapKeyPattern::Hex, "", 0, 0, 0, 0}, intValue()));
    CHECK(empty.avg == Approx(intMapDoc({})).margin(1e-9));
    REQUIRE(empty.max);
    CHECK(*empty.max == intMapDoc({}));

    Field text = intValue();
    text.type = BsonType::String;
    text.avgBytes = 3;
    const DocumentBytes open = sizesOf(oneMap(MapKeys{MapKeyPattern::Hex, "", 1, 2, 16, 16}, text));
    CHECK_FALSE(open.max);
}

TEST_CASE("the largest document of nested maps and object values, to the byte", "[estimate][maps]") {
    const Project p = test::makeMapProject();
    // Every key at its longest and every map at its most keys (MapProjects:
    // name 14, sessions 5 x 24-byte keys of {seconds, ip 15}, owners 3 uuid
    // keys of 6-byte strings, daily 7 x 10-byte days of 24 x 2-digit hours).
    Doc d;
    oid(&d.b);
    bson_append_utf8(&d.b, "name", -1, std::string(14, 'n').c_str(), -1);
    bson_t m, inner, hours;
    bson_append_document_begin(&d.b, "sessions", -1, &m);
    for (int i = 0; i < 5; ++i) {
        const std::string key = "65f0a0a0a0a0a0a0a0a0a0a" + std::to_string(i);
        bson_append_document_begin(&m, key.c_str(), -1, &inner);
        bson_append_int32(&inner, "seconds", -1, 1);
        bson_append_utf8(&inner, "ip", -1, "255.255.255.255", -1);
        bson_append_document_end(&m, &inner);
    }
    bson_append_document_end(&d.b, &m);
    bson_append_document_begin(&d.b, "owners", -1, &m);
    for (int i = 0; i < 3; ++i)
        bson_append_utf8(&m, ("00000000-0000-4000-8000-00000000000" + std::to_string(i)).c_str(), -1, "viewer", -1);
    bson_append_document_end(&d.b, &m);
    bson_append_document_begin(&d.b, "daily", -1, &m);
    for (int day = 0; day < 7; ++day) {
        bson_append_document_begin(&m, ("2024-05-0" + std::to_string(day + 1)).c_str(), -1, &hours);
        for (int h = 0; h < 24; ++h)
            bson_append_int32(&hours, std::to_string(10 + h).c_str(), -1, h);
        bson_append_document_end(&m, &hours);
    }
    bson_append_document_end(&d.b, &m);
    const DocumentBytes sizes = sizesOf(p);
    REQUIRE(sizes.max);
    CHECK(*sizes.max == d.b.len);
}
