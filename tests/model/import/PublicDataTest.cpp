// Import on real public data that no DocShape code wrote (issue 35, "Data
// DocShape did not generate"): the files under tests/data/import/public/,
// each with a SOURCE.md saying where it comes from and under which licence.
// Item 1 of the issue is held on them with libbson as the oracle: every
// document's exact BSON length comes from libbson's own JSON parser, not
// from the importer under test.
#include "estimate/Analysis.h"
#include "import/Importer.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdint>
#include <filesystem>
#include <sstream>
#include <string>

using namespace docshape;

namespace {

// What libbson reads from JSON lines: the oracle. `stored*` are the same
// documents as the server stores them: one without an _id gets an ObjectId
// _id first (the driver or mongoimport adds it before the insert), which the
// model counts in every document.
struct Oracle {
    std::uint64_t documents = 0;
    std::uint64_t totalBytes = 0;
    std::uint64_t largest = 0;
    std::uint64_t storedTotal = 0;
    std::uint64_t storedLargest = 0;
    double storedAverage() const { return documents ? double(storedTotal) / double(documents) : 0; }
};

Oracle libbsonLengths(const std::string &text) {
    Oracle o;
    std::istringstream in(text);
    std::string line;
    while (std::getline(in, line)) {
        if (line.find_first_not_of(" \t\r") == std::string::npos)
            continue;
        bson_error_t error;
        bson_t *doc = bson_new_from_json(reinterpret_cast<const std::uint8_t *>(line.data()), ssize_t(line.size()),
                                         &error);
        if (!doc) {
            INFO("libbson: " << error.message << " in line " << o.documents + 1);
            REQUIRE(doc);
        }
        ++o.documents;
        o.totalBytes += doc->len;
        o.largest = std::max<std::uint64_t>(o.largest, doc->len);
        std::uint64_t stored = doc->len;
        if (!bson_has_field(doc, "_id")) {
            bson_t *withId = bson_new();
            bson_oid_t oid;
            bson_oid_init(&oid, nullptr);
            BSON_APPEND_OID(withId, "_id", &oid);
            bson_concat(withId, doc);
            stored = withId->len;
            bson_destroy(withId);
        }
        o.storedTotal += stored;
        o.storedLargest = std::max(o.storedLargest, stored);
        bson_destroy(doc);
    }
    return o;
}

struct Inferred {
    std::string text;
    Oracle oracle;
    import::ImportResult result;
};

Inferred infer(const std::string &collection, const std::string &relative) {
    Inferred r;
    r.text = test::readFile(test::dataPath(relative));
    REQUIRE(!r.text.empty());
    r.oracle = libbsonLengths(r.text);
    import::Importer importer;
    importer.addBytes(collection, import::InputFormat::ExtendedJson,
                      {reinterpret_cast<const std::uint8_t *>(r.text.data()), r.text.size()});
    auto result = importer.run();
    INFO((result ? "" : result.error().toString()));
    REQUIRE(result.ok());
    r.result = std::move(*result);
    return r;
}

// The collection's numbers in the analysis of the model as written and
// read back, the way `docshape-cli analyze MODEL` sees it.
CollectionStat analysisOf(const Inferred &in, const std::string &collection) {
    const std::string path =
        (std::filesystem::temp_directory_path() / ("docshape-public-" + collection + ".docshape")).string();
    REQUIRE(saveProject(in.result.project, path).ok());
    auto loaded = loadProject(path);
    if (!std::getenv("DOCSHAPE_KEEP_MODEL"))
        std::filesystem::remove(path);
    REQUIRE(loaded.ok());
    const Analysis analysis = analyze(*loaded);
    for (const auto &c : analysis.collections)
        if (c.name == collection)
            return c;
    FAIL("no collection " << collection << " in the analysis");
    return {};
}

std::string numbers(const Inferred &in, const CollectionStat &s, const std::string &collection) {
    std::ostringstream out;
    out << "collection " << collection << ": " << in.oracle.documents << " documents; exact average as stored "
        << in.oracle.storedAverage() << " bytes (libbson, with the _id the insert adds), model average "
        << s.avgDocumentBytes << "; largest as stored " << in.oracle.storedLargest << " bytes (libbson), model maximum "
        << (s.maxDocumentBytes ? double(*s.maxDocumentBytes) : -1.0);
    return out.str();
}

// Item 1 of issue 35, but the average: the document count, and the
// model's maximum between the largest document read and twice it. The
// import summary also reads exactly what libbson reads.
void checkCountAndMaximum(const Inferred &in, const std::string &collection) {
    const Oracle &o = in.oracle;
    const import::CollectionSummary *read = nullptr;
    for (const auto &c : in.result.summary.collections)
        if (c.name == collection)
            read = &c;
    REQUIRE(read);
    CHECK(read->documents == o.documents);
    CHECK(read->documentBytes == o.totalBytes);
    CHECK(read->largestDocument == o.largest);

    const CollectionStat s = analysisOf(in, collection);
    INFO(numbers(in, s, collection));
    CHECK(s.documents == double(o.documents));
    REQUIRE(s.maxDocumentBytes);
    CHECK(*s.maxDocumentBytes >= o.storedLargest);
    CHECK(*s.maxDocumentBytes <= 2 * o.storedLargest);
}

// Item 1's average: within 1% of the exact average of the documents read.
void checkAverage(const Inferred &in, const std::string &collection) {
    const CollectionStat s = analysisOf(in, collection);
    INFO(numbers(in, s, collection));
    CHECK(std::fabs(s.avgDocumentBytes - in.oracle.storedAverage()) <= 0.01 * in.oracle.storedAverage());
}

} // namespace

// country-region-data: 249 countries, each with an array of 1 to 217
// region objects whose shortCode is missing in 178 of 4,387.
TEST_CASE("public data, country-region-data: document count and maximum against libbson", "[import][public]") {
    const Inferred in = infer("countries", "import/public/country-region-data/countries.json");
    CHECK(in.oracle.documents == 249);
    checkCountAndMaximum(in, "countries");
}

// emojibase-data: 1,949 emojis with optional keys, a key that is a string
// or an array of strings (emoticon) and an optional nested array of
// objects (skins, in 330 documents).
TEST_CASE("public data, emojibase-data: document count and maximum against libbson", "[import][public]") {
    const Inferred in = infer("emojis", "import/public/emojibase-data/emojis.json");
    CHECK(in.oracle.documents == 1949);
    checkCountAndMaximum(in, "emojis");
}

// Countries: 917.5 exact as stored, with the _id the insert adds, against
// 914.4 modelled (-0.34%). Emojis: 353.1 exact as stored against 352.5
// (-0.17%); `skins`, in 330 of 1,949 documents, is an embedded
// relationship with a presence of 330/1,949, so its key and array bytes
// count in that share only (counted in every document, the model said
// 362.5, +2.7%). What is left: `emoticon`, an array in 14 documents and a
// string in 35, is modelled as a string.
TEST_CASE("public data, country-region-data: average within 1% of libbson's", "[import][public]") {
    const Inferred in = infer("countries", "import/public/country-region-data/countries.json");
    checkAverage(in, "countries");
}

TEST_CASE("public data, emojibase-data: average within 1% of libbson's", "[import][public]") {
    const Inferred in = infer("emojis", "import/public/emojibase-data/emojis.json");
    checkAverage(in, "emojis");
}
