#pragma once

#include "report/Report.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace docshape::report {

// What a chart is drawn with, in a box of `width` x `height` units (CSS
// pixels in HTML, points in PDF), y downwards. Both renderers draw the same
// shapes, so the HTML's SVG and the PDF's vectors are the same picture.
struct ChartShape {
    enum class Kind { Line, Polyline, Rect, Text };
    enum class Anchor { Start, Middle, End };
    Kind kind = Kind::Line;
    std::vector<std::pair<double, double>> points; // Line: 2; Polyline: n; Rect: top-left, then (width, height)
    std::uint32_t color = 0x000000;                // 0xRRGGBB
    double lineWidth = 1;
    bool dashed = false;
    bool markers = false; // a dot at each polyline point
    // Text: at points[0], the baseline's anchor point.
    std::string text;
    double fontSize = 10;
    bool bold = false;
    Anchor anchor = Anchor::Start;
};

struct ChartDrawing {
    double width = 0;
    double height = 0;
    std::vector<ChartShape> shapes;
};

// Lays a chart out at `width`; the height follows from the content.
ChartDrawing drawChart(const LineChart &chart, double width);
ChartDrawing drawChart(const BarChart &chart, double width);

// The colour of a mark, for text and cells.
std::uint32_t markColor(Mark mark);

} // namespace docshape::report
