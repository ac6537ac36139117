#pragma once

#include "core/Project.h"
#include "estimate/Analysis.h"

#include <QGraphicsItem>
#include <QStaticText>
#include <QString>
#include <QStringList>

#include <optional>
#include <string>
#include <vector>

namespace docshape::ui::canvas {

class RelationshipItem;

// The card of one entity: its name, its fields with their types and, for a
// collection root, a badge with the collection's average and maximum
// document size. Entities embedded in it are child cards drawn inside it; an
// embedded array is drawn as a stack with its bound ("[0..10]").
//
// The card holds ids, never model pointers: it is refreshed from the model
// by DocumentScene on change events.
class EntityItem : public QGraphicsItem {
public:
    enum { Type = UserType + 1 };
    int type() const override { return Type; }

    explicit EntityItem(std::string entityId, QGraphicsItem *parent = nullptr);

    const std::string &entityId() const { return m_entityId; }
    // The relationship that embeds this card in its parent card; empty for
    // a collection root.
    const std::string &embeddingId() const { return m_embeddingId; }
    bool isEmbedded() const { return !m_embeddingId.empty(); }
    EntityItem *parentCard() const;
    EntityItem *rootCard();
    const std::vector<EntityItem *> &childCards() const { return m_children; }
    bool isAncestorOf(const EntityItem *other) const;

    // `bucket`: the bucket collection the entity is stored in (a Bucket
    // relationship's child), whose documents the card then shows: the
    // bucket's own keys, and the entity's fields inside its items array.
    void setContent(const Project &project, const Entity &entity, const CollectionShape *bucket = nullptr);
    void setEmbedding(const Relationship *embedding);
    // `limitBytes`: the BSON document limit in force (Analysis::maxDocumentBytes).
    void setStat(const CollectionStat *stat, double limitBytes);
    void addChildCard(EntityItem *child) { m_children.push_back(child); }
    void removeChildCard(EntityItem *child);
    // Orders the child cards as their entities appear in `entityIds`.
    void orderChildCards(const std::vector<std::string> &entityIds);

    // Lays out this card and its children at their natural width (roots) or
    // at `width` (children fill their parent).
    void layout();

    QRectF cardRect() const { return {0, 0, m_width, m_height}; }
    bool handleContains(const QPointF &local) const;
    QPointF handleCenter() const;
    // The row where an edge ends for the key `name` (a key a relationship
    // adds, else a field of that name), or the header when no row shows it.
    QRectF edgeRowRect(const std::string &name) const;
    // The field whose row is at `local`, or empty.
    std::string fieldAt(const QPointF &local) const;
    void setHighlightedField(const std::string &fieldId);
    void setDropTarget(bool on);
    bool isDropTarget() const { return m_dropTarget; }

    void addEdge(RelationshipItem *edge) { m_edges.push_back(edge); }
    void removeEdge(RelationshipItem *edge);
    const std::vector<RelationshipItem *> &edges() const { return m_edges; }
    // Re-routes the edges of this card and of every card inside it.
    void adjustEdges();

    // Text shown in the badge, for tests and tooltips.
    QString badgeText() const { return m_badge; }
    // The rows as drawn, "name type", indented two spaces a level, for tests.
    QStringList rowTexts() const;
    // The texts the card holds laid out for painting: the badge, then each
    // row's name and type (what paint draws, kept from one change to the
    // next where a row is unchanged).
    QStringList laidOutTexts() const;
    QString name() const { return m_name; }
    // The name as last drawn zoomed out (level of detail), for tests.
    QString sketchName() const { return m_sketchName; }

    QRectF boundingRect() const override;
    void paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *widget) override;

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant &value) override;

private:
    struct Row {
        QString name;
        QString type;
        int depth = 0;
        std::string fieldId; // empty for keys added by relationships
        // Laid out once per change of the content, not at every paint.
        QStaticText nameText;
        QStaticText typeText;
    };

    qreal naturalWidth() const;
    void measure();
    void layoutAt(qreal width);
    void paintSketchName(QPainter *painter, qreal lod);
    qreal shadowOffset() const { return m_isArray ? 8 : 0; }

    std::string m_entityId;
    std::string m_embeddingId;
    QString m_name;
    QString m_badge;
    QColor m_badgeColor;
    QString m_description;
    QString m_sizeTip; // the badge's sizes, exact
    void updateToolTip();
    bool m_isArray = false;
    std::vector<Row> m_rows;
    // What the badge shows, to skip the wording when an edit leaves it as it was.
    struct Shown {
        double avg = -1;
        std::optional<std::uint64_t> max;
        int verdict = -1;
        std::optional<double> daysToLimit; // worded in the tooltip
        bool operator==(const Shown &) const = default;
    } m_shown;
    std::vector<EntityItem *> m_children;
    std::vector<RelationshipItem *> m_edges;
    std::string m_highlightedField;
    bool m_dropTarget = false;
    qreal m_contentWidth = 0; // own name, badge and rows, measured once per change
    QStaticText m_nameText;    // the name, elided to m_nameTextWidth
    qreal m_nameTextWidth = -1;
    QStaticText m_badgeText;
    qreal m_badgeWidth = 0;
    QString m_sketchName;
    qreal m_width = 0;
    qreal m_height = 0;
};

} // namespace docshape::ui::canvas
