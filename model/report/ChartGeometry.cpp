#include "report/ChartGeometry.h"

#include "report/ReportText.h"
#include "util/Units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string_view>

namespace docshape::report {

namespace {

constexpr double kTitleSize = 11;
constexpr double kTopValue = 1e300; // the highest size axis ends at 10^301
constexpr double kLabelSize = 8.5;
constexpr std::uint32_t kAxis = 0x555555;
constexpr std::uint32_t kGrid = 0xdddddd;
constexpr std::uint32_t kSeriesColors[] = {0x1f77b4, 0x9467bd, 0x2ca02c, 0x8c564b};
constexpr std::uint32_t kBarColors[] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b,
                                        0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};

// Text widths are not measured (SVG cannot): a generous average advance
// of the sans-serif face keeps labels clear of what follows them.
double textWidth(std::string_view text, double size) {
    std::size_t chars = 0;
    for (unsigned char c : text)
        chars += (c & 0xC0) != 0x80;
    return double(chars) * size * 0.6;
}

// `label` if it fits in `room`, or its longest prefix that fits with an
// ellipsis after it (at least one character), which says it was cut.
// Widths add up character by character, so one pass finds the cut: measuring
// the whole label again after each character dropped took 20 s for a
// 95,000-character name.
std::string fitted(const std::string &label, double size, double room) {
    if (textWidth(label, size) <= room)
        return label;
    const std::string ellipsis = "…";
    const double budget = room - textWidth(ellipsis, size);
    std::size_t cut = 0;   // the prefix kept, in bytes: a whole number of characters
    double width = 0;
    for (std::size_t i = 0; i < label.size();) {
        std::size_t next = i + 1;
        while (next < label.size() && (static_cast<unsigned char>(label[next]) & 0xC0) == 0x80)
            ++next;
        width += textWidth(std::string_view(label).substr(i, next - i), size);
        if (width > budget && cut > 0)
            break;
        cut = next;
        i = next;
    }
    return label.substr(0, cut) + ellipsis;
}

ChartShape text(double x, double y, std::string s, double size, ChartShape::Anchor anchor = ChartShape::Anchor::Start,
                std::uint32_t color = 0x222222, bool bold = false) {
    ChartShape t;
    t.kind = ChartShape::Kind::Text;
    t.points = {{x, y}};
    t.text = std::move(s);
    t.fontSize = size;
    t.anchor = anchor;
    t.color = color;
    t.bold = bold;
    return t;
}

ChartShape line(double x1, double y1, double x2, double y2, std::uint32_t color, double width = 1, bool dashed = false) {
    ChartShape l;
    l.kind = ChartShape::Kind::Line;
    l.points = {{x1, y1}, {x2, y2}};
    l.color = color;
    l.lineWidth = width;
    l.dashed = dashed;
    return l;
}

ChartShape rect(double x, double y, double w, double h, std::uint32_t color) {
    ChartShape r;
    r.kind = ChartShape::Kind::Rect;
    r.points = {{x, y}, {w, h}};
    r.color = color;
    return r;
}

// The smallest 1, 2 or 5 times a power of ten at or above `v`.
double niceStep(double v) {
    if (!(v > 0))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (v <= step * p * (1 + 1e-12))
            return step * p;
    return 10 * p;
}

} // namespace

std::uint32_t markColor(Mark mark) {
    switch (mark) {
    case Mark::Mismatch: return 0x9a5b00;
    case Mark::Error: return 0xb3261e;
    case Mark::Warning: return 0x9a5b00;
    case Mark::Good: return 0x1e6b3a;
    case Mark::None: break;
    }
    return 0x222222;
}

ChartDrawing drawChart(const LineChart &chart, double width) {
    ChartDrawing d;
    d.width = width;
    const double right = 12, top = 24, plotHeight = 170;
    const double bottom = top + plotHeight;

    double lo = 1e300, hi = 1, xMax = 0;
    for (const auto &s : chart.series)
        for (const auto &[x, y] : s.points) {
            lo = std::min(lo, std::max(1.0, y));
            hi = std::max(hi, y);
            xMax = std::max(xMax, x);
        }
    for (const auto &t : chart.thresholds) {
        lo = std::min(lo, t.value);
        hi = std::max(hi, t.value);
    }
    // The axis spans whole decades, at most to 10^301 (kTopValue): a size
    // can be anything a double holds (growth over years), and the 10^309
    // above 6e307 is infinite, which neither the ticks nor int() can take.
    // A point beyond the top is drawn at the top.
    hi = std::min(hi, kTopValue);
    lo = std::min(lo, hi);
    const int from = int(std::floor(std::log10(std::max(1.0, lo / 2))));
    const int to = std::max(from + 1, int(std::ceil(std::log10(std::max(1.0, hi) * 2))));
    if (!(xMax > 0))
        xMax = 1;
    xMax = std::min(xMax, std::numeric_limits<double>::max());
    // Grid lines where the size reads as a round figure in the units every
    // other view prints ("100,000 bytes", "1.0 MiB"); the margin fits them.
    const std::vector<double> ticks = units::logAxisTicks(std::pow(10.0, from), std::pow(10.0, to));
    double left = 56;
    for (double t : ticks)
        left = std::max(left, textWidth(units::bytesText(t), kLabelSize) + 8);
    const double plotWidth = width - left - right;
    d.shapes.push_back(text(left, 14, chart.title, kTitleSize, ChartShape::Anchor::Start, 0x222222, true));
    auto px = [&](double x) { return left + plotWidth * (std::min(x, xMax) / xMax); };
    auto py = [&](double y) {
        const double l = std::min(double(to), std::log10(std::max(1.0, y)));
        return bottom - plotHeight * (l - from) / (to - from);
    };

    for (double t : ticks) {
        const double y = py(t);
        d.shapes.push_back(line(left, y, left + plotWidth, y, kGrid));
        d.shapes.push_back(text(left - 4, y + 3, units::bytesText(t), kLabelSize, ChartShape::Anchor::End, kAxis));
    }
    // Counted, not stepped to xMax: x += step stops moving once x dwarfs
    // the step. niceStep(xMax / 6) >= xMax / 6 makes seven marks at most.
    const double step = niceStep(xMax / 6);
    const double xEnd = std::min(xMax * (1 + 1e-9), std::numeric_limits<double>::max());
    for (int k = 0; k <= 6 && double(k) * step <= xEnd; ++k) {
        const double x = double(k) * step;
        d.shapes.push_back(line(px(x), bottom, px(x), bottom + 4, kAxis));
        d.shapes.push_back(text(px(x), bottom + 14, count(x), kLabelSize, ChartShape::Anchor::Middle, kAxis));
    }
    d.shapes.push_back(line(left, top, left, bottom, kAxis));
    d.shapes.push_back(line(left, bottom, left + plotWidth, bottom, kAxis));
    d.shapes.push_back(text(left + plotWidth / 2, bottom + 27, chart.xTitle, kLabelSize, ChartShape::Anchor::Middle, kAxis));

    for (const auto &t : chart.thresholds) {
        const double y = py(t.value);
        d.shapes.push_back(line(left, y, left + plotWidth, y, markColor(t.mark), 1.5, true));
        d.shapes.push_back(text(left + plotWidth - 2, y - 3, t.name, kLabelSize, ChartShape::Anchor::End, markColor(t.mark)));
    }
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        ChartShape poly;
        poly.kind = ChartShape::Kind::Polyline;
        poly.color = kSeriesColors[i % std::size(kSeriesColors)];
        poly.lineWidth = 2;
        poly.markers = true;
        for (const auto &[x, y] : chart.series[i].points)
            poly.points.emplace_back(px(x), py(y));
        d.shapes.push_back(std::move(poly));
    }
    // The legend, one line under the axis title.
    double x = left;
    const double y = bottom + 44;
    for (std::size_t i = 0; i < chart.series.size(); ++i) {
        d.shapes.push_back(line(x, y - 3, x + 18, y - 3, kSeriesColors[i % std::size(kSeriesColors)], 2));
        d.shapes.push_back(text(x + 22, y, chart.series[i].name, kLabelSize));
        x += 30 + textWidth(chart.series[i].name, kLabelSize);
    }
    d.shapes.push_back(text(left, y + 14, chart.yTitle + ": log scale, each grid line about ten times the one below",
                            kLabelSize - 1, ChartShape::Anchor::Start, kAxis));
    d.height = y + 22;
    return d;
}

ChartDrawing drawChart(const BarChart &chart, double width) {
    ChartDrawing d;
    d.width = width;
    const double top = 26, barHeight = 13, pitch = 19;
    double labelWidth = 40;
    for (const auto &b : chart.bars)
        labelWidth = std::max(labelWidth, textWidth(b.label, kLabelSize));
    labelWidth = std::min(labelWidth, width * 0.35);
    double valueWidth = 40;
    for (const auto &b : chart.bars)
        valueWidth = std::max(valueWidth, textWidth(b.valueText, kLabelSize));
    const double left = labelWidth + 8;
    const double plotWidth = std::max(40.0, width - left - valueWidth - 10);
    double most = 0;
    for (const auto &b : chart.bars)
        most = std::max(most, b.value);
    if (!(most > 0))
        most = 1;
    d.shapes.push_back(text(0, 14, chart.title, kTitleSize, ChartShape::Anchor::Start, 0x222222, true));
    for (std::size_t i = 0; i < chart.bars.size(); ++i) {
        const Bar &b = chart.bars[i];
        const double y = top + pitch * double(i);
        const std::string label = fitted(b.label, kLabelSize, labelWidth);
        d.shapes.push_back(text(labelWidth, y + barHeight - 3, label, kLabelSize, ChartShape::Anchor::End));
        const double w = std::max(0.5, plotWidth * b.value / most);
        d.shapes.push_back(rect(left, y, w, barHeight,
                                b.mark == Mark::None ? kBarColors[i % std::size(kBarColors)] : markColor(b.mark)));
        d.shapes.push_back(text(left + w + 4, y + barHeight - 3, b.valueText, kLabelSize, ChartShape::Anchor::Start, kAxis));
    }
    const double axisY = top + pitch * double(chart.bars.size()) + 2;
    d.shapes.push_back(line(left, top - 3, left, axisY, kAxis));
    d.shapes.push_back(text(left, axisY + 12, chart.valueTitle, kLabelSize, ChartShape::Anchor::Start, kAxis));
    d.height = axisY + 18;
    return d;
}

} // namespace docshape::report
