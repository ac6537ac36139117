#include "report/PdfRenderer.h"

#include "report/ChartGeometry.h"

#include <cairo-pdf.h>
#include <librsvg/rsvg.h>
#include <pango/pangocairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <memory>
#include <unordered_map>

namespace docshape::report {

namespace {

// A4 in points; cairo's PDF user unit is the point.
constexpr double kPageWidth = 595.276;
constexpr double kPageHeight = 841.89;
constexpr double kMargin = 50;
constexpr double kTop = 62;
constexpr double kBottomMargin = 58;
constexpr double kCellPad = 3;
constexpr std::uint32_t kText = 0x222222;
constexpr std::uint32_t kMuted = 0x666666;
constexpr std::uint32_t kHeading = 0x1d3f5e;
constexpr std::uint32_t kRule = 0xccd3da;
constexpr std::uint32_t kHeaderFill = 0xe8eef4;
constexpr std::uint32_t kMismatchFill = 0xfff1d6;
constexpr std::uint32_t kCodeFill = 0xf6f8fa;

void setColor(cairo_t *cr, std::uint32_t rgb) {
    cairo_set_source_rgb(cr, ((rgb >> 16) & 0xff) / 255.0, ((rgb >> 8) & 0xff) / 255.0, (rgb & 0xff) / 255.0);
}

// Decodes one UTF-8 code point at `i`, advancing it; invalid bytes read as U+FFFD.
char32_t nextCodePoint(std::string_view s, std::size_t &i) {
    const auto c = static_cast<unsigned char>(s[i++]);
    if (c < 0x80)
        return c;
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : -1;
    if (extra < 0)
        return 0xFFFD;
    char32_t cp = c & (0x3F >> extra);
    for (; extra > 0; --extra) {
        if (i >= s.size() || (static_cast<unsigned char>(s[i]) & 0xC0) != 0x80)
            return 0xFFFD;
        cp = (cp << 6) | (static_cast<unsigned char>(s[i++]) & 0x3F);
    }
    return cp;
}

// Text a font can draw glyph by glyph, without shaping: Latin, Greek,
// Cyrillic and the punctuation, arrows and symbols the report uses. Other
// scripts go through pango's layout.
bool plainScript(char32_t cp) { return cp < 0x0300 || (cp >= 0x0370 && cp < 0x0590) || (cp >= 0x2000 && cp < 0x2400); }

// One face at one size. Pango chooses the font (fontconfig, the same as
// the studio's); plain text is measured from cached advances and drawn
// with cairo's text call, which keeps it text in the PDF; anything else is
// laid out and drawn by pango.
class Font {
public:
    Font(PangoContext *context, bool mono, bool bold, double size) : m_context(context) {
        m_desc = pango_font_description_new();
        pango_font_description_set_family(m_desc, mono ? "DejaVu Sans Mono" : "DejaVu Sans");
        pango_font_description_set_weight(m_desc, bold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL);
        pango_font_description_set_absolute_size(m_desc, size * PANGO_SCALE);
        m_font = pango_font_map_load_font(pango_context_get_font_map(context), context, m_desc);
        if (m_font)
            m_scaled = pango_cairo_font_get_scaled_font(PANGO_CAIRO_FONT(m_font));
        if (m_scaled) {
            cairo_font_extents_t fe;
            cairo_scaled_font_extents(m_scaled, &fe);
            m_ascent = fe.ascent;
            m_lineHeight = std::max(size * 1.28, fe.ascent + fe.descent);
        } else {
            m_ascent = size * 0.8;
            m_lineHeight = size * 1.28;
        }
    }
    ~Font() {
        if (m_font)
            g_object_unref(m_font);
        pango_font_description_free(m_desc);
    }
    Font(const Font &) = delete;
    Font &operator=(const Font &) = delete;

    double lineHeight() const { return m_lineHeight; }
    double ascent() const { return m_ascent; }

    // Whether `text` is drawn glyph by glyph (else by pango).
    bool plain(std::string_view text) {
        if (!m_scaled)
            return false;
        for (std::size_t i = 0; i < text.size();) {
            const char32_t cp = nextCodePoint(text, i);
            if (!plainScript(cp) || advance(cp) < 0)
                return false;
        }
        return true;
    }

    double width(std::string_view text) {
        if (!plain(text))
            return shapedWidth(text);
        double w = 0;
        for (std::size_t i = 0; i < text.size();)
            w += advance(nextCodePoint(text, i));
        return w;
    }

    // Draws `text` with its baseline's start at (x, y).
    void draw(cairo_t *cr, std::string_view text, double x, double y) {
        if (text.empty())
            return;
        if (plain(text)) {
            cairo_set_scaled_font(cr, m_scaled);
            cairo_move_to(cr, x, y);
            cairo_show_text(cr, std::string(text).c_str());
            return;
        }
        PangoLayout *layout = pango_cairo_create_layout(cr);
        pango_layout_set_font_description(layout, m_desc);
        pango_layout_set_text(layout, text.data(), int(text.size()));
        cairo_move_to(cr, x, y - double(pango_layout_get_baseline(layout)) / PANGO_SCALE);
        pango_cairo_show_layout(cr, layout);
        g_object_unref(layout);
    }

    // Appends the glyphs of plain `text` with its baseline's start at (x, y)
    // to one run of this font, drawn later in one call.
    void appendGlyphs(std::string_view text, double x, double y, std::string &utf8, std::vector<cairo_glyph_t> &glyphs,
                      std::vector<cairo_text_cluster_t> &clusters) {
        cairo_glyph_t *g = nullptr;
        int ng = 0;
        cairo_text_cluster_t *c = nullptr;
        int nc = 0;
        cairo_text_cluster_flags_t flags{};
        if (cairo_scaled_font_text_to_glyphs(m_scaled, x, y, text.data(), int(text.size()), &g, &ng, &c, &nc, &flags) !=
            CAIRO_STATUS_SUCCESS)
            return;
        utf8.append(text);
        glyphs.insert(glyphs.end(), g, g + ng);
        clusters.insert(clusters.end(), c, c + nc);
        cairo_glyph_free(g);
        cairo_text_cluster_free(c);
    }
    cairo_scaled_font_t *scaledFont() const { return m_scaled; }

private:
    // The advance of one code point, or -1 when the font has no glyph for it.
    double advance(char32_t cp) {
        if (cp < 128 && m_ascii[cp] != 0)
            return m_ascii[cp];
        if (cp >= 128)
            if (auto it = m_other.find(cp); it != m_other.end())
                return it->second;
        char utf8[5] = {};
        if (cp < 0x80) {
            utf8[0] = char(cp);
        } else if (cp < 0x800) {
            utf8[0] = char(0xC0 | (cp >> 6));
            utf8[1] = char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            utf8[0] = char(0xE0 | (cp >> 12));
            utf8[1] = char(0x80 | ((cp >> 6) & 0x3F));
            utf8[2] = char(0x80 | (cp & 0x3F));
        } else {
            utf8[0] = char(0xF0 | (cp >> 18));
            utf8[1] = char(0x80 | ((cp >> 12) & 0x3F));
            utf8[2] = char(0x80 | ((cp >> 6) & 0x3F));
            utf8[3] = char(0x80 | (cp & 0x3F));
        }
        double a = -1;
        if (pango_font_has_char(m_font, gunichar(cp))) {
            cairo_text_extents_t te;
            cairo_scaled_font_text_extents(m_scaled, utf8, &te);
            a = te.x_advance;
        }
        if (cp < 128 && a >= 0)
            m_ascii[cp] = a > 0 ? a : 1e-9;
        else
            m_other[cp] = a;
        return a;
    }

    double shapedWidth(std::string_view text) {
        PangoLayout *layout = pango_layout_new(m_context);
        pango_layout_set_font_description(layout, m_desc);
        pango_layout_set_text(layout, text.data(), int(text.size()));
        int w = 0, h = 0;
        pango_layout_get_size(layout, &w, &h);
        g_object_unref(layout);
        return double(w) / PANGO_SCALE;
    }

    PangoContext *m_context;
    PangoFontDescription *m_desc = nullptr;
    PangoFont *m_font = nullptr;
    cairo_scaled_font_t *m_scaled = nullptr; // owned by m_font
    double m_ascent = 0;
    double m_lineHeight = 0;
    double m_ascii[128] = {};
    std::unordered_map<char32_t, double> m_other;
};

class Fonts {
public:
    Fonts() {
        m_map = pango_cairo_font_map_new();
        m_context = pango_font_map_create_context(m_map);
        pango_cairo_context_set_resolution(m_context, 72); // sizes in points, as cairo's PDF units
        cairo_font_options_t *options = cairo_font_options_create();
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF);
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE);
        pango_cairo_context_set_font_options(m_context, options);
        cairo_font_options_destroy(options);
    }
    ~Fonts() {
        m_fonts.clear();
        g_object_unref(m_context);
        g_object_unref(m_map);
    }
    Fonts(const Fonts &) = delete;
    Fonts &operator=(const Fonts &) = delete;

    Font &get(bool mono, bool bold, double size) {
        const long key = long(std::lround(size * 100)) * 4 + (mono ? 2 : 0) + (bold ? 1 : 0);
        auto &slot = m_fonts[key];
        if (!slot)
            slot = std::make_unique<Font>(m_context, mono, bold, size);
        return *slot;
    }

private:
    PangoFontMap *m_map;
    PangoContext *m_context;
    std::map<long, std::unique_ptr<Font>> m_fonts;
};

// The styles of the report's text.
struct Style {
    bool mono = false;
    bool bold = false;
    double size = 9.5;
};
constexpr Style kBody{false, false, 9.5};
constexpr Style kBodyBold{false, true, 9.5};
constexpr Style kNote{false, false, 8};
constexpr Style kNoteBold{false, true, 8};
constexpr Style kCell{false, false, 8};
constexpr Style kCellBold{false, true, 8};
constexpr Style kCode{true, false, 7};
constexpr Style kSmall{false, false, 7.5};
constexpr Style kToc{false, false, 9.5};
constexpr Style kTocSub{false, false, 8.5};

Style headingStyle(int level) {
    return {false, true, level <= 1 ? 17.0 : level == 2 ? 13.0 : 11.0};
}

// What a page holds until it is drawn: the pages are laid out first, so
// that the contents and every footer can name page numbers.
struct TextOp {
    std::string text;
    Style style;
    double x = 0, y = 0; // baseline start
    std::uint32_t color = kText;
    std::string pageOf; // when set, the text is the page number of this anchor
    bool alignRight = false; // x is the right end
};
struct RectOp {
    double x = 0, y = 0, w = 0, h = 0;
    std::uint32_t fill = 0;
};
struct LineOp {
    double x1 = 0, y1 = 0, x2 = 0, y2 = 0;
    std::uint32_t color = kRule;
    double width = 0.5;
    bool dashed = false;
    // A table rule: drawn with the page's other rules in one stroke, after
    // everything else (cairo's PDF surface costs per operation, and a page
    // of tables has hundreds of rules).
    bool rule = false;
};
struct PolylineOp {
    std::vector<std::pair<double, double>> points;
    std::uint32_t color = 0;
    double width = 1;
    bool markers = false;
};
struct FigureOp {
    const Figure *figure = nullptr;
    double x = 0, y = 0, w = 0, h = 0;
};
struct PathOp {
    const PictureItem *item = nullptr;
    double x = 0, y = 0, scale = 1; // where the picture's origin goes, and its scale
};
struct LinkOp {
    double x = 0, y = 0, w = 0, h = 0;
    std::string anchor;
};
using Op = std::variant<TextOp, RectOp, LineOp, PolylineOp, FigureOp, PathOp, LinkOp>;

struct Page {
    double width = kPageWidth;
    double height = kPageHeight;
    std::vector<Op> ops;

    template <typename T> void add(T op) { ops.emplace_back(std::in_place_type<T>, std::move(op)); }
};

struct Place {
    std::size_t page = 0; // 0-based
    double y = 0;
};

// A piece of a line of text in one style.
struct Piece {
    std::string text;
    Style style;
    std::uint32_t color = kText;
    double x = 0; // from the line's start
};
struct Line {
    std::vector<Piece> pieces;
    double height = 0;
    double ascent = 0;
};

struct Run {
    std::string text;
    Style style;
    std::uint32_t color = kText;
};

class Layout {
public:
    Layout(const Report &report, const Progress &progress) : m_report(report), m_progress(progress) {}

    bool run() {
        titleAndContents();
        const std::size_t total = m_report.sections.size();
        for (std::size_t i = 0; i < total; ++i) {
            if (m_progress && !m_progress(i, total * 2))
                return false;
            section(m_report.sections[i]);
        }
        return true;
    }

    std::vector<Page> pages;
    std::map<std::string, Place> places;
    Fonts fonts;

private:
    double bottom() const { return pages.back().height - kBottomMargin; }
    double contentWidth() const { return pages.back().width - 2 * kMargin; }
    void newPage(double width = kPageWidth, double height = kPageHeight) {
        pages.push_back(Page{width, height, {}});
        m_y = kTop;
    }
    void ensure(double h) {
        if (m_y + h > bottom() && m_y > kTop + 1)
            newPage();
    }
    Font &font(const Style &s) { return fonts.get(s.mono, s.bold, s.size); }

    // Greedy line breaking at spaces; a word wider than the line breaks
    // between characters.
    std::vector<Line> wrap(const std::vector<Run> &runs, double width) {
        std::vector<Line> lines(1);
        double x = 0;
        auto lineMetrics = [this](Line &line, const Style &s) {
            Font &f = font(s);
            line.height = std::max(line.height, f.lineHeight());
            line.ascent = std::max(line.ascent, f.ascent());
        };
        auto put = [&](const std::string &word, const Run &run, bool spaceBefore) {
            Font &f = font(run.style);
            Line &line = lines.back();
            lineMetrics(line, run.style);
            if (!line.pieces.empty() && spaceBefore) {
                const double space = f.width(" ");
                Piece &last = line.pieces.back();
                if (last.color == run.color && last.style.bold == run.style.bold &&
                    last.style.size == run.style.size && last.style.mono == run.style.mono) {
                    last.text += ' ';
                    last.text += word;
                    x += space + f.width(word);
                    return;
                }
                x += space;
            }
            line.pieces.push_back({word, run.style, run.color, x});
            x += f.width(word);
        };
        for (std::size_t r = 0; r < runs.size(); ++r) {
            const Run &run = runs[r];
            Font &f = font(run.style);
            std::size_t i = 0;
            const std::string &t = run.text;
            bool spaceBefore = r > 0;
            while (i <= t.size()) {
                if (i < t.size() && t[i] == '\n') {
                    lineMetrics(lines.back(), run.style);
                    lines.emplace_back();
                    x = 0;
                    spaceBefore = false;
                    ++i;
                    continue;
                }
                std::size_t end = t.find_first_of(" \n", i);
                if (end == std::string::npos)
                    end = t.size();
                std::string word = t.substr(i, end - i);
                if (!word.empty()) {
                    const double space = lines.back().pieces.empty() || !spaceBefore ? 0 : f.width(" ");
                    double w = f.width(word);
                    if (x > 0 && x + space + w > width) {
                        lineMetrics(lines.back(), run.style);
                        lines.emplace_back();
                        x = 0;
                    }
                    while (w > width && word.size() > 1) {
                        // Break the word: as many characters as fit.
                        std::size_t cut = 0;
                        for (std::size_t k = 0; k < word.size();) {
                            std::size_t next = k;
                            nextCodePoint(word, next);
                            if (f.width(std::string_view(word).substr(0, next)) > width - x && cut > 0)
                                break;
                            cut = next;
                            k = next;
                        }
                        put(word.substr(0, cut), run, false);
                        word = word.substr(cut);
                        w = f.width(word);
                        lines.emplace_back();
                        x = 0;
                    }
                    put(word, run, spaceBefore && x > 0);
                }
                spaceBefore = true;
                if (end >= t.size())
                    break;
                i = end + (t[end] == ' ' ? 1 : 0);
            }
        }
        for (auto &line : lines)
            if (line.height == 0) {
                Font &f = font(runs.empty() ? kBody : runs.front().style);
                line.height = f.lineHeight();
                line.ascent = f.ascent();
            }
        return lines;
    }

    void emit(const Line &line, double x, double y, bool alignRight = false, double width = 0) {
        double shift = 0;
        if (alignRight && !line.pieces.empty()) {
            const Piece &last = line.pieces.back();
            const double end = last.x + font(last.style).width(last.text);
            shift = width - end;
        }
        for (const auto &p : line.pieces)
            pages.back().add(TextOp{p.text, p.style, x + shift + p.x, y + line.ascent, p.color, {}, false});
    }

    // Lines of running text, breaking across pages between lines.
    void flow(const std::vector<Line> &lines, double x, double spaceAfter) {
        for (const auto &line : lines) {
            ensure(line.height);
            emit(line, x, m_y);
            m_y += line.height;
        }
        m_y += spaceAfter;
    }

    void titleAndContents() {
        newPage();
        const double w = contentWidth();
        flow(wrap({{m_report.title, {false, true, 24}, kHeading}}, w), kMargin, 6);
        flow(wrap({{m_report.subtitle, {false, false, 11}, kMuted}}, w), kMargin, 4);
        std::string meta = m_report.author;
        if (!m_report.date.empty())
            meta += (meta.empty() ? "" : " · ") + m_report.date;
        if (!meta.empty())
            flow(wrap({{meta, {false, false, 11}, kMuted}}, w), kMargin, 0);
        m_y += 18;
        flow(wrap({{"Contents", headingStyle(1), kHeading}}, w), kMargin, 6);
        for (const auto &s : m_report.sections) {
            if (s.level > 2)
                continue;
            const Style style = s.level == 1 ? kToc : kTocSub;
            const double indent = s.level == 1 ? 0 : 16;
            Font &f = font(style);
            ensure(f.lineHeight());
            // One line each: a long title is cut, and says so.
            std::string title = s.title;
            const double room = w - indent - 40;
            if (f.width(title) > room) {
                while (!title.empty() && f.width(title + "…") > room) {
                    title.pop_back();
                    while (!title.empty() && (static_cast<unsigned char>(title.back()) & 0xC0) == 0x80)
                        title.pop_back();
                }
                title += "…";
            }
            const double baseline = m_y + f.ascent();
            Page &page = pages.back();
            page.add(TextOp{title, style, kMargin + indent, baseline, s.level == 1 ? kHeading : kText, {}, false});
            page.add(TextOp{{}, style, kMargin + w, baseline, kMuted, s.anchor, true});
            page.add(LinkOp{kMargin + indent, m_y, w - indent, f.lineHeight(), s.anchor});
            m_y += f.lineHeight() + (s.level == 1 ? 2 : 0);
        }
    }

    void section(const Section &s) {
        const Style style = headingStyle(s.level);
        Font &f = font(style);
        if (s.level == 1) {
            // A chapter that opens with a wide picture starts on a page turned to it.
            const auto *figure = s.blocks.empty() ? nullptr : std::get_if<Figure>(&s.blocks.front());
            if (figure && figure->width > figure->height)
                newPage(kPageHeight, kPageWidth);
            else
                newPage();
        } else
            ensure(f.lineHeight() * 2 + 60); // keep a heading with what follows
        if (s.level > 1)
            m_y += s.level == 2 ? 10 : 6;
        places[s.anchor] = {pages.size() - 1, m_y};
        const auto lines = wrap({{s.title, style, kHeading}}, contentWidth());
        flow(lines, kMargin, 0);
        if (s.level == 1)
            pages.back().add(LineOp{kMargin, m_y + 2, kMargin + contentWidth(), m_y + 2, 0x2b5d8a, 1.2, false});
        m_y += s.level == 1 ? 10 : 5;
        for (const auto &b : s.blocks)
            std::visit([this](const auto &block) { write(block); }, b);
    }

    void write(const Paragraph &p) {
        const Style body = p.note ? kNote : kBody;
        const Style bold = p.note ? kNoteBold : kBodyBold;
        std::vector<Run> runs;
        if (!p.lead.empty())
            runs.push_back({p.lead, bold, kText});
        runs.push_back({p.text, body, p.mark == Mark::None ? (p.note ? kMuted : kText) : markColor(p.mark)});
        flow(wrap(runs, contentWidth()), kMargin, 5);
    }

    void write(const BulletList &l) {
        for (const auto &item : l.items) {
            const auto lines = wrap({{item, kBody, kText}}, contentWidth() - 14);
            ensure(lines.front().height);
            pages.back().add(TextOp{"•", kBody, kMargin + 3, m_y + lines.front().ascent, kText, {}, false});
            flow(lines, kMargin + 14, 1.5);
        }
        m_y += 4;
    }

    struct CellLines {
        std::vector<Line> lines;
        Mark mark = Mark::None;
        double height = 0;
    };

    std::vector<CellLines> rowLines(const std::vector<Cell> &cells, const std::vector<double> &widths, bool header,
                                    const std::vector<Column> &columns) {
        std::vector<CellLines> out(widths.size());
        for (std::size_t i = 0; i < widths.size(); ++i) {
            const Cell empty;
            const Cell &cell = i < cells.size() ? cells[i] : empty;
            std::string text = cell.text;
            if (cell.mark == Mark::Mismatch)
                text = "≠ " + text;
            const std::uint32_t color = cell.mark == Mark::None || cell.mark == Mark::Mismatch ? kText : markColor(cell.mark);
            const bool bold = header || cell.mark == Mark::Error;
            out[i].lines = wrap({{text, bold ? kCellBold : kCell, color}}, widths[i] - 2 * kCellPad);
            out[i].mark = header ? Mark::None : cell.mark;
            for (const auto &l : out[i].lines)
                out[i].height += l.height;
            (void)columns;
        }
        return out;
    }

    // Draws the part of a row whose lines fit, from line `from[i]` of each
    // cell, in at most `room` points; returns the height used and advances `from`.
    double drawRow(const std::vector<CellLines> &cells, std::vector<std::size_t> &from,
                   const std::vector<double> &widths, const std::vector<Column> &columns, bool header, double room) {
        double used = 0;
        std::vector<std::size_t> to(cells.size());
        for (std::size_t i = 0; i < cells.size(); ++i) {
            double h = 0;
            std::size_t k = from[i];
            while (k < cells[i].lines.size() && h + cells[i].lines[k].height <= room - 2 * kCellPad) {
                h += cells[i].lines[k].height;
                ++k;
            }
            to[i] = k;
            used = std::max(used, h);
        }
        used += 2 * kCellPad;
        Page &page = pages.back();
        double x = kMargin;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            if (header)
                page.add(RectOp{x, m_y, widths[i], used, kHeaderFill});
            else if (cells[i].mark == Mark::Mismatch)
                page.add(RectOp{x, m_y, widths[i], used, kMismatchFill});
            double y = m_y + kCellPad;
            const bool right = columns[i].numeric;
            for (std::size_t k = from[i]; k < to[i]; ++k) {
                emit(cells[i].lines[k], x + kCellPad, y, right, widths[i] - 2 * kCellPad);
                y += cells[i].lines[k].height;
            }
            from[i] = to[i];
            x += widths[i];
        }
        const double right = kMargin + contentWidth();
        page.add(LineOp{kMargin, m_y, right, m_y, kRule, 0.5, false, true});
        page.add(LineOp{kMargin, m_y + used, right, m_y + used, kRule, 0.5, false, true});
        x = kMargin;
        for (std::size_t i = 0; i <= cells.size(); ++i) {
            page.add(LineOp{x, m_y, x, m_y + used, kRule, 0.5, false, true});
            if (i < cells.size())
                x += widths[i];
        }
        m_y += used;
        return used;
    }

    void write(const Table &t) {
        if (t.columns.empty())
            return;
        double weights = 0;
        for (const auto &c : t.columns)
            weights += c.weight;
        std::vector<double> widths;
        for (const auto &c : t.columns)
            widths.push_back(contentWidth() * c.weight / weights);
        std::vector<Cell> headerCells;
        for (const auto &c : t.columns)
            headerCells.push_back({c.header});
        const auto header = rowLines(headerCells, widths, true, t.columns);
        double headerHeight = 0;
        for (const auto &c : header)
            headerHeight = std::max(headerHeight, c.height);
        headerHeight += 2 * kCellPad;
        std::vector<Line> caption;
        double captionHeight = 0;
        if (!t.caption.empty()) {
            caption = wrap({{t.caption, kCellBold, kText}}, contentWidth());
            for (const auto &l : caption)
                captionHeight += l.height;
        }
        auto firstRowHeight = [&]() {
            if (t.rows.empty())
                return 0.0;
            double h = 0;
            for (const auto &c : rowLines(t.rows.front(), widths, false, t.columns))
                h = std::max(h, c.height);
            return h + 2 * kCellPad;
        };
        ensure(captionHeight + headerHeight + std::min(firstRowHeight(), 120.0) + 4);
        m_y += 2;
        flow(caption, kMargin, 2);
        auto drawHeader = [&] {
            std::vector<std::size_t> from(header.size(), 0);
            drawRow(header, from, widths, t.columns, true, 1e9);
        };
        drawHeader();
        const double pageRoom = bottom() - kTop - headerHeight;
        for (const auto &row : t.rows) {
            const auto cells = rowLines(row, widths, false, t.columns);
            double height = 0;
            for (const auto &c : cells)
                height = std::max(height, c.height);
            height += 2 * kCellPad;
            if (m_y + height > bottom() && height <= pageRoom) {
                newPage();
                drawHeader();
            }
            // A row taller than what is left breaks between its lines.
            std::vector<std::size_t> from(cells.size(), 0);
            for (;;) {
                drawRow(cells, from, widths, t.columns, false, bottom() - m_y);
                bool done = true;
                for (std::size_t i = 0; i < cells.size(); ++i)
                    done = done && from[i] >= cells[i].lines.size();
                if (done)
                    break;
                newPage();
                drawHeader();
            }
        }
        m_y += 8;
    }

    void chart(const ChartDrawing &d) {
        ensure(d.height + 6);
        const double x0 = kMargin, y0 = m_y;
        Page &page = pages.back();
        for (const auto &s : d.shapes) {
            switch (s.kind) {
            case ChartShape::Kind::Line:
                page.add(LineOp{x0 + s.points[0].first, y0 + s.points[0].second, x0 + s.points[1].first,
                                     y0 + s.points[1].second, s.color, s.lineWidth, s.dashed});
                break;
            case ChartShape::Kind::Polyline: {
                PolylineOp p{{}, s.color, s.lineWidth, s.markers};
                for (const auto &[x, y] : s.points)
                    p.points.emplace_back(x0 + x, y0 + y);
                page.add(std::move(p));
                break;
            }
            case ChartShape::Kind::Rect:
                page.add(RectOp{x0 + s.points[0].first, y0 + s.points[0].second, s.points[1].first,
                                     s.points[1].second, s.color});
                break;
            case ChartShape::Kind::Text: {
                const Style style{false, s.bold, s.fontSize};
                double x = x0 + s.points[0].first;
                const double w = font(style).width(s.text);
                if (s.anchor == ChartShape::Anchor::Middle)
                    x -= w / 2;
                else if (s.anchor == ChartShape::Anchor::End)
                    x -= w;
                page.add(TextOp{s.text, style, x, y0 + s.points[0].second, s.color, {}, false});
                break;
            }
            }
        }
        m_y += d.height + 8;
    }

    void write(const LineChart &c) { chart(drawChart(c, contentWidth())); }
    void write(const BarChart &c) { chart(drawChart(c, contentWidth())); }

    void write(const Figure &f) {
        if (!(f.width > 0 && f.height > 0))
            return;
        // The diagram gets a page of its own, turned to its shape.
        const bool landscape = f.width > f.height;
        const double pw = landscape ? kPageHeight : kPageWidth;
        const double ph = landscape ? kPageWidth : kPageHeight;
        const auto caption = wrap({{f.caption, kNote, kMuted}}, pw - 2 * kMargin);
        double captionHeight = 0;
        for (const auto &l : caption)
            captionHeight += l.height;
        const bool pageLandscape = pages.back().width > pages.back().height;
        if (landscape != pageLandscape || m_y > kTop + 60)
            newPage(pw, ph);
        const double roomW = pw - 2 * kMargin;
        const double roomH = ph - kBottomMargin - m_y - captionHeight - 8;
        const double scale = std::min(roomW / f.width, roomH / f.height);
        const double w = f.width * scale, h = f.height * scale;
        const double x0 = kMargin + (roomW - w) / 2;
        if (f.vectors.items.empty()) {
            pages.back().add(FigureOp{&f, x0, m_y, w, h});
        } else {
            // The scene's own paths and text, drawn here: as fast as the
            // rest of the page, where librsvg spent seconds shaping every
            // label of a large diagram.
            for (const auto &item : f.vectors.items) {
                if (item.kind == PictureItem::Kind::Text) {
                    const double size = item.size * scale;
                    if (size < 0.05)
                        continue;
                    pages.back().add(TextOp{item.text, Style{false, item.bold, size}, x0 + item.x * scale,
                                            m_y + item.y * scale, item.color, {}, false});
                } else {
                    pages.back().add(PathOp{&item, x0, m_y, scale});
                }
            }
        }
        m_y += h + 6;
        flow(caption, kMargin, 6);
    }

    void write(const CodeBlock &c) {
        flow(wrap({{c.title, kNote, kMuted}}, contentWidth()), kMargin, 2);
        const auto lines = wrap({{c.text, kCode, kText}}, contentWidth() - 8);
        for (const auto &line : lines) {
            ensure(line.height);
            pages.back().add(RectOp{kMargin, m_y, contentWidth(), line.height, kCodeFill});
            emit(line, kMargin + 4, m_y);
            m_y += line.height;
        }
        m_y += 8;
    }

    const Report &m_report;
    const Progress &m_progress;
    double m_y = kTop;
};

cairo_status_t appendTo(void *closure, const unsigned char *data, unsigned int length) {
    static_cast<std::string *>(closure)->append(reinterpret_cast<const char *>(data), length);
    return CAIRO_STATUS_SUCCESS;
}

void drawFigure(cairo_t *cr, const FigureOp &op) {
    GError *error = nullptr;
    RsvgHandle *handle = rsvg_handle_new_from_data(reinterpret_cast<const guint8 *>(op.figure->svg.data()),
                                                   gsize(op.figure->svg.size()), &error);
    if (!handle) {
        if (error)
            g_error_free(error);
        return;
    }
    RsvgRectangle viewport{op.x, op.y, op.w, op.h};
    if (!rsvg_handle_render_document(handle, cr, &viewport, &error) && error)
        g_error_free(error);
    g_object_unref(handle);
}

} // namespace

Result<std::string> renderPdf(const Report &report, const Progress &progress) {
    Layout layout(report, progress);
    if (!layout.run())
        return Error{"report", "cancelled"};

    std::string bytes;
    cairo_surface_t *surface = cairo_pdf_surface_create_for_stream(appendTo, &bytes, kPageWidth, kPageHeight);
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, report.title.c_str());
    if (!report.author.empty())
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_AUTHOR, report.author.c_str());
    cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "DocShape");
    if (report.date.size() == 10) {
        // The report's date, not the time it was drawn: the same report gives the same file.
        const std::string when = report.date + "T00:00:00Z";
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, when.c_str());
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, when.c_str());
    }
    cairo_t *cr = cairo_create(surface);
    const std::size_t total = layout.pages.size();
    const std::size_t sections = report.sections.size();
    char buf[160];
    Font &footer = layout.fonts.get(false, false, 7.5);
    bool cancelled = false;
    for (std::size_t n = 0; n < total && !cancelled; ++n) {
        if (progress && !progress(sections + n * sections / std::max<std::size_t>(1, total), sections * 2)) {
            cancelled = true;
            break;
        }
        const Page &page = layout.pages[n];
        cairo_pdf_surface_set_size(surface, page.width, page.height);
        // Plain text goes out in one call per font and colour: cairo's PDF
        // surface costs per call.
        struct Run {
            Font *font;
            std::uint32_t color;
            std::string utf8;
            std::vector<cairo_glyph_t> glyphs;
            std::vector<cairo_text_cluster_t> clusters;
        };
        std::vector<Run> runs;
        for (const auto &op : page.ops) {
            if (const auto *t = std::get_if<TextOp>(&op)) {
                Font &f = layout.fonts.get(t->style.mono, t->style.bold, t->style.size);
                std::string text = t->text;
                if (!t->pageOf.empty()) {
                    auto it = layout.places.find(t->pageOf);
                    text = it == layout.places.end() ? std::string() : std::to_string(it->second.page + 1);
                }
                const double x = t->alignRight ? t->x - f.width(text) : t->x;
                if (text.empty())
                    continue;
                if (!f.plain(text)) {
                    setColor(cr, t->color);
                    f.draw(cr, text, x, t->y);
                    continue;
                }
                auto run = std::find_if(runs.begin(), runs.end(),
                                        [&](const Run &r) { return r.font == &f && r.color == t->color; });
                if (run == runs.end())
                    run = runs.insert(runs.end(), Run{&f, t->color, {}, {}, {}});
                f.appendGlyphs(text, x, t->y, run->utf8, run->glyphs, run->clusters);
            } else if (const auto *r = std::get_if<RectOp>(&op)) {
                setColor(cr, r->fill);
                cairo_rectangle(cr, r->x, r->y, r->w, r->h);
                cairo_fill(cr);
            } else if (const auto *l = std::get_if<LineOp>(&op)) {
                if (l->rule)
                    continue;
                setColor(cr, l->color);
                cairo_set_line_width(cr, l->width);
                if (l->dashed) {
                    const double dash[] = {5, 3};
                    cairo_set_dash(cr, dash, 2, 0);
                }
                cairo_move_to(cr, l->x1, l->y1);
                cairo_line_to(cr, l->x2, l->y2);
                cairo_stroke(cr);
                cairo_set_dash(cr, nullptr, 0, 0);
            } else if (const auto *p = std::get_if<PolylineOp>(&op)) {
                setColor(cr, p->color);
                cairo_set_line_width(cr, p->width);
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND);
                for (std::size_t i = 0; i < p->points.size(); ++i)
                    (i ? cairo_line_to : cairo_move_to)(cr, p->points[i].first, p->points[i].second);
                cairo_stroke(cr);
                if (p->markers)
                    for (const auto &[x, y] : p->points) {
                        cairo_new_sub_path(cr);
                        cairo_arc(cr, x, y, 1.8, 0, 2 * M_PI);
                    }
                cairo_fill(cr);
            } else if (const auto *path = std::get_if<PathOp>(&op)) {
                const PictureItem &item = *path->item;
                std::size_t k = 0;
                auto at = [&](std::size_t i) {
                    return std::pair{path->x + item.points[i].first * path->scale,
                                     path->y + item.points[i].second * path->scale};
                };
                cairo_new_path(cr);
                for (const auto verb : item.verbs) {
                    if (verb == PictureItem::Verb::Close) {
                        cairo_close_path(cr);
                        continue;
                    }
                    const std::size_t need = verb == PictureItem::Verb::Curve ? 3 : 1;
                    if (k + need > item.points.size())
                        break;
                    if (verb == PictureItem::Verb::Move) {
                        auto [x, y] = at(k);
                        cairo_move_to(cr, x, y);
                    } else if (verb == PictureItem::Verb::Line) {
                        auto [x, y] = at(k);
                        cairo_line_to(cr, x, y);
                    } else {
                        auto [x1, y1] = at(k);
                        auto [x2, y2] = at(k + 1);
                        auto [x3, y3] = at(k + 2);
                        cairo_curve_to(cr, x1, y1, x2, y2, x3, y3);
                    }
                    k += need;
                }
                cairo_set_source_rgba(cr, ((item.color >> 16) & 0xff) / 255.0, ((item.color >> 8) & 0xff) / 255.0,
                                      (item.color & 0xff) / 255.0, item.alpha);
                if (item.kind == PictureItem::Kind::Fill) {
                    cairo_set_fill_rule(cr, item.evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING);
                    cairo_fill(cr);
                } else {
                    cairo_set_line_width(cr, std::max(0.1, item.lineWidth * path->scale));
                    if (item.dashed) {
                        const double dash[] = {4 * path->scale, 2 * path->scale};
                        cairo_set_dash(cr, dash, 2, 0);
                    }
                    cairo_stroke(cr);
                    cairo_set_dash(cr, nullptr, 0, 0);
                }
            } else if (const auto *fig = std::get_if<FigureOp>(&op)) {
                cairo_save(cr);
                drawFigure(cr, *fig);
                cairo_restore(cr);
            } else if (const auto *link = std::get_if<LinkOp>(&op)) {
                auto it = layout.places.find(link->anchor);
                if (it != layout.places.end()) {
                    std::snprintf(buf, sizeof buf, "rect=[%.2f %.2f %.2f %.2f] page=%zu pos=[%.2f %.2f]", link->x,
                                  link->y, link->w, link->h, it->second.page + 1, kMargin, it->second.y);
                    cairo_tag_begin(cr, CAIRO_TAG_LINK, buf);
                    cairo_tag_end(cr, CAIRO_TAG_LINK);
                }
            }
        }
        for (const Run &run : runs) {
            setColor(cr, run.color);
            cairo_set_scaled_font(cr, run.font->scaledFont());
            cairo_show_text_glyphs(cr, run.utf8.data(), int(run.utf8.size()), run.glyphs.data(), int(run.glyphs.size()),
                                   run.clusters.data(), int(run.clusters.size()), cairo_text_cluster_flags_t(0));
        }
        bool rules = false;
        for (const auto &op : page.ops)
            if (const auto *l = std::get_if<LineOp>(&op); l && l->rule) {
                cairo_move_to(cr, l->x1, l->y1);
                cairo_line_to(cr, l->x2, l->y2);
                rules = true;
            }
        if (rules) {
            setColor(cr, kRule);
            cairo_set_line_width(cr, 0.5);
            cairo_stroke(cr);
        }
        // The running head and the page number.
        if (n > 0) {
            setColor(cr, kMuted);
            footer.draw(cr, report.title, kMargin, 34);
            setColor(cr, kRule);
            cairo_set_line_width(cr, 0.5);
            cairo_move_to(cr, kMargin, 39);
            cairo_line_to(cr, page.width - kMargin, 39);
            cairo_stroke(cr);
        }
        setColor(cr, kMuted);
        std::snprintf(buf, sizeof buf, "Page %zu of %zu", n + 1, total);
        footer.draw(cr, buf, page.width - kMargin - footer.width(buf), page.height - 30);
        cairo_show_page(cr);
    }

    if (!cancelled) {
        // Bookmarks: every heading, nested by level.
        int parents[4] = {CAIRO_PDF_OUTLINE_ROOT, CAIRO_PDF_OUTLINE_ROOT, CAIRO_PDF_OUTLINE_ROOT,
                          CAIRO_PDF_OUTLINE_ROOT};
        for (const auto &s : report.sections) {
            auto it = layout.places.find(s.anchor);
            if (it == layout.places.end())
                continue;
            const int level = std::clamp(s.level, 1, 3);
            std::snprintf(buf, sizeof buf, "page=%zu pos=[%.2f %.2f]", it->second.page + 1, kMargin, it->second.y);
            const int id = cairo_pdf_surface_add_outline(surface, parents[level - 1], s.title.c_str(), buf,
                                                         level == 1 ? CAIRO_PDF_OUTLINE_FLAG_BOLD
                                                                    : cairo_pdf_outline_flags_t(0));
            for (int l = level; l < 4; ++l)
                parents[l] = id;
        }
    }
    cairo_destroy(cr);
    cairo_surface_finish(surface);
    const cairo_status_t status = cairo_surface_status(surface);
    cairo_surface_destroy(surface);
    if (cancelled)
        return Error{"report", "cancelled"};
    if (status != CAIRO_STATUS_SUCCESS)
        return Error{"report", std::string("the PDF could not be written: ") + cairo_status_to_string(status)};
    return bytes;
}

} // namespace docshape::report
