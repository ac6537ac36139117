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
    auto svg = diagram.svg();
    if (!svg)
        return svg.error();
    const QRectF rect = diagram.sourceRect();
    const report::DiagramPicture picture{svg->toStdString(), rect.width(), rect.height()};
    const Advice advice = advise(document.project(), document.analysis());
    auto built = report::buildReport(document.project(), document.analysis(), advice, options, picture);
    if (!built)
        return built.error();
    if (format == ReportFormat::Html)
        return report::renderHtml(*built);
    return report::renderPdf(*built, progress);
}

} // namespace docshape::ui::exporting
