#include "io/BundledExamples.h"
#include "model/export/ExportTestSupport.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

// The examples as the source tree holds them, listed here independently.
std::vector<std::string> sourceExampleNames() {
    std::vector<std::string> names;
    for (const auto &entry : fs::directory_iterator(test::examplesDir()))
        if (entry.path().extension() == ".docshape")
            names.push_back(entry.path().stem().string());
    std::sort(names.begin(), names.end());
    return names;
}

} // namespace

TEST_CASE("run from the build tree, the bundled examples are the source tree's", "[io][examples]") {
    const std::string dir = bundledExamplesDirectory();
    REQUIRE_FALSE(dir.empty());
    CHECK(fs::equivalent(dir, test::examplesDir()));
    const std::vector<std::string> names = bundledExampleNames();
    CHECK(names == sourceExampleNames());
    CHECK(std::find(names.begin(), names.end(), "order-aggregate") != names.end());

    auto found = findBundledExample("order-aggregate");
    REQUIRE(found.ok());
    CHECK(fs::equivalent(*found, test::examplesDir() + "/order-aggregate.docshape"));
}

TEST_CASE("an unknown example is an error that names the examples there are", "[io][examples]") {
    for (const char *name : {"no-such-example", "", "../CMakeLists", "order-aggregate.docshape", "README"}) {
        INFO(name);
        auto found = findBundledExample(name);
        REQUIRE_FALSE(found.ok());
        CHECK_THAT(found.error().message, Catch::StartsWith("no bundled example '" + std::string(name) + "'") &&
                                              Catch::Contains("order-aggregate, product-reviews"));
    }
}

TEST_CASE("installed, a program finds the examples in share/docshape/examples beside its bin", "[io][examples]") {
    // An installation in miniature: the CLI in PREFIX/bin, one example in
    // PREFIX/share/docshape/examples. It must take that one, not the source
    // tree's.
    const fs::path prefix = test::makeTempDir("installed-examples");
    fs::create_directories(prefix / "bin");
    fs::create_directories(prefix / "share/docshape/examples");
    fs::copy_file(DOCSHAPE_CLI_PATH, prefix / "bin/docshape-cli");
    fs::copy_file(test::examplesDir() + "/author-posts.docshape", prefix / "share/docshape/examples/shop.docshape");
    const std::string cli = (prefix / "bin/docshape-cli").string();

    const auto installed = test::runCommand(cli + " analyze --example shop");
    INFO(installed.output);
    CHECK(installed.status == 0);
    CHECK(installed.output == test::runCommand(cli + " analyze " + test::examplesDir() + "/author-posts.docshape").output);

    const auto absent = test::runCommand(cli + " analyze --example order-aggregate");
    INFO(absent.output);
    CHECK(absent.status == 2);
    CHECK_THAT(absent.output, Catch::Contains("no bundled example 'order-aggregate'; the examples are shop"));
    fs::remove_all(prefix);
}
