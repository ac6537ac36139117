// The report's two renderings checked by tools we did not write: tidy
// (HTML), poppler's pdftoppm and pdftotext (PDF pages and text), qpdf (the
// PDF's outline). Numbers are checked against `analyze --json`, the one
// source the report must agree with (issue 18).
#include "commands/Cli.h"
#include "model/report/ReportTestSupport.h"
#include "support/ExternalTools.h"
#include "support/TestPaths.h"

#include "advisor/Advisor.h"
#include "io/ProjectFile.h"
#include "report/HtmlRenderer.h"
#include "report/PdfRenderer.h"
#include "report/ReportBuilder.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <regex>
#include <sstream>

using namespace docshape;

namespace {

std::string pdfText(const std::string &pdf, int page = 0) {
    const std::string range = page > 0 ? " -f " + std::to_string(page) + " -l " + std::to_string(page) : "";
    const test::ToolRun r = test::runTool("pdftotext -layout" + range + " " + test::shellQuoted(pdf) + " -");
    REQUIRE(r.code == 0);
    return r.out;
}

int pdfPages(const std::string &pdf) {
    const test::ToolRun r = test::runTool("pdfinfo " + test::shellQuoted(pdf));
    REQUIRE(r.code == 0);
    std::smatch m;
    REQUIRE(std::regex_search(r.out, m, std::regex("Pages:\\s+(\\d+)")));
    return std::stoi(m[1]);
}

// A line of pdftotext -layout, with the column gaps squeezed to one space.
std::string squeezed(const std::string &text) { return std::regex_replace(text, std::regex("[ \\t]+"), " "); }

} // namespace

TEST_CASE("the HTML report of every example passes tidy and says each collection's sizes as analyze --json",
          "[report][html]") {
    if (!test::haveTool("tidy"))
        FAIL("tidy is not installed (Debian package tidy, in packaging/debian-packages.txt)");
    const std::string dir = test::makeTempDir("report-html");
    for (const auto &model : test::examplePaths()) {
        INFO(model);
        const std::string html = report::renderHtml(test::reportOf(model));
        const std::string path = dir + "/" + std::filesystem::path(model).stem().string() + ".html";
        test::writeFile(path, html);
        // tidy: exit 0 is clean, 1 warnings only, 2 errors.
        const test::ToolRun tidy = test::runTool("tidy -errors -quiet " + test::shellQuoted(path), true);
        INFO(tidy.out);
        CHECK(tidy.code == 0);
        // Self-contained: no scripts, nothing fetched.
        CHECK(html.find("<script") == std::string::npos);
        CHECK_FALSE(std::regex_search(html, std::regex(R"((src|href)\s*=\s*"(https?:)?//)")));
        for (const auto &size : test::sizesFromAnalyzeJson(test::analyzeJson(model))) {
            INFO(size.collection << " avg " << size.avg << " max " << size.max);
            const std::string row = "<td>" + size.collection + "</td>";
            CHECK(html.find(test::sizeSentence(size)) != std::string::npos);
            CHECK(html.find(" id=\"collection-") != std::string::npos);
        }
    }
}

TEST_CASE("the PDF report of every example turns into pages, says each collection's sizes and bookmarks "
          "every collection",
          "[report][pdf]") {
    for (const char *tool : {"pdftoppm", "pdftotext", "pdfinfo", "qpdf"})
        if (!test::haveTool(tool))
            FAIL(tool << " is not installed (poppler-utils and qpdf, in packaging/debian-packages.txt)");
    const std::string dir = test::makeTempDir("report-pdf");
    for (const auto &model : test::examplePaths()) {
        INFO(model);
        const std::string stem = std::filesystem::path(model).stem().string();
        auto pdf = report::renderPdf(test::reportOf(model, {.date = "2025-01-31"}));
        REQUIRE(pdf);
        const std::string path = dir + "/" + stem + ".pdf";
        test::writeFile(path, *pdf);

        const int pages = pdfPages(path);
        CHECK(pages >= 5);
        const test::ToolRun ppm =
            test::runTool("pdftoppm -r 30 -png " + test::shellQuoted(path) + " " + test::shellQuoted(dir + "/" + stem));
        CHECK(ppm.code == 0);
        std::size_t pngs = 0;
        for (const auto &entry : std::filesystem::directory_iterator(dir))
            pngs += entry.path().extension() == ".png" && entry.path().filename().string().starts_with(stem + "-");
        CHECK(pngs == std::size_t(pages));

        const std::string text = squeezed(pdfText(path));
        const auto outline = test::pdfOutline(path);
        for (const auto &size : test::sizesFromAnalyzeJson(test::analyzeJson(model))) {
            INFO(size.collection << " avg " << size.avg << " max " << size.max);
            CHECK(text.find(test::sizeSentence(size)) != std::string::npos);
            // The collection's bookmark sits under "Collections".
            bool inCollections = false, found = false;
            for (const auto &[depth, title] : outline) {
                if (depth == 1)
                    inCollections = title == "Collections";
                found = found || (inCollections && depth == 2 && title == size.collection);
            }
            CHECK(found);
        }
        CHECK(text.find("Page 1 of " + std::to_string(pages)) != std::string::npos);
    }
}

TEST_CASE("a PDF table that spans pages repeats its header on each of them", "[report][pdf]") {
    if (!test::haveTool("pdftotext"))
        FAIL("pdftotext is not installed (poppler-utils)");
    report::Report r;
    r.title = "Long table";
    report::Table t{"Many rows", {{"first column"}, {"second column", true}}, {}};
    for (int i = 0; i < 300; ++i)
        t.rows.push_back({{"row " + std::to_string(i)}, {std::to_string(i * 7)}});
    // A cell longer than a page breaks between its lines, header repeated.
    std::string longText;
    for (int i = 0; i < 900; ++i)
        longText += "word" + std::to_string(i) + " ";
    t.rows.push_back({{"long row"}, {longText}});
    r.sections.push_back({"long", "Long", 1, {t}});
    auto pdf = report::renderPdf(r);
    REQUIRE(pdf);
    const std::string path = test::makeTempDir("report-table") + "/table.pdf";
    test::writeFile(path, *pdf);
    const int pages = pdfPages(path);
    REQUIRE(pages >= 5);
    // Page 1 is the contents; the table starts on page 2.
    for (int page = 2; page <= pages; ++page) {
        INFO("page " << page);
        const std::string text = pdfText(path, page);
        CHECK(text.find("first column") != std::string::npos);
        CHECK(text.find("second column") != std::string::npos);
    }
    const std::string all = pdfText(path);
    for (int i : {0, 150, 299})
        CHECK(all.find("row " + std::to_string(i) + " ") != std::string::npos);
    CHECK(all.find("word899") != std::string::npos);
}

TEST_CASE("names are escaped in HTML and drawn in PDF, whatever they hold", "[report][html][pdf]") {
    auto project = loadProject(test::examplesDir() + "/order-aggregate.docshape");
    REQUIRE(project);
    project->name = "<script>alert('x')</script> & \"co\"";
    project->entities.front().collectionName = "a<b>&c";
    // Latin and Cyrillic are drawn glyph by glyph, Georgian through pango;
    // CJK has no font on a bare Debian, and must still not break anything.
    project->description = "Ünïcödé, кириллица, ქართული, 日本語 and עברית in one line";
    const Analysis analysis = analyze(*project);
    const Advice advice = advise(*project, analysis);
    auto r = report::buildReport(*project, analysis, advice, {});
    REQUIRE(r);
    const std::string html = report::renderHtml(*r);
    CHECK(html.find("<script>") == std::string::npos);
    CHECK(html.find("&lt;script&gt;alert('x')&lt;/script&gt; &amp; &quot;co&quot;") != std::string::npos);
    CHECK(html.find("a&lt;b&gt;&amp;c") != std::string::npos);
    auto pdf = report::renderPdf(*r);
    REQUIRE(pdf);
    if (test::haveTool("pdftotext")) {
        const std::string path = test::makeTempDir("report-names") + "/names.pdf";
        test::writeFile(path, *pdf);
        const std::string text = pdfText(path);
        CHECK(text.find("a<b>&c") != std::string::npos);
        CHECK(text.find("ქართული") != std::string::npos);
        CHECK(text.find("кириллица") != std::string::npos);
        CHECK(text.find("Ünïcödé") != std::string::npos);
    }
}

TEST_CASE("the report covers the chosen collections only, and refuses an unknown one", "[report]") {
    const std::string model = test::examplesDir() + "/order-aggregate.docshape";
    const report::Report r = test::reportOf(model, {.collections = {"orders"}, .appendices = false});
    std::vector<std::string> anchors;
    for (const auto &s : r.sections)
        anchors.push_back(s.anchor);
    CHECK(std::find(anchors.begin(), anchors.end(), "collection-orders") != anchors.end());
    CHECK(std::find(anchors.begin(), anchors.end(), "collection-customers") == anchors.end());
    CHECK(std::find(anchors.begin(), anchors.end(), "appendix-validators") == anchors.end());
    const std::string html = report::renderHtml(r);
    CHECK(html.find("covers 1 of the 3 collections: orders.") != std::string::npos);

    auto project = loadProject(model);
    REQUIRE(project);
    const Analysis analysis = analyze(*project);
    const Advice advice = advise(*project, analysis);
    auto refused = report::buildReport(*project, analysis, advice, {.collections = {"nope"}});
    REQUIRE_FALSE(refused);
    CHECK(refused.error().toString() == "collection 'nope': the model has no collection of this name");
}

TEST_CASE("a PDF can be cancelled while it is made", "[report][pdf]") {
    const report::Report r = test::reportOf(test::examplesDir() + "/saas-multitenant.docshape");
    std::size_t calls = 0;
    auto pdf = report::renderPdf(r, [&](std::size_t, std::size_t) { return ++calls < 3; });
    REQUIRE_FALSE(pdf);
    CHECK(pdf.error().message == "cancelled");
    CHECK(calls == 3);
}

TEST_CASE("the same report gives the same HTML and PDF bytes", "[report]") {
    const std::string model = test::examplesDir() + "/vehicle-auction.docshape";
    const report::ReportOptions options{.title = "Review", .author = "A. Reviewer", .date = "2025-02-01"};
    const report::Report a = test::reportOf(model, options), b = test::reportOf(model, options);
    CHECK(report::renderHtml(a) == report::renderHtml(b));
    auto pa = report::renderPdf(a), pb = report::renderPdf(b);
    REQUIRE(pa);
    REQUIRE(pb);
    CHECK(*pa == *pb);
}

TEST_CASE("the report's findings are lint --json's, each with its reason, source, passage and fix", "[report][html]") {
    // Exercise 3's starting model: arrays of ids on both sides, six findings.
    const std::string model = test::sourceDir() + "/resources/exercises/student-enrollment/start.docshape";
    std::istringstream in;
    std::ostringstream out, err;
    cli::run({"lint", model, "--json"}, {in, out, err});
    const auto lint = nlohmann::json::parse(out.str());
    REQUIRE(lint["findings"].size() >= 2);
    const std::string html = report::renderHtml(test::reportOf(model));
    auto escaped = [](std::string s) {
        std::string o;
        for (char c : s)
            o += c == '&' ? std::string("&amp;") : c == '<' ? std::string("&lt;") : c == '>' ? std::string("&gt;")
                 : c == '"' ? std::string("&quot;") : std::string(1, c);
        return o;
    };
    int quoted = 0;
    for (const auto &f : lint["findings"]) {
        INFO(f.dump());
        CHECK(html.find(escaped(f["id"].get<std::string>() + " " + f["severity"].get<std::string>())) !=
              std::string::npos);
        CHECK(html.find(escaped(f["message"].get<std::string>())) != std::string::npos);
        CHECK(html.find(escaped(f["reason"].get<std::string>() + " [" + f["source"].get<std::string>() + "]")) !=
              std::string::npos);
        CHECK(html.find(escaped(f["fix"].get<std::string>())) != std::string::npos);
        // The quoted passage, as the studio's details pane shows it.
        if (!f["passage"].get<std::string>().empty()) {
            ++quoted;
            CHECK(html.find(escaped("\u201c" + f["passage"].get<std::string>() + "\u201d")) != std::string::npos);
        }
    }
    CHECK(quoted > 0);
    const std::size_t warnings = std::count_if(lint["findings"].begin(), lint["findings"].end(),
                                               [](const auto &f) { return f["severity"] == "warning"; });
    CHECK(html.find("Warnings (" + std::to_string(warnings) + ")") != std::string::npos);
}
