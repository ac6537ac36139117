#pragma once

#include "advisor/Advice.h"
#include "core/Project.h"
#include "util/Result.h"
#include "estimate/Analysis.h"
#include "report/Report.h"
#include "report/ReportOptions.h"

#include <string>

namespace docshape::report {

// The diagram as the studio draws it, made by the caller (the model has no
// canvas): SVG text and its size in CSS pixels, or its paths and text.
// Neither: the report says that no diagram was drawn.
struct DiagramPicture {
    std::string svg;
    double width = 0;
    double height = 0;
    Picture vectors; // optional: what the PDF draws instead of the SVG
};

// The design review of DESIGN.md as a document: a summary, the diagram,
// one chapter per collection (worksheet, document size and where the bytes
// go, arrays, growth, indexes), the access patterns with their costs, every
// embed-or-reference decision, the findings, the decisions log, the
// assumptions behind every estimate and, when asked, the exported
// validators and index definitions. `analysis` is analyze(project) and
// `advice` advise(project, analysis): the numbers are theirs, printed as
// analyze --json and lint --json print them. Fails when the options name
// a collection the model does not have.
Result<Report> buildReport(const Project &project, const Analysis &analysis, const Advice &advice,
                           const ReportOptions &options, const DiagramPicture &diagram = {});

} // namespace docshape::report
