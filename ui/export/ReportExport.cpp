#include "export/ReportExport.h"

#include "canvas/DocumentScene.h"
#include "document/Document.h"
#include "export/DiagramExport.h"

#include "advisor/Advisor.h"
#include "report/HtmlRenderer.h"
#include "report/ReportBuilder.h"

#include <algorithm>

namespace docshape::ui::exporting {

std::optional<ReportFormat> reportFormatOf(const std::string &path) {
    const auto dot = path.find_last_of('.');
    if (dot == std::string::npos || path.find('/', dot) != std::string::npos)
        return std::nullopt;
    std::string ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return char(std::tolower(c)); });
    if (ext == "html" || ext == "htm")
        return ReportFormat::Html;
    if (ext == "pdf")
        return ReportFormat::Pdf;
    return std::nullopt;
}

Result<std::string> makeReport(canvas::DocumentScene *scene, const report::ReportOptions &options,
                               ReportFormat format, const report::Progress &progress) {
    const Document &document = *scene->document();
    const DiagramExport diagram(scene, {options.collections, 1, false});
    if (Status ok = diagram.check(); !ok)
        return ok.error();
    // HTML inlines the SVG; the PDF draws the scene's own paths and text.
    const QRectF rect = diagram.sourceRect();
    report::DiagramPicture picture{{}, rect.width(), rect.height(), {}};
    if (format == ReportFormat::Html) {
        auto svg = diagram.svg();
        if (!svg)
            return svg.error();
        picture.svg = svg->toStdString();
    } else {
        auto vectors = diagram.picture();
        if (!vectors)
            return vectors.error();
        picture.vectors = std::move(*vectors);
    }
    const Advice advice = advise(document.project(), document.analysis());
    auto built = report::buildReport(document.project(), document.analysis(), advice, options, picture);
    if (!built)
        return built.error();
    if (format == ReportFormat::Html)
        return report::renderHtml(*built);
    return report::renderPdf(*built, progress);
}

} // namespace docshape::ui::exporting
