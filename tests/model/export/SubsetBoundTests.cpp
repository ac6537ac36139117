#include "advisor/Advisor.h"
#include "advisor/RuleCatalog.h"
#include "derive/DeriveCollections.h"
#include "estimate/Analysis.h"
#include "export/ExtendedJson.h"
#include "export/ValidatorExporter.h"
#include "io/ProjectFile.h"
#include "model/export/ExportTestSupport.h"
#include "sample/SampleGenerator.h"
#include "support/TestPaths.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

// The subset pattern's bound (issue 23): "what is the maximum, and who
// enforces it?" (seed start-from-the-queries.txt, "The bounded test") has
// an answer for the N newest children embedded in the parent, on the
// bundled product-reviews example: subsetCount is the maximum,
// subsetEnforcedBy says who keeps it, and the validator, the size
// analysis and the samples read it.
using namespace docshape;
using nlohmann::ordered_json;

namespace {

Project productReviews() {
    auto p = loadProject(test::examplesDir() + "/product-reviews.docshape");
    REQUIRE(p.ok());
    return std::move(*p);
}

Relationship &subset(Project &p) {
    for (auto &r : p.relationships)
        if (r.representation == Representation::Subset)
            return r;
    FAIL("no subset relationship");
    throw std::logic_error("unreachable");
}

const CollectionShape &products(const Derived &d) {
    for (const auto &c : d.collections)
        if (c.name == "products")
            return c;
    FAIL("no products collection");
    throw std::logic_error("unreachable");
}

ordered_json recentReviewsSchema(const Project &p) {
    const Derived d = deriveCollections(p);
    auto v = validatorFor(p, products(d));
    REQUIRE(v.ok());
    const ordered_json *node = test::propertyAt(*v, "recentReviews");
    REQUIRE(node);
    return *node;
}

// The number of elements of the array `key` of a BSON document, counted by
// libbson.
int elementsOf(const std::vector<std::uint8_t> &bytes, const char *key) {
    bson_t doc;
    REQUIRE(bson_init_static(&doc, bytes.data(), bytes.size()));
    bson_iter_t it, child;
    REQUIRE(bson_iter_init_find(&it, &doc, key));
    REQUIRE(BSON_ITER_HOLDS_ARRAY(&it));
    REQUIRE(bson_iter_recurse(&it, &child));
    int n = 0;
    while (bson_iter_next(&child))
        ++n;
    return n;
}

validate::ValidationResult validateAgainst(const validate::JsonSchema &schema, const std::vector<std::uint8_t> &bytes) {
    bson_t view;
    REQUIRE(bson_init_static(&view, bytes.data(), bytes.size()));
    return schema.validate(&view);
}

} // namespace

TEST_CASE("a subset's array exports maxItems = subsetCount when the validator enforces it", "[export][subset]") {
    Project p = productReviews();
    REQUIRE(subset(p).subsetCount == 3);
    REQUIRE(subset(p).subsetEnforcedBy == BoundEnforcer::Validator);
    CHECK(recentReviewsSchema(p)["maxItems"] == 3);

    subset(p).subsetCount = 5;
    CHECK(recentReviewsSchema(p)["maxItems"] == 5);

    // Enforced by the UI or by nobody: a design statement, not a database rule.
    subset(p).subsetEnforcedBy = BoundEnforcer::Ui;
    CHECK_FALSE(recentReviewsSchema(p).contains("maxItems"));
    // The children's own maximum and its enforcer bound all reviews (a
    // collection), not the embedded slice.
    subset(p).subsetEnforcedBy = BoundEnforcer::Nobody;
    subset(p).maxChildren = 10000;
    subset(p).maxEnforcedBy = BoundEnforcer::Validator;
    CHECK_FALSE(recentReviewsSchema(p).contains("maxItems"));
}

TEST_CASE("the size analysis and the samples use the subset's bound", "[export][subset][sample]") {
    const Project p = productReviews();
    const Analysis analysis = analyze(p);
    const CollectionStat *stat = nullptr;
    for (const auto &c : analysis.collections)
        if (c.name == "products")
            stat = &c;
    REQUIRE(stat);
    REQUIRE(stat->maxDocumentBytes);
    bool found = false;
    for (const auto &a : stat->arrays)
        if (a.path == "recentReviews") {
            found = true;
            CHECK(a.maxCount == 3u);
            CHECK(a.growthPerDay == 0);
        }
    CHECK(found);

    const Derived derived = deriveCollections(p);
    const CollectionShape &shape = products(derived);
    auto schemaJson = validatorFor(p, shape);
    REQUIRE(schemaJson.ok());
    auto schema = validate::JsonSchema::compileJson(exportJsonText(*schemaJson));
    REQUIRE(schema.ok());

    // The largest product holds exactly subsetCount reviews, its length as
    // libbson counts it is the analysis's maximum, and the validator takes it.
    SampleGenerator generator(shape, 7);
    for (int i = 0; i < 5; ++i) {
        auto doc = generator.next(SampleShape::Max);
        REQUIRE(doc.ok());
        CHECK(elementsOf(doc->bson, "recentReviews") == 3);
        CHECK(doc->bson.size() == *stat->maxDocumentBytes);
        CHECK(validateAgainst(*schema, doc->bson).valid);
    }
    // Typical products never hold more than the bound.
    for (int i = 0; i < 200; ++i) {
        auto doc = generator.next(SampleShape::Typical);
        REQUIRE(doc.ok());
        CHECK(elementsOf(doc->bson, "recentReviews") <= 3);
    }
    // One review too many is refused by maxItems.
    bool broke = false;
    for (int i = 0; i < 40 && !broke; ++i) {
        auto doc = generator.nextBroken(BreakRule::ArrayOverBound);
        REQUIRE(doc.ok());
        if (doc->brokenPath != "recentReviews")
            continue;
        broke = true;
        CHECK(elementsOf(doc->bson, "recentReviews") == 4);
        const auto result = validateAgainst(*schema, doc->bson);
        CHECK_FALSE(result.valid);
        bool maxItems = false;
        for (const auto &e : result.errors)
            maxItems = maxItems || (e.keyword == "maxItems" && e.path == "recentReviews");
        CHECK(maxItems);
    }
    CHECK(broke);
}

TEST_CASE("the advisor and the worksheet say who keeps the subset at its size", "[advisor][subset]") {
    Project p = productReviews();
    auto bound = [](const Project &project) {
        const Advice advice = advise(project, analyze(project));
        std::vector<std::string> rows;
        for (const auto &w : advice.worksheets)
            if (w.collection == "products")
                rows = w.arrayBounds();
        bool ds102 = false;
        for (const auto &f : advice.findings)
            ds102 = ds102 || (f.id == rule::kBoundNotEnforced && f.target.id == "r1");
        return std::make_pair(rows, ds102);
    };
    auto [rows, ds102] = bound(p);
    REQUIRE(rows.size() == 1);
    CHECK(rows.front() == "recentReviews: avg 3, max 3 (enforced by validator)");
    CHECK_FALSE(ds102);

    subset(p).subsetEnforcedBy = BoundEnforcer::Nobody;
    std::tie(rows, ds102) = bound(p);
    REQUIRE(rows.size() == 1);
    CHECK(rows.front() == "recentReviews: avg 3, max 3 (enforced by nobody)");
    CHECK(ds102);
}

TEST_CASE("subsetEnforcedBy is read and written, a file without it means nobody", "[io][subset]") {
    const Project p = productReviews();
    const std::string text = serializeProject(p);
    CHECK(text.find("\"subsetEnforcedBy\": \"validator\"") != std::string::npos);
    auto back = parseProject(text);
    REQUIRE(back.ok());
    CHECK(*back == p);

    Project older = p;
    subset(older).subsetEnforcedBy = BoundEnforcer::Nobody;
    const std::string olderText = serializeProject(older);
    CHECK(olderText.find("\"subsetEnforcedBy\":") == std::string::npos); // the default is omitted
    auto read = parseProject(olderText);
    REQUIRE(read.ok());
    CHECK(subset(*read).subsetEnforcedBy == BoundEnforcer::Nobody);

    std::string bad = text;
    bad.replace(bad.find("\"validator\"", bad.find("subsetEnforcedBy")), 11, "\"database\"");
    auto refused = parseProject(bad);
    REQUIRE_FALSE(refused.ok());
    CHECK_THAT(refused.error().toString(), Catch::Contains("subsetEnforcedBy"));
}
