#pragma once

#include "canvas/GraphLayout.h"
#include "core/Relationship.h"

#include <QGraphicsItem>
#include <QPainterPath>

#include <string>

namespace docshape::ui::canvas {

class EntityItem;

// A reference between two cards: a curve routed around the other cards
// (GraphLayout), from the row of the field that holds the reference (the
// header when no field does), with crow's-foot cardinality at the child end
// ("many") and a bar at the parent end ("one"), square to the card's side.
// Labelled with the field and the representation, where no card and no
// other label covers it. Follows its cards: they call adjust() when they
// move, and the scene routes it.
class RelationshipItem : public QGraphicsItem {
public:
    enum { Type = UserType + 2 };
    int type() const override { return Type; }

    RelationshipItem(const Relationship &relationship, EntityItem *parent, EntityItem *child);

    const std::string &relationshipId() const { return m_id; }
    EntityItem *parentCard() const { return m_parent; }
    EntityItem *childCard() const { return m_child; }
    QString label() const { return m_label; }
    // The key's name on the card that holds it; empty when neither does.
    const std::string &parentKey() const { return m_parentKey; }
    const std::string &childKey() const { return m_childKey; }

    // Takes the relationship's cardinality and label, and the depth its
    // cards are drawn at.
    void setRelationship(const Relationship &relationship);
    // Asks the scene to route it again (drawn straight outside a DocumentScene).
    void adjust();
    void setRoute(const graph::Route &route, const QRectF &labelRect);

    // In scene coordinates (the item stays at the origin).
    QPainterPath path() const { return m_path; }
    const graph::Route &route() const { return m_route; }
    QRectF labelRect() const { return m_labelRect; }
    QSizeF labelSize() const;

    QRectF boundingRect() const override;
    QPainterPath shape() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

private:
    std::string m_id;
    EntityItem *m_parent;
    EntityItem *m_child;
    Cardinality m_cardinality = Cardinality::OneToMany;
    std::string m_parentKey;
    std::string m_childKey;
    QString m_label;
    graph::Route m_route;
    QPainterPath m_path;
    QRectF m_labelRect;
    QRectF m_bounds;
};

} // namespace docshape::ui::canvas
