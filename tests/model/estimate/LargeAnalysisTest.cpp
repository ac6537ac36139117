// A large model is analysed as its parts are alone: every collection of it
// exactly as it is alone in a small model, and the problems in collection
// order; derivation problems in root order. And an analysis is a plain value.
#include "estimate/Analysis.h"
#include "estimate/IndexEstimator.h"
#include "model/estimate/EstimateFixtures.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <utility>
#include <vector>

using namespace docshape;
using namespace docshape::test;

namespace {

// Collection i: its own sizes, an embedded array of items for every third,
// indexes (one with a key that is not a field, so a warning), and a name too
// long for the namespace limit for every fiftieth.
void addCollection(Project &p, int i) {
    const std::string n = std::to_string(i);
    Entity e = entity("e" + n, i % 50 == 7 ? std::string(300, 'x') + n : "coll" + n, 1000.0 * (i + 1));
    e.growthPerDay = i % 4;
    e.fields.push_back(stringField("f" + n + "a", "name", 5 + i % 37, 40 + i % 11));
    Field tags = arrayField("f" + n + "b", "tags", BsonType::String, 1 + i % 5, 10 + i % 3);
    tags.avgBytes = 4;
    tags.maxBytes = 12;
    tags.countGrowthPerDay = i % 6 == 0 ? 0.01 : 0; // some grow, and cross 100 KB on a computed day
    e.fields.push_back(tags);
    Field note = stringField("f" + n + "c", "note", 20, 200);
    note.required = false;
    note.presence = 0.1 + (i % 9) / 10.0;
    e.fields.push_back(note);
    p.entities.push_back(e);
    if (i % 3 == 0) {
        Entity item = entity("e" + n + "i", "Item" + n, 0);
        item.fields.push_back(stringField("f" + n + "d", "sku", 8, 12));
        item.fields.push_back(typedField("f" + n + "e", "qty", BsonType::Int));
        p.entities.push_back(item);
        Relationship r;
        r.id = "r" + n;
        r.parentId = e.id;
        r.childId = item.id;
        r.representation = Representation::EmbedArray;
        r.avgChildren = 2 + i % 7;
        r.maxChildren = 50;
        r.fieldName = "items";
        p.relationships.push_back(r);
        p.indexes.push_back(index("i" + n + "s", item.id, {{"items.sku", "1"}}));
    }
    p.indexes.push_back(index("i" + n + "a", e.id, {{"name", "1"}, {"tags", "-1"}}));
    if (i % 5 == 0)
        p.indexes.push_back(index("i" + n + "m", e.id, {{"missing", "1"}}));
}

void requireSame(const CollectionStat &a, const CollectionStat &b) {
    REQUIRE(a.name == b.name);
    CHECK(a.documents == b.documents);
    CHECK(a.documentsAfterGrowth == b.documentsAfterGrowth);
    CHECK(a.avgDocumentBytes == b.avgDocumentBytes);
    CHECK(a.maxDocumentBytes == b.maxDocumentBytes);
    CHECK(a.avgDocumentBytesAfterGrowth == b.avgDocumentBytesAfterGrowth);
    CHECK(a.daysToAvgTarget == b.daysToAvgTarget);
    CHECK(a.daysToMaxLimit == b.daysToMaxLimit);
    CHECK(a.depth == b.depth);
    REQUIRE(a.arrays.size() == b.arrays.size());
    for (std::size_t k = 0; k < a.arrays.size(); ++k) {
        CHECK(a.arrays[k].path == b.arrays[k].path);
        CHECK(a.arrays[k].avgCount == b.arrays[k].avgCount);
        CHECK(a.arrays[k].maxCount == b.arrays[k].maxCount);
    }
    REQUIRE(a.breakdown.size() == b.breakdown.size());
    for (std::size_t k = 0; k < a.breakdown.size(); ++k) {
        CHECK(a.breakdown[k].name == b.breakdown[k].name);
        CHECK(a.breakdown[k].variants == b.breakdown[k].variants);
        CHECK(a.breakdown[k].avgBytes == b.breakdown[k].avgBytes);
        CHECK(a.breakdown[k].maxBytes == b.breakdown[k].maxBytes);
    }
    REQUIRE(a.indexes.size() == b.indexes.size());
    for (std::size_t k = 0; k < a.indexes.size(); ++k) {
        CHECK(a.indexes[k].name == b.indexes[k].name);
        CHECK(a.indexes[k].entries == b.indexes[k].entries);
        CHECK(a.indexes[k].estimatedBytes == b.indexes[k].estimatedBytes);
        CHECK(a.indexes[k].multikey == b.indexes[k].multikey);
    }
}

// The analysis of `large`, collections 0..n-1 made by addCollection (and
// maybe more that touch none of them), must give each collection what it
// gets alone, and the problems in collection order.
void requireAsAlone(const Project &large, int kCollections) {
    const Analysis all = analyze(large);
    REQUIRE(all.collections.size() == static_cast<std::size_t>(kCollections));

    std::vector<Problem> expectedProblems;
    for (int i = 0; i < kCollections; ++i) {
        Project alone;
        alone.database = "shop";
        addCollection(alone, i);
        const Analysis one = analyze(alone);
        REQUIRE(one.collections.size() == 1);
        requireSame(all.collections[static_cast<std::size_t>(i)], one.collections[0]);
        expectedProblems.insert(expectedProblems.end(), one.problems.begin(), one.problems.end());
    }
    REQUIRE(all.problems.size() == expectedProblems.size());
    CHECK(all.problems.size() > 60); // missing keys and long namespaces, all over the model
    for (std::size_t k = 0; k < expectedProblems.size(); ++k) {
        CHECK(all.problems[k].where == expectedProblems[k].where);
        CHECK(all.problems[k].message == expectedProblems[k].message);
    }
}

} // namespace

TEST_CASE("A large model is analysed as each collection is alone", "[estimate]") {
    constexpr int kCollections = 300;
    Project large;
    large.database = "shop";
    for (int i = 0; i < kCollections; ++i)
        addCollection(large, i);
    requireAsAlone(large, kCollections);
}

// Statistics and shapes are owned values: a copy stays whole after the
// analysis it was copied from is replaced and gone, and its names (the
// breakdown's keys, made-up keys of the shapes) are its own.
TEST_CASE("A copy of an analysis is valid on its own", "[estimate]") {
    Project first, second;
    first.database = second.database = "shop";
    for (int i = 0; i < 300; ++i)
        addCollection(first, i);
    for (int i = 0; i < 200; ++i)
        addCollection(second, 1000 + i);
    const Analysis expected = analyze(first);
    auto a = std::make_unique<Analysis>(analyze(first));
    const Analysis copy = *a;
    *a = analyze(second);
    a.reset();
    REQUIRE(copy.collections.size() == expected.collections.size());
    for (std::size_t k = 0; k < copy.collections.size(); ++k)
        requireSame(copy.collections[k], expected.collections[k]);
    REQUIRE(copy.derived.collections.size() == expected.derived.collections.size());
    CHECK(copy.derived.collections[0].shape.fields.front().name == "_id"); // a made-up key
    CHECK(copy.collections[0].breakdown.front().name == "_id");
    Analysis assigned;
    assigned = copy;
    const Analysis moved = std::move(assigned);
    CHECK(moved.collections.size() == copy.collections.size());
}

// An entity stored in two collections has its indexes placed in the first
// collection that stores it, as IndexesByCollection places them, and the
// problems still come in collection order.
TEST_CASE("An entity stored in two collections keeps its indexes in the first, problems in order",
          "[estimate]") {
    Project p;
    p.database = "shop";
    Entity alpha = entity("a", "alpha", 100);
    alpha.fields.push_back(stringField("fa", "name", 8, 20));
    Entity beta = entity("b", "beta", 200);
    beta.fields.push_back(stringField("fb", "title", 8, 20));
    Entity gamma = entity("g", "gamma", 300);
    gamma.fields.push_back(stringField("fg", "code", 4, 8));
    Entity shared = entity("x", "Address", 0);
    shared.fields.push_back(stringField("fx", "city", 10, 30));
    p.entities = {alpha, beta, shared, gamma};
    for (const char *parent : {"a", "b"}) {
        Relationship r;
        r.id = std::string("r") + parent;
        r.parentId = parent;
        r.childId = "x";
        r.representation = Representation::EmbedOne;
        r.avgChildren = 1;
        r.fieldName = "address";
        p.relationships.push_back(r);
    }
    p.indexes.push_back(index("i1", "g", {{"nowhere", "1"}}));         // gamma: a problem
    p.indexes.push_back(index("i2", "x", {{"address.city", "1"}}));    // alpha, the first to store Address
    p.indexes.push_back(index("i3", "a", {{"name", "1"}}));            // alpha, after i2 in project order
    p.indexes.push_back(index("i4", "a", {{"missing", "1"}}));         // alpha: a problem
    p.indexes.push_back(index("i5", "b", {{"title", "1"}}));

    const Analysis a = analyze(p);
    REQUIRE(a.collections.size() == 3);
    const IndexesByCollection placed(p, a.derived);
    for (std::size_t i = 0; i < a.collections.size(); ++i) {
        const auto expected = placed.of(i);
        const auto &got = a.collections[i].indexes;
        REQUIRE(got.size() == expected.size() + 1); // and _id_ first
        CHECK(got.front().name == "_id_");
        for (std::size_t k = 0; k < expected.size(); ++k)
            CHECK(got[k + 1].id == expected[k]->id);
    }
    CHECK(a.collections[0].name == "alpha");
    REQUIRE(a.collections[0].indexes.size() == 4);
    CHECK(a.collections[0].indexes[1].id == "i2");
    CHECK(a.collections[0].indexes[1].entries == 100);
    CHECK(a.collections[0].indexes[2].id == "i3");
    CHECK(a.collections[1].indexes.size() == 2); // beta: _id_ and i5; Address's index stays in alpha
    REQUIRE(a.problems.size() == 2);
    CHECK(a.problems[0].where == "alpha index missing_1");
    CHECK(a.problems[1].where == "gamma index nowhere_1");
}

// Derivation problems come in root order. Only an embedding cycle gives one,
// which validation refuses, so this derives unvalidated models directly.
TEST_CASE("A large derivation reports its roots' problems in root order", "[estimate]") {
    auto addRoot = [](Project &p, int i, bool cyclic) {
        const std::string n = std::to_string(i);
        p.entities.push_back(entity("e" + n, "coll" + n, 10));
        if (!cyclic)
            return;
        // e embeds a, a embeds b, b embeds a: deriving e never ends on its own.
        p.entities.push_back(entity("a" + n, "A" + n, 0));
        p.entities.push_back(entity("b" + n, "B" + n, 0));
        for (auto [parent, child] : {std::pair{"e", "a"}, {"a", "b"}, {"b", "a"}}) {
            Relationship r;
            r.id = std::string("r") + parent + child + n;
            r.parentId = parent + n;
            r.childId = child + n;
            r.representation = Representation::EmbedOne;
            r.avgChildren = 1;
            p.relationships.push_back(r);
        }
    };
    const std::vector<int> cyclic = {3, 100, 170, 171, 290};
    Project large;
    for (int i = 0; i < 300; ++i)
        addRoot(large, i, std::find(cyclic.begin(), cyclic.end(), i) != cyclic.end());
    const Derived all = deriveCollections(large);
    REQUIRE(all.collections.size() == 300);

    std::vector<std::string> expected;
    for (int i : cyclic) {
        Project alone;
        addRoot(alone, i, true);
        const Derived one = deriveCollections(alone);
        REQUIRE(one.problems.size() == 1);
        expected.push_back(one.problems.front());
    }
    CHECK(all.problems == expected);
    CHECK(expected[2] != expected[3]); // each names its own entity
}
