// The advisor's memo (issue 16: the advice recomputed for what an edit
// touched): advise(project, analysis, memo, change) equals advise(project,
// analysis), the whole advice, after every edit of a random series on each
// bundled example (test::randomEdit): fields resized, renamed, added or
// made copies of another entity's field, a field 'id' beside _id, entities
// renamed or resized, relationship parameters, indexes changed, rekeyed or
// removed, access patterns refiltered, moved or made more frequent. Some
// edits are advised together, their changes added up, as the studio does
// while no panel shows advice. The oracle is the full advice of the edited
// project: every finding, in order, and every worksheet.
#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "io/ProjectFile.h"
#include "support/ModelBuilders.h"
#include "support/RandomEdits.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

using namespace docshape;

namespace {

void requireSame(const Advice &carried, const Advice &full) {
    REQUIRE(carried.findings.size() == full.findings.size());
    for (std::size_t i = 0; i < full.findings.size(); ++i) {
        INFO("finding " << i << ": " << full.findings[i].id << " " << full.findings[i].message());
        CHECK(carried.findings[i].id == full.findings[i].id);
        CHECK(carried.findings[i].target == full.findings[i].target);
        CHECK(carried.findings[i].message() == full.findings[i].message());
        CHECK(carried.findings[i] == full.findings[i]);
    }
    REQUIRE(carried.worksheets.size() == full.worksheets.size());
    for (std::size_t i = 0; i < full.worksheets.size(); ++i) {
        INFO("worksheet " << full.worksheets[i].collection);
        CHECK(carried.worksheets[i] == full.worksheets[i]);
    }
    // The relationships' advice and the rest: the JSON of the whole advice
    // says nothing differs.
    nlohmann::ordered_json a, b;
    appendAdvice(a, carried);
    appendAdvice(b, full);
    CHECK(a == b);
}

} // namespace

TEST_CASE("advice with a memo after edits equals the whole advice, over random edits of every example",
          "[advisor][memo]") {
    const std::vector<std::string> examples = test::examplePaths();
    REQUIRE(examples.size() >= 7);
    std::mt19937 rng(1616);
    int advised = 0, carriedOver = 0;
    for (const std::string &path : examples) {
        auto loaded = loadProject(path);
        REQUIRE(loaded.ok());
        Project p = std::move(*loaded);
        Analysis current = analyze(p);
        AdviceMemo memo;
        AnalysisChange pending;
        pending.everything = true; // the memo has seen nothing yet
        for (int round = 0; round < 80; ++round) {
            AnalysisChange change;
            std::string what;
            if (!test::randomAcceptedEdit(p, rng, change, what))
                continue;
            INFO(path << ", round " << round << ": " << what);
            current = reanalyze(p, std::move(current), change);
            pending.add(change);
            // One edit in three waits for the next: advised together.
            if (rng() % 3 == 0)
                continue;
            const Advice carried = advise(p, current, memo, pending);
            carriedOver += pending.everything ? 0 : 1;
            pending = {};
            requireSame(carried, advise(p, analyze(p)));
            ++advised;
        }
    }
    CHECK(advised > 300);
    CHECK(carriedOver > 250);
}

TEST_CASE("a memo carries over the units an edit did not touch", "[advisor][memo]") {
    auto loaded = loadProject(test::sourceDir() + "/resources/exercises/order-aggregate/start.docshape");
    REQUIRE(loaded.ok());
    Project p = std::move(*loaded);
    Analysis analysis = analyze(p);
    AdviceMemo memo;
    AnalysisChange everything;
    everything.everything = true;
    const Advice first = advise(p, analysis, memo, everything);
    requireSame(first, advise(p, analysis));
    const std::size_t units = memo.unitsChecked();
    CHECK(memo.unitsCarried() == 0);
    // Units: each entity's fields and stated sizes, each collection, each
    // access pattern's and index's paths, each access pattern's workload
    // rules, each index's use, each relationship's advice.
    CHECK(units == 2 * p.entities.size() + analysis.collections.size() + 2 * p.accessPatterns.size() +
                       2 * p.indexes.size() + p.relationships.size());

    // Nothing touched: everything carried over, the same advice.
    const Advice again = advise(p, analysis, memo, AnalysisChange{});
    CHECK(memo.unitsChecked() == 0);
    CHECK(memo.unitsCarried() == units);
    requireSame(again, first);

    // One field's size: its entity's two units and the collections that
    // store or name the entity (with their patterns' and indexes' paths)
    // are checked again; the rest is carried over.
    std::vector<test::FieldAt> fields = test::allFields(p);
    REQUIRE_FALSE(fields.empty());
    Field &f = *fields.front().field;
    f.presence = f.required ? 1 : f.presence / 2;
    f.required = false;
    AnalysisChange change;
    change.entities = {fields.front().entityId};
    analysis = reanalyze(p, std::move(analysis), change);
    const Advice edited = advise(p, analysis, memo, change);
    requireSame(edited, advise(p, analyze(p)));
    CHECK(memo.unitsChecked() >= 3);
    CHECK(memo.unitsCarried() > 0);
    CHECK(memo.unitsChecked() + memo.unitsCarried() == units);
}

TEST_CASE("a memo costs a pattern again when a collection it joins changes", "[advisor][memo]") {
    // Orders read with their products (alsoReads), without a reference
    // between them: an edit of Product touches no key of the orders, so
    // their collection is measured the same; the read's cost still changes,
    // as it reads product documents (AccessCostEstimator: bytes read of a
    // joined collection are its average document).
    Project p;
    p.name = "joins";
    Entity order = test::entity("e1", "Order", 1000);
    order.fields = {test::stringField("f1", "status", 8, 16)};
    Entity product = test::entity("e2", "Product", 100);
    product.fields = {test::stringField("f2", "title", 20, 200)};
    p.entities = {order, product};
    AccessPattern read = test::readPattern("q1", "orders with products", "e1", Operation::FindMany, 10);
    read.equality = {"status"};
    read.alsoReads = {"e2"};
    p.accessPatterns = {read};
    Analysis analysis = analyze(p);
    AdviceMemo memo;
    AnalysisChange everything;
    everything.everything = true;
    const Advice first = advise(p, analysis, memo, everything);

    p.entities[1].fields[0].avgBytes = 2000;
    AnalysisChange change;
    change.entities = {"e2"};
    analysis = reanalyze(p, std::move(analysis), change);
    const Advice edited = advise(p, analysis, memo, change);
    const Advice full = advise(p, analyze(p));
    REQUIRE(full.accessPatterns.size() == 1);
    REQUIRE(full.accessPatterns[0].bytesRead != first.accessPatterns[0].bytesRead);
    CHECK(edited.accessPatterns[0].bytesRead == full.accessPatterns[0].bytesRead);
    requireSame(edited, full);
}

TEST_CASE("a memo words an unused index again when a pattern elsewhere stops using it or joins its collection",
          "[advisor][memo]") {
    // Customers read with their orders: the orders hold customerId (a
    // reference from the child), so the join finds them by it and uses the
    // index on it (IndexUse: the inner side of a join). A pattern on
    // another collection decides whether the index serves anything, and
    // how many patterns the unused-index finding counts on its collection.
    Project p;
    p.name = "index use";
    Entity customer = test::entity("e1", "Customer", 1000);
    customer.fields = {test::stringField("f1", "name", 20, 100)};
    Entity order = test::entity("e2", "Order", 100000);
    order.fields = {test::stringField("f2", "status", 8, 16)};
    Entity product = test::entity("e3", "Product", 100);
    product.fields = {test::stringField("f3", "title", 20, 200)};
    p.entities = {customer, order, product};
    Relationship places = test::relationship("r1", "e1", "e2", Representation::ReferenceFromChild, 100);
    places.fieldName = "customerId";
    p.relationships = {places};
    p.indexes = {test::index("i1", "e2", {{"customerId", "1"}})};
    AccessPattern withOrders = test::readPattern("q1", "customer with orders", "e1", Operation::FindMany, 50);
    withOrders.equality = {"name"};
    withOrders.alsoReads = {"e2"};
    AccessPattern byStatus = test::readPattern("q2", "orders by status", "e2", Operation::FindMany, 5);
    byStatus.equality = {"status"};
    AccessPattern products = test::readPattern("q3", "products by title", "e3", Operation::FindMany, 5);
    products.equality = {"title"};
    p.accessPatterns = {withOrders, byStatus, products};
    Analysis analysis = analyze(p);
    AdviceMemo memo;
    AnalysisChange everything;
    everything.everything = true;
    const auto unusedIndex = [](const Advice &advice) -> const Finding * {
        for (const Finding &f : advice.findings)
            if (f.target.kind == "index" && f.target.id == "i1")
                return &f;
        return nullptr;
    };
    REQUIRE_FALSE(unusedIndex(advise(p, analysis, memo, everything)));

    SECTION("the join that used the index stops reading the orders") {
        p.accessPatterns[0].alsoReads.clear();
        AnalysisChange change;
        change.accessPatterns = {"q1"};
        const Advice edited = advise(p, analysis, memo, change);
        const Advice full = advise(p, analyze(p));
        REQUIRE(unusedIndex(full));
        requireSame(edited, full);

        SECTION("then a pattern on products moves onto the orders: two patterns, not one") {
            p.accessPatterns[2].entityId = "e2";
            p.accessPatterns[2].equality = {"status"};
            AnalysisChange moved;
            moved.accessPatterns = {"q3"}; // the advisor's alone: the analysis stands
            const Advice again = advise(p, analysis, memo, moved);
            const Advice fresh = advise(p, analyze(p));
            REQUIRE(unusedIndex(fresh));
            CHECK(unusedIndex(fresh)->message() != unusedIndex(full)->message());
            requireSame(again, fresh);
        }
    }
}

TEST_CASE("a memo advises a relationship again when its parent's documents change with another child",
          "[advisor][memo]") {
    // Orders embed their items and their address. An edit of Address
    // touches neither end of the order-items relationship and no pattern
    // reads them, but the order documents it weighs embedding against grow
    // (RelationshipAdvisor: the parent document at the bound).
    Project p;
    p.name = "siblings";
    Entity order = test::entity("e1", "Order", 1000);
    order.fields = {test::stringField("f1", "status", 8, 16)};
    Entity item = test::entity("e2", "LineItem", 5000);
    item.fields = {test::stringField("f2", "sku", 12, 24)};
    Entity address = test::entity("e3", "Address", 1000);
    address.fields = {test::stringField("f3", "street", 20, 80)};
    p.entities = {order, item, address};
    Relationship items = test::relationship("r1", "e1", "e2", Representation::EmbedArray, 5);
    items.fieldName = "items";
    items.maxChildren = 10;
    Relationship shipTo = test::relationship("r2", "e1", "e3", Representation::EmbedOne);
    shipTo.fieldName = "address";
    shipTo.cardinality = Cardinality::OneToOne;
    shipTo.maxChildren = 1;
    p.relationships = {items, shipTo};
    Analysis analysis = analyze(p);
    AdviceMemo memo;
    AnalysisChange everything;
    everything.everything = true;
    const Advice first = advise(p, analysis, memo, everything);

    p.entities[2].fields[0].avgBytes = 6000;
    p.entities[2].fields[0].maxBytes = 16000;
    AnalysisChange change;
    change.entities = {"e3"};
    analysis = reanalyze(p, std::move(analysis), change);
    const Advice edited = advise(p, analysis, memo, change);
    const Advice full = advise(p, analyze(p));
    REQUIRE(full.relationships.size() == 2);
    nlohmann::ordered_json before, after;
    appendAdvice(before, first);
    appendAdvice(after, full);
    REQUIRE(before["relationships"][0] != after["relationships"][0]); // the order-items advice changed
    requireSame(edited, full);
}
