// The report of every bundled example, as docshape-cli report writes it
// (with the diagram), checked by tools we did not write: a real browser
// (chromium, headless), tidy, poppler (pdftoppm, pdftotext) and qpdf. The
// numbers are compared with analyze --json (issue 18: one source).
#include "commands/Cli.h"
#include "model/report/ReportTestSupport.h"
#include "support/ExternalTools.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <QImage>
#include <QSet>

#include <filesystem>
#include <regex>
#include <sstream>

using namespace docshape;

namespace {

int runReportCli(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err}, cli::drawingCommands());
    INFO(err.str());
    CHECK(err.str().empty());
    return code;
}

std::string chromium() {
    for (const char *name : {"chromium", "chromium-browser"})
        if (test::haveTool(name))
            return name;
    return {};
}

std::string squeezed(const std::string &text) { return std::regex_replace(text, std::regex("[ \\t]+"), " "); }

} // namespace

TEST_CASE("the HTML report of every example opens in chromium, is not blank and passes tidy", "[report][html][browser]") {
    if (!test::haveTool("tidy"))
        FAIL("tidy is not installed (Debian package tidy, in packaging/debian-packages.txt)");
    const std::string browser = chromium();
    if (browser.empty())
        WARN("SKIPPED the browser check: chromium is not installed (Debian package chromium)");
    const std::string dir = test::makeTempDir("report-examples-html");
    for (const auto &model : test::examplePaths()) {
        INFO(model);
        const std::string stem = std::filesystem::path(model).stem().string();
        const std::string html = dir + "/" + stem + ".html";
        REQUIRE(runReportCli({"report", model, "--out", html, "--date", "2025-01-31"}) == cli::kOk);
        const test::ToolRun tidy = test::runTool("tidy -errors -quiet " + test::shellQuoted(html), true);
        INFO(tidy.out);
        CHECK(tidy.code == 0);
        const std::string text = test::readFile(html);
        CHECK(text.find("<svg width=") != std::string::npos); // the diagram, inline
        for (const auto &size : test::sizesFromAnalyzeJson(test::analyzeJson(model)))
            CHECK(text.find(test::sizeSentence(size)) != std::string::npos);
        if (browser.empty())
            continue;
        const std::string shot = dir + "/" + stem + ".png";
        const test::ToolRun run = test::runTool(
            "timeout 120 " + browser +
                " --headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking"
                " --disable-component-update --disable-sync --user-data-dir=" +
                test::shellQuoted(test::makeTempDir("chromium-profile")) + " --screenshot=" + test::shellQuoted(shot) +
                " --window-size=1280,2000 " + test::shellQuoted("file://" + html),
            true);
        INFO(run.out);
        REQUIRE(std::filesystem::exists(shot));
        QImage image(QString::fromStdString(shot));
        REQUIRE(image.width() == 1280);
        // Not blank: the headings, tables and text leave dark pixels over
        // a good part of the page, in many colours.
        qint64 dark = 0;
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 2)
            for (int x = 0; x < image.width(); x += 2) {
                const QRgb p = image.pixel(x, y);
                dark += qGray(p) < 160;
                if (colours.size() < 1000)
                    colours.insert(p);
            }
        const double share = double(dark) / (double(image.width()) * image.height() / 4);
        INFO("dark share " << share << ", colours " << colours.size());
        CHECK(share > 0.02);
        CHECK(colours.size() > 50);
    }
}

TEST_CASE("the PDF report of every example turns into pages with each collection's sizes and bookmarks",
          "[report][pdf]") {
    for (const char *tool : {"pdftoppm", "pdftotext", "qpdf"})
        if (!test::haveTool(tool))
            FAIL(tool << " is not installed (poppler-utils and qpdf, in packaging/debian-packages.txt)");
    const std::string dir = test::makeTempDir("report-examples-pdf");
    for (const auto &model : test::examplePaths()) {
        INFO(model);
        const std::string stem = std::filesystem::path(model).stem().string();
        const std::string pdf = dir + "/" + stem + ".pdf";
        REQUIRE(runReportCli({"report", model, "--out", pdf, "--author", "Reviewer", "--date", "2025-01-31"}) == cli::kOk);
        const test::ToolRun ppm =
            test::runTool("pdftoppm -r 20 -png " + test::shellQuoted(pdf) + " " + test::shellQuoted(dir + "/" + stem));
        CHECK(ppm.code == 0);
        std::size_t pages = 0;
        for (const auto &entry : std::filesystem::directory_iterator(dir))
            pages += entry.path().extension() == ".png" && entry.path().filename().string().starts_with(stem + "-");
        CHECK(pages >= 5);
        const test::ToolRun text = test::runTool("pdftotext -layout " + test::shellQuoted(pdf) + " -");
        REQUIRE(text.code == 0);
        const std::string all = squeezed(text.out);
        CHECK(all.find("Page 1 of " + std::to_string(pages)) != std::string::npos);
        const auto outline = test::pdfOutline(pdf);
        for (const auto &size : test::sizesFromAnalyzeJson(test::analyzeJson(model))) {
            INFO(size.collection);
            CHECK(all.find(test::sizeSentence(size)) != std::string::npos);
            bool inCollections = false, found = false;
            for (const auto &[depth, title] : outline) {
                if (depth == 1)
                    inCollections = title == "Collections";
                found = found || (inCollections && depth == 2 && title == size.collection);
            }
            CHECK(found);
        }
    }
}

TEST_CASE("docshape-cli report says what is wrong with a command line", "[report][cli]") {
    const std::string dir = test::makeTempDir("report-cli");
    const std::string model = test::examplesDir() + "/order-aggregate.docshape";
    auto run = [](const std::vector<std::string> &args, std::string &err) {
        std::istringstream in;
        std::ostringstream out, e;
        const int code = cli::run(args, {in, out, e}, cli::drawingCommands());
        err = e.str();
        return code;
    };
    std::string err;
    CHECK(run({"report", model, "--out", dir + "/r.docx"}, err) == cli::kUsage);
    CHECK(err.find("must end in .html or .pdf") != std::string::npos);
    CHECK(run({"report", model, "--out", dir + "/r.pdf", "--date", "2025-02-30"}, err) == cli::kUsage);
    CHECK(err.find("--date needs a day as YYYY-MM-DD, not '2025-02-30'") != std::string::npos);
    CHECK(run({"report", model, "--out", dir + "/r.html", "--collection", "nope"}, err) == cli::kUsage);
    CHECK(err.find("collection 'nope': the model has no collection of this name") != std::string::npos);
    CHECK(run({"report", dir + "/missing.docshape", "--out", dir + "/r.html"}, err) == cli::kBadModel);
    CHECK(run({"report", model, "--out", dir + "/r.html", "--collection", "orders", "--no-appendices", "--title",
               "Orders only"},
              err) == cli::kOk);
    const std::string html = test::readFile(dir + "/r.html");
    CHECK(html.find("<title>Orders only</title>") != std::string::npos);
    CHECK(html.find("id=\"collection-customers\"") == std::string::npos);
    CHECK(html.find("Appendix A") == std::string::npos);
}
