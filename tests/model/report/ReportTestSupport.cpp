#include "model/report/ReportTestSupport.h"

#include "commands/Cli.h"
#include "support/ExternalTools.h"
#include "support/TestPaths.h"

#include "advisor/Advisor.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "report/ReportBuilder.h"
#include "util/Units.h"

#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>

namespace docshape::test {

report::Report reportOf(const std::string &modelPath, const report::ReportOptions &options) {
    auto project = loadProject(modelPath);
    REQUIRE(project);
    const Analysis analysis = analyze(*project);
    const Advice advice = advise(*project, analysis);
    auto built = report::buildReport(*project, analysis, advice, options);
    REQUIRE(built);
    return std::move(*built);
}

nlohmann::json analyzeJson(const std::string &modelPath) {
    std::istringstream in;
    std::ostringstream out, err;
    REQUIRE(cli::run({"analyze", modelPath, "--json"}, {in, out, err}) == cli::kOk);
    return nlohmann::json::parse(out.str());
}

std::string sizeSentence(const SizeText &size) {
    return "average " + units::bytesText(std::stod(size.avg)) + ", maximum " +
           (size.max == "unbounded" ? size.max : units::bytesText(std::stod(size.max)));
}

std::vector<SizeText> sizesFromAnalyzeJson(const nlohmann::json &analysis) {
    std::vector<SizeText> out;
    for (const auto &c : analysis["collections"]) {
        const auto w = std::find_if(analysis["worksheets"].begin(), analysis["worksheets"].end(),
                                    [&](const auto &ws) { return ws["collection"] == c["name"]; });
        REQUIRE(w != analysis["worksheets"].end());
        const auto &size = (*w)["expectedDocumentSize"];
        // The worksheet's figure is the collection's, to three decimals.
        CHECK(std::fabs(size["estimatedAvgBytes"].get<double>() - c["avgDocumentBytes"].get<double>()) <= 0.0005);
        CHECK(size["estimatedMaxBytes"] == c["maxDocumentBytes"]);
        out.push_back({c["name"].get<std::string>(), size["estimatedAvgBytes"].dump(),
                       size["estimatedMaxBytes"].is_null() ? "unbounded" : size["estimatedMaxBytes"].dump()});
    }
    return out;
}

namespace {
void walk(const nlohmann::json &items, int depth, std::vector<std::pair<int, std::string>> &out) {
    for (const auto &item : items) {
        out.emplace_back(depth, item.value("title", std::string()));
        if (item.contains("kids"))
            walk(item["kids"], depth + 1, out);
    }
}
} // namespace

std::vector<std::pair<int, std::string>> pdfOutline(const std::string &pdfPath) {
    const ToolRun r = runTool("qpdf --json --json-key=outlines " + shellQuoted(pdfPath));
    REQUIRE(r.code == 0);
    const auto j = nlohmann::json::parse(r.out);
    std::vector<std::pair<int, std::string>> out;
    walk(j["outlines"], 1, out);
    return out;
}

} // namespace docshape::test
