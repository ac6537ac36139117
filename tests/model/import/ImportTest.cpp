#include "commands/Cli.h"
#include "import/CollectionStatistics.h"
#include "import/Importer.h"
#include "import/ReferenceConfirmation.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"
#include "validate/DocumentStream.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

using namespace docshape;
using import::ImportOptions;
using import::Importer;
using import::InputFormat;

namespace {

std::span<const std::uint8_t> bytesOf(const std::string &s) {
    return {reinterpret_cast<const std::uint8_t *>(s.data()), s.size()};
}

Result<import::ImportResult> importJson(const std::string &text, ImportOptions options = {}) {
    Importer importer(options);
    importer.addBytes("c", InputFormat::ExtendedJson, bytesOf(text));
    return importer.run();
}

Result<import::ImportResult> importBson(const std::string &bytes, ImportOptions options = {}) {
    Importer importer(options);
    importer.addBytes("c", InputFormat::Bson, bytesOf(bytes));
    return importer.run();
}

std::string errorOf(const Result<import::ImportResult> &r) {
    REQUIRE_FALSE(r.ok());
    return r.error().toString();
}

// libbson's reading of one Extended JSON document, as BSON bytes.
std::string libbson(const std::string &json) {
    bson_error_t error;
    bson_t doc;
    if (!bson_init_from_json(&doc, json.c_str(), -1, &error))
        FAIL("libbson refused " << json << ": " << error.message);
    std::string out(reinterpret_cast<const char *>(bson_get_data(&doc)), doc.len);
    bson_destroy(&doc);
    return out;
}

const Field *fieldNamed(const std::vector<Field> &fields, std::string_view name) {
    for (const auto &f : fields)
        if (f.name == name)
            return &f;
    return nullptr;
}

const Entity &entityOf(const Project &p, std::string_view collection) {
    for (const auto &e : p.entities)
        if (e.collectionName == collection)
            return e;
    FAIL("no entity for " << collection);
    return p.entities.front();
}

// Compares with tests/data/import/expected/NAME; DOCSHAPE_UPDATE_GOLDEN=1 rewrites it.
void golden(const std::string &name, const std::string &actual) {
    const std::string path = test::dataPath("import/expected/" + name);
    if (std::getenv("DOCSHAPE_UPDATE_GOLDEN")) {
        std::filesystem::create_directories(std::filesystem::path(path).parent_path());
        std::ofstream(path, std::ios::binary) << actual;
    }
    CHECK(actual == test::readFile(path));
}

} // namespace

TEST_CASE("average and largest BSON size are libbson's lengths of the documents read", "[import][sizes]") {
    // The oracle: libbson's own Extended JSON reader (bson_init_from_json)
    // and its length of each document, against the sizes the import sums.
    const std::string text = test::readFile(test::dataPath("import/export/everytype.jsonl"));
    std::istringstream lines(text);
    std::string line, bson;
    std::uint64_t sum = 0, largest = 0, n = 0;
    while (std::getline(lines, line)) {
        const std::string doc = libbson(line);
        sum += doc.size();
        largest = std::max<std::uint64_t>(largest, doc.size());
        bson += doc;
        ++n;
    }
    for (const bool asBson : {false, true}) {
        auto r = asBson ? importBson(bson) : importJson(text);
        REQUIRE(r.ok());
        const auto &c = r->summary.collections.at(0);
        CHECK(c.documents == n);
        CHECK(c.documentBytes == sum);
        CHECK(c.largestDocument == largest);
        CHECK(r->summary.bsonBytes == sum);
    }

    // Many documents of one example, as the samples give them.
    std::istringstream in;
    std::ostringstream out, err;
    REQUIRE(cli::run({"sample", test::examplesDir() + "/vehicle-auction.docshape", "--collection", "auctions",
                      "--count", "2000", "--seed", "7"},
                     {in, out, err}) == cli::kOk);
    std::istringstream samples(out.str());
    sum = largest = 0;
    while (std::getline(samples, line)) {
        const auto size = libbson(line).size();
        sum += size;
        largest = std::max<std::uint64_t>(largest, size);
    }
    auto r = importJson(out.str());
    REQUIRE(r.ok());
    CHECK(r->summary.collections.at(0).documentBytes == sum);
    CHECK(r->summary.collections.at(0).largestDocument == largest);
    CHECK(entityOf(r->project, "c").stated.documentBytes == Approx(double(sum) / 2000).margin(0.05));
}

TEST_CASE("golden: a mongoexport folder of every BSON type, legacy, relaxed, pretty, array and gzip files",
          "[import][golden]") {
    Importer importer;
    REQUIRE(importer.addPath(test::dataPath("import/export")).ok());
    auto r = importer.run();
    INFO((r ? "" : r.error().toString()));
    REQUIRE(r.ok());
    golden("export.docshape", serializeProject(r->project));
    const Project &p = r->project;

    const Entity &every = entityOf(p, "everytype");
    CHECK(every.count == 3);
    const std::pair<const char *, BsonType> types[] = {
        {"d", BsonType::Double},   {"s", BsonType::String},  {"arr", BsonType::Array}, {"bin", BsonType::BinData},
        {"u", BsonType::Null},     {"oid", BsonType::ObjectId}, {"b", BsonType::Bool}, {"dt", BsonType::Date},
        {"n", BsonType::Null},     {"re", BsonType::Regex},  {"i", BsonType::Int},     {"ts", BsonType::Timestamp},
        {"l", BsonType::Long},     {"dec", BsonType::Decimal}, {"mi", BsonType::MinKey}, {"ma", BsonType::MaxKey},
        {"mixed", BsonType::String}, {"nested", BsonType::Array}};
    for (const auto &[name, type] : types) {
        INFO(name);
        const Field *f = fieldNamed(every.fields, name);
        REQUIRE(f);
        CHECK(f->type == type);
    }
    // Missing fields: presence from the counts; the subdocument is an embedded entity.
    CHECK(fieldNamed(every.fields, "mixed")->presence == Approx(2.0 / 3));
    CHECK_FALSE(fieldNamed(every.fields, "mixed")->required);
    CHECK(fieldNamed(every.fields, "s")->required);
    CHECK(fieldNamed(every.fields, "s")->avgBytes == Approx(14.0 / 3));
    CHECK(fieldNamed(every.fields, "s")->maxBytes == 5);
    CHECK(fieldNamed(every.fields, "bin")->avgBytes == 4);
    CHECK(fieldNamed(every.fields, "re")->details->regexOptions == "im");
    CHECK(fieldNamed(every.fields, "i")->details->minimum == -7);
    CHECK(fieldNamed(every.fields, "arr")->avgCount == 1);
    CHECK(fieldNamed(every.fields, "arr")->maxCount == 2);
    CHECK(fieldNamed(every.fields, "arr")->elementType == BsonType::Int);
    CHECK(fieldNamed(every.fields, "nested")->elementType == BsonType::Array);
    bool embedsO = false, embedsItems = false;
    for (const auto &rel : p.relationships) {
        embedsO = embedsO || (rel.fieldName == "o" && rel.representation == Representation::EmbedOne &&
                              rel.avgChildren == Approx(2.0 / 3));
        embedsItems = embedsItems || (rel.fieldName == "items" && rel.representation == Representation::EmbedArray &&
                                      rel.maxChildren == 2u);
    }
    CHECK(embedsO);
    CHECK(embedsItems);
    auto hasFinding = [&](std::string_view id, std::string_view where) {
        for (const auto &f : r->summary.findings)
            if (f.id == id && f.where == where)
                return true;
        return false;
    };
    CHECK(hasFinding("import.mixed-types", "everytype.mixed"));
    CHECK(hasFinding("import.nested-arrays", "everytype.nested"));
    CHECK(hasFinding("import.deprecated-type", "everytype.sym"));

    // Legacy mongoexport 3.x forms and a --jsonArray file read as canonical ones.
    const Entity &legacy = entityOf(p, "legacy");
    CHECK(legacy.count == 2);
    CHECK(fieldNamed(legacy.fields, "when")->type == BsonType::Date);
    CHECK(fieldNamed(legacy.fields, "count")->type == BsonType::Long);
    CHECK(fieldNamed(legacy.fields, "bin")->type == BsonType::BinData);
    CHECK(fieldNamed(legacy.fields, "re")->type == BsonType::Regex);
    // A pretty-printed relaxed file, and the same gzip-compressed.
    CHECK(entityOf(p, "relaxed").idType == BsonType::Int);
    CHECK(serializeProject(p).find("\"collectionName\": \"relaxed-gz\"") != std::string::npos);
    CHECK(r->summary.collections.at(2).documentBytes == r->summary.collections.at(3).documentBytes);
}

TEST_CASE("golden: a mongodump directory with metadata, gzip and a reference between collections",
          "[import][golden]") {
    Importer importer;
    REQUIRE(importer.addPath(test::dataPath("import/dump/shop")).ok());
    auto r = importer.run();
    INFO((r ? "" : r.error().toString()));
    REQUIRE(r.ok());
    golden("shop.docshape", serializeProject(r->project));
    const Project &p = r->project;
    CHECK(p.database == "shop");
    const Entity &orders = entityOf(p, "orders");
    CHECK(orders.validationLevel == ValidationLevel::Moderate);
    CHECK(orders.validationAction == ValidationAction::Warn);
    CHECK(fieldNamed(orders.fields, "total")->details->minimum == 0); // the validator's, not the data's 500
    bool lines = false;
    for (const auto &rel : p.relationships)
        lines = lines || (rel.fieldName == "lines" && rel.maxChildren == 20u &&
                          rel.maxEnforcedBy == BoundEnforcer::Validator && rel.avgChildren == 1.5);
    CHECK(lines);
    REQUIRE(p.indexes.size() == 3);
    bool hashed = false, email = false;
    for (const auto &i : p.indexes) {
        hashed = hashed || (i.keys.size() == 1 && i.keys[0].kind == "hashed" && i.sparse);
        email = email || (i.unique && i.collation && i.collation->strength == 2);
    }
    CHECK(hashed);
    CHECK(email);
    REQUIRE(r->summary.references.size() == 1);
    CHECK(r->summary.references[0].path == "customerId");
    CHECK(r->summary.references[0].target == "customers");
    CHECK(r->summary.references[0].found == 2);
    // customers came from a .bson.gz with a .metadata.json.gz.
    CHECK(entityOf(p, "customers").count == 2);
}

TEST_CASE("a polymorphic collection gets a discriminator and its variants", "[import][variants]") {
    std::string text;
    for (int i = 0; i < 300; ++i) {
        if (i % 3 == 0)
            text += R"({"kind":"car","doors":4,"wheels":4})";
        else if (i % 3 == 1)
            text += R"({"kind":"bike","gears":21,"wheels":2})";
        else
            text += R"({"kind":"boat","sails":2})";
        text += "\n";
    }
    auto r = importJson(text);
    REQUIRE(r.ok());
    const Entity &e = entityOf(r->project, "c");
    CHECK(e.discriminator == "kind");
    REQUIRE(e.variants.size() == 3);
    CHECK(e.variants[0].value == "bike");
    CHECK(e.variants[0].share == Approx(1.0 / 3));
    REQUIRE(e.variants[0].fields.size() == 2); // gears, wheels
    CHECK(e.variants[2].value == "car");
    CHECK(fieldNamed(e.fields, "doors") == nullptr);
    CHECK(fieldNamed(e.fields, "kind") != nullptr);
}

TEST_CASE("bad input: each gives the file and the byte offset or line, and stops or skips with a count",
          "[import][bad]") {
    const std::string good = libbson(R"({"a": 1, "s": "xyz"})");
    const std::string two = good + good;

    // A truncated BSON document.
    CHECK(errorOf(importBson(two.substr(0, two.size() - 3))) ==
          "c.bson: byte 23: a truncated document: its length prefix says 23 bytes, only 20 are left in the file");
    // A length prefix that points past the file, and one no server writes.
    std::string past = two;
    past[23] = char(0xE8), past[24] = char(0x03); // 1,000 bytes
    CHECK(errorOf(importBson(past)).find("byte 23: a truncated document: its length prefix says 1000 bytes") !=
          std::string::npos);
    std::string huge = two;
    huge[23] = huge[24] = huge[25] = char(0xFF), huge[26] = 0x7F;
    CHECK(errorOf(importBson(huge)).find("byte 23: a document length prefix of 2147483647 bytes, larger than") !=
          std::string::npos);
    // An element whose length does not fit its document.
    std::string corrupt = two;
    corrupt[23 + 4 + 1 + 2 + 4 + 1 + 2] = char(0x40); // the string's length
    CHECK(errorOf(importBson(corrupt)).find("document at byte 23: byte ") != std::string::npos);

    // Invalid UTF-8, in Extended JSON and in BSON.
    CHECK(errorOf(importJson("{\"a\":1}\n{\"s\":\"\xff\"}\n")).find("c.json: line 2 (byte 8): not valid JSON") == 0);
    std::string badUtf8 = good;
    badUtf8[badUtf8.find("xyz")] = char(0xC3);
    badUtf8[badUtf8.find("yz")] = char(0x28);
    CHECK(errorOf(importBson(badUtf8)) == "c.bson: document at byte 0: byte 11: the string 's' is not valid UTF-8");

    // A line that is not JSON: stops, or is skipped and counted.
    const std::string lines = "{\"a\":1}\nnot json at all}\n{\"a\":2}\n";
    CHECK(errorOf(importJson("{\"a\":1}\n{\"a\": tru}\n{\"a\":2}\n")).find("line 2 (byte 8): not valid JSON") !=
          std::string::npos);
    ImportOptions skip;
    skip.skipInvalid = true;
    auto skipped = importJson("{\"a\":1}\n{\"a\": tru}\n{\"a\":{\"$oid\":\"12\"}}\n{\"a\":2}\n", skip);
    REQUIRE(skipped.ok());
    CHECK(skipped->summary.collections[0].documents == 2);
    CHECK(skipped->summary.collections[0].invalid == 2);
    REQUIRE(skipped->summary.findings.size() == 2);
    CHECK(skipped->summary.findings[1].where == "c.json: line 3 (byte 19)");
    CHECK(skipped->summary.findings[1].message.find("$oid") != std::string::npos);
    CHECK(errorOf(importJson(lines)).find("line 2: expected a document starting with '{'") != std::string::npos);

    // A document nested 200 deep, in both formats.
    std::string deep;
    for (int i = 0; i < 200; ++i)
        deep += "{\"a\":";
    deep += "1" + std::string(200, '}');
    CHECK(errorOf(importJson(deep)).find("line 1 (byte 0): nesting deeper than 180 levels") != std::string::npos);
    bson_t *inner = bson_new();
    BSON_APPEND_INT32(inner, "a", 1);
    for (int i = 0; i < 199; ++i) {
        bson_t *outer = bson_new();
        BSON_APPEND_DOCUMENT(outer, "a", inner);
        bson_destroy(inner);
        inner = outer;
    }
    const std::string deepBson(reinterpret_cast<const char *>(bson_get_data(inner)), inner->len);
    bson_destroy(inner);
    const std::string deepError = errorOf(importBson(deepBson));
    INFO(deepError);
    CHECK(deepError.find("nesting deeper than 180 levels") != std::string::npos);
}

TEST_CASE("bad input: 10^6 distinct keys are capped, not held", "[import][bad]") {
    std::string doc = "{";
    doc.reserve(16 << 20);
    for (int i = 0; i < 1000000; ++i)
        doc += (i ? ",\"k" : "\"k") + std::to_string(i) + "\":1";
    doc += "}\n";
    auto r = importJson(doc);
    REQUIRE(r.ok());
    CHECK(r->summary.collections[0].paths == import::CollectionStatistics::kMaxPaths);
    CHECK(r->project.entities[0].fields.size() == import::CollectionStatistics::kMaxPaths);
    bool capped = false;
    for (const auto &f : r->summary.findings)
        capped = capped || (f.id == "import.path-cap" && f.message.find("990,000 values") == 0);
    CHECK(capped);
    // The size counts every key all the same: 4 + 1,000,000 int32 elements + 1.
    std::uint64_t expected = 5;
    for (int i = 0; i < 1000000; ++i)
        expected += 1 + 1 + std::to_string(i).size() + 1 + 4;
    CHECK(r->summary.collections[0].documentBytes == expected);
}

TEST_CASE("bad input: a 2 GB line is an error at its line after the cap, never held whole", "[import][bad]") {
    // An endless line: one string that never closes. The stream stops at its
    // cap; it asks for at most the cap plus one read chunk.
    std::uint64_t handed = 0;
    bool first = true;
    validate::DocumentStream stream(
        [&](char *buffer, std::size_t n) {
            std::memset(buffer, 'x', n);
            if (first) {
                std::memcpy(buffer, "{\"a\":1}\n{\"s\":\"", 14);
                first = false;
            }
            handed += n;
            return handed > (std::uint64_t(2) << 30) ? std::size_t(0) : n;
        },
        validate::DocumentStream::Framing::LinesFirst);
    REQUIRE(stream.next() == validate::DocumentStream::Next::Document);
    REQUIRE(stream.next() == validate::DocumentStream::Next::Error);
    CHECK(stream.error() == "line 2: document 1 is longer than 64 MiB (the longest a document's text may be)");
    CHECK(handed <= validate::DocumentStream::kMaxDocumentBytes + (std::uint64_t(3) << 20));
}

TEST_CASE("bad input: a truncated gzip file names its file", "[import][bad]") {
    const std::string gz = test::readFile(test::dataPath("import/export/relaxed-gz.json.gz"));
    auto r = importJson(gz.substr(0, gz.size() - 12));
    const std::string error = errorOf(r);
    INFO(error);
    CHECK(error.find("c.json: the gzip stream is truncated") == 0);
}

TEST_CASE("infer: --limit, cancel, and nothing written unless the import completes", "[import][cli]") {
    std::string text;
    for (int i = 0; i < 5000; ++i)
        text += "{\"i\":" + std::to_string(i) + "}\n";
    ImportOptions limited;
    limited.limit = 100;
    auto r = importJson(text, limited);
    REQUIRE(r.ok());
    CHECK(r->summary.collections[0].documents == 100);
    CHECK(r->summary.limited);

    Importer importer;
    importer.addBytes("c", InputFormat::ExtendedJson, bytesOf(text));
    std::uint64_t seen = 0;
    auto cancelled = importer.run([&](const import::ImportProgress &p) {
        seen = p.documents;
        CHECK(p.totalBytes == text.size());
        CHECK(p.bytesRead <= p.totalBytes);
        return false;
    });
    CHECK(errorOf(cancelled) == "c.json: cancelled");
    CHECK(seen == 1024);

    const std::string dir = test::makeTempDir("infer-cli");
    std::ofstream(dir + "/bad.json") << "{\"a\":1}\n{oops\n";
    std::istringstream in;
    std::ostringstream out, err;
    CHECK(cli::run({"infer", dir + "/bad.json", "--out", dir + "/m.docshape"}, {in, out, err}) == cli::kBadModel);
    CHECK(err.str().find("bad.json: line 2 (byte 8): not valid JSON") != std::string::npos);
    CHECK(err.str().find("nothing was written") != std::string::npos);
    CHECK_FALSE(std::filesystem::exists(dir + "/m.docshape"));
    std::ofstream(dir + "/good.json") << "{\"a\":1}\n";
    std::ostringstream out2, err2;
    CHECK(cli::run({"infer", dir + "/good.json", "--out", dir + "/m.docshape", "--json"}, {in, out2, err2}) ==
          cli::kOk);
    CHECK(out2.str().find("\"documents\": 1") != std::string::npos);
    CHECK(loadProject(dir + "/m.docshape").ok());
}

TEST_CASE("a confirmed reference candidate becomes a reference from the child, sizes unchanged", "[import][references]") {
    Importer importer;
    REQUIRE(importer.addPath(test::dataPath("import/dump/shop")).ok());
    auto r = importer.run();
    REQUIRE(r.ok());
    REQUIRE(r->summary.references.size() == 1);
    Project p = r->project;
    const double before = analyze(p).collections[1].avgDocumentBytes;
    REQUIRE(import::canConfirm(p, r->summary.references[0]));
    REQUIRE(import::confirmReference(p, r->summary.references[0]).ok());
    CHECK(fieldNamed(entityOf(p, "orders").fields, "customerId") == nullptr);
    const Relationship &rel = p.relationships.back();
    CHECK(rel.representation == Representation::ReferenceFromChild);
    CHECK(rel.fieldName == "customerId");
    CHECK(p.findEntity(rel.parentId)->collectionName == "customers");
    CHECK(rel.avgChildren == 1);
    CHECK(analyze(p).collections[1].avgDocumentBytes == Approx(before));
    // A nested path stays a proposal.
    import::ReferenceCandidate nested = r->summary.references[0];
    nested.path = "lines.sku";
    CHECK_FALSE(import::canConfirm(p, nested));
    CHECK_FALSE(import::confirmReference(p, nested).ok());
}

TEST_CASE("nothing to import, an empty file, a metadata file named alone", "[import][bad]") {
    Importer none;
    CHECK(errorOf(none.run()) == "nothing to import");
    auto empty = importJson("");
    REQUIRE(empty.ok());
    CHECK(empty->summary.collections[0].documents == 0);
    CHECK_FALSE(entityOf(empty->project, "c").stated.documentBytes);
    Importer metadata;
    const Status s = metadata.addPath(test::dataPath("import/dump/shop/orders.metadata.json"));
    REQUIRE_FALSE(s.ok());
    CHECK(s.error().message == "a metadata file: name its .bson, or the dump directory");
}
