#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <variant>
#include <vector>

// The design-review report as a document: sections of headings,
// paragraphs, tables, charts and figures, made once (buildReport) and
// rendered two ways (renderHtml, renderPdf), so that both say the same thing
// with the same numbers. Everything is plain text: renderers escape it.

namespace docshape::report {

// How a cell or a paragraph is marked for the reader.
enum class Mark {
    None,
    Mismatch, // derived and stated disagree (worksheet)
    Error,    // an error finding, a refused index, an unbounded maximum
    Warning,
    Good, // within budget, agrees
};

struct Paragraph {
    std::string lead; // a bold first phrase ("Why:"); may be empty
    std::string text;
    Mark mark = Mark::None;
    bool note = false; // a smaller aside: assumptions, captions
};

struct BulletList {
    std::vector<std::string> items;
};

struct Cell {
    std::string text;
    Mark mark = Mark::None;
};

struct Column {
    std::string header;
    bool numeric = false; // right-aligned
    double weight = 1;    // share of the table's width
};

// A table with one header row; renderers repeat the header on every page
// the table spans.
struct Table {
    std::string caption;
    std::vector<Column> columns;
    std::vector<std::vector<Cell>> rows; // each as many cells as columns
};

// A chart as data: what is plotted, not how. ChartGeometry turns it into
// lines and labels for both renderers.
struct Series {
    std::string name;
    std::vector<std::pair<double, double>> points; // (x, y), x ascending
};
struct Threshold {
    std::string name;
    double value = 0;
    Mark mark = Mark::Warning;
};
// Document size over time: lines on a log-scale byte axis, with the
// thresholds they are read against.
struct LineChart {
    std::string title;
    std::string xTitle;
    std::string yTitle;
    std::vector<Series> series;
    std::vector<Threshold> thresholds;
};
// One horizontal bar per label.
struct Bar {
    std::string label;
    double value = 0;
    std::string valueText; // as printed beside the bar
    Mark mark = Mark::None;
};
struct BarChart {
    std::string title;
    std::string valueTitle;
    std::vector<Bar> bars;
};

// A picture as the paths and text it was painted with, in its own units
// (y downwards), for a renderer that draws vectors itself: the diagram as
// the studio's scene paints it.
struct PictureItem {
    enum class Kind { Fill, Stroke, Text };
    enum class Verb : char { Move, Line, Curve, Close }; // Curve takes three points
    Kind kind = Kind::Fill;
    std::vector<Verb> verbs;
    std::vector<std::pair<double, double>> points;
    bool evenOdd = false;
    std::uint32_t color = 0; // 0xRRGGBB
    double alpha = 1;
    double lineWidth = 1;
    bool dashed = false;
    // Text: its baseline's start, its size in picture units.
    std::string text;
    double x = 0, y = 0;
    double size = 10;
    bool bold = false;
};
struct Picture {
    std::vector<PictureItem> items;
};

// A picture (the diagram): SVG text for the HTML; the PDF draws `vectors`
// when there are any, else the SVG.
struct Figure {
    std::string svg;
    double width = 0; // its size in CSS pixels (1/96 in)
    double height = 0;
    std::string caption;
    Picture vectors;
};

// Preformatted text: the exported validators and index definitions.
struct CodeBlock {
    std::string title;
    std::string text;
};

using Block = std::variant<Paragraph, BulletList, Table, LineChart, BarChart, Figure, CodeBlock>;

struct Section {
    std::string anchor; // unique in the report: [a-z0-9-]+
    std::string title;
    int level = 1; // 1 chapter, 2 section, 3 subsection
    std::vector<Block> blocks;
};

struct Report {
    std::string title;
    std::string subtitle; // the project's name and what it is
    std::string author;
    std::string date; // as given (ISO 8601 day)
    std::vector<Section> sections;
};

} // namespace docshape::report
