#include "model/advisor/AdvisorFixtures.h"

#include "advisor/RuleCatalog.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::test;

namespace {

// Lesson 135, "Model a user with millions of posts", in both shapes.
Project authorWithPosts(Representation representation) {
    Project p;
    p.name = "Blog";
    p.ramGiB = 16;
    Entity author;
    author.id = "e1";
    author.name = "Author";
    author.collectionName = "authors";
    author.count = 50000;
    author.growthPerDay = 20;
    author.deletion = DeletionPolicy::Restrict;
    author.fields = {field("f1", "displayName", BsonType::String, 16, 80), field("f2", "bio", BsonType::String, 200, 2000)};
    Entity post;
    post.id = "e2";
    post.name = "Post";
    post.collectionName = "posts";
    post.count = 50000 * 400.0;
    post.growthPerDay = 60000;
    post.deletion = DeletionPolicy::SoftDelete;
    post.fields = {field("f3", "title", BsonType::String, 60, 200), field("f4", "body", BsonType::String, 3000, 50000),
                   field("f5", "publishedAt", BsonType::Date)};
    p.entities = {author, post};

    Relationship r;
    r.id = "r1";
    r.name = "Author's posts";
    r.parentId = "e1";
    r.childId = "e2";
    r.cardinality = Cardinality::OneToMany;
    r.avgChildren = 400;
    r.growthPerParentPerDay = 1.2;
    r.representation = representation;
    r.fieldName = representation == Representation::EmbedArray ? "posts" : "authorId";
    p.relationships = {r};

    const bool embedded = representation == Representation::EmbedArray;
    AccessPattern profile = readPattern("q1", "Author profile", "e1", Operation::FindOneById, 50);
    profile.latencyBudgetMs = 100;
    AccessPattern recent = readPattern("q2", "An author's posts, newest first", "e2", Operation::FindMany, 80);
    recent.equality = {embedded ? "_id" : "authorId"};
    recent.sort = {{embedded ? "posts.publishedAt" : "publishedAt", -1}};
    recent.limit = 20;
    recent.latencyBudgetMs = 100;
    AccessPattern publish = writePattern("q3", "Publish a post", "e2", Operation::Insert, 0.7);
    p.accessPatterns = {profile, recent, publish};
    if (!embedded)
        p.indexes = {index("i1", "e2", {{"authorId", "1"}, {"publishedAt", "-1"}})};
    return p;
}

} // namespace

TEST_CASE("posts embedded in the author: unbounded array, recommend referencing from the post", "[advisor]") {
    const Project p = authorWithPosts(Representation::EmbedArray);
    const Advice advice = adviceFor(p);

    const auto unbounded = findingsOf(advice, rule::kUnboundedArray);
    REQUIRE(unbounded.size() == 1);
    CHECK(unbounded.front()->target.kind == "relationship");
    CHECK(unbounded.front()->target.id == "r1");
    CHECK_THAT(unbounded.front()->message(), Catch::Contains("array 'posts' of authors has no maximum"));
    CHECK_THAT(unbounded.front()->message(), Catch::Contains("growing 1.2 per document per day"));
    CHECK_THAT(unbounded.front()->fix(), Catch::Contains("authorId"));
    // A growing unbounded array of 3 KB posts crosses 16 MiB within the year.
    CHECK(has(advice, rule::kDocumentOverLimit));

    const RelationshipAdvice &r = relationshipOf(advice, "r1");
    CHECK(r.current == "embedArray");
    CHECK(r.recommended == "referenceFromChild");
    CHECK_FALSE(r.agrees);
    CHECK(r.indexCollection == "posts");
    REQUIRE(r.recommendedIndex.size() == 2);
    CHECK(r.recommendedIndex[0].path == "authorId");
    CHECK(r.recommendedIndex[0].kind == "1");
    CHECK(r.recommendedIndex[1].path == "publishedAt");
    CHECK(r.recommendedIndex[1].kind == "-1");
    const auto decision = findingsOf(advice, rule::kEmbeddedShouldReference);
    REQUIRE(decision.size() == 1);
    CHECK_THAT(decision.front()->fix(), Catch::Contains("Index posts on { authorId: 1, publishedAt: -1 }"));
    // Factor by factor: the post is read and written on its own, unbounded, many-to-millions.
    const std::vector<MatrixFactor> factors = r.factors();
    auto factor = [&](std::string_view name) {
        return std::find_if(factors.begin(), factors.end(), [&](const MatrixFactor &f) { return f.factor == name; })
            ->points;
    };
    CHECK(factor("read pattern") == "reference");
    CHECK(factor("write pattern") == "reference");
    CHECK(factor("data size") == "reference");
    CHECK(factor("relationship size") == "reference");
}

TEST_CASE("posts referencing their author with an authorId index: nothing of warning or above", "[advisor]") {
    const Project p = authorWithPosts(Representation::ReferenceFromChild);
    const Advice advice = adviceFor(p);
    for (const auto &f : advice.findings)
        if (f.severity >= Severity::Warning)
            FAIL_CHECK(f.id << " " << f.target.name << ": " << f.message());
    CHECK_FALSE(reaches(advice.findings, Severity::Warning));
    const RelationshipAdvice &r = relationshipOf(advice, "r1");
    CHECK(r.recommended == "referenceFromChild");
    CHECK(r.agrees);
    const AccessCost &recent = costOf(advice, "q2");
    CHECK(recent.index == "authorId_1_publishedAt_-1");
    CHECK_FALSE(recent.inMemorySort);
    CHECK(recent.docsExamined == Approx(20));
    CHECK(advice.suggestedIndexes.empty());
}
