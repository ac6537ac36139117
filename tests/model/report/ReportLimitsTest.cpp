// Issue 43 item 1: a model at the ceilings the format allows (FORMAT.md,
// "Limits": 16 MiB values, counts below 2^63, a century of growth) makes
// a report that finishes, with every axis finite; and the charts take any
// number an analysis can produce, infinity included, without a loop that
// runs for ever.
#include "support/ModelBuilders.h"

#include "advisor/Advisor.h"
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "report/ChartGeometry.h"
#include "report/HtmlRenderer.h"
#include "report/ReportBuilder.h"

#include <catch2/catch.hpp>

#include <chrono>
#include <cmath>
#include <limits>
#include <regex>
#include <string>

using namespace docshape;

namespace {

bool allFinite(const report::ChartDrawing &d) {
    if (!std::isfinite(d.width) || !std::isfinite(d.height))
        return false;
    for (const auto &shape : d.shapes)
        for (const auto &[x, y] : shape.points)
            if (!std::isfinite(x) || !std::isfinite(y)) {
                UNSCOPED_INFO("shape " << int(shape.kind) << " '" << shape.text << "' at " << x << ", " << y);
                return false;
            }
    return true;
}

} // namespace

TEST_CASE("the report of a model at the format's ceilings finishes, its charts finite", "[report][hostile][limits]") {
    Project p;
    p.growthDays = 36500; // the longest horizon, a century
    Entity e = test::entity("e1", "Huge", 9223372036854774784.0); // the largest double below 2^63
    e.growthPerDay = 9223372036854774784.0;
    e.fields.push_back(test::stringField("f1", "payload", 16777216, 16777216)); // BSON's 16 MiB
    Field blobs = test::arrayField("f2", "blobs", BsonType::String, 16777216, std::nullopt);
    blobs.avgBytes = 16777216;
    blobs.countGrowthPerDay = 16777216;
    e.fields.push_back(blobs);
    p.entities.push_back(e);
    REQUIRE(validateProject(p).ok());

    const auto start = std::chrono::steady_clock::now();
    const Analysis analysis = analyze(p);
    const Advice advice = advise(p, analysis);
    const auto built = report::buildReport(p, analysis, advice, {});
    REQUIRE(built.ok());
    const std::string html = report::renderHtml(*built);
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    CHECK(seconds < 5.0); // before: no end (4.2 GB in 20 s, then bad_alloc)
    // No coordinate or size of an SVG is infinite or not a number.
    CHECK_FALSE(std::regex_search(html, std::regex("[=\" ,](-?inf|-?nan)\\b")));
}

TEST_CASE("a size chart of infinite, huge or NaN values draws a finite axis and ends", "[report][hostile]") {
    const double inf = std::numeric_limits<double>::infinity();
    for (const double value : {6e307, std::numeric_limits<double>::max(), inf, std::nan("")}) {
        INFO(value);
        report::LineChart chart;
        chart.title = "Document size over time";
        chart.xTitle = "days";
        chart.yTitle = "bytes";
        chart.series.push_back({"average", {{0, 100}, {365, value}}});
        chart.thresholds.push_back({"16 MiB", 16777216, report::Mark::Error});
        const report::ChartDrawing d = report::drawChart(chart, 640);
        CHECK(allFinite(d));
        // At most the 21 lines of a size axis: 6 decades, 1, 10 and 100 of MiB to EiB.
        std::size_t grid = 0;
        for (const auto &shape : d.shapes)
            grid += shape.kind == report::ChartShape::Kind::Line && shape.color == 0xdddddd;
        CHECK(grid <= 21);
    }
    // Days without end on the x axis: seven marks at most, not a step for ever.
    report::LineChart wide;
    wide.series.push_back({"average", {{0, 100}, {inf, 200}}});
    const report::ChartDrawing d = report::drawChart(wide, 640);
    CHECK(allFinite(d));
    std::size_t marks = 0;
    for (const auto &shape : d.shapes)
        marks += shape.kind == report::ChartShape::Kind::Text && shape.anchor == report::ChartShape::Anchor::Middle;
    CHECK(marks <= 8); // the marks and the axis title
}
