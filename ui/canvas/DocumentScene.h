#pragma once

#include "document/ChangeEvent.h"
#include "document/ObjectRef.h"

#include "core/Project.h"
#include "derive/CollectionShape.h"
#include "edit/Fragment.h"
#include "estimate/Analysis.h"

#include <QGraphicsScene>
#include <QPointF>

#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

class QGraphicsLineItem;

namespace docshape::ui {
class Document;
namespace compare {
class CompareMarks;
}
} // namespace docshape::ui

namespace docshape::ui::canvas {

class EntityItem;
class RelationshipItem;

// The canvas of a Document: one EntityItem per entity (embedded ones inside
// their parent's card), one RelationshipItem per drawn reference. Built once
// per project (a reset) and otherwise updated from the document's typed
// change events: an edit touches the cards and edges of the objects it
// names (a relationship change re-places its child card and redraws its two
// cards and its edge), and only the badges of the other cards. User gestures
// become Document calls (never direct model edits):
// - a card dropped on another card asks how to embed (DropChooser), one undo step;
// - a drag from a card's edge handle to another card asks for a reference;
// - an embedded card dropped on empty canvas becomes a collection again;
// - any other drag of cards is one MoveEntities step, on release.
class DocumentScene : public QGraphicsScene {
    Q_OBJECT

public:
    explicit DocumentScene(Document *document, QObject *parent = nullptr);

    Document *document() const { return m_document; }
    EntityItem *cardOf(const std::string &entityId) const;
    RelationshipItem *edgeOf(const std::string &relationshipId) const;
    std::size_t cardCount() const { return m_cards.size(); }

    ObjectRef currentObject() const { return m_current; }
    // Selects the card or edge of the object (the card of a field's entity)
    // and makes it current.
    void selectObject(const ObjectRef &object);
    std::vector<std::string> selectedEntityIds() const;
    // Moves the selected collection cards by (dx, dy) as the arrow keys do;
    // false when no such card is selected.
    bool nudgeSelection(double dx, double dy);
    // Deletes the selected entities and relationships, or the current field,
    // as one undo step.
    void deleteSelection();
    // Copy: the current field, or the selected entities with what they
    // embed; nothing when nothing is selected.
    std::optional<edit::Fragment> copySelection() const;
    // Paste, one undo step named `text`: entities, placed together at the
    // first spot near where they were copied from that no card covers, and
    // then selected; fields into the current entity, or inside the current
    // field when it holds fields, the first of them then current. A refusal
    // is reported through editRefused.
    bool paste(const edit::Fragment &fragment, const QString &text);

    // A free spot for a new card (or a group of cards `size` large), near
    // `near`, that overlaps no card.
    CanvasPosition freePosition(QPointF near = {}, QSizeF size = {240, 180}) const;
    // Lays out every collection card with Graphviz (graph::layOut) as one
    // undo step.
    void autoLayout();
    // Routes the edge around the cards (graph::route) and places its label
    // where no card and no other label is. While the scene applies a change
    // the edge is routed when the change is in, with the others it touches.
    void routeEdge(RelationshipItem *edge);
    void routeAllEdges();
    // The rectangle of every card, for fit-to-view and export.
    QRectF contentRect() const;
    // The rectangle of the largest group of cards that edges join (the
    // most entities, embedded ones counted; the first in the model's order
    // among equals), with its edges; empty without cards.
    QRectF largestGroupRect() const;

    // For tests: how often the whole scene was built, and how many cards
    // and edges were created, since this scene was made.
    int rebuildCount() const { return m_rebuilds; }
    int itemsCreated() const { return m_itemsCreated; }
    // For tests: how many edges were routed (one edge routed twice counts twice).
    int edgesRouted() const { return m_edgesRouted; }

    // The marks of a comparison that cards paint (none: nullptr); the caller
    // keeps them alive while they are set.
    void setCompareMarks(const compare::CompareMarks *marks);
    const compare::CompareMarks *compareMarks() const { return m_compareMarks; }

signals:
    void currentObjectChanged(const docshape::ui::ObjectRef &object);
    // A gesture the model refused, with the validator's reason.
    void editRefused(const QString &message);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent *event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent *event) override;

private:
    struct Ends {
        std::string parentId;
        std::string childId;
    };

    void onChanged(const ChangeEvent &event);
    void rebuild();
    EntityItem *createCard(const Entity &entity, EntityItem *parentCard,
                           const std::unordered_map<std::string, std::string> &drawnIn);
    EntityItem *newCard(const std::string &entityId, EntityItem *parentCard);
    RelationshipItem *newEdge(const Relationship &relationship, EntityItem *parent, EntityItem *child);
    void deleteEdge(const std::string &relationshipId);
    void deleteCard(const std::string &entityId, std::set<std::string> &orphans);
    // The card the entity is drawn inside (its embedding's parent), or none.
    EntityItem *wantedParent(const std::string &entityId) const;
    bool place(const std::string &entityId);
    void syncEdge(const std::string &relationshipId);
    void updateStats(bool relayoutChanged = true);
    // The bucket collection that stores the entity, when a Bucket relationship does.
    const CollectionShape *bucketShapeOf(const std::string &entityId) const;
    void relayout(EntityItem *card);
    // Sets a root card's size badge; a new badge lays the card out again
    // when `relayoutChanged`.
    void showStat(EntityItem *card, const CollectionStat *stat, bool relayoutChanged);
    void updateCurrent();
    // updateCurrent after an edit: an embedding relationship stays current.
    void keepCurrent();
    ObjectRef selectedObject() const; // what the selection stands for
    void routeNow(const std::vector<RelationshipItem *> &edges);
    // The edges of the cards in `roots` and those that run across them.
    std::vector<RelationshipItem *> edgesAround(const std::vector<EntityItem *> &roots) const;
    void setCurrent(const ObjectRef &object);

    EntityItem *cardAt(QPointF scenePos, const std::vector<EntityItem *> &excluded) const;
    // The card a reference dragged from m_linkSource would go to: another
    // card, or the source itself once the drag has left it and come back.
    EntityItem *linkTarget(QPointF scenePos);
    void setDropTarget(EntityItem *card);
    void finishMove(QPointF scenePos, QPoint screenPos);
    void finishLink(QPointF scenePos, QPoint screenPos);
    QWidget *dialogParent() const;

    Document *m_document;
    std::unordered_map<std::string, EntityItem *> m_cards;
    std::unordered_map<std::string, RelationshipItem *> m_edges;
    // The ends of every relationship as last drawn, so that an edit that
    // re-points or removes one can update the cards it used to touch.
    std::unordered_map<std::string, Ends> m_ends;
    int m_rebuilds = 0;
    int m_itemsCreated = 0;
    int m_edgesRouted = 0;
    ObjectRef m_current;
    std::string m_focusedField; // the field row last clicked, with its card selected
    bool m_rebuilding = false;
    // What each card's size badge shows, by collection: its kind, root and
    // measurement (Analysis::measurements).
    struct Badge {
        CollectionKind kind;
        std::string rootEntityId;
        std::uint64_t measurement;
    };
    std::vector<Badge> m_badges;
    std::set<std::string> m_unrouted; // asked for while a change is applied
    const compare::CompareMarks *m_compareMarks = nullptr;

    // Drag state.
    EntityItem *m_pressed = nullptr;
    std::vector<std::pair<EntityItem *, QPointF>> m_dragStart;
    EntityItem *m_dropTarget = nullptr;
    EntityItem *m_linkSource = nullptr;
    bool m_linkLeftSource = false; // the reference drag has been outside its card
    QGraphicsLineItem *m_linkLine = nullptr;
};

} // namespace docshape::ui::canvas
