// What MongoDB users recognise in imported values (issue 35, item 4):
// GeoJSON and coordinate pairs, ISO dates in strings, epoch numbers in
// fields named like dates, money in doubles, hex and base64 bytes in
// strings. Positive and negative cases on data sets generated from
// published descriptions (DataSets.h), and on ordinary strings.
#include "DataSets.h"

#include "estimate/Analysis.h"
#include "import/Importer.h"
#include "import/Recognition.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <map>
#include <set>
#include <string>

using namespace docshape;
using test::BsonCollection;

namespace {

const std::set<std::string> kRecognitions = {"import.geojson",      "import.coordinate-pairs", "import.date-string",
                                             "import.epoch-date",   "import.money-double",     "import.binary-string"};

import::ImportResult imported(const std::vector<const BsonCollection *> &collections) {
    import::Importer importer;
    for (const auto *c : collections)
        importer.addBytes(c->name, import::InputFormat::Bson, c->span());
    auto result = importer.run();
    INFO((result ? "" : result.error().toString()));
    REQUIRE(result.ok());
    return std::move(*result);
}

// Every recognition of an import: "where" -> id. A path recognised twice is
// a failure of its own.
std::map<std::string, std::string> recognitions(const import::ImportResult &r) {
    std::map<std::string, std::string> out;
    for (const auto &f : r.summary.findings)
        if (kRecognitions.count(f.id)) {
            INFO(f.where << ": " << f.message);
            CHECK(out.emplace(f.where, f.id).second);
        }
    return out;
}

const Field *find(const std::vector<Field> &fields, std::string_view name) {
    for (const auto &f : fields)
        if (f.name == name)
            return &f;
    return nullptr;
}

const Entity *entityNamed(const Project &p, std::string_view name) {
    for (const auto &e : p.entities)
        if (e.name == name)
            return &e;
    return nullptr;
}

import::ValueShapes shapesOf(std::initializer_list<std::string_view> values) {
    import::ValueShapes s;
    for (auto v : values)
        import::noteString(s, v);
    return s;
}

} // namespace

TEST_CASE("GeoJSON points are a geo field with a 2dsphere suggestion", "[import][recognise]") {
    const BsonCollection data = test::theaters(300);
    const auto r = imported({&data});
    const auto seen = recognitions(r);
    REQUIRE(seen.count("theaters.location.geo"));
    CHECK(seen.at("theaters.location.geo") == "import.geojson");
    CHECK(seen.size() == 1); // theaterId, the address's strings: nothing
    for (const auto &f : r.summary.findings)
        if (f.id == "import.geojson")
            CHECK_THAT(f.message, Catch::Contains("2dsphere index on location.geo") && Catch::Contains("Point"));
    // One field of the Location entity, not an entity of its own.
    const Entity *location = entityNamed(r.project, "Location");
    REQUIRE(location);
    const Field *geo = find(location->fields, "geo");
    REQUIRE(geo);
    CHECK(geo->type == BsonType::Object);
    CHECK(find(geo->fields, "coordinates"));
    CHECK_THAT(geo->details->description, Catch::Contains("GeoJSON"));
    CHECK_FALSE(entityNamed(r.project, "Geo"));
}

TEST_CASE("GeoJSON with extra keys and Decimal128 prices: geo only", "[import][recognise]") {
    const BsonCollection data = test::airbnbListings(300, false);
    const auto seen = recognitions(imported({&data}));
    CHECK(seen == std::map<std::string, std::string>{{"listingsAndReviews.address.location", "import.geojson"}});
}

TEST_CASE("money in doubles is told by the name and at most two decimals", "[import][recognise]") {
    const BsonCollection data = test::airbnbListings(300, true);
    const auto r = imported({&data});
    const auto seen = recognitions(r);
    CHECK(seen == std::map<std::string, std::string>{{"listingsAndReviews.address.location", "import.geojson"},
                                                     {"listingsAndReviews.price", "import.money-double"},
                                                     {"listingsAndReviews.cleaning_fee", "import.money-double"}});
    // extra_people holds money too, but its name does not say so: told by
    // the name first, the values do not make money of any number.
    for (const auto &f : r.summary.findings)
        if (f.id == "import.money-double")
            CHECK_THAT(f.message, Catch::Contains("Decimal128") && Catch::Contains("minor units") &&
                                      Catch::Contains("DS160"));

    // The same names with prices of many decimals (computed, not entered):
    // not money by the values.
    import::ValueShapes computed;
    for (double x : {43.07786108030285, 12.5, 19.99, 1.0 / 3, 2.0 / 7, 99.123})
        import::noteNumber(computed, x, true);
    CHECK(computed.cents == 2);
}

TEST_CASE("legacy coordinate pairs named as a location", "[import][recognise]") {
    const BsonCollection data = test::restaurants(300);
    const auto seen = recognitions(imported({&data}));
    // grades.date is a BSON date, restaurant_id and zipcode digits, names words.
    CHECK(seen == std::map<std::string, std::string>{{"restaurants.address.coord", "import.coordinate-pairs"}});
}

TEST_CASE("ISO 8601 text and hex digests in strings", "[import][recognise]") {
    const BsonCollection data = test::githubEvents(300);
    const auto r = imported({&data});
    const auto seen = recognitions(r);
    CHECK(seen == std::map<std::string, std::string>{{"events.created_at", "import.date-string"},
                                                     {"events.actor.gravatar_id", "import.binary-string"},
                                                     {"events.payload.head", "import.binary-string"},
                                                     {"events.payload.commits.sha", "import.binary-string"}});
    for (const auto &f : r.summary.findings)
        if (f.where == "events.payload.head")
            CHECK_THAT(f.message, Catch::Contains("hex") && Catch::Contains("about 20 bytes"));
}

TEST_CASE("epoch numbers named like dates, and base64 bytes", "[import][recognise]") {
    const BsonCollection data = test::stripeCharges(300);
    const auto seen = recognitions(imported({&data}));
    // amount: integer minor units, as it should be; ids with their prefixes,
    // a 16-character fingerprint, card years: nothing.
    CHECK(seen == std::map<std::string, std::string>{{"charges.created", "import.epoch-date"},
                                                     {"charges.updated_ms", "import.epoch-date"},
                                                     {"charges.receipt_thumbnail", "import.binary-string"}});
}

TEST_CASE("ordinary strings are not dates or bytes", "[import][recognise]") {
    // Names, codes, hex-looking short codes, ObjectIds as text, identifiers,
    // long words and sentences.
    const auto s = shapesOf({"Alexander Hamilton", "María José Carreño Quiñones", "deadbeef", "ff00aa", "a3f9c1d2e4",
                             "0x1F2E3D4C5B6A", "5f1d7e3c9a2b4c6d8e0f1a2b", "SKU-123456-XL", "getAccountBalanceForUser",
                             "Supercalifragilisticexpialidocious", "ABCDEFGHIJKLMNOPQRSTUVWX2024", "1.2.3-beta+exp.sha.5114f85",
                             "+1 (555) 010-0199", "2024-13-45", "2024-02-30", "2024-01-01 meeting notes", "20240101",
                             "1700000000", "https://example.com/a/b/c/d/e/f/g", "refs/heads/master/and/more/path",
                             "0123456789012345678901234567890123456789", "user@example.com"});
    CHECK(s.isoDates == 0);
    CHECK(s.hexBlobs == 0);
    CHECK(s.base64Blobs == 0);

    const auto dates = shapesOf({"2024-01-31", "2015-08-26 00:03:50.133000000", "2011-01-26T19:01:12Z",
                                 "2024-02-29T12:00:00+05:30"});
    CHECK(dates.isoDates == 4);
    const auto blobs = shapesOf({"d41d8cd98f00b204e9800998ecf8427e", "da39a3ee5e6b4b0d3255bfef95601890afd80709",
                                 "SGVsbG8sIFdvcmxkISBUaGlzIGlzIGJhc2U2NA==", "iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB"});
    CHECK(blobs.hexBlobs == 2);
    CHECK(blobs.base64Blobs == 2);
}

TEST_CASE("numbers: epoch ranges and names", "[import][recognise]") {
    import::ValueShapes s;
    for (double x : {1999.0, 2024.0, 1000.0, 86400.0, 123456789.0})
        import::noteNumber(s, x, false);
    CHECK(s.epochSeconds == 0);
    CHECK(s.epochMillis == 0);
    import::noteNumber(s, 1679090539, false);
    import::noteNumber(s, 1679090539000.0, false);
    CHECK(s.epochSeconds == 1);
    CHECK(s.epochMillis == 1);
    for (std::string_view name : {"createdAt", "created", "updated_ms", "ts", "timestamp", "expiresAt", "birth_date"})
        CHECK(import::namedLikeDate(name));
    for (std::string_view name : {"amount", "theaterId", "exp_year", "count", "status", "score", "points"})
        CHECK_FALSE(import::namedLikeDate(name));
}

TEST_CASE("a GeoJSON field keeps the model's sizes the data's", "[import][recognise]") {
    // The geo field is an object field, not an embedded entity: the
    // analysis of the model still gives the exact average (item 1).
    for (const BsonCollection &data : {test::theaters(400), test::restaurants(400)}) {
        const auto r = imported({&data});
        const Analysis analysis = analyze(r.project);
        const CollectionStat *stat = nullptr;
        for (const auto &c : analysis.collections)
            if (c.name == data.name)
                stat = &c;
        REQUIRE(stat);
        INFO(data.name << ": model " << stat->avgDocumentBytes << ", data " << data.average());
        CHECK(std::fabs(stat->avgDocumentBytes - data.average()) <= 0.01 * data.average());
        REQUIRE(stat->maxDocumentBytes);
        CHECK(*stat->maxDocumentBytes >= data.largest);
        CHECK(*stat->maxDocumentBytes <= 2 * data.largest);
    }
}

TEST_CASE("subdocuments and pairs that only look geographic", "[import][recognise]") {
    // A type that is no GeoJSON type, a Point whose numbers are no degrees,
    // a Point without coordinates, two numbers named as no place, three
    // numbers named as a place: nothing is recognised, and the subdocuments
    // stay embedded entities.
    std::string text;
    for (int i = 0; i < 40; ++i)
        text += "{\"shape\": {\"type\": \"Circle\", \"coordinates\": [1, 2]}, \"pixel\": {\"type\": \"Point\", "
                "\"coordinates\": [" + std::to_string(500 + i) + ", 900]}, \"event\": {\"type\": \"Point\"}, "
                "\"range\": [0, " + std::to_string(i) + "], \"loc\": [1.5, 2.5, " + std::to_string(i) + "]}\n";
    import::Importer importer;
    importer.addBytes("c", import::InputFormat::ExtendedJson,
                      {reinterpret_cast<const std::uint8_t *>(text.data()), text.size()});
    auto result = importer.run();
    REQUIRE(result.ok());
    CHECK(recognitions(*result).empty());
    for (const char *name : {"Shape", "Pixel", "Event"})
        CHECK(entityNamed(result->project, name));
}
