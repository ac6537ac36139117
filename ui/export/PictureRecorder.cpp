#include "export/PictureRecorder.h"

#include <QFontInfo>
#include <QPaintEngine>
#include <QPainterPath>
#include <QTextItem>

namespace docshape::ui::exporting {

namespace {

std::uint32_t rgbOf(const QColor &c) { return (std::uint32_t(c.red()) << 16) | (std::uint32_t(c.green()) << 8) | c.blue(); }

QColor colourOf(const QBrush &brush) {
    if (brush.style() == Qt::LinearGradientPattern || brush.style() == Qt::RadialGradientPattern ||
        brush.style() == Qt::ConicalGradientPattern)
        if (const QGradient *g = brush.gradient(); g && !g->stops().isEmpty())
            return g->stops().front().second;
    return brush.color();
}

} // namespace

class PictureRecorder::Engine : public QPaintEngine {
public:
    Engine() : QPaintEngine(AllFeatures) {}

    bool begin(QPaintDevice *) override { return true; }
    bool end() override { return true; }
    Type type() const override { return User; }

    void updateState(const QPaintEngineState &state) override {
        const QPaintEngine::DirtyFlags flags = state.state();
        if (flags & DirtyPen)
            m_pen = state.pen();
        if (flags & DirtyBrush)
            m_brush = state.brush();
        if (flags & DirtyTransform)
            m_transform = state.transform();
        if (flags & DirtyFont)
            m_font = state.font();
        if (flags & DirtyOpacity)
            m_opacity = state.opacity();
        if (flags & DirtyBrushOrigin)
            m_brushOrigin = state.brushOrigin();
    }

    void drawPath(const QPainterPath &path) override {
        if (m_brush.style() != Qt::NoBrush)
            add(path, report::PictureItem::Kind::Fill);
        if (m_pen.style() != Qt::NoPen && m_pen.brush().style() != Qt::NoBrush)
            add(path, report::PictureItem::Kind::Stroke);
    }

    void drawPolygon(const QPointF *points, int count, PolygonDrawMode mode) override {
        QPainterPath path;
        if (count <= 0)
            return;
        path.moveTo(points[0]);
        for (int i = 1; i < count; ++i)
            path.lineTo(points[i]);
        if (mode == PolylineMode) {
            if (m_pen.style() != Qt::NoPen)
                add(path, report::PictureItem::Kind::Stroke);
            return;
        }
        path.closeSubpath();
        path.setFillRule(mode == OddEvenMode ? Qt::OddEvenFill : Qt::WindingFill);
        drawPath(path);
    }

    void drawTextItem(const QPointF &p, const QTextItem &textItem) override {
        const QString text = textItem.text();
        if (text.trimmed().isEmpty())
            return;
        report::PictureItem item;
        item.kind = report::PictureItem::Kind::Text;
        item.text = text.toStdString();
        const QPointF at = m_transform.map(p);
        item.x = at.x();
        item.y = at.y();
        const QFont font = textItem.font();
        const double pixels = font.pixelSize() > 0 ? font.pixelSize() : font.pointSizeF() * 96.0 / 72.0;
        item.size = pixels * std::sqrt(std::abs(m_transform.determinant()));
        item.bold = font.weight() >= QFont::DemiBold;
        const QColor c = m_pen.color();
        item.color = rgbOf(c);
        item.alpha = c.alphaF() * m_opacity;
        m_items.push_back(std::move(item));
    }

    void drawPixmap(const QRectF &, const QPixmap &, const QRectF &) override {}

    report::Picture take() { return report::Picture{std::move(m_items)}; }

private:
    void add(const QPainterPath &path, report::PictureItem::Kind kind) {
        report::PictureItem item;
        item.kind = kind;
        const QPainterPath mapped = m_transform.map(path);
        item.evenOdd = path.fillRule() == Qt::OddEvenFill;
        for (int i = 0; i < mapped.elementCount(); ++i) {
            const QPainterPath::Element e = mapped.elementAt(i);
            switch (e.type) {
            case QPainterPath::MoveToElement:
                item.verbs.push_back(report::PictureItem::Verb::Move);
                break;
            case QPainterPath::LineToElement:
                item.verbs.push_back(report::PictureItem::Verb::Line);
                break;
            case QPainterPath::CurveToElement:
                item.verbs.push_back(report::PictureItem::Verb::Curve);
                break;
            case QPainterPath::CurveToDataElement:
                break; // the curve's further points
            }
            item.points.emplace_back(e.x, e.y);
        }
        QColor c = kind == report::PictureItem::Kind::Fill ? colourOf(m_brush) : colourOf(m_pen.brush());
        item.color = rgbOf(c);
        item.alpha = c.alphaF() * m_opacity;
        if (kind == report::PictureItem::Kind::Stroke) {
            const double scale = std::sqrt(std::abs(m_transform.determinant()));
            item.lineWidth = (m_pen.isCosmetic() ? 1.0 : std::max(1.0, m_pen.widthF())) * (m_pen.isCosmetic() ? 1 : scale);
            item.dashed = m_pen.style() != Qt::SolidLine;
        }
        if (item.alpha > 0)
            m_items.push_back(std::move(item));
    }

    QPen m_pen;
    QBrush m_brush;
    QTransform m_transform;
    QFont m_font;
    QPointF m_brushOrigin;
    double m_opacity = 1;
    std::vector<report::PictureItem> m_items;
};

PictureRecorder::PictureRecorder(QSize size) : m_size(size), m_engine(std::make_unique<Engine>()) {}
PictureRecorder::~PictureRecorder() = default;

QPaintEngine *PictureRecorder::paintEngine() const { return m_engine.get(); }

report::Picture PictureRecorder::take() { return m_engine->take(); }

int PictureRecorder::metric(PaintDeviceMetric metric) const {
    switch (metric) {
    case PdmWidth: return m_size.width();
    case PdmHeight: return m_size.height();
    case PdmWidthMM: return qRound(m_size.width() * 25.4 / 96);
    case PdmHeightMM: return qRound(m_size.height() * 25.4 / 96);
    case PdmNumColors: return 0x7fffffff;
    case PdmDepth: return 32;
    case PdmDpiX:
    case PdmDpiY:
    case PdmPhysicalDpiX:
    case PdmPhysicalDpiY: return 96;
    case PdmDevicePixelRatio: return 1;
    case PdmDevicePixelRatioScaled: return int(QPaintDevice::devicePixelRatioFScale());
    }
    return 0;
}

} // namespace docshape::ui::exporting
