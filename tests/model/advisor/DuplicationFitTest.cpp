#include "model/advisor/AdvisorFixtures.h"

#include "advisor/RuleCatalog.h"

#include <catch2/catch.hpp>

// Whether a copy's semantics fit its use (seed lesson-135, "Duplication is
// a trade-off", "Data duplication consistency"): a snapshot read by a
// caller that needs current data (DS136), and a synchronized copy inside
// records the workload only inserts (DS137).
using namespace docshape;
using namespace docshape::test;

namespace {

// The clean shop with a product catalogue whose price each line item
// copies, and the customer's phone copied into each order.
Project shopWithCopies(Duplication price, Duplication phone) {
    Project p = cleanShop();
    Entity product = entity("e4", "Product", 5000);
    product.deletion = DeletionPolicy::Restrict;
    product.fields = {field("f40", "priceMinor", BsonType::Long)};
    p.entities.push_back(product);
    Field &linePrice = entityNamed(p, "LineItem").fields[2]; // priceMinor
    linePrice.details.edit().duplicatedFrom = "f40";
    linePrice.details.edit().duplication = price;
    linePrice.details.edit().duplicationOwner = "catalogue service";
    p.entities[0].fields.push_back(field("f41", "phone", BsonType::String, 12, 20));
    Field orderPhone = field("f42", "customerPhone", BsonType::String, 12, 20);
    orderPhone.details.edit().duplicatedFrom = "f41";
    orderPhone.details.edit().duplication = phone;
    orderPhone.details.edit().duplicationOwner = "customer service";
    entityNamed(p, "Order").fields.push_back(orderPhone);
    return p;
}

} // namespace

TEST_CASE("a synchronized copy inside records that are only inserted rewrites history", "[advisor][duplication]") {
    // The clean shop only inserts orders.
    Project p = shopWithCopies(Duplication::Synchronous, Duplication::Snapshot);
    const Advice advice = adviceFor(p);
    auto found = findingsOf(advice, rule::kHistoryRewritten);
    REQUIRE(found.size() == 1);
    CHECK(found[0]->target.id == "f9");
    CHECK(found[0]->severity == Severity::Warning);
    CHECK(found[0]->reason().find("An historical order should preserve what the customer bought") != std::string::npos);

    entityNamed(p, "LineItem").fields[2].details.edit().duplication = Duplication::Eventual;
    CHECK(findingsOf(adviceFor(p), rule::kHistoryRewritten).size() == 1);

    // A snapshot is what a history keeps.
    entityNamed(p, "LineItem").fields[2].details.edit().duplication = Duplication::Snapshot;
    CHECK_FALSE(has(adviceFor(p), rule::kHistoryRewritten));

    // Records the workload updates are not a history.
    p = shopWithCopies(Duplication::Synchronous, Duplication::Snapshot);
    AccessPattern status = writePattern("q9", "Update status", "e2", Operation::Update, 1);
    p.accessPatterns.push_back(status);
    CHECK_FALSE(has(adviceFor(p), rule::kHistoryRewritten));
}

TEST_CASE("a snapshot read by a pattern that needs current data", "[advisor][duplication]") {
    Project p = shopWithCopies(Duplication::Snapshot, Duplication::Snapshot);
    // Without a stated need for current data, a snapshot is what it says.
    CHECK_FALSE(has(adviceFor(p), rule::kSnapshotReadAsCurrent));

    p.accessPatterns[0].consistency = "current customer contact";
    const Advice advice = adviceFor(p);
    auto found = findingsOf(advice, rule::kSnapshotReadAsCurrent);
    REQUIRE(found.size() == 1);
    CHECK(found[0]->target.id == "f42");
    CHECK(found[0]->message().find("'Order page'") != std::string::npos);

    // An eventual copy lags as well.
    entityNamed(p, "Order").fields.back().details.edit().duplication = Duplication::Eventual;
    CHECK(findingsOf(adviceFor(p), rule::kSnapshotReadAsCurrent).size() == 1);

    // A synchronous copy is current.
    entityNamed(p, "Order").fields.back().details.edit().duplication = Duplication::Synchronous;
    CHECK_FALSE(has(adviceFor(p), rule::kSnapshotReadAsCurrent));

    // The need must concern the copy: current data the pattern names among
    // what it returns, or a source it mentions. The order page needs the
    // status current, not the line items' prices.
    entityNamed(p, "Order").fields.back().details.edit().duplication = Duplication::Snapshot;
    p.accessPatterns[0].consistency = "current order status";
    CHECK_FALSE(has(adviceFor(p), rule::kSnapshotReadAsCurrent));
    p.accessPatterns[0].fieldsReturned = {"status", "customerPhone"};
    CHECK(findingsOf(adviceFor(p), rule::kSnapshotReadAsCurrent).size() == 1);
    p.accessPatterns[0].consistency = "strong";
    CHECK_FALSE(has(adviceFor(p), rule::kSnapshotReadAsCurrent));
}
