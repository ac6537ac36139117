#include "estimate/Analysis.h"
#include "estimate/BsonSize.h"
#include "model/estimate/EstimateFixtures.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <algorithm>

using namespace docshape;
using namespace docshape::test;

namespace {

// By value: callers often pass a temporary Analysis. (The copy's breakdown
// names view the analysis's shapes, so tests of the breakdown keep it.)
CollectionStat only(const Analysis &a) {
    REQUIRE(a.collections.size() == 1);
    return a.collections[0];
}

CollectionStat named(const Analysis &a, const std::string &name) {
    for (const auto &c : a.collections)
        if (c.name == name)
            return c;
    FAIL("no collection " << name);
    throw;
}

// {_id: ObjectId, name: "Alice", tags: ["a", "b"]}
Project aliceProject() {
    Project p;
    Entity user = entity("e1", "users", 10);
    user.fields.push_back(stringField("f1", "name", 5, 5));
    Field tags = arrayField("f2", "tags", BsonType::String, 2, 2);
    tags.avgBytes = 1;
    tags.maxBytes = 1;
    user.fields.push_back(tags);
    p.entities.push_back(user);
    return p;
}

Project orderProject(Representation representation) {
    Project p;
    Entity order = entity("e1", "Order", 1000);
    order.fields.push_back(typedField("f1", "placedAt", BsonType::Date));
    order.fields.push_back(stringField("f2", "status", 6, 9));
    Entity item = entity("e2", "LineItem", 0);
    item.fields.push_back(typedField("f3", "productId", BsonType::ObjectId));
    item.fields.push_back(typedField("f4", "quantity", BsonType::Int));
    item.fields.push_back(typedField("f5", "priceMinor", BsonType::Long));
    p.entities = {order, item};
    Relationship r;
    r.id = "r1";
    r.parentId = "e1";
    r.childId = "e2";
    r.representation = representation;
    r.fieldName = representation == Representation::EmbedArray ? "items" : "orderId";
    r.avgChildren = 3;
    r.maxChildren = 12;
    r.maxEnforcedBy = BoundEnforcer::Validator;
    p.relationships.push_back(r);
    return p;
}

// Notifications with a "type" discriminator: email (75%) with a subject of
// 40 bytes (at most 100), sms (25%) with a message of 100 (at most 160).
Project notificationsProject() {
    Project p;
    Entity n = entity("e1", "notifications", 100);
    n.fields.push_back(stringField("f1", "type", 5, 5));
    n.discriminator = "type";
    Variant email;
    email.value = "email";
    email.share = 0.75;
    email.fields.push_back(stringField("f2", "subject", 40, 100));
    Variant sms;
    sms.value = "sms";
    sms.share = 0.25;
    sms.fields.push_back(stringField("f3", "message", 100, 160));
    n.variants = {email, sms};
    p.entities.push_back(n);
    return p;
}

} // namespace

TEST_CASE("The DESIGN.md worked check is 67 bytes", "[estimate][size]") {
    const CollectionStat &c = only(analyze(aliceProject()));
    CHECK(c.avgDocumentBytes == 67);
    REQUIRE(c.maxDocumentBytes);
    CHECK(*c.maxDocumentBytes == 67);
    CHECK(c.dataBytes == 670);
    CHECK(c.depth == 2);
}

TEST_CASE("Array keys: eleven elements use two-digit keys", "[estimate][size]") {
    CHECK(arrayKeyBytes(std::uint64_t{0}) == 0);
    CHECK(arrayKeyBytes(std::uint64_t{10}) == 30);     // "0".."9": 1 + 1 + 1 each
    CHECK(arrayKeyBytes(std::uint64_t{11}) == 34);     // "10": 1 + 2 + 1
    CHECK(arrayKeyBytes(std::uint64_t{101}) == 30 + 90 * 4 + 5);
    CHECK(arrayKeyBytes(2.5) == Approx(6 + 1.5));      // halfway to the third key
    Project p = aliceProject();
    p.entities[0].fields[1].avgCount = 11;
    p.entities[0].fields[1].maxCount = 11;
    // 67 - 2 elements (2 x (3 + 6)) + 11 elements: ten of 9 bytes, one of 10.
    CHECK(*only(analyze(p)).maxDocumentBytes == 67 - 18 + 10 * 9 + 10);
}

TEST_CASE("Optional fields are weighted by presence in the average only", "[estimate][size]") {
    Project p = aliceProject();
    Field bio = stringField("f3", "bio", 100, 400);
    bio.required = false;
    bio.presence = 0.25;
    p.entities[0].fields.push_back(bio);
    const CollectionStat &c = only(analyze(p));
    // element: 1 + "bio" 3 + 1 + (4 + len + 1)
    CHECK(c.avgDocumentBytes == Approx(67 + 0.25 * (5 + 105)));
    CHECK(*c.maxDocumentBytes == 67 + 5 + 405);
}

TEST_CASE("An unbounded array has no maximum", "[estimate][size]") {
    Project p = aliceProject();
    p.entities[0].fields[1].maxCount.reset();
    const CollectionStat &c = only(analyze(p));
    CHECK_FALSE(c.maxDocumentBytes);
    REQUIRE(c.arrays.size() == 1);
    CHECK(c.arrays[0].path == "tags");
    CHECK_FALSE(c.arrays[0].maxCount);
}

TEST_CASE("Embedding an array of line items adds exactly the array's bytes", "[estimate][size]") {
    Project referenced = orderProject(Representation::ReferenceFromChild);
    Project embedded = orderProject(Representation::EmbedArray);
    const Analysis before = analyze(referenced);
    const Analysis after = analyze(embedded);
    REQUIRE(before.collections.size() == 2); // Order and LineItem
    REQUIRE(after.collections.size() == 1);  // LineItem lives inside Order
    const auto orderBefore = *named(before, "Order").maxDocumentBytes;
    const auto orderAfter = *named(after, "Order").maxDocumentBytes;
    // Each item {productId, quantity, priceMinor}: 5 + (1+9+1+12) + (1+8+1+4) + (1+10+1+8) = 62.
    const std::uint64_t item = 5 + 23 + 14 + 20;
    const std::uint64_t array = 1 + 5 + 1 + 5 + arrayKeyBytes(std::uint64_t{12}) + 12 * item;
    CHECK(orderAfter - orderBefore == array);
    CHECK(named(after, "Order").avgDocumentBytes - named(before, "Order").avgDocumentBytes ==
          Approx(1 + 5 + 1 + 5 + 9 + 3 * item));
    REQUIRE(named(after, "Order").arrays.size() == 1);
    CHECK(named(after, "Order").arrays[0].path == "items");
    CHECK(named(after, "Order").arrays[0].entityId == "e2");
    // Referenced, each line item carries the order's id.
    CHECK(*named(before, "LineItem").maxDocumentBytes == 5 + 17 + item - 5 + (1 + 7 + 1 + 12));
}

TEST_CASE("The byte breakdown gives each key's bytes, adding up to the document", "[estimate][size]") {
    // {_id: ObjectId, name: "Alice", tags: ["a", "b"]}: 5 + 17 + 16 + 29 = 67.
    const Analysis a = analyze(aliceProject());
    REQUIRE(a.collections.size() == 1);
    const CollectionStat &c = a.collections[0];
    REQUIRE(c.breakdown.size() == 3);
    CHECK(c.breakdown[0].name == "_id");
    CHECK(c.breakdown[0].avgBytes == 17); // type, "_id", NUL, 12 bytes
    CHECK(c.breakdown[0].maxBytes == 17);
    CHECK(c.breakdown[1].name == "name");
    CHECK(c.breakdown[1].avgBytes == 16); // 6 of header, int32 length, 5 bytes, NUL
    CHECK(c.breakdown[2].name == "tags");
    CHECK(c.breakdown[2].avgBytes == 29); // 6 of header; array: 5 + keys "0","1" (6) + 2 x 6
    CHECK(c.breakdown[2].maxBytes == 29);
    double sum = 5;
    for (const auto &fb : c.breakdown) {
        CHECK(fb.bounded);
        sum += fb.avgBytes;
    }
    CHECK(sum == c.avgDocumentBytes);
}

TEST_CASE("The byte breakdown has a row for polymorphic variants, weighted by share", "[estimate][size]") {
    const Project p = notificationsProject();
    const Analysis a = analyze(p);
    REQUIRE(a.collections.size() == 1);
    const CollectionStat &c = a.collections[0];
    REQUIRE(c.breakdown.size() == 3); // _id, type, the variants
    CHECK(c.breakdown[2].label() == "(type variants)");
    CHECK(c.breakdown[2].variants);
    CHECK(c.breakdown[1].label() == c.breakdown[1].name);
    CHECK(c.breakdown[2].avgBytes == Approx(0.75 * (1 + 7 + 1 + 4 + 40 + 1) + 0.25 * (1 + 7 + 1 + 4 + 100 + 1)));
    CHECK(5 + c.breakdown[0].avgBytes + c.breakdown[1].avgBytes + c.breakdown[2].avgBytes ==
          Approx(c.avgDocumentBytes));
}

TEST_CASE("Polymorphic variants: average by share, maximum of the largest variant", "[estimate][size]") {
    const Project p = notificationsProject();
    const CollectionStat &c = only(analyze(p));
    const double id = 1 + 3 + 1 + 12;
    const double emailDoc = 5 + id + (1 + 4 + 1 + 4 + 5 + 1) + (1 + 7 + 1 + 4 + 40 + 1);
    const double smsDoc = 5 + id + (1 + 4 + 1 + 4 + 3 + 1) + (1 + 7 + 1 + 4 + 100 + 1);
    CHECK(c.avgDocumentBytes == Approx(0.75 * emailDoc + 0.25 * smsDoc));
    const std::uint64_t emailMax = 5 + 17 + 16 + (1 + 7 + 1 + 4 + 100 + 1);
    const std::uint64_t smsMax = 5 + 17 + 14 + (1 + 7 + 1 + 4 + 160 + 1);
    CHECK(*c.maxDocumentBytes == std::max(emailMax, smsMax));
}

TEST_CASE("An array that grows crosses 100 KB and 16 MiB on computed days", "[estimate][growth]") {
    Project p;
    Entity author = entity("e1", "authors", 1000);
    author.fields.push_back(stringField("f1", "name", 20, 40));
    Field posts = arrayField("f2", "postIds", BsonType::ObjectId, 0, std::nullopt);
    posts.countGrowthPerDay = 100;
    author.fields.push_back(posts);
    p.entities.push_back(author);
    p.growthDays = 365;
    const CollectionStat &c = only(analyze(p));
    REQUIRE(c.daysToAvgTarget);
    REQUIRE(c.daysToMaxLimit);
    const Analysis analysis = analyze(p);
    const ObjectShape &shape = analysis.derived.collections[0].shape;
    CHECK(averageObjectBytesAfter(shape, *c.daysToAvgTarget) >= analysis.documentTargetBytes);
    CHECK(averageObjectBytesAfter(shape, *c.daysToAvgTarget - 0.02) < analysis.documentTargetBytes);
    // Each id costs 1 + digits + 1 + 12 bytes: about 100000 / 18 ids, at 10 a day.
    CHECK(*c.daysToAvgTarget == Approx(100000.0 / 18 / 100).epsilon(0.05));
    CHECK(*c.daysToMaxLimit == Approx(16777216.0 / 19 / 100).epsilon(0.05));
    CHECK(*c.daysToMaxLimit > *c.daysToAvgTarget);
    CHECK(c.avgDocumentBytesAfterGrowth == Approx(averageObjectBytesAfter(shape, 365)));
    CHECK(c.arrays[0].growthPerDay == 100);
}

TEST_CASE("A bounded array stops growing at its bound", "[estimate][growth]") {
    Project p = aliceProject();
    p.entities[0].fields[1].countGrowthPerDay = 1;
    p.entities[0].fields[1].maxCount = 5;
    const CollectionStat &c = only(analyze(p));
    CHECK_FALSE(c.daysToAvgTarget);
    CHECK_FALSE(c.daysToMaxLimit);
    CHECK(c.avgDocumentBytesAfterGrowth == Approx(*c.maxDocumentBytes));
}

TEST_CASE("Documents after growth respect retention", "[estimate][growth]") {
    Project p = aliceProject();
    p.entities[0].growthPerDay = 100;
    p.growthDays = 365;
    CHECK(only(analyze(p)).documentsAfterGrowth == Approx(10 + 36500));
    p.entities[0].retentionDays = 30;
    CHECK(only(analyze(p)).documentsAfterGrowth == Approx(3000));
}

TEST_CASE("Limits: 16 MiB documents", "[estimate][limits]") {
    Project p = aliceProject();
    p.entities[0].fields[0].maxBytes = 17'000'000;
    const Analysis a = analyze(p);
    REQUIRE(a.problems.size() == 1);
    CHECK(a.problems[0].severity == "error");
    CHECK_THAT(a.problems[0].message, Catch::Contains("16 MiB"));
    CHECK(*only(a).daysToMaxLimit == 0);
}

TEST_CASE("Limits: nesting depth 100", "[estimate][limits]") {
    Project p = aliceProject();
    Field leaf = stringField("x0", "v", 1, 1);
    for (int i = 1; i <= 100; ++i) {
        Field f = typedField("x" + std::to_string(i), "n", BsonType::Object);
        f.fields.push_back(leaf);
        leaf = f;
    }
    p.entities[0].fields.push_back(leaf);
    const Analysis a = analyze(p);
    CHECK(only(a).depth == 101); // the document, then 100 nested objects
    REQUIRE(a.problems.size() == 1);
    CHECK_THAT(a.problems[0].message, Catch::Contains("at most 100"));
}

TEST_CASE("Limits: 64 indexes per collection and 32 fields per compound index", "[estimate][limits]") {
    Project p = aliceProject();
    for (int i = 0; i < 64; ++i)
        p.indexes.push_back(index("i" + std::to_string(i), "e1", {{"name", i % 2 ? "1" : "-1"}}));
    Analysis a = analyze(p);
    REQUIRE(a.problems.size() == 1);
    CHECK_THAT(a.problems[0].message, Catch::Contains("65 indexes"));

    p.indexes.resize(1);
    p.indexes[0].keys.assign(33, IndexKey{"name", "1"});
    a = analyze(p);
    REQUIRE(a.problems.size() == 1);
    CHECK_THAT(a.problems[0].message, Catch::Contains("33 fields in a compound index"));
}

TEST_CASE("Limits: namespace length follows the MongoDB version", "[estimate][limits]") {
    Project p = aliceProject();
    p.entities[0].name = std::string(150, 'c');
    p.mongoVersion = "7.0";
    CHECK(analyze(p).problems.empty());
    p.mongoVersion = "4.2";
    const Analysis a = analyze(p);
    REQUIRE(a.problems.size() == 1);
    CHECK_THAT(a.problems[0].message, Catch::Contains("at most 120"));
}

TEST_CASE("Junction and bucket collections are derived", "[estimate][derive]") {
    Project p;
    Entity student = entity("e1", "students", 1000);
    Entity course = entity("e2", "courses", 50);
    Entity sensor = entity("e3", "sensors", 10);
    Entity reading = entity("e4", "Reading", 288000);
    reading.fields.push_back(typedField("f1", "t", BsonType::Date));
    reading.fields.push_back(typedField("f2", "v", BsonType::Double));
    p.entities = {student, course, sensor, reading};
    Relationship enroll;
    enroll.id = "r1";
    enroll.parentId = "e1";
    enroll.childId = "e2";
    enroll.cardinality = Cardinality::ManyToMany;
    enroll.avgChildren = 4;
    enroll.representation = Representation::Junction;
    enroll.junctionName = "enrollments";
    Relationship bucket;
    bucket.id = "r2";
    bucket.parentId = "e3";
    bucket.childId = "e4";
    bucket.representation = Representation::Bucket;
    bucket.bucketSize = 288;
    p.relationships = {enroll, bucket};
    const Analysis a = analyze(p);
    REQUIRE(a.collections.size() == 5);
    CHECK(named(a, "enrollments").documents == Approx(4000));
    CHECK(named(a, "enrollments").kind == CollectionKind::Junction);
    // {_id, studentsId, coursesId}: 5 + 3 x (1 + key + 1 + 12)
    CHECK(*named(a, "enrollments").maxDocumentBytes == 5 + 17 + (2 + 10 + 12) + (2 + 9 + 12));
    const CollectionStat &b = named(a, "Reading_buckets");
    CHECK(b.kind == CollectionKind::Bucket);
    CHECK(b.documents == Approx(1000));
    REQUIRE(b.maxDocumentBytes);
    const std::uint64_t reading1 = 5 + (1 + 1 + 1 + 8) * 2;
    CHECK(*b.maxDocumentBytes == 5 + 17 + (2 + 9 + 12) + (2 + 11 + 8) + (2 + 5 + 4) +
                                     (2 + 5 + 5 + arrayKeyBytes(std::uint64_t{288}) + 288 * reading1));
}

TEST_CASE("Breakdown names are the shapes' keys, in a moved or copied analysis", "[estimate][size]") {
    // The studio keeps its analysis on the heap, moved there from analyze().
    const Project p = notificationsProject();
    Analysis first = analyze(p);
    const Analysis moved = std::move(first);
    const Analysis copied = moved;
    for (const Analysis *a : {&moved, &copied}) {
        REQUIRE(a->collections.size() == a->derived.collections.size());
        for (std::size_t i = 0; i < a->collections.size(); ++i) {
            const auto &fields = a->derived.collections[i].shape.fields;
            const auto &breakdown = a->collections[i].breakdown;
            REQUIRE(breakdown.size() >= fields.size());
            for (std::size_t k = 0; k < fields.size(); ++k)
                CHECK(breakdown[k].name == fields[k].name);
        }
    }
}

TEST_CASE("The analysis reads the project's document target and size limit", "[estimate][growth]") {
    // The same thresholds the advisor reads (core/Thresholds.h): overridden
    // by name, they move the days and the problems of the analysis too.
    Project p;
    Entity author = entity("e1", "authors", 1000);
    author.fields.push_back(stringField("f1", "name", 20, 40));
    Field posts = arrayField("f2", "postIds", BsonType::ObjectId, 0, 1000000);
    posts.countGrowthPerDay = 100;
    author.fields.push_back(posts);
    p.entities.push_back(author);
    const Analysis defaults = analyze(p);
    CHECK(defaults.documentTargetBytes == 100000);
    CHECK(defaults.maxDocumentBytes == 16777216);
    p.thresholds["seed.documentTargetBytes"] = 50000;
    p.thresholds["bson.maxDocumentBytes"] = 1000;
    const Analysis overridden = analyze(p);
    CHECK(overridden.documentTargetBytes == 50000);
    CHECK(overridden.maxDocumentBytes == 1000);
    const CollectionStat &was = defaults.collections.front();
    const CollectionStat &now = overridden.collections.front();
    REQUIRE(was.daysToAvgTarget);
    REQUIRE(now.daysToAvgTarget);
    // Each id costs 1 + digits + 1 + 12 bytes: about 18 bytes, at 100 a day.
    CHECK(*now.daysToAvgTarget == Approx(*was.daysToAvgTarget / 2).epsilon(0.05));
    REQUIRE(now.daysToMaxLimit);
    CHECK(*now.daysToMaxLimit == 0);
    const auto over = std::find_if(overridden.problems.begin(), overridden.problems.end(), [](const Problem &q) {
        return q.message.find("over the 1,000 bytes BSON document limit") != std::string::npos;
    });
    CHECK(over != overridden.problems.end());
}

TEST_CASE("A string without a maximum length leaves the maximum unknown, named", "[estimate][size]") {
    // avg 5000 bytes and no maxBytes, enum, maxLength or pattern: the
    // average is 67 + (1 + "bio" 3 + 1 + 4 + 5000 + 1); no document is
    // smaller than the average, so the maximum is unknown (it was reported
    // as 67 + 10 then, smaller than the average).
    Project p = aliceProject();
    p.entities[0].fields.push_back(stringField("f3", "bio", 5000, 0));
    const CollectionStat c = only(analyze(p));
    CHECK(c.avgDocumentBytes == Approx(67 + 5010));
    CHECK_FALSE(c.maxDocumentBytes);
    CHECK(c.unbounded == std::vector<std::string>{"bio"});
    // A maxLength bounds it: 300 characters of up to 4 UTF-8 bytes each.
    p.entities[0].fields.back().details.edit().maxLength = 300;
    const CollectionStat capped = only(analyze(p));
    CHECK(capped.maxDocumentBytes == 67 + 5 + 5 + 1200);
    CHECK(capped.unbounded.empty());
    // An unbounded array is named first, then values.
    p.entities[0].fields.back().details.edit().maxLength.reset();
    p.entities[0].fields[1].maxCount.reset();
    CHECK(only(analyze(p)).unbounded == std::vector<std::string>{"tags", "bio"});
}

TEST_CASE("Limits: an average already past 16 MiB is an error without growth", "[estimate][limits]") {
    // 2,000,000 longs in an unbounded array "reads", nothing grows:
    // 4 + _id 17 + (1 + "reads" 5 + 1 + 4 + keys + 2,000,000 x (8) + 1) + 1,
    // keys = 2 x 2,000,000 + digitSum(2,000,000) = 4,000,000 + 12,888,890
    // (10 + 180 + 2,700 + 36,000 + 450,000 + 5,400,000 + 7,000,000 digits),
    // so 32,888,924 bytes; libbson builds the same length below.
    Project p;
    Entity e = entity("e1", "sensors", 10);
    e.fields.push_back(arrayField("f1", "reads", BsonType::Long, 2000000, std::nullopt));
    p.entities.push_back(e);
    const Analysis a = analyze(p);
    const CollectionStat &c = only(a);
    CHECK(c.avgDocumentBytes == 32888924);
    CHECK_FALSE(c.maxDocumentBytes);
    REQUIRE(c.daysToMaxLimit);
    CHECK(*c.daysToMaxLimit == 0);
    const auto over = std::find_if(a.problems.begin(), a.problems.end(), [](const Problem &q) {
        return q.severity == "error" &&
               q.message.find("the average document is 31.4 MiB (32,888,924 bytes)") != std::string::npos;
    });
    INFO((a.problems.empty() ? std::string("no problems") : a.problems.front().message));
    CHECK(over != a.problems.end());

    bson_t doc, reads;
    bson_init(&doc);
    bson_oid_t oid;
    bson_oid_init(&oid, nullptr);
    BSON_APPEND_OID(&doc, "_id", &oid);
    BSON_APPEND_ARRAY_BEGIN(&doc, "reads", &reads);
    char key[16];
    for (std::uint32_t i = 0; i < 2000000; ++i) {
        const char *k = nullptr;
        const std::size_t n = bson_uint32_to_string(i, &k, key, sizeof key);
        bson_append_int64(&reads, k, static_cast<int>(n), 0);
    }
    bson_append_array_end(&doc, &reads);
    CHECK(doc.len == 32888924);
    bson_destroy(&doc);
}

TEST_CASE("Limits: a maximum past 2^64 bytes is past the limit, not wrapped", "[estimate][limits]") {
    // maxBytes 2^64 - 1 gives a payload of 4 + (2^64 - 1) + 1 bytes: it
    // used to wrap to "max 25 B". Saturated, it is reported as the largest
    // integer, and the 16 MiB error follows.
    Project p = aliceProject();
    p.entities[0].fields[0].maxBytes = UINT64_MAX;
    const Analysis a = analyze(p);
    REQUIRE(only(a).maxDocumentBytes);
    CHECK(*only(a).maxDocumentBytes == kSaturatedBytes);
    REQUIRE(a.problems.size() == 1);
    CHECK_THAT(a.problems[0].message, Catch::Contains("16.0 EiB (18,446,744,073,709,551,615 bytes), over the 16 MiB"));
    // maxCount 773243966034194279 of a string array: keys and values wrap
    // past 2^64 too ("max 1 B" before).
    Project q = aliceProject();
    q.entities[0].fields[1].maxCount = 773243966034194279ull;
    CHECK(only(analyze(q)).maxDocumentBytes == kSaturatedBytes);
}
