#include "derive/DeriveCollections.h"
#include "export/ValidatorExporter.h"
#include "model/export/ExportTestSupport.h"

#include <catch2/catch.hpp>

#include <set>

using namespace docshape;
using docshape::test::propertyAt;
using docshape::test::richProject;
using docshape::test::walkSchema;
using nlohmann::ordered_json;

namespace {

const CollectionShape &collection(const Derived &d, const std::string &name) {
    for (const auto &c : d.collections)
        if (c.name == name)
            return c;
    FAIL("no collection " << name);
    throw std::logic_error("unreachable");
}

ordered_json validator(const Project &p, const std::string &name) {
    const Derived d = deriveCollections(p);
    auto v = validatorFor(p, collection(d, name));
    INFO((v ? std::string() : v.error().toString()));
    REQUIRE(v.ok());
    return *v;
}

ordered_json j(const char *text) { return ordered_json::parse(text); }

// The keywords MongoDB's $jsonSchema implements (draft 4 without $ref,
// $schema, default, definitions, format, id; plus bsonType).
const std::set<std::string> kServerKeywords = {
    "additionalItems", "additionalProperties", "allOf",       "anyOf",     "bsonType",
    "dependencies",    "description",          "enum",        "exclusiveMaximum",
    "exclusiveMinimum", "items",               "maxItems",    "maxLength", "maxProperties",
    "maximum",         "minItems",             "minLength",   "minProperties",
    "minimum",         "multipleOf",           "not",         "oneOf",     "pattern",
    "patternProperties", "properties",         "required",    "title",     "type",
    "uniqueItems",
};

} // namespace

TEST_CASE("validators use only server keywords, bsonType and never type", "[export][validator]") {
    const Project p = richProject();
    const Derived d = deriveCollections(p);
    REQUIRE(d.collections.size() == 6);
    for (const auto &c : d.collections) {
        auto v = validatorFor(p, c);
        REQUIRE(v.ok());
        std::size_t keywords = 0;
        walkSchema(*v, [&](const std::string &key, const ordered_json &schema, bool inBranch) {
            ++keywords;
            INFO(c.name << ": keyword " << key);
            CHECK(kServerKeywords.count(key) == 1);
            CHECK(key != "type");
            for (const char *refused : {"$ref", "$schema", "default", "definitions", "format", "id"})
                CHECK(key != refused);
            // Outside oneOf branches every schema names its BSON type.
            if (!inBranch)
                CHECK(schema.contains("bsonType"));
        });
        CHECK(keywords > 5);
    }
}

TEST_CASE("the keyword walker sees a forbidden keyword and tells properties from keywords",
          "[export][validator]") {
    std::vector<std::string> seen;
    const auto collect = [&](const std::string &key, const ordered_json &, bool) { seen.push_back(key); };
    walkSchema(j(R"({"bsonType":"object","properties":{"format":{"bsonType":"string","format":"email"}}})"),
               collect);
    CHECK(seen == std::vector<std::string>{"bsonType", "properties", "bsonType", "format"});
    seen.clear();
    walkSchema(j(R"({"oneOf":[{"items":{"default":1}}]})"), collect);
    CHECK(seen == std::vector<std::string>{"oneOf", "items", "default"});
}

TEST_CASE("scalar rules: required, bsonType, lengths, pattern, typed enums and bounds",
          "[export][validator]") {
    const ordered_json v = validator(richProject(), "customers");
    CHECK(v["bsonType"] == "object");
    CHECK(v["title"] == "Customer");
    CHECK(v["description"] == "A buyer.");
    // Optional fields (age, format) are simply not required.
    CHECK(v["required"] == j(R"(["_id","name","email","tier","address","tags","scores","level",
                                  "balanceMinor","ratio","price"])"));
    CHECK(*propertyAt(v, "_id") == j(R"({"bsonType":"objectId"})"));
    CHECK(*propertyAt(v, "name") ==
          j(R"({"bsonType":"string","description":"Display name","minLength":1,"maxLength":80})"));
    CHECK((*propertyAt(v, "email"))["pattern"] == "^[^@]+@[^@]+$");
    // Stored nulls: null is a type and an enum value.
    CHECK(*propertyAt(v, "tier") == j(R"({"bsonType":["string","null"],"enum":["gold","silver",null]})"));
    CHECK(*propertyAt(v, "age") ==
          j(R"({"bsonType":"int","minimum":{"$numberInt":"0"},"maximum":{"$numberInt":"150"}})"));
    CHECK(*propertyAt(v, "level") == j(R"({"bsonType":"int","enum":[{"$numberInt":"1"},{"$numberInt":"2"}]})"));
    CHECK(*propertyAt(v, "balanceMinor") == j(R"({"bsonType":"long","minimum":{"$numberLong":"0"}})"));
    CHECK(*propertyAt(v, "ratio") ==
          j(R"({"bsonType":"double","minimum":{"$numberDouble":"0.5"},"maximum":{"$numberDouble":"2.0"}})"));
    CHECK(*propertyAt(v, "price") == j(R"({"bsonType":"decimal","minimum":{"$numberDecimal":"0"}})"));
    CHECK(*propertyAt(v, "format") == j(R"({"bsonType":"string"})"));
}

TEST_CASE("nested objects and arrays: items, minItems, maxItems only when the validator enforces",
          "[export][validator]") {
    const ordered_json v = validator(richProject(), "customers");
    CHECK(*propertyAt(v, "address") == j(R"({"bsonType":"object","required":["street"],
        "properties":{"street":{"bsonType":"string"},"zip":{"bsonType":"string"}}})"));
    // Bounded by the validator: exported.
    CHECK(*propertyAt(v, "tags") == j(R"({"bsonType":"array","minItems":1,"maxItems":10,"uniqueItems":true,
        "items":{"bsonType":"string","maxLength":20}})"));
    // Bounded by the UI: a design statement, not exported; enum on the elements, typed.
    CHECK(*propertyAt(v, "scores") == j(R"({"bsonType":"array","items":{"bsonType":"int",
        "enum":[{"$numberInt":"1"},{"$numberInt":"2"},{"$numberInt":"3"}]}})"));

    // An embedded entity array takes the relationship's enforcer and the entity's title.
    const ordered_json orders = validator(richProject(), "orders");
    const ordered_json *items = propertyAt(orders, "items");
    REQUIRE(items);
    CHECK((*items)["maxItems"] == 50);
    CHECK((*items)["items"]["title"] == "LineItem");
    CHECK((*items)["items"]["description"] == "One product line.");
    CHECK(*propertyAt(orders, "items.qty") == j(R"({"bsonType":"int","minimum":{"$numberInt":"1"}})"));

    Project unenforced = richProject();
    unenforced.relationships[1].maxEnforcedBy = BoundEnforcer::Nobody;
    CHECK_FALSE(propertyAt(validator(unenforced, "orders"), "items")->contains("maxItems"));
}

TEST_CASE("an embedded array or subdocument some parents lack is not required", "[export][validator][presence]") {
    Project p = richProject();
    Relationship &lines = p.relationships[1];
    REQUIRE(lines.representation == Representation::EmbedArray);
    auto required = [](const ordered_json &v) {
        const ordered_json &list = v.at("required");
        return std::set<std::string>(list.begin(), list.end());
    };
    CHECK(required(validator(p, "orders")).count("items") == 1);
    lines.presence = 0.5;
    const ordered_json optional = validator(p, "orders");
    CHECK(required(optional).count("items") == 0);
    // Still described where it is, with its bound.
    REQUIRE(propertyAt(optional, "items"));
    CHECK((*propertyAt(optional, "items"))["maxItems"] == 50);

    lines.representation = Representation::EmbedOne;
    lines.maxChildren = 1;
    lines.avgChildren = 0.5;
    lines.cardinality = Cardinality::OneToOne;
    CHECK(required(validator(p, "orders")).count("items") == 0);
}

TEST_CASE("a closed shape lists _id and the keys relationships add", "[export][validator]") {
    const ordered_json orders = validator(richProject(), "orders");
    CHECK(orders["additionalProperties"] == false);
    std::vector<std::string> keys;
    for (auto it = orders["properties"].begin(); it != orders["properties"].end(); ++it)
        keys.push_back(it.key());
    CHECK(keys == std::vector<std::string>{"_id", "placedAt", "status", "customerId", "items"});
    // The embedded closed entity is closed too.
    CHECK(orders["properties"]["items"]["items"]["additionalProperties"] == false);

    Project open = richProject();
    open.entities[1].closedShape = false;
    const ordered_json openOrders = validator(open, "orders");
    CHECK_FALSE(openOrders.contains("additionalProperties"));
    CHECK(openOrders["properties"]["items"]["items"]["additionalProperties"] == false);
}

TEST_CASE("polymorphic entities are oneOf keyed by the discriminator", "[export][validator]") {
    const ordered_json v = validator(richProject(), "vehicles");
    CHECK(v["required"] == j(R"(["_id","kind","make"])"));
    CHECK(*propertyAt(v, "kind") == j(R"({"bsonType":"string","enum":["car","truck"]})"));
    // Closed with variants: the branches close, each listing the common keys.
    CHECK_FALSE(v.contains("additionalProperties"));
    CHECK(v["oneOf"] == j(R"([
        {"properties":{"kind":{"enum":["car"]},"doors":{"bsonType":"int"},"_id":{},"make":{}},
         "required":["kind","doors"],"additionalProperties":false},
        {"properties":{"kind":{"enum":["truck"]},"payloadKg":{"bsonType":"double"},"axles":{"bsonType":"int"},
                       "_id":{},"make":{}},
         "required":["kind","payloadKg"],"additionalProperties":false}])"));

    Project open = richProject();
    open.entities[3].closedShape = false;
    const ordered_json openV = validator(open, "vehicles");
    CHECK(openV["oneOf"][0] == j(R"({"properties":{"kind":{"enum":["car"]},"doors":{"bsonType":"int"}},
                                     "required":["kind","doors"]})"));
}

TEST_CASE("junction collections are described from their relationship", "[export][validator]") {
    const ordered_json v = validator(richProject(), "vehicle_tags");
    CHECK(v["title"] == "vehicle_tags");
    CHECK(v["description"] == "One document per Vehicle-Tag pair (relationship tagged).");
    CHECK(v["required"] == j(R"(["_id","vehicleId","tagId"])"));
}

TEST_CASE("an enum literal that is not a value of the field's type is an error, not a guess",
          "[export][validator]") {
    Project p = richProject();
    p.entities[0].fields[7].details.edit().enumValues = {"1", "two"}; // level: int
    const Derived d = deriveCollections(p);
    auto v = validatorFor(p, collection(d, "customers"));
    REQUIRE_FALSE(v.ok());
    CHECK(v.error().where == "customers.level");
    CHECK(v.error().message.find("'two' is not a valid int") != std::string::npos);
}

TEST_CASE("enum literals are typed after each BSON type", "[export][validator]") {
    Project p;
    p.name = "enums";
    Entity e;
    e.id = "e1";
    e.name = "Thing";
    auto add = [&](BsonType t, std::vector<std::string> values) {
        Field f = docshape::test::makeField("f" + std::to_string(e.fields.size()),
                                            "v" + std::to_string(e.fields.size()), t);
        f.details.edit().enumValues = std::move(values);
        e.fields.push_back(f);
    };
    add(BsonType::Long, {"9007199254740993"});
    add(BsonType::Double, {"1", "2.5"});
    add(BsonType::Decimal, {"9.99"});
    add(BsonType::Bool, {"true"});
    add(BsonType::Date, {"2024-02-29T12:00:00Z"});
    add(BsonType::ObjectId, {"65A1B2C3D4E5F60718293A4B"});
    add(BsonType::Int, {"1", "01"}); // the same int twice: one enum entry
    p.entities.push_back(e);
    const ordered_json v = validator(p, "Thing");
    CHECK(v["properties"]["v0"]["enum"] == j(R"([{"$numberLong":"9007199254740993"}])"));
    CHECK(v["properties"]["v1"]["enum"] == j(R"([{"$numberDouble":"1.0"},{"$numberDouble":"2.5"}])"));
    CHECK(v["properties"]["v2"]["enum"] == j(R"([{"$numberDecimal":"9.99"}])"));
    CHECK(v["properties"]["v3"]["enum"] == j(R"([true])"));
    CHECK(v["properties"]["v4"]["enum"] == j(R"([{"$date":{"$numberLong":"1709208000000"}}])"));
    CHECK(v["properties"]["v5"]["enum"] == j(R"([{"$oid":"65a1b2c3d4e5f60718293a4b"}])"));
    CHECK(v["properties"]["v6"]["enum"] == j(R"([{"$numberInt":"1"}])"));
}
