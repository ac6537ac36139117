#include "model/advisor/AdvisorFixtures.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::test;

TEST_CASE("reads: the index chosen by Equality-Sort-Range, documents and bytes examined", "[advisor]") {
    const Project p = cleanShop();
    const Analysis a = analyze(p);
    const Advice advice = advise(p, a);
    const double orderBytes = a.collections[1].avgDocumentBytes;
    REQUIRE(a.collections[1].name == "orders");

    const AccessCost &page = costOf(advice, "q1");
    CHECK(page.collections == std::vector<std::string>{"orders"});
    CHECK(page.index == "_id_");
    CHECK(page.roundTrips == 1);
    CHECK(page.docsExamined == Approx(1));
    CHECK(page.bytesRead == Approx(orderBytes));
    CHECK(page.bytesReadPerSecond == Approx(orderBytes * 100));
    REQUIRE(page.withinBudget.has_value());
    CHECK(*page.withinBudget);

    // 1,000,000 orders over 100,000 customers: 10 per customer, all read (limit 20).
    const AccessCost &list = costOf(advice, "q2");
    CHECK(list.index == "customerId_1_createdAt_-1");
    CHECK_FALSE(list.inMemorySort);
    CHECK(list.docsExamined == Approx(10));
    CHECK(list.docsReturned == Approx(10));
    CHECK(list.bytesRead == Approx(10 * orderBytes));
    CHECK(list.docsExaminedPerSecond == Approx(200));

    const AccessCost &email = costOf(advice, "q3");
    CHECK(email.index == "email_1");
    CHECK(email.docsExamined == Approx(1));
}

TEST_CASE("reads: a sort the index cannot give is in memory, no index is a collection scan", "[advisor]") {
    Project p = cleanShop();
    p.indexes[0].keys = {{"customerId", "1"}};
    p.indexes.pop_back();
    const Advice advice = adviceFor(p);
    const AccessCost &list = costOf(advice, "q2");
    CHECK(list.index == "customerId_1");
    CHECK(list.inMemorySort);
    const AccessCost &email = costOf(advice, "q3");
    CHECK(email.index == "collection scan");
    // An equality with no stated cardinality matches 1% (stated assumption):
    // the scan stops at the first match after 100 documents on average.
    CHECK(email.docsExamined == Approx(100));
    CHECK_THAT(email.assumptions(), Catch::Contains("no stated cardinality"));

    // Suggestions follow ESR and merge a prefix into the longer index.
    REQUIRE(advice.suggestedIndexes.size() == 2);
    CHECK(advice.suggestedIndexes[0].collection == "customers");
    CHECK(advice.suggestedIndexes[0].keys == std::vector<IndexKey>{{"email", "1"}});
    CHECK(advice.suggestedIndexes[1].collection == "orders");
    CHECK(advice.suggestedIndexes[1].keys == std::vector<IndexKey>{{"customerId", "1"}, {"createdAt", "-1"}});
}

TEST_CASE("reads: reversed sort directions are served, mixed ones are not", "[advisor]") {
    Project p = cleanShop();
    p.accessPatterns[1].sort = {{"createdAt", 1}};
    CHECK_FALSE(costOf(adviceFor(p), "q2").inMemorySort);
    p.indexes[0].keys = {{"customerId", "1"}, {"createdAt", "-1"}, {"status", "1"}};
    p.accessPatterns[1].sort = {{"createdAt", -1}, {"status", -1}};
    CHECK(costOf(adviceFor(p), "q2").inMemorySort);
}

TEST_CASE("reads: a $lookup adds a round trip, documents and bytes", "[advisor]") {
    Project p = cleanShop();
    p.accessPatterns[0].alsoReads = {"e1"};
    const Analysis a = analyze(p);
    const Advice advice = advise(p, a);
    const AccessCost &page = costOf(advice, "q1");
    CHECK(page.collections == std::vector<std::string>{"orders", "customers"});
    CHECK(page.roundTrips == 2);
    CHECK(page.lookups == 1);
    CHECK(page.docsExamined == Approx(2));
    CHECK(page.bytesRead == Approx(a.collections[0].avgDocumentBytes + a.collections[1].avgDocumentBytes));
}

TEST_CASE("reads: tenant-scoped queries in a shared collection get the tenant first in suggestions", "[advisor]") {
    Project p = cleanShop();
    p.tenancy = Tenancy::SharedCollection;
    p.tenantCount = 100;
    entityNamed(p, "Order").tenantScoped = true;
    entityNamed(p, "Order").fields.push_back(field("f50", "tenantId", BsonType::ObjectId));
    p.accessPatterns[1].tenantScoped = true;
    p.indexes.erase(p.indexes.begin());
    const Advice advice = adviceFor(p);
    REQUIRE(advice.suggestedIndexes.size() == 1);
    CHECK(advice.suggestedIndexes[0].keys ==
          std::vector<IndexKey>{{"tenantId", "1"}, {"customerId", "1"}, {"createdAt", "-1"}});
    CHECK_THAT(advice.suggestedIndexes[0].reason(), Catch::Contains("tenant field first"));
}

TEST_CASE("writes: bytes rewritten, index entries, collections and transactions", "[advisor]") {
    Project p = cleanShop();
    AccessPattern addItem = writePattern("q5", "Add a line item", "e3", Operation::Insert, 1);
    AccessPattern status = writePattern("q6", "Change status", "e2", Operation::Update, 1);
    status.fieldsReturned = {"status"};
    p.accessPatterns.push_back(addItem);
    p.accessPatterns.push_back(status);
    const Analysis a = analyze(p);
    Advice advice = advise(p, a);
    const double orderBytes = a.collections[1].avgDocumentBytes;

    const AccessCost &place = costOf(advice, "q4");
    CHECK(place.documentsTouched == Approx(1));
    CHECK(place.bytesWritten == Approx(orderBytes));
    CHECK(place.indexEntriesTouched == Approx(2)); // _id_ and customerId_1_createdAt_-1
    CHECK_FALSE(place.needsTransaction);
    CHECK(place.consistency == "single-document atomic");

    // An embedded line item rewrites the whole order.
    const AccessCost &item = costOf(advice, "q5");
    CHECK(item.bytesWritten == Approx(orderBytes));
    CHECK(item.indexEntriesTouched == Approx(0));

    // No index covers status: only the written fields' indexes change.
    CHECK(costOf(advice, "q6").indexEntriesTouched == Approx(0));
    CHECK(costOf(advice, "q6").index == "_id_");

    p.accessPatterns[3].alsoReads = {"e1"};
    advice = adviceFor(p);
    const AccessCost &both = costOf(advice, "q4");
    CHECK(both.collections == std::vector<std::string>{"orders", "customers"});
    CHECK(both.needsTransaction);
    CHECK(both.consistency == "transaction");
    p.accessPatterns[3].consistency = "eventual";
    CHECK(costOf(adviceFor(p), "q4").consistency == "eventual (consistency plan)");
}

TEST_CASE("working set: the WiredTiger cache of the stated RAM", "[advisor]") {
    const Advice advice = adviceFor(cleanShop());
    CHECK(advice.workingSet.cacheBytes == Approx(0.5 * 7 * 1024.0 * 1024 * 1024));
    CHECK(advice.workingSet.fits);
    CHECK(advice.workingSet.indexBytes > 0);
    CHECK(advice.workingSet.hotDocumentBytes > 0);
    Project small = cleanShop();
    small.ramGiB = 1;
    CHECK(adviceFor(small).workingSet.cacheBytes == Approx(256.0 * 1024 * 1024));
}

TEST_CASE("reads: a partial index serves only patterns that imply its filter", "[advisor][planner]") {
    // Manual, Partial Indexes (Query Coverage): the planner uses a partial
    // index only when the query predicate implies the filter; otherwise a
    // collection scan, and the sort in memory.
    Project p = cleanShop();
    p.indexes[0].partialFilter = R"({"status":"paid"})";
    p.indexes[0].partialSelectivity = 0.25;
    const Advice scan = adviceFor(p);
    const AccessCost &list = costOf(scan, "q2");
    CHECK(list.index == "collection scan");
    CHECK(list.inMemorySort);
    bool suggested = false;
    for (const auto &s : scan.suggestedIndexes)
        suggested = suggested || (s.collection == "orders" &&
                                  s.keys == std::vector<IndexKey>{{"customerId", "1"}, {"createdAt", "-1"}});
    CHECK(suggested);
    // A pattern that states the filter's field uses it, and the filter's
    // share selects: 10 orders per customer, a quarter of them paid.
    p.accessPatterns[1].equality = {"customerId", "status"};
    const Advice served = adviceFor(p);
    const AccessCost &paid = costOf(served, "q2");
    CHECK(paid.index == "customerId_1_createdAt_-1");
    CHECK_FALSE(paid.inMemorySort);
    CHECK(paid.docsReturned == Approx(2.5));
}

TEST_CASE("reads: a sparse index is never used where it would miss documents", "[advisor][planner]") {
    // Manual, Sparse Indexes: a sparse index is not used for a query or a
    // sort that would give an incomplete result unless hinted.
    Project p = cleanShop();
    p.indexes[0].keys = {{"createdAt", "-1"}};
    p.indexes[0].sparse = true;
    AccessPattern latest = readPattern("q9", "Latest orders", "e2", Operation::FindMany, 5);
    latest.sort = {{"createdAt", -1}};
    latest.limit = 20;
    p.accessPatterns.push_back(latest);
    const Advice unsorted = adviceFor(p);
    const AccessCost &sorted = costOf(unsorted, "q9");
    CHECK(sorted.index == "collection scan");
    CHECK(sorted.inMemorySort);
    // Not sparse, the same index gives the order.
    p.indexes[0].sparse = false;
    const Advice plain = adviceFor(p);
    const AccessCost &served = costOf(plain, "q9");
    CHECK(served.index == "createdAt_-1");
    CHECK_FALSE(served.inMemorySort);
    // A filter on the sparse key needs the field: the index serves it.
    p.indexes[0].sparse = true;
    p.accessPatterns.back().range = {"createdAt"};
    const Advice ranged = adviceFor(p);
    CHECK(costOf(ranged, "q9").index == "createdAt_-1");
}

TEST_CASE("reads: an equality on _id returns one document whatever else it has", "[advisor][planner]") {
    // _id is unique in a collection: {tenantId, _id} finds one document
    // (it was 1/100 of one, the tenant's share multiplied in).
    Project p = cleanShop();
    p.tenancy = Tenancy::SharedCollection;
    p.tenantCount = 100;
    entityNamed(p, "Order").tenantScoped = true;
    entityNamed(p, "Order").fields.push_back(field("f50", "tenantId", BsonType::ObjectId));
    p.accessPatterns[0].tenantScoped = true;
    const Advice advice = adviceFor(p);
    const AccessCost &page = costOf(advice, "q1");
    CHECK(page.docsReturned == Approx(1));
    CHECK(page.docsExamined == Approx(1));
}
