#pragma once

#include "report/Report.h"
#include "report/ReportOptions.h"

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

namespace docshape::test {

// The report of a model file, built as the CLI builds it (no diagram).
report::Report reportOf(const std::string &modelPath, const report::ReportOptions &options = {});

// `docshape-cli analyze MODEL --json`, run in-process.
nlohmann::json analyzeJson(const std::string &modelPath);

// Each collection's average and maximum document size as analyze --json
// prints them in its worksheets (three decimals, integers bare), after
// checking that they round the collections' own figures.
struct SizeText {
    std::string collection;
    std::string avg;
    std::string max; // "unbounded" when null
};
std::vector<SizeText> sizesFromAnalyzeJson(const nlohmann::json &analysis);
// Those figures as the report words them, in the size convention of the CLI
// and the studio (units::bytesText): "average 781 bytes, maximum 10,986 bytes".
std::string sizeSentence(const SizeText &size);

// Every bookmark title of a PDF (qpdf --json), depth first, with its depth.
std::vector<std::pair<int, std::string>> pdfOutline(const std::string &pdfPath);

} // namespace docshape::test
