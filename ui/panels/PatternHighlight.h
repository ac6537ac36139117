#pragma once

#include <QGraphicsObject>
#include <QList>
#include <QRectF>

namespace docshape::ui::panels {

// Dashed outlines drawn over the canvas around the cards of the collections
// an access pattern touches, beside the ordinary selection (which holds the
// pattern's own entity, so that the inspector shows it). A QGraphicsObject
// so that its owner can hold a QPointer: the scene deletes every item when
// it rebuilds.
class PatternHighlight : public QGraphicsObject {
    Q_OBJECT

public:
    enum { Type = UserType + 40 };
    int type() const override { return Type; }

    PatternHighlight();

    void setRects(const QList<QRectF> &rects);
    QList<QRectF> rects() const { return m_rects; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    QList<QRectF> m_rects;
    QRectF m_bounds;
};

} // namespace docshape::ui::panels
