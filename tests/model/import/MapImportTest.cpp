// Dynamic keys become a map (issue 35, item 2), on data no DocShape model
// wrote (DataSets.h, built with libbson): each object keyed by generated
// keys is one map field with the keys' pattern and counts; its validator
// accepts every document read; the model's samples infer back to the same
// maps; the averages hold to libbson's lengths.
#include "DataSets.h"

#include "derive/DeriveCollections.h"
#include "estimate/Analysis.h"
#include "export/ExtendedJson.h"
#include "export/ValidatorExporter.h"
#include "import/Importer.h"
#include "sample/SampleGenerator.h"
#include "validate/JsonSchema.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <string>

using namespace docshape;
using test::BsonCollection;

namespace {

import::ImportResult importedMaps(const std::vector<const BsonCollection *> &collections) {
    import::Importer importer;
    for (const auto *c : collections)
        importer.addBytes(c->name, import::InputFormat::Bson, c->span());
    auto result = importer.run();
    INFO((result ? "" : result.error().toString()));
    REQUIRE(result.ok());
    return std::move(*result);
}

// The field at `path` ("daily.<key>") of the entity whose own fields hold
// `path`'s first name; null when there is none.
const Field *fieldAt(const std::vector<Field> &fields, std::string_view path) {
    const auto dot = path.find('.');
    const std::string_view name = path.substr(0, dot);
    for (const auto &f : fields)
        if (f.name == name)
            return dot == std::string_view::npos ? &f : fieldAt(f.fields, path.substr(dot + 1));
    return nullptr;
}

const Field *fieldAt(const Project &p, std::string_view path) {
    for (const auto &e : p.entities)
        if (const Field *f = fieldAt(e.fields, path))
            return f;
    return nullptr;
}

// Keys per object at `key` of each document, exactly, read with libbson.
struct KeyCounts {
    double average = 0;
    std::uint64_t most = 0;
};

KeyCounts keysPerDocument(const BsonCollection &data, const char *key) {
    std::uint64_t keys = 0, objects = 0, most = 0;
    std::size_t at = 0;
    while (at < data.bytes.size()) {
        std::uint32_t length = 0;
        std::memcpy(&length, data.bytes.data() + at, 4);
        bson_t doc;
        REQUIRE(bson_init_static(&doc, data.bytes.data() + at, length));
        bson_iter_t it, inner;
        if (bson_iter_init_find(&it, &doc, key) && BSON_ITER_HOLDS_DOCUMENT(&it) && bson_iter_recurse(&it, &inner)) {
            std::uint64_t n = 0;
            while (bson_iter_next(&inner))
                ++n;
            keys += n;
            most = std::max(most, n);
            ++objects;
        }
        at += length;
    }
    return {double(keys) / double(objects), most};
}

void requireMap(const Project &p, const std::string &path, MapKeyPattern keys, BsonType value) {
    INFO(path);
    const Field *f = fieldAt(p, path);
    REQUIRE(f);
    REQUIRE(f->isMap());
    CHECK(f->details->map->keys == keys);
    REQUIRE(f->fields.size() == 1);
    CHECK(f->fields[0].type == value);
}

// Every document of `data` against its collection's exported validator, in
// DocShape's evaluator (which answers as the server: ConformanceTest).
std::size_t refused(const Project &project, const BsonCollection &data) {
    const Derived derived = deriveCollections(project);
    for (const auto &c : derived.collections) {
        if (c.name != data.name)
            continue;
        auto json = validatorFor(project, c);
        REQUIRE(json.ok());
        auto schema = validate::JsonSchema::compileJson(exportJsonText(*json));
        REQUIRE(schema.ok());
        std::size_t at = 0, invalid = 0;
        while (at < data.bytes.size()) {
            std::uint32_t length = 0;
            std::memcpy(&length, data.bytes.data() + at, 4);
            if (!schema->validate(data.bytes.data() + at, length).valid)
                ++invalid;
            at += length;
        }
        return invalid;
    }
    FAIL("no collection " << data.name);
    return 0;
}

double modelAverage(const Project &project, const std::string &name) {
    const Analysis a = analyze(project);
    for (const auto &c : a.collections)
        if (c.name == name)
            return c.avgDocumentBytes;
    FAIL("no collection " << name);
    return 0;
}

// `n` typical samples of collection `name` of the model, as mongodump writes them.
BsonCollection samplesOf(const Project &project, const std::string &name, int n) {
    const Derived derived = deriveCollections(project);
    BsonCollection out;
    out.name = name;
    for (const auto &c : derived.collections) {
        if (c.name != name)
            continue;
        SampleGenerator generator(c, 35);
        for (int i = 0; i < n; ++i) {
            auto doc = generator.next(SampleShape::Typical);
            REQUIRE(doc.ok());
            out.bytes.insert(out.bytes.end(), doc->bson.begin(), doc->bson.end());
            ++out.documents;
            out.totalBytes += doc->bson.size();
            out.largest = std::max<std::uint64_t>(out.largest, doc->bson.size());
        }
    }
    REQUIRE(out.documents == std::uint64_t(n));
    return out;
}

} // namespace

TEST_CASE("generated keys fold into one map field each, with the keys' pattern and counts", "[import][realdata][maps]") {
    const BsonCollection devices = test::dynamicKeys(2000);
    const BsonCollection customers = test::analyticsCustomers(500, 1746);
    const auto r = importedMaps({&devices, &customers});
    requireMap(r.project, "sessions", MapKeyPattern::ObjectId, BsonType::Object);
    requireMap(r.project, "owners", MapKeyPattern::Uuid, BsonType::String);
    requireMap(r.project, "daily", MapKeyPattern::Date, BsonType::Object);
    requireMap(r.project, "daily.<key>", MapKeyPattern::Number, BsonType::Int);
    requireMap(r.project, "tier_and_details", MapKeyPattern::Hex, BsonType::Object);
    // The value's own fields, once, not a path per key.
    const Field *tier = fieldAt(r.project, "tier_and_details.<key>");
    REQUIRE(tier);
    CHECK(tier->fields.size() == 4);

    // Keys per map: libbson's count, exactly.
    for (const char *key : {"sessions", "owners", "daily"}) {
        INFO(key);
        const KeyCounts exact = keysPerDocument(devices, key);
        const MapKeys &keys = *fieldAt(r.project, key)->details->map;
        CHECK(keys.avgKeys == Approx(exact.average).epsilon(1e-12));
        CHECK(keys.maxKeys == exact.most);
    }
    const MapKeys &sessions = *fieldAt(r.project, "sessions")->details->map;
    CHECK(sessions.avgKeyBytes == 24);
    CHECK(sessions.maxKeyBytes == 24);

    // The averages are the data's (within 1% of libbson's), the validator
    // holds every document read.
    for (const auto *data : {&devices, &customers}) {
        INFO(data->name);
        CHECK(std::fabs(modelAverage(r.project, data->name) - data->average()) <= 0.01 * data->average());
        CHECK(refused(r.project, *data) == 0);
    }
}

TEST_CASE("maps in nested objects, in the subdocuments of arrays, and maps of maps", "[import][realdata][maps]") {
    const BsonCollection sensors = test::nestedMaps(3000);
    const auto r = importedMaps({&sensors});
    requireMap(r.project, "tags", MapKeyPattern::Uuid, BsonType::String);
    requireMap(r.project, "values", MapKeyPattern::Date, BsonType::Double);
    requireMap(r.project, "counters", MapKeyPattern::Number, BsonType::Object);
    requireMap(r.project, "counters.<key>", MapKeyPattern::Hex, BsonType::Int);
    CHECK(std::fabs(modelAverage(r.project, "sensors") - sensors.average()) <= 0.01 * sensors.average());
    CHECK(refused(r.project, sensors) == 0);
}

TEST_CASE("the model's samples infer back to the same maps", "[import][realdata][maps]") {
    const BsonCollection devices = test::dynamicKeys(2000);
    const auto first = importedMaps({&devices});
    const BsonCollection samples = samplesOf(first.project, "devices", 2000);
    const auto again = importedMaps({&samples});
    for (const char *path : {"sessions", "owners", "daily", "daily.<key>"}) {
        INFO(path);
        const Field *before = fieldAt(first.project, path);
        const Field *after = fieldAt(again.project, path);
        REQUIRE(before);
        REQUIRE(after);
        REQUIRE(after->isMap());
        const MapKeys &a = *before->details->map, &b = *after->details->map;
        CHECK(b.keys == a.keys);
        CHECK(after->fields[0].type == before->fields[0].type);
        CHECK(b.avgKeys == Approx(a.avgKeys).epsilon(0.05));
        CHECK(b.maxKeys <= a.maxKeys);
        CHECK(b.avgKeyBytes == Approx(a.avgKeyBytes).epsilon(0.05));
        CHECK(b.maxKeyBytes <= a.maxKeyBytes);
    }
    CHECK(std::fabs(modelAverage(again.project, "devices") - samples.average()) <= 0.01 * samples.average());
    CHECK(refused(first.project, samples) == 0);
}

TEST_CASE("many distinct keys, each in few objects, with values of one shape, are a map too", "[import][realdata][maps]") {
    const BsonCollection catalog = test::attributeKeys(3000);
    const auto r = importedMaps({&catalog});
    requireMap(r.project, "attributes", MapKeyPattern::Regex, BsonType::String);
    const MapKeys &keys = *fieldAt(r.project, "attributes")->details->map;
    CHECK(keys.regex == "^[a-z_]+$");
    const KeyCounts exact = keysPerDocument(catalog, "attributes");
    CHECK(keys.avgKeys == Approx(exact.average).epsilon(1e-12));
    CHECK(keys.maxKeys == exact.most);
    // Keys every object has stay names.
    const Field *weight = fieldAt(r.project, "weight");
    REQUIRE(weight);
    CHECK(weight->type == BsonType::Int);
    CHECK(std::fabs(modelAverage(r.project, "catalog") - catalog.average()) <= 0.01 * catalog.average());
    CHECK(refused(r.project, catalog) == 0);

    // Its samples: keys of the pattern, each in few documents, fold again.
    // Drawn from the pattern, nearly every sampled key is new: 1,500
    // documents keep them under the reader's 10,000 paths, past which keys
    // are not modelled (CollectionStatistics::kMaxPaths).
    const BsonCollection samples = samplesOf(r.project, "catalog", 1500);
    const auto again = importedMaps({&samples});
    const Field *after = fieldAt(again.project, "attributes");
    REQUIRE(after);
    REQUIRE(after->isMap());
    CHECK(after->details->map->keys == MapKeyPattern::Regex);
    CHECK(after->details->map->avgKeys == Approx(keys.avgKeys).epsilon(0.05));
    CHECK(after->fields[0].type == BsonType::String);
}

// The same for hex keys (sample_analytics' tier_and_details) and for maps
// below the top level: in a nested object, in an array's subdocuments, and
// a map of maps.
TEST_CASE("the samples of hex-keyed and nested maps infer back to the same maps", "[import][realdata][maps]") {
    const BsonCollection customers = test::analyticsCustomers(500, 1746);
    const BsonCollection sensors = test::nestedMaps(3000);
    const auto first = importedMaps({&customers, &sensors});
    const BsonCollection customerSamples = samplesOf(first.project, "customers", 2000);
    const BsonCollection sensorSamples = samplesOf(first.project, "sensors", 2000);
    const auto again = importedMaps({&customerSamples, &sensorSamples});
    for (const char *path : {"tier_and_details", "tags", "values", "counters", "counters.<key>"}) {
        INFO(path);
        const Field *before = fieldAt(first.project, path);
        const Field *after = fieldAt(again.project, path);
        REQUIRE(before);
        REQUIRE(after);
        REQUIRE(before->isMap());
        REQUIRE(after->isMap());
        const MapKeys &a = *before->details->map, &b = *after->details->map;
        CHECK(b.keys == a.keys);
        CHECK(after->fields[0].type == before->fields[0].type);
        CHECK(b.avgKeys == Approx(a.avgKeys).epsilon(0.05));
        CHECK(b.maxKeys <= a.maxKeys);
        CHECK(b.avgKeyBytes == Approx(a.avgKeyBytes).epsilon(0.05));
        CHECK(b.maxKeyBytes <= a.maxKeyBytes);
    }
    CHECK(refused(first.project, customerSamples) == 0);
    CHECK(refused(first.project, sensorSamples) == 0);
}
