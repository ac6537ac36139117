#include "panels/PatternHighlight.h"

#include <QPainter>
#include <QPen>

namespace docshape::ui::panels {

namespace {
constexpr qreal kMargin = 6;
constexpr qreal kPen = 3;
} // namespace

PatternHighlight::PatternHighlight() {
    setZValue(1e6); // above every card and edge
    setAcceptedMouseButtons(Qt::NoButton);
    setAcceptHoverEvents(false);
    setFlag(QGraphicsItem::ItemIsSelectable, false);
    setFlag(QGraphicsItem::ItemIsFocusable, false);
}

void PatternHighlight::setRects(const QList<QRectF> &rects) {
    prepareGeometryChange();
    m_rects = rects;
    m_bounds = {};
    for (const QRectF &r : rects)
        m_bounds = m_bounds.united(r.adjusted(-kMargin - kPen, -kMargin - kPen, kMargin + kPen, kMargin + kPen));
    update();
}

QRectF PatternHighlight::boundingRect() const { return m_bounds; }

void PatternHighlight::paint(QPainter *painter, const QStyleOptionGraphicsItem *, QWidget *) {
    QPen pen(QColor(0xe0, 0x80, 0x10), kPen, Qt::DashLine);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(QColor(0xff, 0xb0, 0x40, 28));
    for (const QRectF &r : m_rects)
        painter->drawRoundedRect(r.adjusted(-kMargin, -kMargin, kMargin, kMargin), 8, 8);
}

} // namespace docshape::ui::panels
