#pragma once

#include "advisor/Advice.h"
#include "advisor/RuleCatalog.h"
#include "core/Project.h"
#include "estimate/Analysis.h"

#include <nlohmann/json.hpp>

#include <vector>

namespace docshape {

// Adds the advisor's part of `docshape-cli analyze --json` to an analysis
// document: "accessPatterns", "relationships", "suggestedIndexes",
// "worksheets" and "workingSet". Runs advise(project, analysis).
void appendAdvice(nlohmann::ordered_json &analysisJson, const Project &project, const Analysis &analysis);
// The same from an Advice already computed.
void appendAdvice(nlohmann::ordered_json &analysisJson, const Advice &advice);

// A number as the advisor's JSON prints it: rounded to three decimals, an
// integer without a fraction, null when not finite. The report prints its
// exact figures the same way.
nlohmann::ordered_json jsonNumber(double v);

// {"findings":[{"id","severity","target":{"kind","id","name"},"message","reason","source","fix"}]}
nlohmann::ordered_json findingsJson(const std::vector<Finding> &findings);

// {"rules":[{"id","severity","title","source","thresholds":[{"name","value","default","unit","source"}]}]}
// with the values in force for `project` (defaults when null).
nlohmann::ordered_json rulesJson(const Project *project = nullptr);

} // namespace docshape
