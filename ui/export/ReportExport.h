#pragma once

#include "util/Result.h"
#include "report/PdfRenderer.h"
#include "report/ReportOptions.h"

#include <optional>
#include <string>

namespace docshape::ui::canvas {
class DocumentScene;
}

namespace docshape::ui::exporting {

enum class ReportFormat { Html, Pdf };

// The format a file name asks for: ".html"/".htm" or ".pdf" (any case).
std::optional<ReportFormat> reportFormatOf(const std::string &path);

// The design-review report of the scene's document, with the diagram as
// the scene draws it (the chosen collections only), in one format: what
// `docshape-cli report` writes and File > Export Report saves.
Result<std::string> makeReport(canvas::DocumentScene *scene, const report::ReportOptions &options,
                               ReportFormat format, const report::Progress &progress = {});

} // namespace docshape::ui::exporting
