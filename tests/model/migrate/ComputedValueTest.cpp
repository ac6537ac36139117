// A computed field's computedFrom read as an aggregation expression over its
// document (issue 20: "computed fields" among a migration's rewrites; seed
// lesson-135, "Computed pattern"). What the expressions compute is checked
// by mingo over migrated sample documents (ctest -R migrate_js_computed);
// here: which texts are read, and what a text that is not read is told.
#include "estimate/Analysis.h"
#include "migrate/ComputedValue.h"
#include "support/MigrateCases.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::test;
using Catch::Contains;

namespace {

// The v2 orders of the computed-fields case: orderNumber (string),
// shippingPaise (long), totals {subtotalPaise, taxPaise, totalPaise} (long),
// discountPaise (long), items [{sku (string), pricePaise, quantity (int)}].
struct Orders {
    Project project = loadMigrateCase("computed-fields/new.docshape");
    Analysis analysis = analyze(project);
    ShapeMap map{analysis.derived.collections.at(0)};
};

std::string refusal(const Orders &o, const std::string &text, BsonType type = BsonType::Long) {
    auto v = computedValue(text, o.map, type);
    INFO(text);
    REQUIRE_FALSE(v.ok());
    return v.error().message;
}

} // namespace

TEST_CASE("computedFrom forms a migration computes inside the document", "[migrate][computed]") {
    const Orders o;
    REQUIRE(o.analysis.derived.collections.at(0).name == "orders");

    auto sum = computedValue("sum of items.pricePaise * items.quantity", o.map, BsonType::Long);
    REQUIRE(sum.ok());
    CHECK(sum->inputs == std::vector<std::string>{"items.pricePaise", "items.quantity"});
    // The result in the field's type; each element's product, summed.
    const auto &convert = sum->expression.at("$convert");
    CHECK(convert.at("to") == "long");
    const auto &map = convert.at("input").at("$sum").at("$map");
    CHECK(map.at("in") == nlohmann::ordered_json::parse(R"({"$multiply": ["$$e.pricePaise", "$$e.quantity"]})"));

    auto arithmetic = computedValue("TOTALS.subtotalPaise", o.map, BsonType::Long);
    CHECK_FALSE(arithmetic.ok()); // paths are case-sensitive, as keys are
    auto total = computedValue("(totals.subtotalPaise + shippingPaise) - discountPaise * 2", o.map, BsonType::Long);
    REQUIRE(total.ok());
    CHECK(total->inputs == std::vector<std::string>{"totals.subtotalPaise", "shippingPaise", "discountPaise"});

    auto count = computedValue("Number of items", o.map, BsonType::Int);
    REQUIRE(count.ok());
    CHECK(count->expression.at("$convert").at("input").contains("$size"));
    CHECK(count->expression.at("$convert").at("to") == "int");

    // One key into a field of its type: a copy, not converted.
    auto copy = computedValue("orderNumber", o.map, BsonType::String);
    REQUIRE(copy.ok());
    CHECK(copy->expression == "$orderNumber");
}

TEST_CASE("a computedFrom a migration cannot compute says why", "[migrate][computed]") {
    const Orders o;
    // Another collection's documents, or a rule in words: the first word
    // that is not a key of the document is named.
    CHECK_THAT(refusal(o, "count of reviews with this orderId"), Contains("'reviews' is not a key of the document"));
    CHECK_THAT(refusal(o, "tax rules applied to the subtotal at checkout"), Contains("'tax' is not a key"));
    CHECK_THAT(refusal(o, "median of items.pricePaise"), Contains("'median of' is not one of sum, average, min, max or count"));
    CHECK_THAT(refusal(o, "shippingPaise taxPaise"), Contains("'taxPaise' after the expression"));
    CHECK_THAT(refusal(o, "(shippingPaise + 1"), Contains("a '(' is not closed"));
    CHECK_THAT(refusal(o, "shippingPaise +"), Contains("ends where a key or a number is expected"));
    CHECK_THAT(refusal(o, "   "), Contains("states nothing"));
    // Arrays: combined only by an aggregate, only one array, only one level.
    CHECK_THAT(refusal(o, "items.pricePaise * 2"), Contains("'items.pricePaise' is inside an array: say 'sum of'"));
    CHECK_THAT(refusal(o, "sum of items"), Contains("'items' holds subdocuments: name the key of its elements"));
    CHECK_THAT(refusal(o, "sum of shippingPaise"), Contains("no key of it is in an array"));
    CHECK_THAT(refusal(o, "count of shippingPaise"), Contains("'count of' takes one array"));
    // Numbers only in arithmetic, and a number only into a numeric field.
    CHECK_THAT(refusal(o, "shippingPaise + orderNumber"), Contains("'orderNumber' is not a number"));
    CHECK_THAT(refusal(o, "average of items.sku"), Contains("'items.sku' is not a number"));
    CHECK_THAT(refusal(o, "shippingPaise + 1", BsonType::String), Contains("computes a number, and the field is a string"));
    CHECK_THAT(refusal(o, "orderNumber", BsonType::Long), Contains("'orderNumber' is a string, the field a long"));
}
