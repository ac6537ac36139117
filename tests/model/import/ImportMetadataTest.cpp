#include "commands/Cli.h"
#include "import/Importer.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

// mongodump metadata as it comes: values the server refuses or reads
// otherwise are warnings in the summary, and the index or option is dropped
// or kept as the server reads it; the import goes on.

using namespace docshape;
using import::Importer;
using import::InputFormat;

namespace {

std::span<const std::uint8_t> bytesOf(const std::string &s) {
    return {reinterpret_cast<const std::uint8_t *>(s.data()), s.size()};
}

// Three documents with small integers at a..h.
std::string documents() {
    std::string out;
    for (int i = 0; i < 3; ++i) {
        bson_t doc = BSON_INITIALIZER;
        BSON_APPEND_INT32(&doc, "_id", i);
        for (const char *key : {"a", "b", "c", "d", "e", "f", "g", "h"})
            BSON_APPEND_INT32(&doc, key, i);
        out.append(reinterpret_cast<const char *>(bson_get_data(&doc)), doc.len);
        bson_destroy(&doc);
    }
    return out;
}

const char *const kOddMetadata = R"({"collectionName":"c","type":"collection",
 "options":{"validator":{"$jsonSchema":{"properties":{
     "a":{"minimum":{"$numberDouble":"NaN"}},
     "b":{"minimum":10,"maximum":5},
     "c":{"minimum":1,"maximum":{"$numberDouble":"Infinity"}}}}}},
 "indexes":[
  {"v":2,"key":{"_id":1},"name":"_id_"},
  {"v":2,"key":{"a":1},"name":"ttl_negative","expireAfterSeconds":-1},
  {"v":2,"key":{"b":1},"name":"ttl_huge","expireAfterSeconds":1e300},
  {"v":2,"key":{"c":1},"name":"ttl_nan","expireAfterSeconds":{"$numberDouble":"NaN"}},
  {"v":2,"key":{"d":1},"name":"ttl_half","expireAfterSeconds":0.5},
  {"v":2,"key":{"e":1},"name":"ttl_largest","expireAfterSeconds":2147483647},
  {"v":2,"key":{"e":-1},"name":"ttl_past_int32","expireAfterSeconds":2147483648},
  {"v":2,"key":{"f":1},"name":"strength9","collation":{"locale":"en","strength":9}},
  {"v":2,"key":{"f":-1},"name":"strength1e30","collation":{"locale":"en","strength":1e30}},
  {"v":2,"key":{"g":1},"name":"strength2","collation":{"locale":"en","strength":2.0}},
  {"v":2,"key":{},"name":"no_keys"},
  {"v":2,"key":{"":1},"name":"empty_path"},
  {"v":2,"key":{"h":1},"name":"twice"},
  {"v":2,"key":{"h":-1},"name":"twice"}
 ]})";

const IndexSpec *indexNamed(const Project &p, std::string_view name) {
    for (const auto &i : p.indexes)
        if (i.name == name)
            return &i;
    return nullptr;
}

const Field *fieldNamed(const std::vector<Field> &fields, std::string_view name) {
    for (const auto &f : fields)
        if (f.name == name)
            return &f;
    return nullptr;
}

// The message of the one metadata warning at `where`, or "" when there is none or several.
std::string warningAt(const import::ImportSummary &summary, const std::string &where) {
    std::string message;
    int found = 0;
    for (const auto &f : summary.findings)
        if (f.id == "import.metadata-value" && f.where == where) {
            CHECK(f.severity == "warning");
            message = f.message;
            ++found;
        }
    return found == 1 ? message : std::string();
}

} // namespace

TEST_CASE("metadata: odd TTLs, collations, keys and names are warnings, and the import goes on", "[import][metadata]") {
    const std::string docs = documents();
    const std::string metadata = kOddMetadata;
    Importer importer;
    importer.addBytes("c", InputFormat::Bson, bytesOf(docs), bytesOf(metadata));
    auto r = importer.run();
    INFO((r ? "" : r.error().toString()));
    REQUIRE(r.ok());
    const Project &p = r->project;
    const auto &summary = r->summary;
    for (const auto &f : summary.findings)
        UNSCOPED_INFO(f.severity << " " << f.id << " " << f.where << ": " << f.message);

    // A TTL the server refuses: the index stays, without expiry.
    for (const auto &[name, value] : {std::pair{"ttl_negative", "-1"}, std::pair{"ttl_huge", "1e+300"},
                                      std::pair{"ttl_nan", "NaN"}, std::pair{"ttl_past_int32", "2147483648"}}) {
        INFO(name);
        const IndexSpec *index = indexNamed(p, name);
        REQUIRE(index);
        CHECK_FALSE(index->expireAfterSeconds);
        const std::string message = warningAt(summary, std::string("c.metadata.json: collection c, index '") + name + "'");
        CHECK(message.find(std::string("expireAfterSeconds ") + value + " is not a TTL the server accepts") == 0);
        CHECK(message.find("kept as an index without expiry") != std::string::npos);
    }
    // A fraction is truncated by the server, and said.
    REQUIRE(indexNamed(p, "ttl_half"));
    CHECK(indexNamed(p, "ttl_half")->expireAfterSeconds == 0);
    CHECK(warningAt(summary, "c.metadata.json: collection c, index 'ttl_half'")
              .find("expireAfterSeconds 0.5 is not a whole number of seconds: the server truncates it to 0, so "
                    "documents expire as soon as their date has passed") == 0);
    REQUIRE(indexNamed(p, "ttl_largest"));
    CHECK(indexNamed(p, "ttl_largest")->expireAfterSeconds == 2147483647);
    CHECK(warningAt(summary, "c.metadata.json: collection c, index 'ttl_largest'").empty());

    // A collation strength the server refuses: the index is left out.
    CHECK_FALSE(indexNamed(p, "strength9"));
    CHECK_FALSE(indexNamed(p, "strength1e30"));
    CHECK(warningAt(summary, "c.metadata.json: collection c, index 'strength9'")
              .find("collation strength 9 is not one the server accepts") == 0);
    CHECK(warningAt(summary, "c.metadata.json: collection c, index 'strength1e30'")
              .find("collation strength 1e+30 is not one the server accepts") == 0);
    REQUIRE(indexNamed(p, "strength2"));
    REQUIRE(indexNamed(p, "strength2")->collation);
    CHECK(indexNamed(p, "strength2")->collation->strength == 2);

    // No keys, an empty key path: left out.
    CHECK_FALSE(indexNamed(p, "no_keys"));
    CHECK_FALSE(indexNamed(p, "empty_path"));
    CHECK(warningAt(summary, "c.metadata.json: collection c, index 'no_keys'").find("an empty key") == 0);
    CHECK(warningAt(summary, "c.metadata.json: collection c, index 'empty_path'").find("a key has an empty path") !=
          std::string::npos);

    // Two indexes with one name: the first is kept.
    std::size_t twice = 0;
    for (const auto &i : p.indexes)
        if (i.name == "twice") {
            ++twice;
            CHECK(i.keys.at(0).kind == "1");
        }
    CHECK(twice == 1);
    CHECK(warningAt(summary, "c.metadata.json: collection c, index 'twice'").find("another index of the collection") ==
          0);
    CHECK(p.indexes.size() == 8);
    CHECK(summary.collections.at(0).indexes == 8);

    // $jsonSchema bounds that are no bounds: left out, the data's range kept.
    const auto &fields = p.entities.at(0).fields;
    CHECK(fieldNamed(fields, "a")->details->minimum == 0);
    CHECK(warningAt(summary, "c.metadata.json: collection c, $jsonSchema for a") ==
          "minimum NaN is not a finite bound; left out");
    CHECK(fieldNamed(fields, "b")->details->minimum == 0);
    CHECK(fieldNamed(fields, "b")->details->maximum == 2);
    CHECK(warningAt(summary, "c.metadata.json: collection c, $jsonSchema for b").find("minimum 10 exceeds maximum 5") ==
          0);
    CHECK(fieldNamed(fields, "c")->details->minimum == 1);
    CHECK(warningAt(summary, "c.metadata.json: collection c, $jsonSchema for c") ==
          "maximum Infinity is not a finite bound; left out");
    CHECK(summary.text().find("warning import.metadata-value c.metadata.json: collection c, index 'ttl_nan': "
                              "expireAfterSeconds NaN") != std::string::npos);
}

TEST_CASE("metadata: a time series TTL the server refuses is left out with a warning", "[import][metadata]") {
    bson_t doc = BSON_INITIALIZER;
    BSON_APPEND_DATE_TIME(&doc, "t", 0);
    const std::string docs(reinterpret_cast<const char *>(bson_get_data(&doc)), doc.len);
    bson_destroy(&doc);
    for (const auto &[value, kept] : {std::pair{"-1", false}, std::pair{"1.5", false}, std::pair{"1e300", false},
                                      std::pair{"3600", true}}) {
        INFO(value);
        const std::string metadata = std::string(R"({"options":{"timeseries":{"timeField":"t"},"expireAfterSeconds":)") +
                                     value + "}}";
        Importer importer;
        importer.addBytes("c", InputFormat::Bson, bytesOf(docs), bytesOf(metadata));
        auto r = importer.run();
        INFO((r ? "" : r.error().toString()));
        REQUIRE(r.ok());
        const Entity &e = r->project.entities.at(0);
        REQUIRE(e.timeSeries);
        CHECK(e.timeSeries->expireAfterSeconds.has_value() == kept);
        const std::string warning = warningAt(r->summary, "c.metadata.json: collection c, options.expireAfterSeconds");
        CHECK(warning.empty() == kept);
    }
}

TEST_CASE("metadata: infer of a dump with odd metadata writes the model and says what it left out",
          "[import][metadata][cli]") {
    const std::string dir = test::makeTempDir("infer-metadata");
    std::ofstream(dir + "/c.bson", std::ios::binary) << documents();
    std::ofstream(dir + "/c.metadata.json", std::ios::binary) << kOddMetadata;
    std::istringstream in;
    std::ostringstream out, err;
    CHECK(cli::run({"infer", dir, "--out", dir + "/m.docshape"}, {in, out, err}) == cli::kOk);
    INFO(err.str());
    CHECK(out.str().find("/c.metadata.json: collection c, index 'strength9': collation strength 9") !=
          std::string::npos);
    CHECK(err.str().find("DocShape bug") == std::string::npos);
    auto saved = loadProject(dir + "/m.docshape");
    REQUIRE(saved.ok());
    CHECK(saved->indexes.size() == 8);
}

TEST_CASE("an inferred model that breaks a rule names the collection and its files, not a DocShape bug",
          "[import][bad]") {
    // The server forbids '$' in collection names; the model does too.
    const std::string text = "{\"a\":1}\n";
    Importer importer;
    importer.addBytes("odd$name", InputFormat::ExtendedJson, bytesOf(text));
    auto r = importer.run();
    REQUIRE_FALSE(r.ok());
    const std::string error = r.error().toString();
    INFO(error);
    CHECK(error.find("collection odd$name (odd$name.json): the model inferred from it breaks a rule of the model at "
                     "$.entities[0]") == 0);
    CHECK(error.find("contains '$'") != std::string::npos);
    CHECK(error.find("DocShape bug") == std::string::npos);
}
