#include "derive/DeriveCollections.h"
#include "estimate/BsonSize.h"
#include "util/Prng.h"
#include "sample/SampleGenerator.h"
#include "support/TestPaths.h"

#include "model/sample/SampleChecker.h"
#include "model/sample/SampleFixtures.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <map>
#include <regex>
#include <set>

using namespace docshape;
using docshape::test::SampleChecker;
using docshape::test::Violation;

namespace {

const CollectionShape &collectionNamed(const Derived &derived, const std::string &name) {
    for (const auto &c : derived.collections)
        if (c.name == name)
            return c;
    FAIL("no collection " << name);
    throw 0;
}

std::string describe(const std::vector<Violation> &vs) {
    std::string s;
    for (const auto &v : vs)
        s += v.rule + "@" + v.path + " ";
    return s;
}

std::string conflictsOf(const SampleGenerator &g) {
    std::string s;
    for (const auto &c : g.conflicts())
        s += c.path + ": " + c.message + "\n";
    return s;
}

// The value at a dotted path ("items.2.sku"), or false.
bool valueAt(const std::vector<std::uint8_t> &bytes, const std::string &path, bson_iter_t &out) {
    bson_t doc = test::bsonView(bytes);
    bson_iter_t it;
    return bson_iter_init(&it, &doc) && bson_iter_find_descendant(&it, path.c_str(), &out);
}

const std::vector<std::string> kBounded = {"customers", "orders", "everything"};

} // namespace

TEST_CASE("max-shape samples are exactly the maximum document size", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    for (const auto &name : kBounded) {
        const CollectionShape &c = collectionNamed(derived, name);
        const auto max = maxObjectBytes(c.shape);
        REQUIRE(max.has_value());
        SampleGenerator g(c, 7);
        for (int i = 0; i < 20; ++i) {
            auto doc = g.next(SampleShape::Max);
            REQUIRE(doc.ok());
            INFO(name << ": " << doc->canonicalJson());
            CHECK(doc->size() == *max);
            // Through canonical Extended JSON and back: the same bytes.
            bson_error_t error;
            const std::string json = doc->canonicalJson();
            bson_t *parsed = bson_new_from_json(reinterpret_cast<const std::uint8_t *>(json.data()),
                                                static_cast<ssize_t>(json.size()), &error);
            REQUIRE(parsed);
            CHECK(parsed->len == *max);
            CHECK(std::equal(doc->bson.begin(), doc->bson.end(), bson_get_data(parsed)));
            bson_destroy(parsed);
        }
        INFO(conflictsOf(g));
        CHECK(g.conflicts().empty());
    }
}

TEST_CASE("the mean size of typical samples is the average estimate", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    for (const auto &name : {"customers", "orders", "everything", "feeds"}) {
        const CollectionShape &c = collectionNamed(derived, name);
        SampleGenerator g(c, 11);
        double total = 0;
        const int n = 2000;
        for (int i = 0; i < n; ++i) {
            auto doc = g.next(SampleShape::Typical);
            REQUIRE(doc.ok());
            total += static_cast<double>(doc->size());
        }
        const double mean = total / n;
        const double estimate = averageObjectBytes(c.shape);
        INFO(name << ": mean " << mean << " estimate " << estimate);
        CHECK(std::abs(mean - estimate) / estimate < 0.02);
        INFO(conflictsOf(g));
        CHECK(g.conflicts().empty());
    }
}

TEST_CASE("count and length draws keep the mean the model states", "[sample]") {
    // Expected values are exact, so a large sample is close.
    Prng rng(5);
    for (auto [mean, lo, hi] : {std::tuple{2.5, 0.0, 12.0}, {10.5, 0.0, 11.0}, {1.2, 1.0, 3.0}, {30.0, 0.0, INFINITY},
                                {7.0, 7.0, 7.0}}) {
        double sum = 0;
        std::uint64_t least = UINT64_MAX, most = 0;
        const int n = 200000;
        for (int i = 0; i < n; ++i) {
            const auto x = rng.aroundMean(mean, lo, hi);
            sum += static_cast<double>(x);
            least = std::min(least, x);
            most = std::max(most, x);
        }
        INFO("mean " << mean << " in [" << lo << ", " << hi << "]");
        CHECK(sum / n == Approx(mean).epsilon(0.01));
        CHECK(static_cast<double>(least) >= lo);
        CHECK(static_cast<double>(most) <= hi);
    }
}

TEST_CASE("samples honour the model's constraints", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    for (const auto &name : kBounded) {
        const CollectionShape &c = collectionNamed(derived, name);
        SampleChecker checker(c.shape);
        SampleGenerator g(c, 3);
        for (auto shape : {SampleShape::Typical, SampleShape::Max}) {
            for (int i = 0; i < (shape == SampleShape::Typical ? 1000 : 50); ++i) {
                auto doc = g.next(shape);
                REQUIRE(doc.ok());
                const auto violations = checker.check(doc->bson);
                INFO(name << " " << toString(shape) << ": " << doc->canonicalJson());
                REQUIRE(describe(violations) == "");
            }
        }
    }
}

TEST_CASE("typical samples draw presence, nulls, variants and enum values from the model", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    SampleGenerator g(collectionNamed(derived, "orders"), 99);
    const int n = 4000;
    int notesPresent = 0, notesNull = 0, shipping = 0, online = 0;
    std::map<std::string, int> statuses;
    std::set<std::int32_t> quantities;
    for (int i = 0; i < n; ++i) {
        auto doc = g.next(SampleShape::Typical);
        REQUIRE(doc.ok());
        bson_iter_t it;
        if (valueAt(doc->bson, "notes", it)) {
            ++notesPresent;
            notesNull += BSON_ITER_HOLDS_NULL(&it) ? 1 : 0;
        }
        shipping += valueAt(doc->bson, "shipping", it) ? 1 : 0;
        REQUIRE(valueAt(doc->bson, "kind", it));
        const std::string kind = bson_iter_utf8(&it, nullptr);
        online += kind == "online" ? 1 : 0;
        CHECK(valueAt(doc->bson, kind == "online" ? "ip" : "storeId", it));
        CHECK_FALSE(valueAt(doc->bson, kind == "online" ? "storeId" : "ip", it));
        REQUIRE(valueAt(doc->bson, "status", it));
        ++statuses[bson_iter_utf8(&it, nullptr)];
        REQUIRE(valueAt(doc->bson, "quantity", it));
        quantities.insert(bson_iter_int32(&it));
        REQUIRE(valueAt(doc->bson, "customerId", it));
        CHECK(BSON_ITER_HOLDS_OID(&it));
    }
    CHECK(notesPresent / double(n) == Approx(0.3).margin(0.03));
    CHECK(notesNull / double(notesPresent) == Approx(0.5).margin(0.05));
    CHECK(shipping / double(n) == Approx(0.9).margin(0.03));
    CHECK(online / double(n) == Approx(0.7).margin(0.03));
    // avgBytes 5.5 of {3, 4, 7, 9}: every value appears, short ones favoured.
    CHECK(statuses.size() == 4);
    double length = 0;
    for (auto &[s, k] : statuses)
        length += static_cast<double>(s.size()) * k;
    CHECK(length / n == Approx(5.5).margin(0.1));
    CHECK(quantities.size() == 10);
}

TEST_CASE("max shape: enum values of the maximum length, distinct when uniqueItems", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    SampleGenerator g(collectionNamed(derived, "orders"), 1);
    for (int i = 0; i < 20; ++i) {
        auto doc = g.next(SampleShape::Max);
        REQUIRE(doc.ok());
        bson_iter_t it;
        REQUIRE(valueAt(doc->bson, "status", it));
        CHECK(std::string(bson_iter_utf8(&it, nullptr)) == "cancelled");
        REQUIRE(valueAt(doc->bson, "flags.0", it));
        const std::string first = bson_iter_utf8(&it, nullptr);
        REQUIRE(valueAt(doc->bson, "flags.1", it));
        const std::string second = bson_iter_utf8(&it, nullptr);
        CHECK(first.size() == 7);
        CHECK(second.size() == 7);
        CHECK(first != second);
        REQUIRE(valueAt(doc->bson, "items.49.sku", it));
        CHECK_FALSE(valueAt(doc->bson, "items.50", it));
        // The larger variant: online is ip 1+2+1+20 + kind "online" 17 = 41;
        // store is storeId 1+7+1+4 + register 1+8+1+8 + kind "store" 16 = 47.
        REQUIRE(valueAt(doc->bson, "kind", it));
        CHECK(std::string(bson_iter_utf8(&it, nullptr)) == "store");
    }
}

TEST_CASE("the same seed gives the same samples, another seed others", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    const CollectionShape &orders = collectionNamed(derived, "orders");
    auto run = [&](std::uint64_t seed, SampleShape shape) {
        SampleGenerator g(orders, seed);
        std::vector<std::vector<std::uint8_t>> docs;
        for (int i = 0; i < 50; ++i)
            docs.push_back(g.next(shape)->bson);
        return docs;
    };
    for (auto shape : {SampleShape::Typical, SampleShape::Max}) {
        CHECK(run(42, shape) == run(42, shape));
        CHECK(run(42, shape) != run(43, shape));
    }
    // Pinned: a change here changes every user's samples for a given seed.
    SampleGenerator g(collectionNamed(derived, "customers"), 1);
    const std::string first = g.next(SampleShape::Max)->canonicalJson();
    CHECK(first.find("\"$oid\"") != std::string::npos);
    SampleGenerator again(collectionNamed(derived, "customers"), 1);
    CHECK(again.next(SampleShape::Max)->canonicalJson() == first);
}

TEST_CASE("an unbounded array has no max shape", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    SampleGenerator g(collectionNamed(derived, "feeds"), 1);
    CHECK(g.unbounded() == std::vector<std::string>{"events"});
    auto doc = g.next(SampleShape::Max);
    REQUIRE_FALSE(doc.ok());
    CHECK(doc.error().where == "feeds");
    CHECK_THAT(doc.error().message, Catch::Contains("'events'") && Catch::Contains("no bound"));
    CHECK(g.next(SampleShape::Typical).ok());

    SampleGenerator bounded(collectionNamed(derived, "orders"), 1);
    CHECK(bounded.unbounded().empty());
}

TEST_CASE("broken samples break exactly the named rule, at the reported path", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    for (auto rule : {BreakRule::MissingRequired, BreakRule::WrongType, BreakRule::ArrayOverBound,
                      BreakRule::OutsideEnum}) {
        for (const auto &name : kBounded) {
            const CollectionShape &c = collectionNamed(derived, name);
            SampleGenerator g(c, 17);
            SampleChecker checker(c.shape);
            const auto breakable = g.breakablePaths(rule);
            std::set<std::string> hit;
            for (int i = 0; i < 300; ++i) {
                auto doc = g.nextBroken(rule);
                if (breakable.empty()) {
                    REQUIRE_FALSE(doc.ok());
                    CHECK_THAT(doc.error().message, Catch::Contains(std::string(toString(rule))));
                    break;
                }
                REQUIRE(doc.ok());
                REQUIRE(doc->broken == rule);
                INFO(name << " " << toString(rule) << ": " << doc->canonicalJson());
                const auto violations = checker.check(doc->bson);
                REQUIRE(describe(violations) == std::string(toString(rule)) + "@" + doc->brokenPath + " ");
                hit.insert(std::regex_replace(doc->brokenPath, std::regex("\\.[0-9]+"), ""));
            }
            // Every breakable path is reached eventually.
            INFO(name << " " << toString(rule));
            CHECK(hit == std::set<std::string>(breakable.begin(), breakable.end()));
        }
    }
}

TEST_CASE("broken samples: what each rule reaches in the fixture", "[sample]") {
    const Project project = test::sampleProject();
    const Derived derived = deriveCollections(project);
    SampleGenerator g(collectionNamed(derived, "orders"), 1);
    auto has = [](const std::vector<std::string> &v, const std::string &s) {
        return std::find(v.begin(), v.end(), s) != v.end();
    };
    const auto missing = g.breakablePaths(BreakRule::MissingRequired);
    CHECK(has(missing, "items.sku"));
    CHECK(has(missing, "shipping.zip"));
    CHECK(has(missing, "ip")); // a variant's field
    CHECK_FALSE(has(missing, "_id"));
    CHECK_FALSE(has(missing, "kind"));
    CHECK_FALSE(has(missing, "notes"));
    CHECK(g.breakablePaths(BreakRule::ArrayOverBound) ==
          std::vector<std::string>{"tags", "flags", "items", "items.options"});
    CHECK(g.breakablePaths(BreakRule::OutsideEnum) == std::vector<std::string>{"status", "kind", "flags", "priority"});

    SampleGenerator feeds(collectionNamed(derived, "feeds"), 1);
    auto none = feeds.nextBroken(BreakRule::OutsideEnum);
    REQUIRE_FALSE(none.ok());
    CHECK_THAT(none.error().message, Catch::Contains("no field with an enum"));

    // Over the bound: exactly one element more than maxCount.
    for (int i = 0; i < 20; ++i) {
        auto doc = g.nextBroken(BreakRule::ArrayOverBound);
        REQUIRE(doc.ok());
        bson_iter_t it, el;
        REQUIRE(valueAt(doc->bson, doc->brokenPath, it));
        REQUIRE(bson_iter_recurse(&it, &el));
        std::uint64_t count = 0;
        while (bson_iter_next(&el))
            ++count;
        const std::map<std::string, std::uint64_t> bound = {{"tags", 12}, {"flags", 2}, {"items", 50}};
        const std::string base = std::regex_replace(doc->brokenPath, std::regex("\\.[0-9]+"), "");
        CHECK(count == (base == "items.options" ? 3u : bound.at(base)) + 1);
    }
}

TEST_CASE("an embedded array in some orders: typical samples hold it in that share, with the children it has there",
          "[sample][presence]") {
    Project project = test::sampleProject();
    Relationship &items = project.relationships[1];
    REQUIRE(items.representation == Representation::EmbedArray);
    items.presence = 0.25; // 4.5 items an order over all: 18 in each order that has the array
    const Derived derived = deriveCollections(project);
    const CollectionShape &orders = collectionNamed(derived, "orders");
    SampleGenerator g(orders, 5);
    const int n = 4000;
    int held = 0;
    double elements = 0, bytes = 0;
    for (int i = 0; i < n; ++i) {
        auto doc = g.next(SampleShape::Typical);
        REQUIRE(doc.ok());
        bytes += static_cast<double>(doc->size());
        bson_iter_t it, array;
        if (!valueAt(doc->bson, "items", it))
            continue;
        ++held;
        REQUIRE(BSON_ITER_HOLDS_ARRAY(&it));
        REQUIRE(bson_iter_recurse(&it, &array));
        while (bson_iter_next(&array))
            ++elements;
    }
    CHECK(held / double(n) == Approx(0.25).margin(0.03));
    CHECK(elements / n == Approx(4.5).margin(0.3));
    CHECK(bytes / n == Approx(averageObjectBytes(orders.shape)).epsilon(0.02));
    // The largest sample holds it, at its bound.
    auto max = g.next(SampleShape::Max);
    REQUIRE(max.ok());
    bson_iter_t it;
    CHECK(valueAt(max->bson, "items", it));
    INFO(conflictsOf(g));
    CHECK(g.conflicts().empty());
}
