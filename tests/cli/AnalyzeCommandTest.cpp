#include "commands/Cli.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>
#include <nlohmann/json.hpp>

#include <fstream>
#include <regex>
#include <sstream>

using namespace docshape;

namespace {

struct Run {
    int code;
    std::string out;
    std::string err;
};

Run analyzeCli(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err});
    return {code, out.str(), err.str()};
}

} // namespace

TEST_CASE("analyze --json reports sizes, arrays, indexes and the advisor's costs", "[cli][analyze]") {
    const Run r = analyzeCli({"analyze", test::examplesDir() + "/order-aggregate.docshape", "--json"});
    REQUIRE(r.code == cli::kOk);
    CHECK(r.err.empty());
    const auto j = nlohmann::json::parse(r.out);
    REQUIRE(j.contains("collections"));
    const auto orders = std::find_if(j["collections"].begin(), j["collections"].end(),
                                     [](const auto &c) { return c["name"] == "orders"; });
    REQUIRE(orders != j["collections"].end());
    CHECK((*orders)["avgDocumentBytes"].get<double>() > 0);
    CHECK((*orders)["maxDocumentBytes"].is_number_unsigned());
    CHECK((*orders)["maxDocumentBytes"].get<double>() > (*orders)["avgDocumentBytes"].get<double>());
    REQUIRE((*orders)["arrays"].size() == 1);
    CHECK((*orders)["arrays"][0]["path"] == "items");
    CHECK((*orders)["arrays"][0]["maxCount"] == 50);
    CHECK((*orders)["indexes"][0]["name"] == "_id_");
    CHECK((*orders)["indexes"][0]["entries"] == (*orders)["documents"]);
    for (const char *key : {"accessPatterns", "relationships", "suggestedIndexes", "worksheets"})
        CHECK(j.contains(key));
    CHECK_FALSE(j["accessPatterns"].empty());
    CHECK(j["accessPatterns"][0].contains("roundTrips"));
    CHECK(j["accessPatterns"][0].contains("bytesRead"));
}

TEST_CASE("analyze prints null for the maximum of a collection with an unbounded array", "[cli][analyze]") {
    const std::string dir = test::makeTempDir("analyze");
    const std::string path = dir + "/unbounded.docshape";
    std::ofstream(path) << R"({
  "formatVersion": 1,
  "name": "unbounded",
  "entities": [
    {
      "id": "e1",
      "name": "authors",
      "fields": [
        {
          "id": "f1",
          "name": "postIds",
          "type": "array",
          "elementType": "objectId",
          "avgCount": 40
        }
      ],
      "count": 10
    }
  ],
  "relationships": [],
  "accessPatterns": [],
  "indexes": [],
  "decisions": []
}
)";
    const Run r = analyzeCli({"analyze", path, "--json"});
    REQUIRE(r.code == cli::kOk);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["collections"][0]["maxDocumentBytes"].is_null());
    CHECK(j["collections"][0]["unbounded"] == nlohmann::json::array({"postIds"}));
    CHECK(j["collections"][0]["arrays"][0]["maxCount"].is_null());
    // {_id, postIds: 40 ids}: 5 + 17 + (1 + 7 + 1) + 5 + 10 x 3 + 30 x 4 + 40 x 12
    CHECK(j["collections"][0]["avgDocumentBytes"] == 5 + 17 + 9 + 5 + 30 + 120 + 480);

    const Run table = analyzeCli({"analyze", path});
    REQUIRE(table.code == cli::kOk);
    CHECK_THAT(table.out, Catch::Contains("max unbounded (no maximum: postIds)"));
}

TEST_CASE("analyze prints a saturated maximum the same in text and JSON", "[cli][analyze]") {
    // 16,777,216 objects each holding 16,777,216 strings of 16 MiB, every
    // count and size at its ceiling (FORMAT.md, "Limits"): 2^72 bytes of
    // values alone, past 2^64 - 1; the maximum saturates there instead of
    // wrapping.
    const std::string dir = test::makeTempDir("analyze-huge");
    const std::string path = dir + "/huge.docshape";
    std::ofstream(path) << R"({
  "formatVersion": 1,
  "name": "huge",
  "entities": [
    {
      "id": "e1",
      "name": "authors",
      "fields": [
        {
          "id": "f1",
          "name": "pages",
          "type": "array",
          "elementType": "object",
          "avgCount": 3,
          "maxCount": 16777216,
          "fields": [
            {
              "id": "f2",
              "name": "tags",
              "type": "array",
              "elementType": "string",
              "avgBytes": 24,
              "maxBytes": 16777216,
              "avgCount": 3,
              "maxCount": 16777216
            }
          ]
        }
      ],
      "count": 10
    }
  ],
  "relationships": [],
  "accessPatterns": [],
  "indexes": [],
  "decisions": []
}
)";
    const Run r = analyzeCli({"analyze", path, "--json"});
    INFO(r.err);
    REQUIRE(r.code == cli::kOk);
    const auto j = nlohmann::json::parse(r.out);
    CHECK(j["collections"][0]["maxDocumentBytes"].get<std::uint64_t>() == 18446744073709551615ull);
    const Run table = analyzeCli({"analyze", path});
    CHECK_THAT(table.out, Catch::Contains("max 16.0 EiB"));
    CHECK_THAT(table.out, Catch::Contains("16.0 EiB (18,446,744,073,709,551,615 bytes), over the 16 MiB"));
}

TEST_CASE("analyze --json prints numbers without float noise", "[cli][analyze]") {
    for (const char *example :
         {"order-aggregate", "saas-multitenant", "iot-readings", "student-enrollment", "author-posts"}) {
        INFO(example);
        const Run r = analyzeCli({"analyze", "--example", example, "--json"});
        REQUIRE(r.code == cli::kOk);
        // 2842.7999999999997 is what double arithmetic leaves; three decimals at
        // most.
        std::smatch m;
        CHECK_FALSE(std::regex_search(r.out, m, std::regex(R"(\d\.\d{4,})")));
        if (!m.empty())
            FAIL_CHECK(m.str());
        const auto j = nlohmann::json::parse(r.out);
        for (const auto &c : j["collections"]) {
            CHECK(c["dataBytes"].is_number_integer());
            for (const auto &ix : c["indexes"])
                CHECK(ix["estimatedBytes"].is_number_integer());
        }
    }
}

TEST_CASE("analyze prints sizes and counts as the studio and the report do", "[cli][analyze]") {
    const Run r = analyzeCli({"analyze", "--example", "order-aggregate"});
    REQUIRE(r.code == cli::kOk);
    CHECK_THAT(r.out, Catch::Contains(" bytes, max ") && Catch::Contains(" bytes\n"));
    CHECK_THAT(r.out, !Catch::Contains(" B,") && !Catch::Contains(" B\n") && !Catch::Contains(" KB ") &&
                          !Catch::Contains("KiB") && !Catch::Contains("(estimate)"));
    CHECK(std::regex_search(r.out, std::regex(R"(\(\d{1,3}(,\d{3})+ documents,)")));
    CHECK(std::regex_search(r.out, std::regex(R"(, estimated (\d{1,3}(,\d{3})* bytes|\d+\.\d [MGT]iB)\n)")));
}

TEST_CASE("analyze: a model without a name is headed by its file", "[cli][analyze]") {
    const std::string dir = test::makeTempDir("analyze-unnamed");
    const std::string path = dir + "/shop.docshape";
    std::ofstream(path) << R"({
  "formatVersion": 1,
  "entities": [{"id": "e1", "name": "items", "fields": [], "count": 1000}],
  "relationships": [], "accessPatterns": [], "indexes": [], "decisions": []
}
)";
    const Run r = analyzeCli({"analyze", path});
    INFO(r.err);
    REQUIRE(r.code == cli::kOk);
    CHECK_THAT(r.out, Catch::StartsWith("unnamed model (shop.docshape) — 1 collection\n"));
    CHECK_THAT(r.out, Catch::Contains("items  (1,000 documents"));
}

TEST_CASE("analyze exit codes: usage 2, unreadable or invalid model 3", "[cli][analyze]") {
    CHECK(analyzeCli({"analyze"}).code == cli::kUsage);
    CHECK(analyzeCli({"analyze", "a.docshape", "--bogus"}).code == cli::kUsage);
    CHECK(analyzeCli({"nonsense"}).code == cli::kUsage);
    const Run missing = analyzeCli({"analyze", "/nonexistent/model.docshape"});
    CHECK(missing.code == cli::kBadModel);
    CHECK_THAT(missing.err, Catch::Contains("/nonexistent/model.docshape"));
    const std::string dir = test::makeTempDir("analyze-bad");
    std::ofstream(dir + "/bad.docshape") << "{\"formatVersion\": 1, \"name\": ";
    const Run bad = analyzeCli({"analyze", dir + "/bad.docshape"});
    CHECK(bad.code == cli::kBadModel);
    CHECK_THAT(bad.err, Catch::Contains("line"));
}

// Issue 17 item 10: where nothing bounds a document, "the largest document
// crosses 16 MiB" is an estimate, and the line says what it assumes (the
// analysis takes an unbounded array at its average grown at its stated
// rate, as the Charts panel's largest-document line does).
TEST_CASE("analyze words the day the largest document crosses the limit, and its assumption", "[cli][analyze]") {
    const Run r = analyzeCli({"analyze", test::sourceDir() + "/resources/exercises/audit-history/start.docshape"});
    REQUIRE(r.code == cli::kOk);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m,
                              std::regex(R"(\n  the largest document crosses 16 MiB after ([0-9,]+) days \(an estimate: )"
                                         R"(nothing bounds history, taken at its average and grown at its stated rate\)\n)")));
    // The average's line reads the same way, on the line above.
    CHECK(r.out.find("\n  the average document crosses 100 KB after ") < static_cast<std::size_t>(m.position(0)));
    // The bounded order model says nothing of the kind.
    const Run bounded = analyzeCli({"analyze", test::examplesDir() + "/order-aggregate.docshape"});
    CHECK(bounded.out.find("largest document crosses") == std::string::npos);
}
