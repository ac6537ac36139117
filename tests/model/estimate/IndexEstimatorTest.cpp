#include "estimate/Analysis.h"
#include "estimate/IndexEstimator.h"
#include "model/estimate/EstimateFixtures.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::test;

namespace {

// A Post collection of 1,000 documents: a title, an optional nickname present
// in 30% of documents, five tags, three scores, and an array of three
// comment subdocuments {author, votes}.
Project postProject() {
    Project p;
    Entity post = entity("e1", "Post", 1000);
    post.fields.push_back(stringField("f1", "title", 40, 120));
    Field nick = stringField("f2", "nickname", 8, 16);
    nick.required = false;
    nick.presence = 0.3;
    post.fields.push_back(nick);
    post.fields.push_back(arrayField("f3", "tags", BsonType::String, 5, 20));
    post.fields.back().avgBytes = 6;
    post.fields.back().maxBytes = 12;
    post.fields.push_back(arrayField("f4", "scores", BsonType::Int, 3, 10));
    Field comments = arrayField("f5", "comments", BsonType::Object, 3, 50);
    comments.fields.push_back(stringField("f6", "author", 10, 30));
    comments.fields.push_back(typedField("f7", "votes", BsonType::Int));
    post.fields.push_back(comments);
    post.fields.push_back(stringField("f8", "status", 5, 9));
    p.entities.push_back(post);
    return p;
}

IndexStat statOf(const Project &p, const IndexSpec &spec) {
    Project copy = p;
    copy.indexes = {spec};
    const Analysis a = analyze(copy);
    REQUIRE(a.collections.size() == 1);
    REQUIRE(a.collections[0].indexes.size() == 2);
    IndexStat s = a.collections[0].indexes[1];
    s.keys = {}; // they point into `copy`, which ends here
    return s;
}

} // namespace

TEST_CASE("The _id index has one entry per document", "[estimate][index]") {
    const Analysis a = analyze(postProject());
    REQUIRE(a.collections[0].indexes.front().name == "_id_");
    CHECK(a.collections[0].indexes.front().entries == Approx(1000));
    CHECK_FALSE(a.collections[0].indexes.front().multikey);
}

TEST_CASE("Single-field index: one entry per document", "[estimate][index]") {
    const IndexStat s = statOf(postProject(), index("i1", "e1", {{"title", "1"}}));
    CHECK(s.name == "title_1");
    CHECK(s.entries == Approx(1000));
    CHECK_FALSE(s.multikey);
    CHECK(s.error.empty());
    CHECK(s.estimatedBytes > 0);
    CHECK_THAT(std::string(s.assumptions), Catch::Contains("Estimate"));
}

TEST_CASE("Multikey index over an array of 5 multiplies by 5", "[estimate][index]") {
    const IndexStat s = statOf(postProject(), index("i1", "e1", {{"tags", "1"}}));
    CHECK(s.multikey);
    CHECK(s.entries == Approx(5000));
}

TEST_CASE("Distinct fraction reduces multikey entries", "[estimate][index]") {
    Project p = postProject();
    p.entities[0].fields[2].distinctFraction = 0.6; // 3 distinct of 5
    const IndexStat s = statOf(p, index("i1", "e1", {{"tags", "1"}}));
    CHECK(s.entries == Approx(3000));
}

TEST_CASE("Compound index with one array multiplies by that array", "[estimate][index]") {
    const IndexStat s = statOf(postProject(), index("i1", "e1", {{"status", "1"}, {"tags", "1"}}));
    CHECK(s.multikey);
    CHECK(s.entries == Approx(5000));
    CHECK(s.error.empty());
}

TEST_CASE("A path into an array of subdocuments is multikey", "[estimate][index]") {
    const IndexStat s = statOf(postProject(), index("i1", "e1", {{"comments.author", "1"}}));
    CHECK(s.multikey);
    CHECK(s.entries == Approx(3000));
}

TEST_CASE("Two paths in the same array of subdocuments are not parallel", "[estimate][index]") {
    const IndexStat s =
        statOf(postProject(), index("i1", "e1", {{"comments.author", "1"}, {"comments.votes", "-1"}}));
    CHECK(s.error.empty());
    CHECK(s.multikey);
    CHECK(s.entries == Approx(3000)); // keys follow one element at a time, not a cross product
}

TEST_CASE("Sparse index over a field present in 30% of documents", "[estimate][index]") {
    IndexSpec spec = index("i1", "e1", {{"nickname", "1"}});
    spec.sparse = true;
    CHECK(statOf(postProject(), spec).entries == Approx(300));
    spec.sparse = false; // a missing field still gets one null key
    CHECK(statOf(postProject(), spec).entries == Approx(1000));
}

TEST_CASE("Partial index with 10% selectivity", "[estimate][index]") {
    IndexSpec spec = index("i1", "e1", {{"title", "1"}});
    spec.partialFilter = R"({"status":"draft"})";
    spec.partialSelectivity = 0.1;
    CHECK(statOf(postProject(), spec).entries == Approx(100));
    // Selectivity without a filter means nothing: the index is not partial.
    spec.partialFilter.clear();
    CHECK(statOf(postProject(), spec).entries == Approx(1000));
}

TEST_CASE("Two arrays in one compound index are refused with the server's words", "[estimate][index]") {
    Project p = postProject();
    p.indexes = {index("i1", "e1", {{"tags", "1"}, {"scores", "1"}})};
    const Analysis a = analyze(p);
    const IndexStat &s = a.collections[0].indexes[1];
    CHECK(s.error == "cannot index parallel arrays [scores] [tags]");
    REQUIRE_FALSE(a.problems.empty());
    CHECK(a.problems[0].severity == "error");
    CHECK_THAT(a.problems[0].message, Catch::Contains("cannot index parallel arrays"));
    CHECK_THAT(a.problems[0].where, Catch::Contains("tags_1_scores_1"));
}

TEST_CASE("An array and a subdocument array side by side are parallel too", "[estimate][index]") {
    const IndexStat s = statOf(postProject(), index("i1", "e1", {{"tags", "1"}, {"comments.votes", "1"}}));
    CHECK(s.error == "cannot index parallel arrays [comments] [tags]");
}

TEST_CASE("Missing key paths are reported and indexed as null", "[estimate][index]") {
    Project p = postProject();
    p.indexes = {index("i1", "e1", {{"nope", "1"}})};
    const Analysis a = analyze(p);
    CHECK(a.collections[0].indexes[1].entries == Approx(1000));
    REQUIRE(a.problems.size() == 1);
    CHECK(a.problems[0].severity == "warning");
    CHECK_THAT(a.problems[0].message, Catch::Contains("'nope' is not a field"));
}

TEST_CASE("resolvePath crosses subdocuments and arrays", "[estimate][index]") {
    const Project p = postProject();
    const Derived d = deriveCollections(p);
    auto r = resolvePath(d.collections[0].shape, "comments.votes");
    REQUIRE(r);
    CHECK(r->node->name == "votes");
    REQUIRE(r->arrayPaths.size() == 1);
    CHECK(r->arrayPaths[0] == "comments");
    CHECK_FALSE(resolvePath(d.collections[0].shape, "comments.nope"));
    CHECK_FALSE(resolvePath(d.collections[0].shape, "title.x"));
    CHECK_FALSE(resolvePath(d.collections[0].shape, ""));
    auto nick = resolvePath(d.collections[0].shape, "nickname");
    REQUIRE(nick);
    CHECK(nick->presence == Approx(0.3));
}

TEST_CASE("A sparse index over an optional array counts each document's elements once", "[estimate][index]") {
    // Server, btree_key_generator.cpp: getKeys adds the null key for a
    // document without the field only when the index is not sparse, and
    // _getKeysWithArray returns when sparse and every field is missing.
    // 1,000 documents, the array present in 50% with 10 elements:
    // sparse 500 x 10 = 5,000 (it was 2,750: the 50% counted twice, plus
    // null keys); not sparse 5,000 + 500 null keys = 5,500.
    Project p;
    Entity e = entity("e1", "Post", 1000);
    Field labels = arrayField("f1", "labels", BsonType::String, 10, 20);
    labels.avgBytes = 6;
    labels.maxBytes = 12;
    labels.required = false;
    labels.presence = 0.5;
    e.fields.push_back(labels);
    p.entities.push_back(e);
    IndexSpec spec = index("i1", "e1", {{"labels", "1"}});
    spec.sparse = true;
    CHECK(statOf(p, spec).entries == Approx(5000));
    spec.sparse = false;
    CHECK(statOf(p, spec).entries == Approx(5500));
}

TEST_CASE("Elements missing the indexed subfield give one null key per document", "[estimate][index]") {
    // Server test GetKeysFromArraySubobjectMissing ({a: [{foo: 41} x 3]}
    // gives the single key null for {"a.b": 1}): a document's keys are a
    // set. 1,000 orders, 4 lines each, `promo` present in half the lines:
    // per document 4 x 0.5 promo keys, plus one null key unless all four
    // lines have it: 1,000 x (2 + 1 - 0.5^4) = 2,937.5 (it was 4,000).
    Project p;
    Entity e = entity("e1", "Order", 1000);
    Field lines = arrayField("f1", "lines", BsonType::Object, 4, 10);
    Field promo = stringField("f2", "promo", 8, 12);
    promo.required = false;
    promo.presence = 0.5;
    lines.fields = {typedField("f3", "sku", BsonType::Int), promo};
    e.fields.push_back(lines);
    p.entities.push_back(e);
    IndexSpec spec = index("i1", "e1", {{"lines.promo", "1"}});
    CHECK(statOf(p, spec).entries == Approx(2937.5));
    // Sparse: no null keys, the 2,000 promo keys alone.
    spec.sparse = true;
    CHECK(statOf(p, spec).entries == Approx(2000));
    // A partial index stores null keys for the documents it matches.
    spec.sparse = false;
    spec.partialFilter = R"({"lines.sku":{"$gt":5}})";
    spec.partialSelectivity = 0.5;
    CHECK(statOf(p, spec).entries == Approx(0.5 * 2937.5));
}

TEST_CASE("Text, 2d and 2dsphere indexes are always sparse, a point is one key", "[estimate][index]") {
    // Manual, Sparse Indexes: "2dsphere (version 2), 2d, geoHaystack, and
    // text indexes are always sparse". 1,000 places: a GeoJSON point
    // present in 40%, a legacy [lng, lat] pair in all, a description of
    // 60 bytes in half.
    Project p;
    Entity e = entity("e1", "places", 1000);
    Field point = typedField("f1", "location", BsonType::Object);
    point.required = false;
    point.presence = 0.4;
    Field type = stringField("f2", "type", 5, 5);
    Field coordinates = arrayField("f3", "coordinates", BsonType::Double, 2, 2);
    point.fields = {type, coordinates};
    e.fields.push_back(point);
    e.fields.push_back(arrayField("f4", "pair", BsonType::Double, 2, 2));
    Field description = stringField("f5", "description", 60, 200);
    description.required = false;
    description.presence = 0.5;
    e.fields.push_back(description);
    p.entities.push_back(e);

    // Not sparse by its options, but documents without the point have no key.
    const IndexStat sphere = statOf(p, index("i1", "e1", {{"location", "2dsphere"}}));
    CHECK(sphere.entries == Approx(400));
    CHECK_FALSE(sphere.multikey);
    // [lng, lat] is one key, not a multikey of two.
    const IndexStat flat = statOf(p, index("i1", "e1", {{"pair", "2d"}}));
    CHECK(flat.entries == Approx(1000));
    CHECK_FALSE(flat.multikey);
    // A text index: one entry per distinct term, assumed one per 6 bytes
    // (stated in the assumptions): 500 documents x 60 / 6 = 5,000.
    const IndexStat words = statOf(p, index("i1", "e1", {{"description", "text"}}));
    CHECK(words.entries == Approx(5000));
    CHECK_THAT(std::string(words.assumptions), Catch::Contains("6 bytes"));
    // The same pair under an ascending index is multikey, as the server
    // makes it.
    CHECK(statOf(p, index("i1", "e1", {{"pair", "1"}})).entries == Approx(2000));
}
