#include "canvas/RelationshipItem.h"

#include "canvas/CanvasStyle.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/RelationshipLabels.h"

#include <QPainter>
#include <QPainterPathStroker>
#include <QStyleOptionGraphicsItem>

#include <cmath>

namespace docshape::ui::canvas {

namespace {
constexpr qreal kLabelHeight = 16;
constexpr qreal kLabelPadding = 8;

QPainterPath toPath(const std::vector<graph::Point> &bezier) {
    QPainterPath path;
    if (bezier.empty())
        return path;
    path.moveTo(bezier.front().x, bezier.front().y);
    for (std::size_t i = 1; i + 2 < bezier.size(); i += 3)
        path.cubicTo(bezier[i].x, bezier[i].y, bezier[i + 1].x, bezier[i + 1].y, bezier[i + 2].x, bezier[i + 2].y);
    return path;
}

// The card a straight stand-in for the route is drawn from, outside a scene.
graph::Route straight(const EntityItem *from, const EntityItem *to) {
    const QRectF a = from->mapRectToScene(from->cardRect());
    const QRectF b = to->mapRectToScene(to->cardRect());
    graph::Route r;
    r.tailSide = a.center().x() <= b.center().x() ? graph::Side::Right : graph::Side::Left;
    r.headSide = r.tailSide == graph::Side::Right ? graph::Side::Left : graph::Side::Right;
    r.tail = {r.tailSide == graph::Side::Right ? a.right() : a.left(), a.top() + 14};
    r.head = {r.headSide == graph::Side::Right ? b.right() : b.left(), b.top() + 14};
    r.bezier = {r.tail, r.tail, r.head, r.head};
    return r;
}
} // namespace

RelationshipItem::RelationshipItem(const Relationship &relationship, EntityItem *parent, EntityItem *child)
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
    // Where EntityItem::setContent shows the keys the representation adds.
    m_parentKey.clear();
    m_childKey.clear();
    switch (r.representation) {
    case Representation::ReferenceFromChild:
        m_childKey = r.fieldName;
        break;
    case Representation::ReferenceArrayInParent:
    case Representation::ExtendedReference:
        m_parentKey = r.fieldName;
        break;
    case Representation::TwoWay:
    case Representation::Subset:
        m_parentKey = r.fieldName;
        m_childKey = r.backFieldName;
        break;
    case Representation::Bucket: // the bucket documents' parent id
        m_childKey = r.backFieldName;
        break;
    default:
        break;
    }
    QString label = representationLabel(r.representation);
    if (r.representation == Representation::Subset)
        label += QStringLiteral(" (%1 newest)").arg(r.subsetCount);
    else if (r.representation == Representation::Junction)
        label += QStringLiteral(" %1").arg(QString::fromStdString(r.junctionName));
    else if (r.representation == Representation::Bucket)
        label += QStringLiteral(" (%1 per doc)").arg(r.bucketSize);
    QString field = QString::fromStdString(r.fieldName);
    if (!r.backFieldName.empty() && !m_childKey.empty())
        field = field.isEmpty() ? QString::fromStdString(r.backFieldName)
                                : field + QStringLiteral(" / ") + QString::fromStdString(r.backFieldName);
    m_label = field.isEmpty() ? label : field + QStringLiteral(" · ") + label;
    adjust();
}

QSizeF RelationshipItem::labelSize() const {
    return {std::ceil(CanvasStyle::get().rowMetrics.horizontalAdvance(m_label)) + kLabelPadding, kLabelHeight};
}

void RelationshipItem::adjust() {
    if (auto *s = qobject_cast<DocumentScene *>(scene())) {
        s->routeEdge(this);
        return;
    }
    const graph::Route r = straight(m_parent, m_child);
    const QSizeF size = labelSize();
    const QPointF mid((r.tail.x + r.head.x) / 2, (r.tail.y + r.head.y) / 2);
    setRoute(r, QRectF(mid.x() - size.width() / 2, mid.y() - size.height() - 3, size.width(), size.height()));
}

void RelationshipItem::setRoute(const graph::Route &route, const QRectF &labelRect) {
    prepareGeometryChange();
    m_route = route;
    m_path = toPath(route.bezier);
    m_labelRect = labelRect;
    // An edge whose label found no place has none: its bounds are the
    // curve's alone (an empty rectangle sits at the scene's origin).
    m_bounds = m_path.controlPointRect().adjusted(-16, -16, 16, 16);
    if (!m_labelRect.isEmpty())
        m_bounds |= m_labelRect.adjusted(-2, -2, 2, 2);
    update();
}

QRectF RelationshipItem::boundingRect() const { return m_bounds; }

QPainterPath RelationshipItem::shape() const {
    QPainterPathStroker stroker;
    stroker.setWidth(10);
    QPainterPath shape = stroker.createStroke(m_path);
    if (!m_labelRect.isEmpty())
        shape.addRect(m_labelRect);
    return shape;
}

void RelationshipItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const auto &s = CanvasStyle::get();
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QColor color = isSelected() ? s.selection : s.edge;
    painter->setRenderHint(QPainter::Antialiasing, lod >= 0.35);
    painter->setPen(QPen(color, isSelected() ? 2.5 : 1.5));
    painter->setBrush(Qt::NoBrush);
    painter->drawPath(m_path);
    if (lod < 0.35 || m_path.isEmpty())
        return;

    // The ends leave their cards square to the side: `out` points away
    // from the card, `across` along its side.
    auto outward = [](graph::Side side) { return QPointF(side == graph::Side::Right ? 1 : -1, 0); };
    const QPointF across(0, 1);
    auto bar = [&](QPointF at, QPointF out) {
        const QPointF p = at + out * 10;
        painter->drawLine(p + across * 6, p - across * 6);
    };
    auto crowsFoot = [&](QPointF at, QPointF out) {
        const QPointF base = at + out * 12;
        painter->drawLine(base, at + across * 7);
        painter->drawLine(base, at - across * 7);
    };
    const QPointF tail(m_route.tail.x, m_route.tail.y);
    const QPointF head(m_route.head.x, m_route.head.y);
    const bool manyChildren = m_cardinality != Cardinality::OneToOne;
    const bool manyParents = m_cardinality == Cardinality::ManyToMany;
    if (manyChildren)
        crowsFoot(head, outward(m_route.headSide));
    else
        bar(head, outward(m_route.headSide));
    if (manyParents)
        crowsFoot(tail, outward(m_route.tailSide));
    else
        bar(tail, outward(m_route.tailSide));

    if (lod >= 0.55 && !m_labelRect.isEmpty()) {
        painter->setFont(s.rowFont);
        painter->fillRect(m_labelRect, QColor(255, 255, 255, 230));
        painter->setPen(color.darker(120));
        painter->drawText(m_labelRect, Qt::AlignCenter, m_label);
    }
}

} // namespace docshape::ui::canvas
