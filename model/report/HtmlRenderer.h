#pragma once

#include "report/Report.h"

#include <string>

namespace docshape::report {

// The report as one self-contained HTML5 file: no scripts, no network, the
// charts and the diagram as inline SVG, a table of contents of anchors and
// a print stylesheet (tables repeat their header on every printed page).
// Deterministic: the same report gives the same bytes.
std::string renderHtml(const Report &report);

// The SVG of a chart, as renderHtml inlines it.
std::string chartSvg(const LineChart &chart, double width);
std::string chartSvg(const BarChart &chart, double width);

} // namespace docshape::report
