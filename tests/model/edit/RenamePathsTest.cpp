// A field rename rewrites the dotted paths that name the field (MongoDB's
// dot notation, manual "Dot Notation": "<embedded document>.<field>") in
// every collection that stores it, and nothing else.
#include "support/ModelBuilders.h"

#include "derive/DeriveCollections.h"
#include "derive/ResolvedPath.h"
#include "edit/ModelLookup.h"
#include "edit/RenamePaths.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace docshape;
using namespace docshape::test;

namespace {

// users {email, name, profile {bio}, address {city}} with Address embedded
// as `address`; orders {total, customer {_id, name}} with an extended
// reference copying the user's name.
Project shop() {
    Project p;
    Entity user = entity("u", "User", 1000);
    user.fields.push_back(stringField("f-email", "email", 20, 100));
    user.fields.push_back(stringField("f-name", "name", 10, 50));
    Field profile = typedField("f-profile", "profile", BsonType::Object);
    profile.fields.push_back(stringField("f-bio", "bio", 100, 500));
    user.fields.push_back(profile);
    Entity address = entity("a", "Address", 1000);
    address.fields.push_back(stringField("f-city", "city", 10, 40));
    Entity order = entity("o", "Order", 5000);
    order.fields.push_back(typedField("f-total", "total", BsonType::Double));
    p.entities = {user, address, order};

    Relationship embed;
    embed.id = "r-address";
    embed.parentId = "u";
    embed.childId = "a";
    embed.cardinality = Cardinality::OneToOne;
    embed.representation = Representation::EmbedOne;
    embed.fieldName = "address";
    Relationship copy;
    copy.id = "r-customer";
    copy.parentId = "o";
    copy.childId = "u";
    copy.cardinality = Cardinality::OneToMany;
    copy.representation = Representation::ExtendedReference;
    copy.fieldName = "customer";
    copy.copiedFieldIds = {"f-name"};
    p.relationships = {embed, copy};

    AccessPattern byEmail = readPattern("q-email", "user by email", "u", Operation::FindMany, 10);
    byEmail.equality = {"email"};
    byEmail.sort = {{"name", 1}};
    byEmail.fieldsReturned = {"email", "address.city", "profile.bio"};
    AccessPattern byCity = readPattern("q-city", "addresses in a city", "a", Operation::FindMany, 1);
    byCity.equality = {"address.city"};
    AccessPattern ordersOf = readPattern("q-orders", "orders of a customer", "o", Operation::FindMany, 5);
    ordersOf.equality = {"customer.name"};
    ordersOf.range = {"total"};
    // Orders have no top-level `name`: this path names no field of the
    // user, whatever the user's fields are called.
    AccessPattern stray = readPattern("q-stray", "orders by name", "o", Operation::FindMany, 1);
    stray.equality = {"name"};
    p.accessPatterns = {byEmail, byCity, ordersOf, stray};

    IndexSpec emailIndex = index("i-email", "u", {{"email", "1"}}, true);
    emailIndex.partialFilter = R"({"email":{"$exists":true},"$or":[{"address.city":"Paris"},{"name":"x"}]})";
    IndexSpec cityIndex = index("i-city", "a", {{"address.city", "1"}, {"profile.bio", "text"}});
    IndexSpec customerIndex = index("i-customer", "o", {{"customer.name", "1"}, {"total", "-1"}});
    p.indexes = {emailIndex, cityIndex, customerIndex};
    return p;
}

const AccessPattern *pattern(const edit::RenamedPaths &r, std::string_view id) {
    auto it = std::find_if(r.accessPatterns.begin(), r.accessPatterns.end(), [&](auto &q) { return q.id == id; });
    return it == r.accessPatterns.end() ? nullptr : &*it;
}

const IndexSpec *indexOf(const edit::RenamedPaths &r, std::string_view id) {
    auto it = std::find_if(r.indexes.begin(), r.indexes.end(), [&](auto &i) { return i.id == id; });
    return it == r.indexes.end() ? nullptr : &*it;
}

// Applies the rename and its rewritten paths, as the studio's one undo step does.
Project applied(Project p, const edit::RenamedPaths &r, std::string_view fieldId, std::string newName) {
    edit::findField(p, fieldId)->name = std::move(newName);
    for (const auto &q : r.accessPatterns)
        *std::find_if(p.accessPatterns.begin(), p.accessPatterns.end(), [&](auto &x) { return x.id == q.id; }) = q;
    for (const auto &i : r.indexes)
        *std::find_if(p.indexes.begin(), p.indexes.end(), [&](auto &x) { return x.id == i.id; }) = i;
    return p;
}

bool resolves(const Derived &d, std::string_view entityId, std::string_view path) {
    const CollectionShape *c = collectionOf(d, entityId);
    return c && resolvePath(c->shape, path).has_value();
}

} // namespace

TEST_CASE("renaming a top-level field rewrites its own collection's paths and its copies elsewhere", "[edit][rename]") {
    const Project p = shop();
    const Derived d = deriveCollections(p);
    const auto r = edit::pathsAfterRename(p, d, "f-name", "fullName");

    const AccessPattern *byEmail = pattern(r, "q-email");
    REQUIRE(byEmail);
    CHECK(byEmail->sort == std::vector<SortKey>{{"fullName", 1}});
    CHECK(byEmail->equality == std::vector<std::string>{"email"});
    const AccessPattern *ordersOf = pattern(r, "q-orders");
    REQUIRE(ordersOf);
    CHECK(ordersOf->equality == std::vector<std::string>{"customer.fullName"});
    CHECK(ordersOf->range == std::vector<std::string>{"total"});
    // Not the user's field: untouched, and not listed.
    CHECK_FALSE(pattern(r, "q-stray"));
    CHECK_FALSE(pattern(r, "q-city"));

    const IndexSpec *customer = indexOf(r, "i-customer");
    REQUIRE(customer);
    CHECK(customer->keys == std::vector<IndexKey>{{"customer.fullName", "1"}, {"total", "-1"}});
    const IndexSpec *email = indexOf(r, "i-email");
    REQUIRE(email);
    CHECK(email->keys == std::vector<IndexKey>{{"email", "1"}});
    CHECK(email->partialFilter == R"({"email":{"$exists":true},"$or":[{"address.city":"Paris"},{"fullName":"x"}]})");
    CHECK_FALSE(indexOf(r, "i-city"));
}

TEST_CASE("renaming an embedded entity's field rewrites the path under its embedding key", "[edit][rename]") {
    const Project p = shop();
    const Derived d = deriveCollections(p);
    const auto r = edit::pathsAfterRename(p, d, "f-city", "town");
    REQUIRE(pattern(r, "q-email"));
    CHECK(pattern(r, "q-email")->fieldsReturned == std::vector<std::string>{"email", "address.town", "profile.bio"});
    REQUIRE(pattern(r, "q-city"));
    CHECK(pattern(r, "q-city")->equality == std::vector<std::string>{"address.town"});
    REQUIRE(indexOf(r, "i-city"));
    CHECK(indexOf(r, "i-city")->keys == std::vector<IndexKey>{{"address.town", "1"}, {"profile.bio", "text"}});
    REQUIRE(indexOf(r, "i-email"));
    CHECK(indexOf(r, "i-email")->partialFilter ==
          R"({"email":{"$exists":true},"$or":[{"address.town":"Paris"},{"name":"x"}]})");
    CHECK(r.accessPatterns.size() == 2);
    CHECK(r.indexes.size() == 2);
}

TEST_CASE("renaming an object field rewrites every path below it", "[edit][rename]") {
    const Project p = shop();
    const Derived d = deriveCollections(p);
    const auto r = edit::pathsAfterRename(p, d, "f-profile", "about");
    REQUIRE(pattern(r, "q-email"));
    CHECK(pattern(r, "q-email")->fieldsReturned == std::vector<std::string>{"email", "address.city", "about.bio"});
    REQUIRE(indexOf(r, "i-city"));
    CHECK(indexOf(r, "i-city")->keys == std::vector<IndexKey>{{"address.city", "1"}, {"about.bio", "text"}});
    // "profile.bio" is below the renamed key; a key that only starts with
    // the same letters is not.
    Project q = p;
    q.accessPatterns[0].fieldsReturned.push_back("profileX");
    const auto r2 = edit::pathsAfterRename(q, deriveCollections(q), "f-profile", "about");
    CHECK(pattern(r2, "q-email")->fieldsReturned.back() == "profileX");
}

TEST_CASE("after a rename with its rewritten paths, every path that resolved still resolves", "[edit][rename]") {
    const Project p = shop();
    for (const auto &[fieldId, newName] : std::vector<std::pair<std::string, std::string>>{
             {"f-email", "mail"}, {"f-name", "fullName"}, {"f-profile", "about"}, {"f-bio", "summary"},
             {"f-city", "town"}, {"f-total", "amount"}}) {
        INFO(fieldId << " -> " << newName);
        const Derived before = deriveCollections(p);
        const Project after = applied(p, edit::pathsAfterRename(p, before, fieldId, newName), fieldId, newName);
        const Derived derived = deriveCollections(after);
        for (std::size_t i = 0; i < p.accessPatterns.size(); ++i) {
            const AccessPattern &old = p.accessPatterns[i];
            const AccessPattern &now = after.accessPatterns[i];
            for (std::size_t k = 0; k < old.equality.size(); ++k)
                CHECK(resolves(before, old.entityId, old.equality[k]) ==
                      resolves(derived, now.entityId, now.equality[k]));
            for (std::size_t k = 0; k < old.fieldsReturned.size(); ++k)
                CHECK(resolves(before, old.entityId, old.fieldsReturned[k]) ==
                      resolves(derived, now.entityId, now.fieldsReturned[k]));
        }
        for (std::size_t i = 0; i < p.indexes.size(); ++i)
            for (std::size_t k = 0; k < p.indexes[i].keys.size(); ++k)
                CHECK(resolves(before, p.indexes[i].entityId, p.indexes[i].keys[k].path) ==
                      resolves(derived, after.indexes[i].entityId, after.indexes[i].keys[k].path));
    }
}

TEST_CASE("a rename that no path names changes nothing", "[edit][rename]") {
    const Project p = shop();
    const auto r = edit::pathsAfterRename(p, deriveCollections(p), "f-total", "total");
    CHECK(r.accessPatterns.empty());
    CHECK(r.indexes.empty());
    const auto none = edit::pathsAfterRename(p, deriveCollections(p), "no-such-field", "x");
    CHECK(none.accessPatterns.empty());
    CHECK(none.indexes.empty());
}
