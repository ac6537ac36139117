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
