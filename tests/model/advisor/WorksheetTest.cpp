#include "model/advisor/AdvisorFixtures.h"

#include "advisor/RuleCatalog.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::test;

TEST_CASE("worksheet rows are derived from the model, per collection", "[advisor]") {
    Project p = cleanShop();
    entityNamed(p, "Order").retentionDays = 2555;
    entityNamed(p, "Order").stated.atomicUpdateBoundary = "one order";
    const Advice advice = adviceFor(p);
    REQUIRE(advice.worksheets.size() == 2);
    const Worksheet &orders = advice.worksheets[1];
    CHECK(orders.collection == "orders");
    CHECK(orders.topReads() == std::vector<std::string>{"Order page (100/s)", "A customer's orders (20/s)"});
    CHECK(orders.topWrites() == std::vector<std::string>{"Place order (2/s)"});
    CHECK(orders.filterFields() == std::vector<std::string>{"_id", "customerId"});
    CHECK(orders.sortFields() == std::vector<std::string>{"createdAt (descending)"});
    CHECK(orders.arrayBounds() == std::vector<std::string>{"items: avg 3, max 50 (enforced by validator)"});
    REQUIRE(orders.largestArrayBound);
    CHECK(*orders.largestArrayBound == 50);
    CHECK(orders.atomicUpdateBoundary() == "one orders document: Order with LineItem");
    CHECK(orders.statedAtomicUpdateBoundary == "one order");
    CHECK(orders.deletion() == "restrict; embedded data goes with its document");
    CHECK(orders.tenantScope() == "single tenant");
    CHECK(orders.retention() == "2,555 days");
    CHECK(orders.indexes() == std::vector<std::string>{"_id_", "customerId_1_createdAt_-1"});
    CHECK(orders.mismatches().empty());
    CHECK(orders.documentBytes > 0);
    REQUIRE(orders.maxDocumentBytes);
}

TEST_CASE("a stated worksheet value far from the estimate is a finding", "[advisor]") {
    Project p = cleanShop();
    entityNamed(p, "Order").stated.documentBytes = 40000;
    entityNamed(p, "Order").stated.maxArrayCount = 10;
    const Advice advice = adviceFor(p);
    const Worksheet &orders = advice.worksheets[1];
    REQUIRE(orders.mismatches().size() == 2);
    CHECK_THAT(orders.mismatches()[0], Catch::Contains("stated 40,000 bytes, computed "));
    CHECK_THAT(orders.mismatches()[1], Catch::Contains("stated 10, the model's largest bound is 50"));
    const auto findings = findingsOf(advice, rule::kWorksheetMismatch);
    REQUIRE(findings.size() == 2);
    CHECK(findings[0]->target.kind == "entity");
    CHECK(findings[0]->target.id == "e2");

    // An unbounded array against a stated bound is a mismatch too.
    p.relationships[0].maxChildren.reset();
    CHECK_THAT(adviceFor(p).worksheets[1].mismatches().back(), Catch::Contains("an array has no maximum"));
}
