// The design-review report of the generated 1,000-collection model, as
// docshape-cli report makes it: the document and its analysis, the canvas
// scene, the diagram's SVG, the advice, the report's document model and
// its rendering. Each run makes everything anew; the budget is the whole,
// from the model in memory to the file's bytes.
// Targets: HTML <= 2 s, PDF <= 5 s; peak memory reported.
#include "support/LargeModel.h"

#include "canvas/DocumentScene.h"
#include "document/Document.h"
#include "export/DiagramExport.h"
#include "export/ReportExport.h"

#include "advisor/Advisor.h"
#include "report/HtmlRenderer.h"
#include "report/PdfRenderer.h"
#include "report/ReportBuilder.h"

#include <QApplication>
#include <QElapsedTimer>

#include <sys/resource.h>

#include <ctime>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

using namespace docshape;

namespace {

double peakMiB() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return double(usage.ru_maxrss) / 1024.0; // kilobytes on Linux
}

double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

struct Timing {
    double totalMs = 0;
    double cpuMs = 0; // the process's CPU time: steadier than wall time on a shared machine
    double sceneMs = 0;   // document, analysis and scene
    double diagramMs = 0; // the diagram's SVG
    double adviceMs = 0;
    double buildMs = 0;   // the report's document model
    double renderMs = 0;
    std::size_t bytes = 0;
};

// The steps of ui::exporting::makeReport, timed one by one.
Timing once(int collections, ui::exporting::ReportFormat format) {
    Project project = makeLargeModel(collections);
    Timing r;
    const double cpuStart = cpuMs();
    QElapsedTimer t;
    t.start();
    auto lap = [&t](double &into) {
        into = double(t.nsecsElapsed()) / 1e6;
        t.restart();
    };
    ui::Document document;
    document.reset(std::move(project), QString());
    ui::canvas::DocumentScene scene(&document);
    lap(r.sceneMs);
    const ui::exporting::DiagramExport diagram(&scene, {});
    const QRectF rect = diagram.sourceRect();
    report::DiagramPicture picture{{}, rect.width(), rect.height(), {}};
    if (format == ui::exporting::ReportFormat::Html)
        picture.svg = diagram.svg()->toStdString();
    else
        picture.vectors = std::move(*diagram.picture());
    lap(r.diagramMs);
    const Advice advice = advise(document.project(), document.analysis());
    lap(r.adviceMs);
    auto built = report::buildReport(document.project(), document.analysis(), advice, {.date = "2025-01-31"}, picture);
    lap(r.buildMs);
    if (format == ui::exporting::ReportFormat::Html) {
        r.bytes = report::renderHtml(*built).size();
    } else {
        auto pdf = report::renderPdf(*built);
        if (!pdf) {
            std::fprintf(stderr, "report failed: %s\n", pdf.error().toString().c_str());
            std::exit(2);
        }
        r.bytes = pdf->size();
    }
    lap(r.renderMs);
    r.totalMs = r.sceneMs + r.diagramMs + r.adviceMs + r.buildMs + r.renderMs;
    r.cpuMs = cpuMs() - cpuStart;
    return r;
}

} // namespace

int main(int argc, char **argv) {
    if (!std::getenv("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int collections = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    bool met = true;
    for (auto [format, name, budget] : {std::tuple{ui::exporting::ReportFormat::Html, "HTML", 2000.0},
                                        std::tuple{ui::exporting::ReportFormat::Pdf, "PDF", 5000.0}}) {
        std::vector<Timing> timings;
        for (int i = 0; i < runs; ++i)
            timings.push_back(once(collections, format));
        std::sort(timings.begin(), timings.end(), [](const Timing &a, const Timing &b) { return a.totalMs < b.totalMs; });
        const Timing &median = timings[timings.size() / 2];
        std::printf("%s report of %d collections: median %.0f ms (best %.0f, worst %.0f) over %d runs "
                    "(target <= %.0f ms), CPU %.0f ms, %.1f MB\n"
                    "  document, analysis and scene %.0f ms, diagram %.0f ms, advice %.0f ms, report model %.0f "
                    "ms, rendering %.0f ms\n",
                    name, collections, median.totalMs, timings.front().totalMs, timings.back().totalMs, runs, budget,
                    median.cpuMs, double(median.bytes) / 1e6, median.sceneMs, median.diagramMs, median.adviceMs, median.buildMs,
                    median.renderMs);
        met = met && median.totalMs <= budget;
    }
    std::printf("peak memory (resident): %.0f MiB\n", peakMiB());
    return met ? 0 : 1;
}
