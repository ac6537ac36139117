#include "io/FormatUpgrade.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

using namespace docshape;
using nlohmann::json;

TEST_CASE("versions 2 and 3 only add keys: a version 1 or 2 document is a version 3 document as it is",
          "[io][upgrade]") {
    CHECK(io::upgradeSteps().size() == static_cast<std::size_t>(kFormatVersion - 1));
    CHECK(io::readsWithoutUpgrade(1));
    CHECK(io::readsWithoutUpgrade(2));
    CHECK(io::readsWithoutUpgrade(3));
    CHECK_FALSE(io::readsWithoutUpgrade(0));
    CHECK_FALSE(io::readsWithoutUpgrade(4));
    const json doc = {{"formatVersion", 1}, {"name", "x"}};
    auto upgraded = io::upgradeDocument(doc, 1);
    REQUIRE(upgraded.ok());
    CHECK(*upgraded == json{{"formatVersion", 3}, {"name", "x"}});
    auto bad = io::upgradeDocument(doc, 0);
    REQUIRE_FALSE(bad.ok());
    CHECK(bad.error().message == "no upgrade from format version 0 to 3");
}

TEST_CASE("an empty step rewrites nothing, and a real one after it still makes a rewrite", "[io][upgrade]") {
    const std::vector<io::UpgradeStep> steps = {io::UpgradeStep{}, [](json doc) -> Result<json> {
                                                    doc["b"] = 1;
                                                    return doc;
                                                }};
    CHECK_FALSE(io::readsWithoutUpgrade(1, steps));
    CHECK_FALSE(io::readsWithoutUpgrade(2, steps));
    CHECK(io::readsWithoutUpgrade(3, steps));
    auto v3 = io::upgradeDocument(json{{"formatVersion", 1}}, 1, steps);
    REQUIRE(v3.ok());
    CHECK(*v3 == json{{"formatVersion", 3}, {"b", 1}});
}

TEST_CASE("upgrade steps run in order, each from version N to N+1", "[io][upgrade]") {
    // A hypothetical history: v2 renamed "title" to "name", v3 moved "ram"
    // into "ramGiB" as a number.
    const std::vector<io::UpgradeStep> steps = {
        [](json doc) -> Result<json> {
            doc["name"] = doc.at("title");
            doc.erase("title");
            return doc;
        },
        [](json doc) -> Result<json> {
            if (!doc.contains("ram"))
                return Error{"$.ram", "missing"};
            doc["ramGiB"] = std::stod(doc["ram"].get<std::string>());
            doc.erase("ram");
            return doc;
        },
    };
    const json v1 = {{"formatVersion", 1}, {"title", "Shop"}, {"ram", "16"}};
    auto v3 = io::upgradeDocument(v1, 1, steps);
    REQUIRE(v3.ok());
    CHECK(*v3 == json{{"formatVersion", 3}, {"name", "Shop"}, {"ramGiB", 16.0}});

    auto fromV2 = io::upgradeDocument(json{{"formatVersion", 2}, {"name", "S"}, {"ram", "8"}}, 2,
                                      steps);
    REQUIRE(fromV2.ok());
    CHECK(fromV2->at("ramGiB") == 8.0);

    SECTION("a failing step names its version") {
        auto failed = io::upgradeDocument(json{{"formatVersion", 2}}, 2, steps);
        REQUIRE_FALSE(failed.ok());
        CHECK(failed.error().where == "$.ram");
        CHECK(failed.error().message == "upgrading from format version 2: missing");
    }
    SECTION("a step that throws becomes an error") {
        auto thrown = io::upgradeDocument(json{{"formatVersion", 1}, {"ram", "8"}}, 1, steps);
        REQUIRE_FALSE(thrown.ok());
        CHECK(thrown.error().message.rfind("upgrading from format version 1: ", 0) == 0);
    }
}
