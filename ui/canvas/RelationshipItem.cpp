#include "canvas/RelationshipItem.h"

#include "canvas/CanvasStyle.h"
#include "canvas/EntityItem.h"
#include "document/RelationshipLabels.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace docshape::ui::canvas {

namespace {
// Where the segment from the centre of `rect` towards `target` leaves it.
QPointF exitPoint(const QRectF &rect, const QPointF &target) {
    const QPointF c = rect.center();
    const QPointF d = target - c;
    if (d.isNull())
        return c;
    const qreal sx = d.x() != 0 ? (rect.width() / 2) / std::abs(d.x()) : 1e9;
    const qreal sy = d.y() != 0 ? (rect.height() / 2) / std::abs(d.y()) : 1e9;
    const qreal s = std::min({sx, sy, 1.0});
    return c + d * s;
}

QRectF sceneCardRect(const EntityItem *card) { return card->mapRectToScene(card->cardRect()); }
} // namespace

RelationshipItem::RelationshipItem(const Relationship &relationship, EntityItem *parent,
                                   EntityItem *child)
    : m_id(relationship.id), m_parent(parent), m_child(child) {
    setFlags(ItemIsSelectable);
    setRelationship(relationship);
    parent->addEdge(this);
    if (child != parent)
        child->addEdge(this);
}

void RelationshipItem::setRelationship(const Relationship &r) {
    // An edge to a card inside another card would vanish under its
    // parent: draw it above the cards then.
    setZValue(m_parent->isEmbedded() || m_child->isEmbedded() ? 5 : -1);
    m_cardinality = r.cardinality;
    m_label = representationLabel(r.representation);
    if (r.representation == Representation::Subset)
        m_label += QStringLiteral(" (%1 newest)").arg(r.subsetCount);
    else if (r.representation == Representation::Junction)
        m_label += QStringLiteral(" %1").arg(QString::fromStdString(r.junctionName));
    else if (r.representation == Representation::Bucket)
        m_label += QStringLiteral(" (%1 per doc)").arg(r.bucketSize);
    adjust();
}

void RelationshipItem::adjust() {
    const QRectF a = sceneCardRect(m_parent);
    const QRectF b = sceneCardRect(m_child);
    prepareGeometryChange();
    m_line = QLineF(exitPoint(a, b.center()), exitPoint(b, a.center()));
    const auto &s = CanvasStyle::get();
    const qreal labelWidth = s.rowMetrics.horizontalAdvance(m_label);
    m_bounds = QRectF(m_line.p1(), m_line.p2()).normalized().adjusted(-16, -16, 16, 16);
    const QPointF mid = m_line.center();
    m_bounds |= QRectF(mid.x() - labelWidth / 2 - 6, mid.y() - 20, labelWidth + 12, 24);
}

QRectF RelationshipItem::boundingRect() const { return m_bounds; }

QPainterPath RelationshipItem::shape() const {
    QPainterPath path(m_line.p1());
    path.lineTo(m_line.p2());
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    return stroker.createStroke(path);
}

void RelationshipItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const auto &s = CanvasStyle::get();
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QColor color = isSelected() ? s.selection : s.edge;
    painter->setRenderHint(QPainter::Antialiasing, lod >= 0.35);
    painter->setPen(QPen(color, isSelected() ? 2.5 : 1.5));
    painter->drawLine(m_line);
    if (lod < 0.35 || m_line.length() < 1)
        return;

    // Unit vectors along the line at each end, pointing into the card.
    const QPointF dir = (m_line.p2() - m_line.p1()) / m_line.length();
    const QPointF normal(-dir.y(), dir.x());
    auto bar = [&](QPointF at, QPointF inward) {
        const QPointF p = at - inward * 10;
        painter->drawLine(p + normal * 6, p - normal * 6);
    };
    auto crowsFoot = [&](QPointF at, QPointF inward) {
        const QPointF base = at - inward * 12;
        painter->drawLine(base, at + normal * 7);
        painter->drawLine(base, at - normal * 7);
        painter->drawLine(base, at);
    };
    const bool manyChildren = m_cardinality != Cardinality::OneToOne;
    const bool manyParents = m_cardinality == Cardinality::ManyToMany;
    if (manyChildren)
        crowsFoot(m_line.p2(), dir);
    else
        bar(m_line.p2(), dir);
    if (manyParents)
        crowsFoot(m_line.p1(), -dir);
    else
        bar(m_line.p1(), -dir);

    if (lod >= 0.55) {
        painter->setFont(s.rowFont);
        const qreal w = s.rowMetrics.horizontalAdvance(m_label) + 8;
        const QRectF box(m_line.center().x() - w / 2, m_line.center().y() - 18, w, 16);
        painter->fillRect(box, QColor(255, 255, 255, 220));
        painter->setPen(color.darker(120));
        painter->drawText(box, Qt::AlignCenter, m_label);
    }
}

} // namespace docshape::ui::canvas
