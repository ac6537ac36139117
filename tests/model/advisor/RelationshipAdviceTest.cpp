#include "model/advisor/AdvisorFixtures.h"

#include "advisor/RuleCatalog.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::test;

TEST_CASE("decision matrix: a bounded, owned child agrees with embedding", "[advisor]") {
    const Advice advice = adviceFor(cleanShop());
    const RelationshipAdvice &items = relationshipOf(advice, "r1");
    CHECK(items.recommended == "embedArray");
    CHECK(items.agrees);
    REQUIRE(items.factors().size() == 7);
    CHECK(items.factors()[0].factor == "read pattern");
    CHECK(items.factors()[2].factor == "data size");
    CHECK(items.factors()[2].points == "embed");
    CHECK_THAT(items.factors()[2].why, Catch::Contains("bounded at 50"));
    CHECK(items.factors()[3].factor == "duplication");
    CHECK(items.factors()[4].factor == "atomicity");
    CHECK(items.factors()[5].factor == "relationship size");
    CHECK(items.factors()[6].factor == "volatility");
    CHECK(items.reasons().size() == 8);

    const RelationshipAdvice &orders = relationshipOf(advice, "r2");
    CHECK(orders.recommended == "referenceFromChild");
    CHECK(orders.agrees);
    CHECK(orders.recommendedIndex == std::vector<IndexKey>{{"customerId", "1"}, {"createdAt", "-1"}});
}

TEST_CASE("decision matrix: read with the parent but unbounded recommends the subset pattern", "[advisor]") {
    Project p = cleanShop();
    AccessPattern page = readPattern("q7", "Customer page with recent orders", "e1", Operation::FindOneById, 30);
    page.alsoReads = {"e2"};
    p.accessPatterns.push_back(page);
    const Advice advice = adviceFor(p);
    const RelationshipAdvice &orders = relationshipOf(advice, "r2");
    CHECK(orders.recommended == "subset");
    CHECK_FALSE(orders.agrees);
    CHECK(has(advice, rule::kPatternRecommended));
    CHECK(has(advice, rule::kFrequentLookup));
}

TEST_CASE("decision matrix: a child shown with a few parent fields recommends an extended reference", "[advisor]") {
    Project p = cleanShop();
    p.accessPatterns[1].alsoReads = {"e1"}; // the order list shows the customer's name
    const Advice advice = adviceFor(p);
    const RelationshipAdvice &orders = relationshipOf(advice, "r2");
    CHECK(orders.recommended == "extendedReference");
    CHECK_FALSE(orders.agrees);
}

TEST_CASE("decision matrix: high-frequency events recommend bucket or time-series", "[advisor]") {
    Project p = cleanShop();
    Entity sensor;
    sensor.id = "e5";
    sensor.name = "Sensor";
    sensor.count = 1000;
    sensor.deletion = DeletionPolicy::Restrict;
    sensor.fields = {field("f51", "label", BsonType::String, 10, 40)};
    Entity reading;
    reading.id = "e6";
    reading.name = "Reading";
    reading.count = 1e8;
    reading.growthPerDay = 288000;
    reading.fields = {field("f52", "at", BsonType::Date), field("f53", "value", BsonType::Double)};
    p.entities.push_back(sensor);
    p.entities.push_back(reading);
    Relationship r;
    r.id = "r5";
    r.name = "Sensor readings";
    r.parentId = "e5";
    r.childId = "e6";
    r.avgChildren = 100000;
    r.growthPerParentPerDay = 288;
    r.representation = Representation::ReferenceFromChild;
    r.fieldName = "sensorId";
    p.relationships.push_back(r);
    p.accessPatterns.push_back(writePattern("q8", "Record a reading", "e6", Operation::Insert, 3.3 * 10));
    Advice advice = adviceFor(p);
    CHECK(relationshipOf(advice, "r5").recommended == "bucket");
    CHECK_FALSE(relationshipOf(advice, "r5").agrees);

    // A time-series collection is the specialised bucket: it agrees.
    entityNamed(p, "Reading").timeSeries = TimeSeriesOptions{"at", "sensorId", TimeSeriesGranularity::Minutes, {}};
    advice = adviceFor(p);
    CHECK(relationshipOf(advice, "r5").recommended == "bucket");
    CHECK(relationshipOf(advice, "r5").agrees);
}

TEST_CASE("decision matrix: a few huge outliers recommend the outlier pattern", "[advisor]") {
    Project p = cleanShop();
    p.relationships[0].maxChildren = 200000; // most orders have 3 lines; a few wholesale ones 200,000
    const Advice advice = adviceFor(p);
    const RelationshipAdvice &items = relationshipOf(advice, "r1");
    CHECK(items.recommended == "outlier");
    CHECK_FALSE(items.agrees);
    CHECK(has(advice, rule::kPatternRecommended));
}

TEST_CASE("decision matrix: large many-to-many wants a junction collection", "[advisor]") {
    Project p = cleanShop();
    Entity tag;
    tag.id = "e7";
    tag.name = "Tag";
    tag.count = 5000;
    tag.deletion = DeletionPolicy::Restrict;
    tag.fields = {field("f70", "label", BsonType::String, 8, 30)};
    p.entities.push_back(tag);
    Relationship r;
    r.id = "r7";
    r.name = "Customer tags";
    r.parentId = "e1";
    r.childId = "e7";
    r.cardinality = Cardinality::ManyToMany;
    r.avgChildren = 400;
    r.representation = Representation::ReferenceArrayInParent;
    r.fieldName = "tagIds";
    p.relationships.push_back(r);
    const Advice advice = adviceFor(p);
    CHECK(relationshipOf(advice, "r7").recommended == "junction");
    CHECK_FALSE(relationshipOf(advice, "r7").agrees);
    CHECK(has(advice, rule::kUnboundedArray));
}
