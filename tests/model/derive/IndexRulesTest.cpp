#include "derive/DeriveCollections.h"
#include "derive/IndexRules.h"
#include "support/ModelBuilders.h"

#include <catch2/catch.hpp>

#include <string>

// Index specifications the MongoDB server refuses, with its words. Sources
// (mongodb/mongo): src/mongo/db/catalog/index_catalog_impl.cpp _isSpecOk
// and _checkValidFilterExpressions; src/mongo/db/index/
// expression_keys_private.cpp getHashKeys (16766); hash_access_method.cpp
// (16764); btree_key_generator.cpp (parallel arrays); the manual's Partial
// Indexes page for the filter expressions and TTL Indexes for compound TTL.
using namespace docshape;
using namespace docshape::test;

namespace {

// users {_id, email, tags: [string], lines: [{sku, promo}], deletedAt?}
Project usersProject() {
    Project p;
    Entity e = entity("e1", "users", 1000);
    e.fields.push_back(stringField("f1", "email", 20, 60));
    Field tags = arrayField("f2", "tags", BsonType::String, 3, 10);
    tags.avgBytes = 5;
    tags.maxBytes = 10;
    e.fields.push_back(tags);
    Field lines = arrayField("f3", "lines", BsonType::Object, 2, 5);
    lines.fields = {typedField("f4", "sku", BsonType::Int), typedField("f5", "qty", BsonType::Int)};
    e.fields.push_back(lines);
    Field deleted = typedField("f6", "deletedAt", BsonType::Date);
    deleted.required = false;
    deleted.presence = 0.1;
    e.fields.push_back(deleted);
    p.entities.push_back(e);
    return p;
}

std::vector<IndexRuleFinding> rulesFor(IndexSpec spec) {
    static const Project project = usersProject();
    static const Derived derived = deriveCollections(project);
    return serverIndexRules(spec, derived.collections.front().shape);
}

IndexSpec keys(std::vector<IndexKey> k) { return index("i1", "e1", std::move(k)); }

std::string only(const std::vector<IndexRuleFinding> &found) {
    REQUIRE(found.size() == 1);
    CHECK(found[0].error);
    return found[0].message;
}

} // namespace

TEST_CASE("a hashed key over an array path is refused", "[derive][index][server]") {
    // getHashKeys: uassert(16766, "Error: hashed indexes do not currently
    // support array values").
    CHECK_THAT(only(rulesFor(keys({{"tags", "hashed"}}))),
               Catch::StartsWith("hashed indexes do not currently support array values"));
    CHECK_THAT(only(rulesFor(keys({{"lines.sku", "hashed"}}))),
               Catch::Contains("support array values ('lines.sku' crosses the array 'lines')"));
    CHECK(rulesFor(keys({{"email", "hashed"}})).empty());
}

TEST_CASE("unique with a hashed key is refused", "[derive][index][server]") {
    // hash_access_method.cpp: uassert(16764, "Currently hashed indexes
    // cannot guarantee uniqueness. Use a regular index.", !unique).
    IndexSpec spec = keys({{"email", "hashed"}});
    spec.unique = true;
    CHECK(only(rulesFor(spec)) == "Currently hashed indexes cannot guarantee uniqueness. Use a regular index.");
}

TEST_CASE("sparse with a partial filter is refused", "[derive][index][server]") {
    // _isSpecOk: "cannot mix \"partialFilterExpression\" and \"sparse\" options".
    IndexSpec spec = keys({{"email", "1"}});
    spec.sparse = true;
    spec.partialFilter = R"({"deletedAt":null})";
    CHECK(only(rulesFor(spec)) == "cannot mix \"partialFilterExpression\" and \"sparse\" options");
}

TEST_CASE("partial filters: the manual's expressions pass, negations do not", "[derive][index][server]") {
    // Manual, Partial Indexes: equality, $exists: true, $gt, $gte, $lt,
    // $lte, $type, $in, and $and / $or at the top level.
    for (const char *accepted :
         {R"({"deletedAt":null})", R"({"email":"a@b.c"})", R"({"qty":{"$gt":5}})",
          R"({"email":{"$exists":true}})", R"({"email":{"$type":"string"}})", R"({"qty":{"$in":[1,2]}})",
          R"({"$and":[{"qty":{"$gte":1}},{"email":{"$exists":true}}]})", R"({"$or":[{"qty":1},{"qty":2}]})",
          R"({"deletedAt":{"$lt":{"$date":{"$numberLong":"0"}}}})", R"({"qty":{"$eq":3}})"}) {
        INFO(accepted);
        CHECK_FALSE(partialFilterRefusal(accepted));
    }
    // _checkValidFilterExpressions: "Expression not supported in partial
    // index: $not ..." ($exists: false, $ne and $nin parse as negations).
    for (const char *negation : {R"({"deletedAt":{"$exists":false}})", R"({"qty":{"$ne":1}})",
                                 R"({"qty":{"$nin":[1]}})", R"({"qty":{"$not":{"$gt":1}}})"}) {
        INFO(negation);
        const auto refused = partialFilterRefusal(negation);
        REQUIRE(refused);
        CHECK_THAT(*refused, Catch::StartsWith("Expression not supported in partial index: $not"));
    }
    CHECK(partialFilterRefusal(R"({"$and":[{"$or":[{"qty":1},{"qty":2}]}]})") ==
          "Expression not supported in partial index: $or below the top level");
    CHECK(partialFilterRefusal(R"({"$or":[{"$and":[{"qty":1}]}]})") ==
          "$and only supported in partialFilterExpression at top level");
    CHECK_THAT(*partialFilterRefusal(R"({"$nor":[{"qty":1}]})"),
               Catch::StartsWith("Expression not supported in partial index: $nor"));
    CHECK_THAT(*partialFilterRefusal(R"({"email":{"$regex":"^a"}})"),
               Catch::StartsWith("Expression not supported in partial index: $regex"));
    // Through the index check, with the index's other rules.
    IndexSpec spec = keys({{"email", "1"}});
    spec.unique = true;
    spec.partialFilter = R"({"deletedAt":{"$exists":false}})";
    CHECK_THAT(only(rulesFor(spec)), Catch::StartsWith("Expression not supported in partial index: $not"));
}

TEST_CASE("a collation on a text index is refused", "[derive][index][server]") {
    // _isSpecOk: "Index type '" << pluginName << "' does not support
    // collation: " (only btree, 2dsphere, hashed and wildcard take one).
    IndexSpec spec = keys({{"email", "text"}});
    spec.collation = Collation{"fr", 2};
    CHECK_THAT(only(rulesFor(spec)), Catch::StartsWith("Index type 'text' does not support collation"));
    spec.keys = {{"email", "1"}};
    CHECK(rulesFor(spec).empty());
}

TEST_CASE("expireAfterSeconds on a compound index is a warning", "[derive][index][server]") {
    // Manual, TTL Indexes: "TTL indexes are single-field indexes. Compound
    // indexes do not support TTL and ignore the expireAfterSeconds option."
    IndexSpec spec = keys({{"deletedAt", "1"}, {"email", "1"}});
    spec.expireAfterSeconds = 3600;
    const auto found = rulesFor(spec);
    REQUIRE(found.size() == 1);
    CHECK_FALSE(found[0].error);
    CHECK_THAT(found[0].message, Catch::Contains("ignored"));
    spec.keys.pop_back();
    CHECK(rulesFor(spec).empty());
}

TEST_CASE("two arrays side by side are parallel", "[derive][index][server]") {
    // btree_key_generator.cpp: "cannot index parallel arrays [" << second
    // << "] [" << first << "]".
    CHECK(only(rulesFor(keys({{"tags", "1"}, {"lines.sku", "1"}}))) == "cannot index parallel arrays [lines] [tags]");
    CHECK(rulesFor(keys({{"lines.sku", "1"}, {"lines.qty", "1"}})).empty());
}

TEST_CASE("_id as an array or a regex is refused", "[derive][server]") {
    // src/mongo/db/ops/insert.cpp fixDocumentForInsert: "can't use a regex
    // for _id"; storage_validation.cpp: "can't use an array for _id".
    Project p = usersProject();
    Field id = typedField("f0", "_id", BsonType::Array);
    id.elementType = BsonType::Int;
    id.maxCount = 3;
    p.entities[0].fields.insert(p.entities[0].fields.begin(), id);
    const Derived arrayId = deriveCollections(p);
    CHECK(idTypeRefusal(arrayId.collections.front().shape) == "can't use an array for _id");
    p.entities[0].fields.front().type = BsonType::Regex;
    const Derived regexId = deriveCollections(p);
    CHECK(idTypeRefusal(regexId.collections.front().shape) == "can't use a regex for _id");
    const Derived plain = deriveCollections(usersProject());
    CHECK_FALSE(idTypeRefusal(plain.collections.front().shape));
}
