#include "report/HtmlRenderer.h"

#include "report/ChartGeometry.h"
#include "util/Markup.h"

#include <cstdio>

namespace docshape::report {

namespace {

constexpr double kChartWidth = 640;

constexpr std::string_view kStyle = R"(
:root { color-scheme: light; }
body { font-family: "DejaVu Sans", "Helvetica Neue", Arial, sans-serif; font-size: 14px; line-height: 1.45;
  color: #222; background: #fff; margin: 0 auto; max-width: 1100px; padding: 24px 32px 64px; }
header h1 { font-size: 28px; margin: 0 0 4px; }
.subtitle { color: #555; margin: 0; }
.meta { color: #555; margin: 4px 0 0; }
h2 { font-size: 22px; border-bottom: 2px solid #2b5d8a; padding-bottom: 2px; margin-top: 40px; color: #1d3f5e; }
h3 { font-size: 17px; margin-top: 28px; color: #1d3f5e; }
h4 { font-size: 15px; margin-top: 20px; }
nav.toc { background: #f3f6f9; border: 1px solid #d5dde6; padding: 8px 20px; margin: 20px 0; }
nav.toc h2 { border: 0; margin: 8px 0; font-size: 18px; }
nav.toc ol { margin: 0; padding-left: 20px; }
nav.toc li.l1 { margin-top: 4px; }
nav.toc ol ol { font-size: 13px; columns: 3; column-gap: 24px; }
a { color: #1f5f99; text-decoration: none; }
a:hover { text-decoration: underline; }
table { border-collapse: collapse; margin: 12px 0; width: 100%; font-size: 13px; }
caption { text-align: left; font-weight: bold; padding: 4px 0; color: #333; }
th, td { border: 1px solid #ccd3da; padding: 3px 6px; text-align: left; vertical-align: top; }
th { background: #e8eef4; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
.mismatch { background: #fff1d6; color: #7a4700; }
.error { color: #b3261e; font-weight: bold; }
.warning { color: #9a5b00; }
.good { color: #1e6b3a; }
p.note { font-size: 12px; color: #555; }
p .lead { font-weight: bold; }
ul { margin: 4px 0 12px; }
figure { margin: 12px 0; }
figcaption { font-size: 12px; color: #555; }
.diagram { border: 1px solid #d5dde6; overflow: auto; max-height: 900px; background: #fff; }
.diagram svg { display: block; max-width: 100%; height: auto; }
svg.chart text { font-family: "DejaVu Sans", Arial, sans-serif; }
svg.chart { display: block; margin: 8px 0; max-width: 100%; height: auto; }
pre { background: #f6f8fa; border: 1px solid #d5dde6; padding: 8px; font-size: 12px; overflow-x: auto;
  white-space: pre-wrap; word-break: break-word; }
@media print {
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  @page { size: A4; margin: 18mm 16mm; }
  nav.toc { break-after: page; background: none; }
  h2 { break-before: page; }
  h2, h3, h4 { break-after: avoid; }
  thead { display: table-header-group; }
  tr, figure, svg.chart { break-inside: avoid; }
  .diagram { max-height: none; overflow: visible; border: 0; }
  a { color: inherit; }
}
)";

void escape(std::string &out, std::string_view text) { markup::appendText(out, text); }
std::string escaped(std::string_view text) { return markup::text(text); }
std::string attribute(std::string_view text) { return markup::attribute(text); }

// The report runs no script and loads nothing: its styles are inline, its
// pictures inline SVG. The policy says so to the browser, so that even a
// text that got past the escaping could not run or fetch anything.
constexpr std::string_view kContentSecurityPolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; base-uri 'none'; "
    "form-action 'none'";

const char *markClass(Mark m) {
    switch (m) {
    case Mark::Mismatch: return "mismatch";
    case Mark::Error: return "error";
    case Mark::Warning: return "warning";
    case Mark::Good: return "good";
    case Mark::None: break;
    }
    return "";
}

std::string color(std::uint32_t rgb) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%06x", rgb & 0xffffff);
    return buf;
}

std::string number(double v) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f", v);
    std::string s = buf;
    while (!s.empty() && s.back() == '0')
        s.pop_back();
    if (!s.empty() && s.back() == '.')
        s.pop_back();
    return s == "-0" ? "0" : s;
}

std::string svgOf(const ChartDrawing &d, std::string_view title) {
    std::string out;
    out += "<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" width=\"" + number(d.width) + "\" height=\"" +
           number(d.height) + "\" viewBox=\"0 0 " + number(d.width) + " " + number(d.height) +
           "\" role=\"img\" aria-label=\"" + attribute(title) + "\">";
    for (const auto &s : d.shapes) {
        switch (s.kind) {
        case ChartShape::Kind::Line:
            out += "<line x1=\"" + number(s.points[0].first) + "\" y1=\"" + number(s.points[0].second) + "\" x2=\"" +
                   number(s.points[1].first) + "\" y2=\"" + number(s.points[1].second) + "\" stroke=\"" + color(s.color) +
                   "\" stroke-width=\"" + number(s.lineWidth) + "\"" + (s.dashed ? " stroke-dasharray=\"6 4\"" : "") +
                   "/>";
            break;
        case ChartShape::Kind::Polyline: {
            std::string pts;
            for (const auto &[x, y] : s.points)
                pts += (pts.empty() ? "" : " ") + number(x) + "," + number(y);
            out += "<polyline fill=\"none\" points=\"" + pts + "\" stroke=\"" + color(s.color) + "\" stroke-width=\"" +
                   number(s.lineWidth) + "\"/>";
            if (s.markers)
                for (const auto &[x, y] : s.points)
                    out += "<circle cx=\"" + number(x) + "\" cy=\"" + number(y) + "\" r=\"2.2\" fill=\"" + color(s.color) +
                           "\"/>";
            break;
        }
        case ChartShape::Kind::Rect:
            out += "<rect x=\"" + number(s.points[0].first) + "\" y=\"" + number(s.points[0].second) + "\" width=\"" +
                   number(s.points[1].first) + "\" height=\"" + number(s.points[1].second) + "\" fill=\"" +
                   color(s.color) + "\"/>";
            break;
        case ChartShape::Kind::Text:
            out += "<text x=\"" + number(s.points[0].first) + "\" y=\"" + number(s.points[0].second) +
                   "\" font-size=\"" + number(s.fontSize) + "\" fill=\"" + color(s.color) + "\"";
            if (s.bold)
                out += " font-weight=\"bold\"";
            if (s.anchor != ChartShape::Anchor::Start)
                out += s.anchor == ChartShape::Anchor::Middle ? " text-anchor=\"middle\"" : " text-anchor=\"end\"";
            out += ">";
            escape(out, s.text);
            out += "</text>";
            break;
        }
    }
    out += "</svg>";
    return out;
}

// The diagram's SVG without its XML prolog and doctype, for inlining.
std::string_view svgElement(std::string_view svg) {
    const auto start = svg.find("<svg");
    return start == std::string_view::npos ? std::string_view() : svg.substr(start);
}

class Writer {
public:
    explicit Writer(const Report &r) : m_r(r) {}

    std::string write() {
        out.reserve(1 << 16);
        out += "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
               "<meta http-equiv=\"Content-Security-Policy\" content=\"";
        out += kContentSecurityPolicy;
        out += "\">\n"
               "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
               "<meta name=\"generator\" content=\"DocShape\">\n";
        if (!m_r.author.empty())
            out += "<meta name=\"author\" content=\"" + attribute(m_r.author) + "\">\n";
        out += "<title>" + escaped(m_r.title) + "</title>\n<style>";
        out += kStyle;
        out += "</style>\n</head>\n<body>\n<header>\n<h1>" + escaped(m_r.title) + "</h1>\n<p class=\"subtitle\">" +
               escaped(m_r.subtitle) + "</p>\n";
        std::string meta = m_r.author;
        if (!m_r.date.empty())
            meta += (meta.empty() ? "" : " · ") + m_r.date;
        if (!meta.empty())
            out += "<p class=\"meta\">" + escaped(meta) + "</p>\n";
        out += "</header>\n";
        toc();
        out += "<main>\n";
        bool open = false;
        for (const auto &s : m_r.sections) {
            if (s.level == 1) {
                if (open)
                    out += "</section>\n";
                out += "<section>\n";
                open = true;
            }
            const std::string h = "h" + std::to_string(std::min(s.level + 1, 6));
            out += "<" + h + " id=\"" + attribute(s.anchor) + "\">" + escaped(s.title) + "</" + h + ">\n";
            for (const auto &b : s.blocks)
                std::visit([this](const auto &block) { write(block); }, b);
        }
        if (open)
            out += "</section>\n";
        out += "</main>\n</body>\n</html>\n";
        return std::move(out);
    }

private:
    void toc() {
        out += "<nav class=\"toc\">\n<h2>Contents</h2>\n<ol>";
        int depth = 1;
        bool first = true;
        for (const auto &s : m_r.sections) {
            const int level = std::min(s.level, 2); // the contents list chapters and their sections
            if (s.level > 2)
                continue;
            if (first) {
                first = false;
            } else if (level > depth) {
                out += "\n<ol>";
                ++depth;
            } else {
                out += "</li>";
                while (depth > level) {
                    out += "</ol></li>";
                    --depth;
                }
            }
            out += "\n<li class=\"l" + std::to_string(level) + "\"><a href=\"#" + attribute(s.anchor) + "\">" + escaped(s.title) +
                   "</a>";
        }
        if (!first) {
            out += "</li>";
            while (depth > 1) {
                out += "</ol></li>";
                --depth;
            }
        }
        out += "\n</ol>\n</nav>\n";
    }

    void write(const Paragraph &p) {
        out += p.note ? "<p class=\"note\">" : "<p>";
        if (!p.lead.empty())
            out += "<span class=\"lead\">" + escaped(p.lead) + "</span> ";
        if (p.mark != Mark::None)
            out += std::string("<span class=\"") + markClass(p.mark) + "\">" + escaped(p.text) + "</span>";
        else
            escape(out, p.text);
        out += "</p>\n";
    }

    void write(const BulletList &l) {
        out += "<ul>\n";
        for (const auto &item : l.items)
            out += "<li>" + escaped(item) + "</li>\n";
        out += "</ul>\n";
    }

    void write(const Table &t) {
        out += "<table>\n";
        if (!t.caption.empty())
            out += "<caption>" + escaped(t.caption) + "</caption>\n";
        out += "<thead><tr>";
        for (const auto &c : t.columns)
            out += std::string(c.numeric ? "<th class=\"num\">" : "<th>") + escaped(c.header) + "</th>";
        out += "</tr></thead>\n<tbody>\n";
        for (const auto &row : t.rows) {
            out += "<tr>";
            for (std::size_t i = 0; i < row.size(); ++i) {
                const bool numeric = i < t.columns.size() && t.columns[i].numeric;
                std::string cls = numeric ? "num" : "";
                if (row[i].mark != Mark::None)
                    cls += std::string(cls.empty() ? "" : " ") + markClass(row[i].mark);
                out += cls.empty() ? "<td>" : "<td class=\"" + cls + "\">";
                if (row[i].mark == Mark::Mismatch)
                    out += "≠ ";
                escape(out, row[i].text);
                out += "</td>";
            }
            out += "</tr>\n";
        }
        out += "</tbody>\n</table>\n";
    }

    void write(const LineChart &c) { out += chartSvg(c, kChartWidth) + "\n"; }
    void write(const BarChart &c) { out += chartSvg(c, kChartWidth) + "\n"; }

    void write(const Figure &f) {
        out += "<figure>\n<div class=\"diagram\">";
        out += svgElement(f.svg);
        out += "</div>\n<figcaption>" + escaped(f.caption) + "</figcaption>\n</figure>\n";
    }

    void write(const CodeBlock &c) {
        out += "<p class=\"note\">" + escaped(c.title) + "</p>\n<pre><code>";
        escape(out, c.text);
        out += "</code></pre>\n";
    }

    const Report &m_r;
    std::string out;
};

} // namespace

std::string chartSvg(const LineChart &chart, double width) { return svgOf(drawChart(chart, width), chart.title); }
std::string chartSvg(const BarChart &chart, double width) { return svgOf(drawChart(chart, width), chart.title); }

std::string renderHtml(const Report &report) { return Writer(report).write(); }

} // namespace docshape::report
