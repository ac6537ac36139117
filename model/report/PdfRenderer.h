#pragma once

#include "util/Result.h"
#include "report/Report.h"

#include <functional>
#include <string>

namespace docshape::report {

// Called as the PDF is made, with the work done and the work in all (laying
// out sections, then drawing pages); returning false cancels it.
using Progress = std::function<bool(std::size_t done, std::size_t total)>;

// The report as a PDF (A4, cairo's PDF surface, text through pango's
// fonts): a title page with the contents and their page numbers, every
// heading a bookmark, page numbers on every page, tables that break across
// pages with their header repeated, charts and the diagram as vectors
// (the diagram's SVG drawn by librsvg). Returns the file's bytes; fails
// when cancelled or when cairo reports an error.
Result<std::string> renderPdf(const Report &report, const Progress &progress = {});

} // namespace docshape::report
