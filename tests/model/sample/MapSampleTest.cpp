// Sample documents of maps: keys of the pattern, as many as the model says,
// values of the value's shape; the exported validator (DocShape's
// evaluator, which answers as the server) accepts them.
#include "model/io/MapProjects.h"

#include "derive/DeriveCollections.h"
#include "estimate/BsonSize.h"
#include "export/ExtendedJson.h"
#include "export/ValidatorExporter.h"
#include "sample/SampleGenerator.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <regex>
#include <string>

using namespace docshape;

namespace {

std::uint64_t keysIn(const SampleDocument &doc, const char *path, std::string &longestKey,
                     const std::regex &pattern, bool &allMatch) {
    bson_t view;
    REQUIRE(bson_init_static(&view, doc.bson.data(), doc.bson.size()));
    bson_iter_t it, map;
    if (!bson_iter_init(&it, &view) || !bson_iter_find_descendant(&it, path, &map) || !BSON_ITER_HOLDS_DOCUMENT(&map))
        return 0;
    bson_iter_t key;
    REQUIRE(bson_iter_recurse(&map, &key));
    std::uint64_t n = 0;
    while (bson_iter_next(&key)) {
        ++n;
        const std::string k = bson_iter_key(&key);
        allMatch = allMatch && std::regex_search(k, pattern);
        if (k.size() > longestKey.size())
            longestKey = k;
    }
    return n;
}

} // namespace

TEST_CASE("map samples: the validator accepts them, keys per map and sizes as the model says", "[sample][maps]") {
    const Project p = test::makeMapProject();
    const Derived derived = deriveCollections(p);
    REQUIRE(derived.collections.size() == 1);
    const CollectionShape &c = derived.collections[0];
    auto json = validatorFor(p, c);
    REQUIRE(json.ok());
    const auto schema = validate::JsonSchema::compileJson(exportJsonText(*json));
    REQUIRE(schema.ok());

    SampleGenerator generator(c, 35);
    // std::regex, not PCRE2: a second reading of the key patterns.
    const std::regex objectId("^[0-9a-f]{24}$"), uuid("^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$");
    constexpr int kDocs = 10000;
    double bytes = 0, sessions = 0, owners = 0;
    bool matched = true;
    for (int i = 0; i < kDocs; ++i) {
        auto doc = generator.next(SampleShape::Typical);
        REQUIRE(doc.ok());
        const auto result = schema->validate(doc->bson.data(), static_cast<std::uint32_t>(doc->bson.size()));
        INFO(doc->canonicalJson());
        REQUIRE(result.valid);
        bytes += static_cast<double>(doc->bson.size());
        std::string longest;
        sessions += static_cast<double>(keysIn(*doc, "sessions", longest, objectId, matched));
        owners += static_cast<double>(keysIn(*doc, "owners", longest, uuid, matched));
    }
    CHECK(matched);
    for (const auto &c : generator.conflicts())
        UNSCOPED_INFO(c.path << ": " << c.message);
    CHECK(generator.conflicts().empty());
    CHECK(sessions / kDocs == Approx(2.5).epsilon(0.03));
    CHECK(owners / kDocs == Approx(2).epsilon(0.03));
    CHECK(bytes / kDocs == Approx(averageObjectBytes(c.shape)).epsilon(0.01));

    // The largest document: every map at its most keys, each key at its
    // longest, exactly the estimate's maximum (the sampler checks it too).
    auto largest = generator.next(SampleShape::Max);
    REQUIRE(largest.ok());
    CHECK(schema->validate(largest->bson.data(), static_cast<std::uint32_t>(largest->bson.size())).valid);
    REQUIRE(maxObjectBytes(c.shape));
    CHECK(largest->bson.size() == *maxObjectBytes(c.shape));
    std::string longest;
    CHECK(keysIn(*largest, "daily", longest, std::regex("^[0-9]{4}-[0-9]{2}-[0-9]{2}$"), matched) == 7);
    CHECK(matched);
    for (const auto &c : generator.conflicts())
        UNSCOPED_INFO(c.path << ": " << c.message);
    CHECK(generator.conflicts().empty());
}

TEST_CASE("regex keys are generated from the pattern, and a pattern the sampler cannot build is said", "[sample][maps]") {
    Project p = test::makeMapProject();
    p.entities[0].fields[2].details.edit().map = MapKeys{MapKeyPattern::Regex, "^[a-z]{2}-[0-9]{3}$", 3, 3, 6, 6};
    {
        const Derived derived = deriveCollections(p);
        SampleGenerator generator(derived.collections[0], 7);
        auto doc = generator.next(SampleShape::Max);
        REQUIRE(doc.ok());
        std::string longest;
        bool matched = true;
        CHECK(keysIn(*doc, "owners", longest, std::regex("^[a-z]{2}-[0-9]{3}$"), matched) == 3);
        CHECK(matched);
        CHECK(generator.conflicts().empty());
    }
    p.entities[0].fields[2].details.edit().map = MapKeys{MapKeyPattern::Regex, "^(a)\\1$", 1, 1, 2, 2};
    const Derived derived = deriveCollections(p);
    SampleGenerator generator(derived.collections[0], 7);
    REQUIRE(generator.next(SampleShape::Typical).ok());
    REQUIRE(generator.conflicts().size() == 1);
    CHECK(generator.conflicts()[0].path == "owners");
    CHECK(generator.conflicts()[0].message.find("beyond what the sampler generates") != std::string::npos);
}
