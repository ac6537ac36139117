#include "advisor/AdviceJson.h"
#include "advisor/Advisor.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>

using namespace docshape;
namespace fs = std::filesystem;

namespace {

// What the advisor says about a model, as reviewed in a golden file:
// findings, then the decisions and costs of `analyze --json`.
nlohmann::ordered_json adviceDocument(const Project &project) {
    const Analysis analysis = analyze(project);
    const Advice advice = advise(project, analysis);
    nlohmann::ordered_json doc = findingsJson(advice.findings);
    appendAdvice(doc, advice);
    return doc;
}

} // namespace

TEST_CASE("golden: the advisor on every bundled example", "[advisor][golden]") {
    const bool update = std::getenv("DOCSHAPE_UPDATE_GOLDEN") != nullptr;
    std::vector<fs::path> examples;
    for (const auto &entry : fs::directory_iterator(test::examplesDir()))
        if (entry.path().extension() == ".docshape")
            examples.push_back(entry.path());
    std::sort(examples.begin(), examples.end());
    REQUIRE_FALSE(examples.empty());
    for (const auto &path : examples) {
        INFO(path.filename().string());
        auto project = loadProject(path.string());
        REQUIRE(project.ok());
        const std::string actual = adviceDocument(*project).dump(2) + "\n";
        const std::string golden = test::dataPath("advisor/" + path.stem().string() + ".json");
        if (update) {
            std::ofstream(golden, std::ios::binary) << actual;
            continue;
        }
        if (!fs::exists(golden))
            FAIL(golden << " is missing: run with DOCSHAPE_UPDATE_GOLDEN=1 and review it");
        CHECK(actual == test::readFile(golden));
    }
}

TEST_CASE("golden examples are designed by the seeds: no errors", "[advisor]") {
    for (const auto &entry : fs::directory_iterator(test::examplesDir())) {
        if (entry.path().extension() != ".docshape")
            continue;
        INFO(entry.path().filename().string());
        auto project = loadProject(entry.path().string());
        REQUIRE(project.ok());
        const auto findings = lint(*project, analyze(*project));
        for (const auto &f : findings)
            if (f.severity == Severity::Error)
                FAIL_CHECK(f.id << " " << f.target.name << ": " << f.message());
    }
}
