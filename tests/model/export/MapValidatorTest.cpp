// A map's validator: patternProperties with the value's schema and
// additionalProperties false. The server reads the two together
// (mongodb/mongo src/mongo/db/matcher/schema/json_schema_parser.cpp,
// parseAllowedProperties; jstests/core/json_schema/pattern_properties.js):
// a key matching a pattern meets that pattern's schema, and a key matching
// none, not listed in properties, meets additionalProperties. DocShape's
// evaluator answers as the server on those cases (ConformanceTest).
#include "model/io/MapProjects.h"

#include "derive/DeriveCollections.h"
#include "export/ExtendedJson.h"
#include "export/ValidatorExporter.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <functional>
#include <string>

using namespace docshape;

namespace {

struct Doc {
    bson_t b;
    Doc() { bson_init(&b); }
    ~Doc() { bson_destroy(&b); }
    Doc(const Doc &) = delete;
    Doc &operator=(const Doc &) = delete;
};

nlohmann::ordered_json validatorOf(const Project &p) {
    const Derived derived = deriveCollections(p);
    REQUIRE(derived.collections.size() == 1);
    auto schema = validatorFor(p, derived.collections[0]);
    REQUIRE(schema.ok());
    return *schema;
}

// A device document of makeMapProject's shape, with one key of each map;
// each member changed from its default breaks one rule.
struct Device {
    std::string sessionKey = "65f0a0a0a0a0a0a0a0a0a0a0";
    std::string ownerKey = "0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9";
    std::string dayKey = "2024-05-01";
    std::string hourKey = "13";
    bool ipAsNumber = false;
    bool extraKey = false;
};

void build(Doc &d, const Device &v) {
    bson_t m, inner, hours;
    bson_oid_t id;
    bson_oid_init_from_string(&id, "65f0a0a0a0a0a0a0a0a0a0a0");
    bson_append_oid(&d.b, "_id", -1, &id);
    bson_append_utf8(&d.b, "name", -1, "device-1", -1);
    bson_append_document_begin(&d.b, "sessions", -1, &m);
    bson_append_document_begin(&m, v.sessionKey.c_str(), -1, &inner);
    bson_append_int32(&inner, "seconds", -1, 30);
    if (v.ipAsNumber)
        bson_append_int32(&inner, "ip", -1, 10);
    else
        bson_append_utf8(&inner, "ip", -1, "10.0.0.1", -1);
    bson_append_document_end(&m, &inner);
    bson_append_document_end(&d.b, &m);
    bson_append_document_begin(&d.b, "owners", -1, &m);
    bson_append_utf8(&m, v.ownerKey.c_str(), -1, "admin", -1);
    if (v.extraKey)
        bson_append_utf8(&m, "note", -1, "admin", -1);
    bson_append_document_end(&d.b, &m);
    bson_append_document_begin(&d.b, "daily", -1, &m);
    bson_append_document_begin(&m, v.dayKey.c_str(), -1, &hours);
    bson_append_int32(&hours, v.hourKey.c_str(), -1, 4);
    bson_append_document_end(&m, &hours);
    bson_append_document_end(&d.b, &m);
}

bool accepts(const validate::JsonSchema &schema, const Device &v) {
    Doc d;
    build(d, v);
    return schema.validate(&d.b).valid;
}

} // namespace

TEST_CASE("a map exports as patternProperties of its key pattern, nothing else allowed", "[export][validator][maps]") {
    const Project p = test::makeMapProject();
    const auto schema = validatorOf(p);
    const auto &owners = schema["properties"]["owners"];
    CHECK(owners["bsonType"] == "object");
    CHECK(owners["patternProperties"].size() == 1);
    CHECK(owners["patternProperties"][mapKeyRegex(p.entities[0].fields[2].details->map.value())]["bsonType"] ==
          "string");
    CHECK(owners["additionalProperties"] == false);
    CHECK_FALSE(owners.contains("properties"));
    CHECK_FALSE(owners.contains("maxProperties"));
    // A map of maps: the value's own patternProperties.
    const auto &daily = schema["properties"]["daily"]["patternProperties"].front();
    CHECK(daily["patternProperties"]["^[0-9]+$"]["bsonType"] == "int");
    // An object value: its properties and required keys.
    const auto &session = schema["properties"]["sessions"]["patternProperties"]["^[0-9a-fA-F]{24}$"];
    CHECK(session["required"] == nlohmann::ordered_json::array({"seconds", "ip"}));

    SECTION("a bound the validator enforces is maxProperties") {
        Project bounded = p;
        bounded.entities[0].fields[2].maxEnforcedBy = BoundEnforcer::Validator;
        CHECK(validatorOf(bounded)["properties"]["owners"]["maxProperties"] == 3);
    }
}

TEST_CASE("the evaluator holds a map's documents to the key pattern and the value's shape", "[export][validator][maps]") {
    const auto schema = validate::JsonSchema::compileJson(exportJsonText(validatorOf(test::makeMapProject())));
    REQUIRE(schema.ok());
    CHECK(accepts(*schema, Device{}));
    Device v;
    v.sessionKey = "65f0a0a0a0a0a0a0a0a0a0a"; // 23 hex digits: no ObjectId
    CHECK_FALSE(accepts(*schema, v));
    v = Device{};
    v.ownerKey = "0f1e2d3c4b5a49788695a4b3c2d1e0f9"; // a UUID's digits without its dashes
    CHECK_FALSE(accepts(*schema, v));
    v = Device{};
    v.dayKey = "May 1";
    CHECK_FALSE(accepts(*schema, v));
    v = Device{};
    v.dayKey = "2024-05-01T10:00:00.000Z"; // a day with a time after it
    CHECK(accepts(*schema, v));
    v = Device{};
    v.hourKey = "x1"; // the inner map's keys are numbers
    CHECK_FALSE(accepts(*schema, v));
    v = Device{};
    v.ipAsNumber = true; // the value's shape
    CHECK_FALSE(accepts(*schema, v));
    v = Device{};
    v.extraKey = true; // a key that is no UUID, and additionalProperties is false
    CHECK_FALSE(accepts(*schema, v));
}
