#include "commands/Cli.h"
#include "derive/DeriveCollections.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "sample/SampleGenerator.h"
#include "support/TestPaths.h"

#include "model/sample/SampleChecker.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <regex>
#include <set>
#include <sstream>

// Every collection of every bundled example, through the CLI as a user runs
// it: max-shape documents are exactly analyze's maxDocumentBytes, and the
// mean of 2,000 typical documents is within 2% of its avgDocumentBytes.

using namespace docshape;
using docshape::test::Violation;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> examples() {
    std::vector<std::string> paths;
    for (const auto &entry : fs::directory_iterator(test::examplesDir()))
        if (entry.path().extension() == ".docshape")
            paths.push_back(entry.path().string());
    std::sort(paths.begin(), paths.end());
    return paths;
}

// Lengths of the documents the CLI printed, parsed back with libbson.
std::vector<std::uint32_t> sampleLengths(const std::vector<std::string> &args, std::string &err) {
    std::istringstream in;
    std::ostringstream out, errStream;
    const int code = cli::runSample(args, {in, out, errStream});
    err = errStream.str();
    INFO(err);
    REQUIRE(code == cli::kOk);
    std::vector<std::uint32_t> lengths;
    std::istringstream lines(out.str());
    for (std::string line; std::getline(lines, line);) {
        bson_t doc;
        bson_error_t error;
        INFO(line.substr(0, 400));
        REQUIRE(bson_init_from_json(&doc, line.c_str(), static_cast<ssize_t>(line.size()), &error));
        lengths.push_back(doc.len);
        bson_destroy(&doc);
    }
    return lengths;
}

} // namespace

TEST_CASE("bundled examples: samples have the sizes analyze estimates", "[sample][examples]") {
    const auto paths = examples();
    REQUIRE_FALSE(paths.empty());
    for (const auto &path : paths) {
        auto project = loadProject(path);
        INFO(path);
        REQUIRE(project.ok());
        const Analysis analysis = analyze(*project);
        int bounded = 0;
        for (const auto &stat : analysis.collections) {
            INFO("collection " << stat.name);
            std::string err;
            if (stat.maxDocumentBytes) {
                ++bounded;
                const auto max = sampleLengths(
                    {path, "--collection", stat.name, "--shape", "max", "--count", "5", "--seed", "3"}, err);
                REQUIRE(max.size() == 5);
                for (auto len : max)
                    CHECK(len == *stat.maxDocumentBytes);
                if (!err.empty())
                    WARN(fs::path(path).filename().string() << " " << stat.name << " (max):\n" << err);
            }
            const auto typical =
                sampleLengths({path, "--collection", stat.name, "--count", "2000", "--seed", "3"}, err);
            REQUIRE(typical.size() == 2000);
            double total = 0;
            for (auto len : typical)
                total += len;
            const double mean = total / 2000;
            INFO("mean " << mean << " estimate " << stat.avgDocumentBytes);
            CHECK(std::abs(mean - stat.avgDocumentBytes) <= 0.02 * stat.avgDocumentBytes);
            if (!err.empty())
                WARN(fs::path(path).filename().string() << " " << stat.name << " (typical):\n" << err);
        }
        CHECK(bounded >= 1);
    }
}

TEST_CASE("bundled examples: samples are valid except where the model contradicts itself",
          "[sample][examples]") {
    for (const auto &path : examples()) {
        auto project = loadProject(path);
        INFO(path);
        REQUIRE(project.ok());
        const Derived derived = deriveCollections(*project);
        for (const auto &c : derived.collections) {
            INFO("collection " << c.name);
            test::SampleChecker checker(c.shape);
            SampleGenerator g(c, 21);
            auto strip = [](const std::string &p) { return std::regex_replace(p, std::regex("\\.[0-9]+"), ""); };
            std::vector<Violation> found;
            for (auto shape : {SampleShape::Typical, SampleShape::Max}) {
                if (shape == SampleShape::Max && !g.unbounded().empty())
                    continue;
                for (int i = 0; i < 200; ++i) {
                    auto doc = g.next(shape);
                    REQUIRE(doc.ok());
                    for (const auto &v : checker.check(doc->bson))
                        found.push_back(v);
                }
            }
            std::set<std::string> conflicted;
            for (const auto &k : g.conflicts())
                conflicted.insert(k.path);
            for (const auto &v : found) {
                INFO(v.rule << " at " << v.path);
                CHECK(conflicted.count(strip(v.path)) == 1);
            }

            // Broken on purpose: the one violation is the named rule at the
            // reported path (unless that path is a known conflict).
            for (auto rule : {BreakRule::MissingRequired, BreakRule::WrongType, BreakRule::ArrayOverBound,
                              BreakRule::OutsideEnum}) {
                if (g.breakablePaths(rule).empty())
                    continue;
                for (int i = 0; i < 40; ++i) {
                    auto doc = g.nextBroken(rule);
                    REQUIRE(doc.ok());
                    std::vector<Violation> expected{{std::string(toString(rule)), doc->brokenPath}};
                    auto violations = checker.check(doc->bson);
                    violations.erase(std::remove_if(violations.begin(), violations.end(),
                                                    [&](const Violation &v) {
                                                        return conflicted.count(strip(v.path)) &&
                                                               !(v == expected.front());
                                                    }),
                                     violations.end());
                    INFO(toString(rule) << " " << doc->canonicalJson().substr(0, 600));
                    CHECK(violations == expected);
                }
            }
        }
    }
}
