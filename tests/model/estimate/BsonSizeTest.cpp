#include "estimate/BsonSize.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <string>
#include <vector>

// Sizes computed by hand from bsonspec.org v1.1, checked three ways: the
// number worked out in the comment, the length of the document libbson
// builds, and the estimator (averageObjectBytes / maxObjectBytes) on a
// hand-built shape of the same document.

using namespace docshape;

namespace {

// Owns a libbson document for the length of a test.
struct Doc {
    bson_t b;
    Doc() { bson_init(&b); }
    ~Doc() { bson_destroy(&b); }
    Doc(const Doc &) = delete;
    Doc &operator=(const Doc &) = delete;
    std::uint32_t len() const { return b.len; }
};

// Node keys are views: the tests name their nodes with literals.
ShapeNode node(std::string_view name, BsonType type, std::uint64_t bytes = 0) {
    ShapeNode n;
    n.name = name;
    n.type = type;
    n.avgBytes = static_cast<double>(bytes);
    n.maxBytes = bytes;
    return n;
}

ShapeNode arrayNode(std::string_view name, BsonType element, std::uint64_t count, std::uint64_t bytes = 0) {
    ShapeNode n = node(name, BsonType::Array, bytes);
    n.elementType = element;
    n.avgCount = static_cast<double>(count);
    n.maxCount = count;
    return n;
}

ShapeNode objectNode(std::string_view name, NodeList fields) {
    ShapeNode n = node(name, BsonType::Object);
    n.object.edit().fields = std::move(fields);
    return n;
}

ObjectShape shapeOf(NodeList fields) {
    ObjectShape s;
    s.fields = std::move(fields);
    return s;
}

void requireSize(const ObjectShape &shape, std::uint64_t bytes) {
    REQUIRE(maxObjectBytes(shape) == bytes);
    REQUIRE(averageObjectBytes(shape) == Approx(static_cast<double>(bytes)).margin(1e-9));
}

} // namespace

TEST_CASE("the empty document is 5 bytes", "[estimate][bson]") {
    Doc d;
    CHECK(d.len() == 5);
    requireSize(ObjectShape{}, 5);
}

TEST_CASE("{\"hello\": \"world\"} is 22 bytes", "[estimate][bson]") {
    // 4 + (1 + "hello" 5 + 1 + (4 + "world" 5 + 1)) + 1 = 22
    Doc d;
    BSON_APPEND_UTF8(&d.b, "hello", "world");
    CHECK(d.len() == 22);
    CHECK(elementHeaderBytes("hello") + scalarPayloadBytes(BsonType::String, 5) + 5 == 22);
    requireSize(shapeOf({node("hello", BsonType::String, 5)}), 22);
}

TEST_CASE("{\"BSON\": [\"awesome\", 5.05, 1986]} is 49 bytes", "[estimate][bson]") {
    // array: 4 + ("0" 3 + 12) + ("1" 3 + 8) + ("2" 3 + 4) + 1 = 38
    // document: 4 + (1 + 4 + 1 + 38) + 1 = 49
    // A mixed-type array has no ShapeNode, so the helpers are checked instead.
    Doc d;
    bson_t arr;
    BSON_APPEND_ARRAY_BEGIN(&d.b, "BSON", &arr);
    BSON_APPEND_UTF8(&arr, "0", "awesome");
    BSON_APPEND_DOUBLE(&arr, "1", 5.05);
    BSON_APPEND_INT32(&arr, "2", 1986);
    bson_append_array_end(&d.b, &arr);
    CHECK(d.len() == 49);
    const std::uint64_t array = 5 + arrayKeyBytes(std::uint64_t{3}) + scalarPayloadBytes(BsonType::String, 7) +
                                scalarPayloadBytes(BsonType::Double, 0) + scalarPayloadBytes(BsonType::Int, 0);
    CHECK(array == 38);
    CHECK(5 + elementHeaderBytes("BSON") + array == 49);
}

TEST_CASE("{_id: ObjectId, name: \"Alice\", tags: [\"a\", \"b\"]} is 67 bytes", "[estimate][bson]") {
    // _id 1+3+1+12 = 17; name 1+4+1+(4+5+1) = 16;
    // tags 1+4+1+(4 + 2 * (3 + 4+1+1) + 1) = 29; 4 + 17 + 16 + 29 + 1 = 67
    Doc d;
    bson_oid_t oid;
    bson_oid_init_from_string(&oid, "5f0c8a9e1c9d440000a1b2c3");
    BSON_APPEND_OID(&d.b, "_id", &oid);
    BSON_APPEND_UTF8(&d.b, "name", "Alice");
    bson_t tags;
    BSON_APPEND_ARRAY_BEGIN(&d.b, "tags", &tags);
    BSON_APPEND_UTF8(&tags, "0", "a");
    BSON_APPEND_UTF8(&tags, "1", "b");
    bson_append_array_end(&d.b, &tags);
    CHECK(d.len() == 67);
    requireSize(shapeOf({node("_id", BsonType::ObjectId), node("name", BsonType::String, 5),
                         arrayNode("tags", BsonType::String, 2, 1)}),
                67);
}

TEST_CASE("array keys: the eleventh element has a two-digit key", "[estimate][bson]") {
    // keys "0".."9" cost 3 bytes each, "10" costs 4: 34
    CHECK(arrayKeyBytes(std::uint64_t{10}) == 30);
    CHECK(arrayKeyBytes(std::uint64_t{11}) == 34);
    CHECK(arrayKeyBytes(std::uint64_t{100}) == 10 * 3 + 90 * 4);
    CHECK(arrayKeyBytes(std::uint64_t{101}) == 10 * 3 + 90 * 4 + 5);
    // A fractional average count is linear between its neighbours.
    CHECK(arrayKeyBytes(10.5) == Approx(32));
    CHECK(arrayKeyBytes(2.25) == Approx(6.75));

    // {a: [int32 x 11]}: 4 + (1 + 1 + 1 + (4 + 34 + 11 * 4 + 1)) + 1 = 91
    Doc d;
    bson_t arr;
    BSON_APPEND_ARRAY_BEGIN(&d.b, "a", &arr);
    for (int i = 0; i < 11; ++i)
        BSON_APPEND_INT32(&arr, std::to_string(i).c_str(), i);
    bson_append_array_end(&d.b, &arr);
    CHECK(d.len() == 91);
    requireSize(shapeOf({arrayNode("a", BsonType::Int, 11)}), 91);
}

TEST_CASE("array key bytes agree with libbson across digit boundaries", "[estimate][bson]") {
    for (std::uint32_t n : {0u, 1u, 9u, 10u, 11u, 99u, 100u, 101u, 999u, 1000u, 1001u}) {
        Doc d;
        bson_t arr;
        BSON_APPEND_ARRAY_BEGIN(&d.b, "a", &arr);
        for (std::uint32_t i = 0; i < n; ++i) {
            char buf[16];
            const char *key = nullptr;
            const auto len = bson_uint32_to_string(i, &key, buf, sizeof buf);
            bson_append_bool(&arr, key, static_cast<int>(len), true);
        }
        bson_append_array_end(&d.b, &arr);
        INFO("n = " << n);
        CHECK(d.len() == 5 + elementHeaderBytes("a") + 5 + arrayKeyBytes(std::uint64_t{n}) + n);
        requireSize(shapeOf({arrayNode("a", BsonType::Bool, n)}), d.len());
    }
}

TEST_CASE("nested documents", "[estimate][bson]") {
    // {c: int32}: 4 + 3 + 4 + 1 = 12; {b: {...}}: 4 + 3 + 12 + 1 = 20;
    // {a: {...}, s: "xy"}: 4 + (3 + 20) + (3 + 4 + 2 + 1) + 1 = 38
    Doc d;
    bson_t a, b;
    BSON_APPEND_DOCUMENT_BEGIN(&d.b, "a", &a);
    BSON_APPEND_DOCUMENT_BEGIN(&a, "b", &b);
    BSON_APPEND_INT32(&b, "c", 7);
    bson_append_document_end(&a, &b);
    bson_append_document_end(&d.b, &a);
    BSON_APPEND_UTF8(&d.b, "s", "xy");
    CHECK(d.len() == 38);
    requireSize(shapeOf({objectNode("a", {objectNode("b", {node("c", BsonType::Int)})}),
                         node("s", BsonType::String, 2)}),
                38);

    // An array of two subdocuments {k: "v"} (4 + 1+1+1 + 4+1+1 + 1 = 14):
    // array 4 + 2 * (3 + 14) + 1 = 39; document 4 + (1 + 3 + 1 + 39) + 1 = 49
    Doc e;
    bson_t arr, el;
    BSON_APPEND_ARRAY_BEGIN(&e.b, "arr", &arr);
    for (const char *key : {"0", "1"}) {
        BSON_APPEND_DOCUMENT_BEGIN(&arr, key, &el);
        BSON_APPEND_UTF8(&el, "k", "v");
        bson_append_document_end(&arr, &el);
    }
    bson_append_array_end(&e.b, &arr);
    CHECK(e.len() == 49);
    ShapeNode objects = arrayNode("arr", BsonType::Object, 2);
    objects.object.edit().fields.push_back(node("k", BsonType::String, 1));
    requireSize(shapeOf({objects}), 49);
}

TEST_CASE("one field of each of the 16 BSON types", "[estimate][bson]") {
    // Headers: 16 one-letter keys, 3 bytes each = 48. Payloads: double 8,
    // string "abc" 8, object {} 5, array [] 5, binData 4 bytes 9, objectId 12,
    // bool 1, date 8, null 0, regex /ab/i 5, int 4, timestamp 8, long 8,
    // decimal 16, minKey 0, maxKey 0 = 97. Document: 4 + 48 + 97 + 1 = 150.
    Doc d;
    bson_t empty;
    bson_init(&empty);
    const std::uint8_t bin[4] = {1, 2, 3, 4};
    bson_oid_t oid;
    bson_oid_init_from_string(&oid, "5f0c8a9e1c9d440000a1b2c3");
    bson_decimal128_t dec;
    bson_decimal128_from_string("12.34", &dec);
    BSON_APPEND_DOUBLE(&d.b, "a", 1.5);
    BSON_APPEND_UTF8(&d.b, "b", "abc");
    BSON_APPEND_DOCUMENT(&d.b, "c", &empty);
    BSON_APPEND_ARRAY(&d.b, "d", &empty);
    BSON_APPEND_BINARY(&d.b, "e", BSON_SUBTYPE_BINARY, bin, 4);
    BSON_APPEND_OID(&d.b, "f", &oid);
    BSON_APPEND_BOOL(&d.b, "g", true);
    BSON_APPEND_DATE_TIME(&d.b, "h", 1600000000000);
    BSON_APPEND_NULL(&d.b, "i");
    BSON_APPEND_REGEX(&d.b, "j", "ab", "i");
    BSON_APPEND_INT32(&d.b, "k", 1);
    BSON_APPEND_TIMESTAMP(&d.b, "l", 1600000000, 1);
    BSON_APPEND_INT64(&d.b, "m", 1);
    BSON_APPEND_DECIMAL128(&d.b, "n", &dec);
    BSON_APPEND_MINKEY(&d.b, "o");
    BSON_APPEND_MAXKEY(&d.b, "p");
    bson_destroy(&empty);
    CHECK(bson_count_keys(&d.b) == 16);
    CHECK(d.len() == 150);

    ShapeNode regex = node("j", BsonType::Regex, 2);
    regex.regexOptions = "i";
    ShapeNode emptyArray = arrayNode("d", BsonType::Int, 0);
    const ObjectShape shape = shapeOf({
        node("a", BsonType::Double), node("b", BsonType::String, 3), objectNode("c", {}), emptyArray,
        node("e", BsonType::BinData, 4), node("f", BsonType::ObjectId), node("g", BsonType::Bool),
        node("h", BsonType::Date), node("i", BsonType::Null), regex, node("k", BsonType::Int),
        node("l", BsonType::Timestamp), node("m", BsonType::Long), node("n", BsonType::Decimal),
        node("o", BsonType::MinKey), node("p", BsonType::MaxKey),
    });
    REQUIRE(shape.fields.size() == std::size(kAllBsonTypes));
    requireSize(shape, 150);

    // Type by type against the helper.
    std::uint64_t sum = 5;
    for (const auto &n : shape.fields) {
        const std::uint64_t payload = n.type == BsonType::Object  ? 5
                                      : n.type == BsonType::Array ? 5
                                                                  : scalarPayloadBytes(n.type, n.maxBytes.value_or(0), n.regexOptions);
        sum += elementHeaderBytes(n.name) + payload;
    }
    CHECK(sum == 150);
}

TEST_CASE("average shape weighs presence, nulls and fractional counts", "[estimate][bson]") {
    // name present half the time: 0.5 * (6 + 10) = 8
    ShapeNode name = node("name", BsonType::String, 5);
    name.required = false;
    name.presence = 0.5;
    // note stored null a quarter of the time: 6 + 0.75 * (4 + 4 + 1) = 12.75
    ShapeNode note = node("note", BsonType::String, 4);
    note.nullFraction = 0.25;
    // 2.5 ints: 1+1+1 + 5 + arrayKeyBytes(2.5) 7.5 + 2.5 * 4 = 25.5
    ShapeNode n = arrayNode("n", BsonType::Int, 4);
    n.avgCount = 2.5;
    const ObjectShape shape = shapeOf({name, note, n});
    CHECK(averageObjectBytes(shape) == Approx(5 + 8 + 12.75 + 25.5));
    // max: 4 + 1 + 16 + 15 + (3 + 5 + 12 + 16) = 5 + 16 + 15 + 36
    CHECK(maxObjectBytes(shape) == 5u + 16u + 15u + 36u);
}

TEST_CASE("variants: the max shape takes the largest variant with its discriminator", "[estimate][bson]") {
    ObjectShape shape;
    ShapeNode kind = node("kind", BsonType::String, 5);
    kind.isDiscriminator = true;
    kind.avgBytes = 0.5 * 5 + 0.5 * 3;
    shape.fields = {node("_id", BsonType::ObjectId), kind};
    shape.discriminator = "kind";
    ShapeVariant email{"email", 0.5, {node("to", BsonType::String, 30)}};
    ShapeVariant sms{"sms", 0.5, {node("phone", BsonType::String, 15), node("carrier", BsonType::String, 20)}};
    shape.variants = {email, sms};
    // common: 5 + _id 17; email: kind 1+4+1+(4+5+1) = 16, to 1+2+1+35 = 39 -> 55;
    // sms: kind 1+4+1+(4+3+1) = 14, phone 1+5+1+20 = 27, carrier 1+7+1+25 = 34 -> 75
    CHECK(maxObjectBytes(shape) == 5u + 17u + 75u);

    Doc d;
    bson_oid_t oid;
    bson_oid_init_from_string(&oid, "5f0c8a9e1c9d440000a1b2c3");
    BSON_APPEND_OID(&d.b, "_id", &oid);
    BSON_APPEND_UTF8(&d.b, "kind", "sms");
    BSON_APPEND_UTF8(&d.b, "phone", std::string(15, 'p').c_str());
    BSON_APPEND_UTF8(&d.b, "carrier", std::string(20, 'c').c_str());
    CHECK(d.len() == 5u + 17u + 75u);
    CHECK(averageObjectBytes(shape) == Approx(5 + 17 + 0.5 * (16 + 39) + 0.5 * (14 + 27 + 34)));
}

TEST_CASE("an unbounded array has no maximum", "[estimate][bson]") {
    ShapeNode a = arrayNode("a", BsonType::Int, 3);
    a.maxCount = std::nullopt;
    CHECK_FALSE(maxObjectBytes(shapeOf({a})).has_value());
    CHECK_FALSE(maxObjectBytes(shapeOf({objectNode("o", {a})})).has_value());
}

TEST_CASE("an array of arrays: each empty element array is 5 bytes", "[estimate][bson]") {
    // {_id: ObjectId, matrix: [[], [], []]}
    // 4 + _id (1 + 3 + 1 + 12) + matrix (1 + 6 + 1 + (4 + 3 x (1 + 1 + 1 + 5) + 1)) + 1
    // = 4 + 17 + (8 + 29) + 1 = 59 (bsonspec.org: an array is a document,
    // the empty one 5 bytes; without them it would be 44).
    Doc d;
    bson_oid_t oid;
    bson_oid_init(&oid, nullptr);
    BSON_APPEND_OID(&d.b, "_id", &oid);
    bson_t matrix, row;
    BSON_APPEND_ARRAY_BEGIN(&d.b, "matrix", &matrix);
    for (const char *key : {"0", "1", "2"}) {
        BSON_APPEND_ARRAY_BEGIN(&matrix, key, &row);
        bson_append_array_end(&matrix, &row);
    }
    bson_append_array_end(&d.b, &matrix);
    REQUIRE(d.len() == 59);
    requireSize(shapeOf({node("_id", BsonType::ObjectId), arrayNode("matrix", BsonType::Array, 3)}), 59);
}

TEST_CASE("a string, binData or regex without a maximum length has no maximum", "[estimate][bson]") {
    // The average is exact ({bio: "5000 bytes"}: 5 + 1 + 3 + 1 + 4 + 5000 + 1
    // = 5015); no document is smaller than its average, so an unstated
    // maximum is an unknown one, not a length of 0.
    for (BsonType type : {BsonType::String, BsonType::BinData, BsonType::Regex}) {
        ShapeNode bio = node("bio", type);
        bio.avgBytes = 5000;
        bio.maxBytes = std::nullopt;
        INFO(toString(type));
        CHECK_FALSE(maxObjectBytes(shapeOf({bio})).has_value());
        CHECK_FALSE(maxObjectBytes(shapeOf({objectNode("o", {bio})})).has_value());
        ShapeNode list = arrayNode("list", type, 3);
        list.avgBytes = 10;
        list.maxBytes = std::nullopt;
        CHECK_FALSE(maxObjectBytes(shapeOf({list})).has_value());
    }
    ShapeNode bio = node("bio", BsonType::String);
    bio.avgBytes = 5000;
    bio.maxBytes = std::nullopt;
    Doc d;
    BSON_APPEND_UTF8(&d.b, "bio", std::string(5000, 'x').c_str());
    CHECK(d.len() == 5015);
    CHECK(averageObjectBytes(shapeOf({bio})) == Approx(5015));
    // After growth the largest document takes such a value at its average.
    CHECK(largestObjectBytesAfter(shapeOf({bio}), 0) == Approx(5015));
}

TEST_CASE("sizes past 2^64 saturate: never wrapped round to a small number", "[estimate][bson]") {
    // 773243966034194279 longs: the keys "0".."773243966034194278" take
    // 2n + digitSum(n) = 15353768209572774470 bytes and the values 8n =
    // 6185951728273554232; with the 5 of the array the sum is past
    // 2^64 - 1 (it wrapped to 3092975864136777091 before), so the only
    // honest integer is the saturated one, past the 16 MiB limit.
    const ShapeNode longs = arrayNode("a", BsonType::Long, 773243966034194279ull);
    const auto many = maxObjectBytes(shapeOf({longs}));
    REQUIRE(many);
    CHECK(*many == kSaturatedBytes);
    // A string of 2^64 - 1 bytes: its payload is 4 + length + 1, past 2^64.
    const ShapeNode huge = node("s", BsonType::String, UINT64_MAX);
    CHECK(scalarPayloadBytes(BsonType::String, UINT64_MAX) == kSaturatedBytes);
    CHECK(maxObjectBytes(shapeOf({huge})) == kSaturatedBytes);
    // An array of the largest strings, and in a subdocument: still saturated.
    ShapeNode strings = arrayNode("b", BsonType::String, 1000, UINT64_MAX / 10);
    CHECK(maxObjectBytes(shapeOf({objectNode("o", {strings})})) == kSaturatedBytes);
    // The key bytes of the most elements a count can name.
    CHECK(arrayKeyBytes(UINT64_MAX) == kSaturatedBytes);
    CHECK(arrayKeyBytes(0x1p70) > 0x1p70);
    // Below the wrap the sum is exact: 2^20 longs.
    const std::uint64_t n = 1u << 20;
    // 5 + 2n + digitSum(n) + 8n; digitSum(2^20) = 10 + 180 + 2700 + 36000
    // + 450000 + 5400000 + 7 x (1048576 - 1000000) = 6228922.
    CHECK(maxObjectBytes(shapeOf({arrayNode("a", BsonType::Long, n)})) ==
          5 + (1 + 1 + 1) + 5 + 2 * n + 6228922 + 8 * n);
}
