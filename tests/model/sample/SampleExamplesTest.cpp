#include "commands/Cli.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <bson/bson.h>
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <sstream>

// Every collection of every bundled example, through the CLI as a user runs
// it: max-shape documents are exactly analyze's maxDocumentBytes, and the
// mean of 2,000 typical documents is within 2% of its avgDocumentBytes.

using namespace docshape;
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
