#pragma once

#include "core/Relationship.h"

#include <QGraphicsItem>
#include <QPainterPath>

#include <string>

namespace docshape::ui::canvas {

class EntityItem;

// A reference between two cards: a line with crow's-foot cardinality at the
// child end ("many") and a bar at the parent end ("one"), labelled with its
// representation. Follows its cards: they call adjust() when they move.
class RelationshipItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    int type() const override { return Type; }

    RelationshipItem(const Relationship &relationship, EntityItem *parent, EntityItem *child);

    const std::string &relationshipId() const { return m_id; }
    EntityItem *parentCard() const { return m_parent; }
    EntityItem *childCard() const { return m_child; }
    QString label() const { return m_label; }

    // Takes the relationship's cardinality and label, and the depth its
    // cards are drawn at.
    void setRelationship(const Relationship &relationship);
    void adjust();

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    std::string m_id;
    EntityItem *m_parent;
    EntityItem *m_child;
    Cardinality m_cardinality = Cardinality::OneToMany;
    QString m_label;
    QLineF m_line;
    QRectF m_bounds;
};

} // namespace docshape::ui::canvas
