#include "canvas/DocumentScene.h"

#include "canvas/GraphLayout.h"
#include "canvas/CanvasStyle.h"
#include "canvas/DropChooser.h"
#include "canvas/EntityItem.h"
#include "canvas/RelationshipItem.h"
#include "document/Document.h"
#include "document/RelationshipLabels.h"

#include "edit/RelationshipDefaults.h"

#include <QGraphicsLineItem>
#include <QGraphicsSceneMouseEvent>
#include <QGraphicsView>

#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>
#include <set>

namespace docshape::ui::canvas {

namespace {
bool drawnInside(Representation r) {
    return r == Representation::EmbedOne || r == Representation::EmbedArray;
}
QString qs(const std::string &s) { return QString::fromStdString(s); }
std::vector<double> anchorsOf(EntityItem *root);
} // namespace

DocumentScene::DocumentScene(Document *document, QObject *parent)
    : QGraphicsScene(parent), m_document(document) {
    setBackgroundBrush(QColor(236, 239, 243));
    connect(m_document, &Document::changed, this, &DocumentScene::onChanged);
    connect(this, &QGraphicsScene::selectionChanged, this, &DocumentScene::updateCurrent);
    rebuild();
}

EntityItem *DocumentScene::cardOf(const std::string &entityId) const {
    auto it = m_cards.find(entityId);
    return it == m_cards.end() ? nullptr : it->second;
}

RelationshipItem *DocumentScene::edgeOf(const std::string &relationshipId) const {
    auto it = m_edges.find(relationshipId);
    return it == m_edges.end() ? nullptr : it->second;
}

void DocumentScene::onChanged(const ChangeEvent &event) {
    if (event.reset) {
        rebuild();
        return;
    }
    const Project &project = m_document->project();
    std::set<std::string> removed; // entities whose cards go
    std::set<std::string> placed;  // entities whose card may be new or drawn elsewhere
    std::set<std::string> content; // entities whose card shows other rows or names
    std::set<std::string> edges;   // relationships whose edge may appear, change or go
    std::set<std::string> moved;   // entities at a new canvas position
    const auto touchEnds = [&](const std::string &relationshipId, bool placement) {
        // The cards it was drawn between and those it is drawn between now.
        if (auto it = m_ends.find(relationshipId); it != m_ends.end()) {
            content.insert(it->second.parentId);
            content.insert(it->second.childId);
            if (placement)
                placed.insert(it->second.childId);
        }
        if (const Relationship *r = project.findRelationship(relationshipId)) {
            content.insert(r->parentId);
            content.insert(r->childId);
            if (placement)
                placed.insert(r->childId);
        }
    };
    for (const Change &c : event.changes) {
        switch (c.object) {
        case Change::Object::Entity:
            if (c.action == Change::Action::Added) {
                placed.insert(c.id);
                content.insert(c.id);
            } else if (c.action == Change::Action::Removed) {
                removed.insert(c.id);
            } else {
                if (c.changed(Change::Position))
                    moved.insert(c.id);
                if (c.changed(Change::Name) || c.changed(Change::Other))
                    content.insert(c.id);
                // Other cards show its name in the keys of their references.
                if (c.changed(Change::Name))
                    for (const auto &[id, ends] : m_ends)
                        if (ends.parentId == c.id || ends.childId == c.id) {
                            content.insert(ends.parentId);
                            content.insert(ends.childId);
                        }
            }
            break;
        case Change::Object::Field:
            content.insert(c.entityId);
            break;
        case Change::Object::Relationship:
            edges.insert(c.id);
            touchEnds(c.id, c.action != Change::Action::Changed || c.changed(Change::Placement));
            break;
        default:
            break; // access patterns, indexes and settings show only in the badges
        }
    }

    m_rebuilding = true;
    for (const auto &id : removed)
        deleteCard(id, placed);
    // New cards first, then each card into the card that embeds it, so
    // that a parent and its child restored together find each other.
    std::set<std::string> replaced;
    for (const auto &id : placed)
        if (const Entity *e = project.findEntity(id); e && !cardOf(id)) {
            newCard(id, nullptr)->setPos(e->position.x, e->position.y);
            replaced.insert(id);
        }
    for (const auto &id : placed)
        if (cardOf(id) && place(id))
            replaced.insert(id);
    // A card drawn elsewhere takes its edges along (and their depth).
    for (const auto &id : replaced) {
        content.insert(id);
        for (const auto &[rid, ends] : m_ends)
            if (ends.parentId == id || ends.childId == id)
                edges.insert(rid);
        for (const auto &r : project.relationships)
            if (r.parentId == id || r.childId == id)
                edges.insert(r.id);
    }
    for (const auto &id : edges)
        syncEdge(id);

    std::set<EntityItem *> roots;
    // Where the cards were, when no card came, went or moved: a card that
    // keeps its place and size leaves every route as it was.
    const bool inPlace = removed.empty() && replaced.empty() && moved.empty();
    std::map<EntityItem *, std::vector<double>> before;
    for (const auto &id : content) {
        EntityItem *card = cardOf(id);
        const Entity *e = project.findEntity(id);
        if (!card || !e)
            continue;
        if (inPlace)
            before.try_emplace(card->rootCard(), anchorsOf(card->rootCard()));
        if (card->isEmbedded())
            card->setEmbedding(project.findRelationship(card->embeddingId()));
        card->setContent(project, *e, bucketShapeOf(id));
        roots.insert(card->rootCard());
    }
    for (const auto &id : moved) {
        EntityItem *card = cardOf(id);
        const Entity *e = project.findEntity(id);
        if (card && e && !card->isEmbedded())
            card->setPos(e->position.x, e->position.y);
    }
    for (const auto &id : moved)
        if (EntityItem *card = cardOf(id))
            roots.insert(card->rootCard());
    std::vector<EntityItem *> reshaped;
    for (EntityItem *root : roots) {
        root->layout();
        if (inPlace && before.count(root) && before.at(root) == anchorsOf(root))
            continue;
        root->adjustEdges();
        reshaped.push_back(root);
    }
    if (event.affectsEstimates())
        updateStats();
    m_rebuilding = false;
    // Edges are routed once the cards are where the change puts them: those
    // of the cards it reshaped and those that now run across them, and the
    // edges it changed.
    std::vector<RelationshipItem *> toRoute = edgesAround(reshaped);
    for (const auto &id : edges)
        if (RelationshipItem *edge = edgeOf(id))
            toRoute.push_back(edge);
    for (const auto &id : m_unrouted)
        if (RelationshipItem *edge = edgeOf(id))
            toRoute.push_back(edge);
    m_unrouted.clear();
    routeNow(toRoute);
    keepCurrent();
}

EntityItem *DocumentScene::newCard(const std::string &entityId, EntityItem *parentCard) {
    auto *card = new EntityItem(entityId, parentCard);
    if (!parentCard)
        addItem(card);
    m_cards[entityId] = card;
    ++m_itemsCreated;
    return card;
}

RelationshipItem *DocumentScene::newEdge(const Relationship &relationship, EntityItem *parent, EntityItem *child) {
    auto *edge = new RelationshipItem(relationship, parent, child);
    addItem(edge);
    m_edges[relationship.id] = edge;
    ++m_itemsCreated;
    return edge;
}

void DocumentScene::deleteEdge(const std::string &relationshipId) {
    auto it = m_edges.find(relationshipId);
    if (it == m_edges.end())
        return;
    RelationshipItem *edge = it->second;
    m_edges.erase(it);
    edge->parentCard()->removeEdge(edge);
    edge->childCard()->removeEdge(edge);
    delete edge;
}

void DocumentScene::deleteCard(const std::string &entityId, std::set<std::string> &orphans) {
    EntityItem *card = cardOf(entityId);
    if (!card)
        return;
    // A gesture in progress may hold the card.
    m_pressed = nullptr;
    m_dropTarget = nullptr;
    m_dragStart.clear();
    // The cards it embedded stay (their relationship went with it): they
    // become cards of their own.
    for (EntityItem *child : std::vector<EntityItem *>(card->childCards())) {
        const QPointF at = child->scenePos();
        card->removeChildCard(child);
        child->setParentItem(nullptr);
        child->setPos(at);
        orphans.insert(child->entityId());
    }
    for (RelationshipItem *edge : std::vector<RelationshipItem *>(card->edges()))
        deleteEdge(edge->relationshipId());
    if (EntityItem *parent = card->parentCard())
        parent->removeChildCard(card);
    m_cards.erase(entityId);
    delete card;
}

EntityItem *DocumentScene::wantedParent(const std::string &entityId) const {
    const Relationship *embedding = m_document->embeddingOf(entityId);
    return embedding && embedding->parentId != entityId ? cardOf(embedding->parentId) : nullptr;
}

bool DocumentScene::place(const std::string &entityId) {
    EntityItem *card = cardOf(entityId);
    EntityItem *parent = wantedParent(entityId);
    EntityItem *current = card->parentCard();
    const Relationship *embedding = parent ? m_document->embeddingOf(entityId) : nullptr;
    if (parent == current) {
        if (embedding && embedding->id != card->embeddingId())
            card->setEmbedding(embedding);
        return false;
    }
    if (current) {
        current->removeChildCard(card);
        EntityItem *oldRoot = current->rootCard();
        oldRoot->layout();
        oldRoot->adjustEdges();
    }
    card->setEmbedding(embedding);
    if (parent) {
        card->setParentItem(parent);
        parent->addChildCard(card);
        std::vector<std::string> order;
        for (const auto &r : m_document->project().relationships)
            if (r.parentId == parent->entityId())
                order.push_back(r.childId);
        parent->orderChildCards(order);
    } else {
        card->setParentItem(nullptr);
        const Entity *e = m_document->project().findEntity(entityId);
        card->setPos(e->position.x, e->position.y);
    }
    return true;
}

void DocumentScene::syncEdge(const std::string &relationshipId) {
    const Relationship *r = m_document->project().findRelationship(relationshipId);
    EntityItem *parent = r ? cardOf(r->parentId) : nullptr;
    EntityItem *child = r ? cardOf(r->childId) : nullptr;
    const bool drawnAsEdge = parent && child && child->embeddingId() != r->id;
    RelationshipItem *edge = edgeOf(relationshipId);
    if (edge && (!drawnAsEdge || edge->parentCard() != parent || edge->childCard() != child)) {
        deleteEdge(relationshipId);
        edge = nullptr;
    }
    if (drawnAsEdge && !edge)
        newEdge(*r, parent, child);
    else if (edge)
        edge->setRelationship(*r);
    if (r)
        m_ends[relationshipId] = {r->parentId, r->childId};
    else
        m_ends.erase(relationshipId);
}

void DocumentScene::rebuild() {
    m_rebuilding = true;
    std::vector<std::string> selectedEntities = selectedEntityIds();
    std::vector<std::string> selectedEdges;
    for (QGraphicsItem *item : selectedItems())
        if (item->type() == RelationshipItem::Type)
            selectedEdges.push_back(static_cast<RelationshipItem *>(item)->relationshipId());

    m_pressed = nullptr;
    m_dropTarget = nullptr;
    m_dragStart.clear();
    m_linkSource = nullptr;
    m_linkLine = nullptr;
    clear();
    m_cards.clear();
    m_edges.clear();
    m_ends.clear();
    ++m_rebuilds;

    const Project &project = m_document->project();
    // Which relationship draws each embedded entity inside its parent: the
    // first embedding one; any further one is drawn as an edge.
    std::unordered_map<std::string, std::string> drawnIn;
    for (const auto &r : project.relationships)
        if (drawnInside(r.representation) && r.parentId != r.childId && !drawnIn.count(r.childId) &&
            project.findEntity(r.parentId) && project.findEntity(r.childId))
            drawnIn[r.childId] = r.id;

    // Inserting thousands of items one by one into the BSP index costs more
    // than building the index once at the end.
    setItemIndexMethod(NoIndex);
    std::vector<EntityItem *> roots;
    for (const auto &entity : project.entities) {
        if (drawnIn.count(entity.id))
            continue;
        EntityItem *card = createCard(entity, nullptr, drawnIn);
        card->setPos(entity.position.x, entity.position.y);
        roots.push_back(card);
    }
    m_badges.clear(); // new cards: every badge is set
    updateStats(false);
    for (EntityItem *card : roots) {
        card->layout();
        addItem(card);
    }
    for (const auto &r : project.relationships) {
        auto in = drawnIn.find(r.childId);
        if (in != drawnIn.end() && in->second == r.id)
            continue;
        EntityItem *parent = cardOf(r.parentId);
        EntityItem *child = cardOf(r.childId);
        if (!parent || !child)
            continue;
        newEdge(r, parent, child);
    }
    for (const auto &r : project.relationships)
        m_ends[r.id] = {r.parentId, r.childId};
    setItemIndexMethod(BspTreeIndex);
    m_unrouted.clear();
    routeAllEdges();
    for (const auto &id : selectedEntities)
        if (EntityItem *card = cardOf(id))
            card->setSelected(true);
    for (const auto &id : selectedEdges)
        if (RelationshipItem *edge = edgeOf(id))
            edge->setSelected(true);
    m_rebuilding = false;
    updateCurrent();
}

EntityItem *DocumentScene::createCard(const Entity &entity, EntityItem *parentCard,
                                      const std::unordered_map<std::string, std::string> &drawnIn) {
    const Project &project = m_document->project();
    auto *card = new EntityItem(entity.id, parentCard);
    ++m_itemsCreated;
    if (parentCard) {
        parentCard->addChildCard(card);
        card->setEmbedding(project.findRelationship(drawnIn.at(entity.id)));
    }
    card->setContent(project, entity, bucketShapeOf(entity.id));
    m_cards[entity.id] = card;
    for (const auto &r : project.relationships) {
        if (r.parentId != entity.id)
            continue;
        auto in = drawnIn.find(r.childId);
        if (in == drawnIn.end() || in->second != r.id || m_cards.count(r.childId))
            continue;
        if (const Entity *child = project.findEntity(r.childId))
            createCard(*child, card, drawnIn);
    }
    return card;
}

const CollectionShape *DocumentScene::bucketShapeOf(const std::string &entityId) const {
    for (const auto &c : m_document->analysis().derived.collections)
        if (c.kind == CollectionKind::Bucket && c.rootEntityId == entityId)
            return &c;
    return nullptr;
}

void DocumentScene::updateStats(bool relayoutChanged) {
    const Analysis &analysis = m_document->analysis();
    // The same collections as the badges show (kind and root, in order):
    // only those measured again since need a new badge.
    const std::size_t n = analysis.collections.size();
    bool same = m_badges.size() == n && analysis.measurements.size() == n;
    for (std::size_t i = 0; same && i < n; ++i)
        same = m_badges[i].kind == analysis.collections[i].kind &&
               m_badges[i].rootEntityId == analysis.collections[i].rootEntityId;
    if (same) {
        for (std::size_t i = 0; i < n; ++i) {
            if (m_badges[i].measurement == analysis.measurements[i])
                continue;
            const CollectionStat &stat = analysis.collections[i];
            if (stat.kind == CollectionKind::Bucket) {
                same = false; // shown on the card of its entity unless that entity has a collection
                break;
            }
            m_badges[i].measurement = analysis.measurements[i];
            if (EntityItem *card = stat.kind == CollectionKind::Entity ? cardOf(stat.rootEntityId) : nullptr)
                showStat(card, &stat, relayoutChanged);
        }
        if (same)
            return;
    }
    m_badges.clear();
    for (std::size_t i = 0; i < n; ++i)
        m_badges.push_back({analysis.collections[i].kind, analysis.collections[i].rootEntityId,
                            i < analysis.measurements.size() ? analysis.measurements[i] : 0});
    std::unordered_map<std::string, const CollectionStat *> byRoot;
    for (const auto &stat : m_document->analysis().collections)
        if (stat.kind == CollectionKind::Entity)
            byRoot[stat.rootEntityId] = &stat;
    // A bucketed entity has no collection of its own: its card shows the
    // bucket documents it is stored in.
    for (const auto &stat : m_document->analysis().collections)
        if (stat.kind == CollectionKind::Bucket)
            byRoot.emplace(stat.rootEntityId, &stat);
    for (const auto &[id, card] : m_cards) {
        auto it = byRoot.find(id);
        showStat(card, it == byRoot.end() ? nullptr : it->second, relayoutChanged);
    }
}

void DocumentScene::showStat(EntityItem *card, const CollectionStat *stat, bool relayoutChanged) {
    if (card->isEmbedded())
        return; // its collection's badge is on the card that embeds it
    const QString before = card->badgeText();
    card->setStat(stat, m_document->analysis().maxDocumentBytes);
    if (relayoutChanged && card->badgeText() != before)
        relayout(card);
}

namespace {
graph::Box toBox(const QRectF &r) { return {r.x(), r.y(), r.width(), r.height()}; }
QRectF toRect(const graph::Box &b) { return {b.x, b.y, b.w, b.h}; }

graph::End endOf(EntityItem *card, const std::string &key) {
    EntityItem *root = card->rootCard();
    const QRectF outer = root->mapRectToScene(root->cardRect());
    const QRectF own = card->mapRectToScene(card->cardRect());
    const QRectF row = card->mapRectToScene(card->edgeRowRect(key));
    return {toBox(outer), row.top(), row.bottom(), own.left() - outer.left(), outer.right() - own.right()};
}

// What the routes at a card depend on: its rectangle, and where each edge
// at it or at a card inside it attaches.
std::vector<double> anchorsOf(EntityItem *root) {
    const QRectF r = root->sceneBoundingRect();
    std::vector<double> out{r.x(), r.y(), r.width(), r.height()};
    const auto add = [&](auto &self, EntityItem *card) -> void {
        for (RelationshipItem *edge : card->edges())
            for (const bool parentEnd : {true, false}) {
                if ((parentEnd ? edge->parentCard() : edge->childCard()) != card)
                    continue;
                const graph::End end = endOf(card, parentEnd ? edge->parentKey() : edge->childKey());
                out.insert(out.end(), {end.rowTop, end.rowBottom, end.inset, end.insetRight});
            }
        for (EntityItem *child : card->childCards())
            self(self, child);
    };
    add(add, root);
    return out;
}
} // namespace

void DocumentScene::relayout(EntityItem *card) {
    // A badge that keeps the card's size and its edges' anchors leaves
    // every route as it was.
    EntityItem *root = card->rootCard();
    const std::vector<double> before = anchorsOf(root);
    root->layout();
    if (anchorsOf(root) != before)
        root->adjustEdges();
}

void DocumentScene::routeEdge(RelationshipItem *edge) {
    if (m_rebuilding) {
        m_unrouted.insert(edge->relationshipId());
        return;
    }
    routeNow({edge});
}

void DocumentScene::routeAllEdges() {
    std::vector<RelationshipItem *> all;
    for (const auto &r : m_document->project().relationships)
        if (RelationshipItem *edge = edgeOf(r.id))
            all.push_back(edge);
    routeNow(all);
}

std::vector<RelationshipItem *> DocumentScene::edgesAround(const std::vector<EntityItem *> &roots) const {
    std::set<RelationshipItem *> found;
    const auto addEdgesOf = [&](auto &self, EntityItem *card) -> void {
        for (RelationshipItem *edge : card->edges())
            found.insert(edge);
        for (EntityItem *child : card->childCards())
            self(self, child);
    };
    for (EntityItem *root : roots) {
        addEdgesOf(addEdgesOf, root);
        for (QGraphicsItem *item : items(root->sceneBoundingRect()))
            if (item->type() == RelationshipItem::Type) {
                auto *edge = static_cast<RelationshipItem *>(item);
                const QRectF card = root->mapRectToScene(root->cardRect());
                if (edge->labelRect().intersects(card) || edge->path().intersects(card))
                    found.insert(edge);
            }
    }
    // In the model's order, so that labels are placed the same way each time.
    std::vector<RelationshipItem *> ordered;
    for (const auto &r : m_document->project().relationships)
        if (RelationshipItem *edge = edgeOf(r.id); edge && found.count(edge))
            ordered.push_back(edge);
    return ordered;
}

void DocumentScene::routeNow(const std::vector<RelationshipItem *> &asked) {
    // Once each, in the order asked: a label placed twice would avoid itself.
    std::vector<RelationshipItem *> edges;
    std::set<RelationshipItem *> seen;
    for (RelationshipItem *edge : asked)
        if (seen.insert(edge).second)
            edges.push_back(edge);
    if (edges.empty())
        return;
    std::vector<graph::Box> cards;
    for (const auto &[id, card] : m_cards)
        if (!card->isEmbedded())
            cards.push_back(toBox(card->mapRectToScene(card->cardRect())));
    const std::set<const RelationshipItem *> routing(edges.begin(), edges.end());
    std::vector<graph::Box> labels;
    for (const auto &[id, edge] : m_edges)
        if (!routing.count(edge) && !edge->labelRect().isEmpty())
            labels.push_back(toBox(edge->labelRect()));
    for (RelationshipItem *edge : edges) {
        const graph::Route route = graph::route(endOf(edge->parentCard(), edge->parentKey()),
                                                endOf(edge->childCard(), edge->childKey()), cards);
        // Labels avoid the cards and labels near the route only.
        QRectF near = QRectF(QPointF(route.tail.x, route.tail.y), QPointF(route.head.x, route.head.y)).normalized();
        for (const auto &p : route.bezier)
            near |= QRectF(p.x, p.y, 1, 1);
        const QSizeF size = edge->labelSize();
        near.adjust(-size.width() - 10, -size.height() - 10, size.width() + 10, size.height() + 10);
        std::vector<graph::Box> avoid;
        const graph::Box area = toBox(near);
        for (const auto &b : cards)
            if (b.intersects(area))
                avoid.push_back(b);
        for (const auto &b : labels)
            if (b.intersects(area))
                avoid.push_back(b);
        const auto label = graph::placeLabel(route, size.width(), size.height(), avoid);
        const QRectF labelRect = label ? toRect(*label) : QRectF();
        edge->setRoute(route, labelRect);
        ++m_edgesRouted;
        if (label)
            labels.push_back(*label);
    }
}

std::vector<std::string> DocumentScene::selectedEntityIds() const {
    std::vector<std::string> ids;
    for (QGraphicsItem *item : selectedItems())
        if (item->type() == EntityItem::Type)
            ids.push_back(static_cast<EntityItem *>(item)->entityId());
    return ids;
}

void DocumentScene::updateCurrent() {
    if (m_rebuilding)
        return;
    setCurrent(selectedObject());
}

void DocumentScene::keepCurrent() {
    if (m_rebuilding)
        return;
    ObjectRef next = selectedObject();
    // An embedding relationship has no edge: its child's card stands for it
    // (selectObject). An edit keeps it current while that card is the one
    // selected, so that the inspector stays on the relationship typed into.
    if (m_current.kind == ObjectRef::Kind::Relationship && !edgeOf(m_current.id))
        if (const Relationship *r = m_document->project().findRelationship(m_current.id);
            r && next == ObjectRef::entity(r->childId))
            next = m_current;
    setCurrent(next);
}

ObjectRef DocumentScene::selectedObject() const {
    const QList<QGraphicsItem *> items = selectedItems();
    ObjectRef next;
    if (items.size() == 1) {
        QGraphicsItem *item = items.front();
        if (item->type() == EntityItem::Type) {
            auto *card = static_cast<EntityItem *>(item);
            const Entity *owner = m_focusedField.empty() ? nullptr : m_document->entityOfField(m_focusedField);
            if (owner && owner->id == card->entityId())
                next = ObjectRef::field(m_focusedField);
            else
                next = ObjectRef::entity(card->entityId());
        } else if (item->type() == RelationshipItem::Type) {
            next = ObjectRef::relationship(static_cast<RelationshipItem *>(item)->relationshipId());
        }
    }
    return next;
}

void DocumentScene::setCurrent(const ObjectRef &object) {
    for (const auto &[id, card] : m_cards)
        card->setHighlightedField(object.kind == ObjectRef::Kind::Field ? object.id : std::string());
    if (object == m_current)
        return;
    m_current = object;
    emit currentObjectChanged(m_current);
}

void DocumentScene::setCompareMarks(const compare::CompareMarks *marks) {
    m_compareMarks = marks;
    for (const auto &[id, card] : m_cards)
        card->update();
}

void DocumentScene::selectObject(const ObjectRef &object) {
    m_focusedField = object.kind == ObjectRef::Kind::Field ? object.id : std::string();
    QGraphicsItem *item = nullptr;
    switch (object.kind) {
    case ObjectRef::Kind::Entity:
        item = cardOf(object.id);
        break;
    case ObjectRef::Kind::Field:
        if (const Entity *owner = m_document->entityOfField(object.id))
            item = cardOf(owner->id);
        break;
    case ObjectRef::Kind::Relationship:
        item = edgeOf(object.id);
        if (!item)
            if (const Relationship *r = m_document->project().findRelationship(object.id))
                item = cardOf(r->childId); // drawn embedded: its card shows it
        break;
    case ObjectRef::Kind::None:
        break;
    }
    const bool blocked = blockSignals(true);
    clearSelection();
    if (item)
        item->setSelected(true);
    blockSignals(blocked);
    if (item)
        for (QGraphicsView *view : views())
            view->ensureVisible(item->sceneBoundingRect(), 40, 40);
    updateCurrent();
    // An embedding relationship has no edge: keep it current all the same.
    if (object.kind == ObjectRef::Kind::Relationship && !edgeOf(object.id))
        setCurrent(object);
}

bool DocumentScene::nudgeSelection(double dx, double dy) {
    std::vector<std::string> ids;
    for (const auto &id : selectedEntityIds())
        if (const EntityItem *card = cardOf(id); card && !card->isEmbedded())
            ids.push_back(id);
    if (ids.empty())
        return false;
    m_document->nudgeEntities(ids, dx, dy);
    return true;
}

void DocumentScene::deleteSelection() {
    if (m_current.kind == ObjectRef::Kind::Field) {
        Status status = m_document->removeField(m_current.id);
        if (!status)
            emit editRefused(QString::fromStdString(status.error().toString()));
        return;
    }
    const std::vector<std::string> entities = selectedEntityIds();
    const std::set<std::string> removed(entities.begin(), entities.end());
    std::vector<std::string> relationships;
    for (QGraphicsItem *item : selectedItems())
        if (item->type() == RelationshipItem::Type) {
            const auto *edge = static_cast<RelationshipItem *>(item);
            if (!removed.count(edge->parentCard()->entityId()) && !removed.count(edge->childCard()->entityId()))
                relationships.push_back(edge->relationshipId());
        }
    if (entities.empty() && relationships.empty())
        return;
    const bool macro = !relationships.empty() && (relationships.size() > 1 || !entities.empty());
    if (macro)
        m_document->beginMacro(tr("Delete selection"));
    Status status;
    for (const auto &id : relationships)
        if (status)
            status = m_document->removeRelationship(id);
    if (status && !entities.empty())
        status = m_document->removeEntities(entities);
    if (macro)
        m_document->endMacro();
    if (!status)
        emit editRefused(QString::fromStdString(status.error().toString()));
}

std::optional<edit::Fragment> DocumentScene::copySelection() const {
    const Project &project = m_document->project();
    if (m_current.kind == ObjectRef::Kind::Field && project.findField(m_current.id))
        return edit::copyFields(project, {m_current.id});
    const std::vector<std::string> entities = selectedEntityIds();
    if (entities.empty())
        return std::nullopt;
    return edit::copyEntities(project, entities);
}

bool DocumentScene::paste(const edit::Fragment &fragment, const QString &text) {
    if (fragment.kind == edit::Fragment::Kind::Fields) {
        // Into the current entity, or the entity of the current field (inside
        // that field when it holds fields).
        std::string entityId, parentFieldId;
        if (m_current.kind == ObjectRef::Kind::Entity) {
            entityId = m_current.id;
        } else if (m_current.kind == ObjectRef::Kind::Field) {
            if (const Entity *owner = m_document->entityOfField(m_current.id))
                entityId = owner->id;
            if (const Field *f = m_document->project().findField(m_current.id);
                f && (f->isObject() || f->elementIsObject()))
                parentFieldId = f->id;
        }
        if (entityId.empty()) {
            emit editRefused(tr("Select the entity to paste the fields into."));
            return false;
        }
        auto added = m_document->pasteFields(fragment, entityId, parentFieldId, text);
        if (!added) {
            emit editRefused(QString::fromStdString(added.error().toString()));
            return false;
        }
        selectObject(ObjectRef::field(added->front()));
        return true;
    }
    // The copies' collection cards as a group, where they were copied from
    // (a card of this model gives its size, another a new card's).
    std::set<std::string> embedded;
    for (const Relationship &r : fragment.project.relationships)
        if (embedsChild(r.representation))
            embedded.insert(r.childId);
    QRectF group;
    for (const Entity &e : fragment.project.entities) {
        if (fragment.isContext(e.id) || embedded.count(e.id))
            continue;
        QSizeF size(240, 180);
        if (const EntityItem *card = cardOf(e.id); card && m_document->project().findEntity(e.id)->name == e.name)
            size = card->cardRect().size();
        group |= QRectF(QPointF(e.position.x, e.position.y), size);
    }
    const CanvasPosition at = freePosition(group.topLeft() + QPointF(40, 40), group.size());
    auto added = m_document->pasteEntities(fragment, at.x - group.left(), at.y - group.top(), text);
    if (!added) {
        emit editRefused(QString::fromStdString(added.error().toString()));
        return false;
    }
    // The copies' collection cards selected, as a group to move or delete.
    selectObject(ObjectRef::entity(added->front()));
    const bool blocked = blockSignals(true);
    for (const std::string &id : *added)
        if (EntityItem *card = cardOf(id); card && !card->parentItem())
            card->setSelected(true);
    blockSignals(blocked);
    updateCurrent();
    return true;
}

CanvasPosition DocumentScene::freePosition(QPointF near, QSizeF size) const {
    const qreal kStepX = std::max<qreal>(280, size.width() + 40);
    const qreal kStepY = std::max<qreal>(220, size.height() + 40);
    const QPointF origin(std::round(near.x() / 20) * 20, std::round(near.y() / 20) * 20);
    for (int row = 0; row < 10000; ++row)
        for (int col = 0; col < 6; ++col) {
            const QPointF p = origin + QPointF(col * kStepX, row * kStepY);
            bool free = true;
            for (QGraphicsItem *item : items(QRectF(p, size).adjusted(-20, -20, 20, 20)))
                if (item->type() == EntityItem::Type) {
                    free = false;
                    break;
                }
            if (free)
                return {p.x(), p.y()};
        }
    return {origin.x(), origin.y()};
}

void DocumentScene::autoLayout() {
    std::vector<graph::Node> nodes;
    for (const auto &entity : m_document->project().entities)
        if (EntityItem *card = cardOf(entity.id); card && !card->isEmbedded())
            nodes.push_back({entity.id, card->cardRect().width(), card->cardRect().height()});
    std::vector<graph::Link> links;
    qreal widestLabel = 0;
    for (const auto &r : m_document->project().relationships)
        if (RelationshipItem *edge = edgeOf(r.id)) {
            links.push_back({edge->parentCard()->rootCard()->entityId(), edge->childCard()->rootCard()->entityId()});
            widestLabel = std::max(widestLabel, edge->labelSize().width());
        }
    // Room between ranks for the stubs and a label beside the curve.
    const double rankGap = std::clamp<double>(widestLabel + 2 * graph::kStub + 24, 80, 320);
    std::vector<std::pair<std::string, CanvasPosition>> positions;
    for (const auto &[id, p] : graph::layOut(nodes, links, rankGap).topLeft)
        positions.emplace_back(id, CanvasPosition{p.x, p.y});
    m_document->moveEntities(positions, tr("Auto-layout"));
}

QRectF DocumentScene::contentRect() const {
    QRectF rect;
    for (const auto &[id, card] : m_cards)
        if (!card->isEmbedded())
            rect |= card->sceneBoundingRect();
    for (const auto &[id, edge] : m_edges)
        rect |= edge->sceneBoundingRect();
    // Whole scene units: an export drawn from a fractional origin would
    // land every card between pixels.
    return QRectF(rect.toAlignedRect());
}

QRectF DocumentScene::largestGroupRect() const {
    // Union-find over the collection cards, in the model's order.
    const auto &entities = m_document->project().entities;
    std::unordered_map<const EntityItem *, std::size_t> rootIndex;
    std::vector<EntityItem *> roots;
    for (const auto &e : entities)
        if (auto it = m_cards.find(e.id); it != m_cards.end() && !it->second->isEmbedded()) {
            rootIndex.emplace(it->second, roots.size());
            roots.push_back(it->second);
        }
    if (roots.empty())
        return {};
    std::vector<std::size_t> parent(roots.size());
    for (std::size_t i = 0; i < parent.size(); ++i)
        parent[i] = i;
    auto find = [&](std::size_t i) {
        while (parent[i] != i)
            i = parent[i] = parent[parent[i]];
        return i;
    };
    auto indexOf = [&](EntityItem *card) -> std::optional<std::size_t> {
        auto it = card ? rootIndex.find(card->rootCard()) : rootIndex.end();
        return it == rootIndex.end() ? std::nullopt : std::optional<std::size_t>(it->second);
    };
    for (const auto &[id, edge] : m_edges) {
        const auto a = indexOf(edge->parentCard()), b = indexOf(edge->childCard());
        if (a && b) {
            const std::size_t ra = find(*a), rb = find(*b);
            // The smaller index stays the root, so that the order of the
            // edges does not decide which group comes first.
            parent[std::max(ra, rb)] = std::min(ra, rb);
        }
    }
    std::vector<std::size_t> size(roots.size(), 0);
    for (const auto &e : entities)
        if (auto it = m_cards.find(e.id); it != m_cards.end())
            if (const auto i = indexOf(it->second))
                ++size[find(*i)];
    std::size_t best = 0;
    for (std::size_t i = 0; i < size.size(); ++i)
        if (size[i] > size[best])
            best = i;
    QRectF rect;
    for (std::size_t i = 0; i < roots.size(); ++i)
        if (find(i) == best)
            rect |= roots[i]->sceneBoundingRect();
    for (const auto &[id, edge] : m_edges) {
        const auto a = indexOf(edge->parentCard());
        if (a && find(*a) == best)
            rect |= edge->sceneBoundingRect();
    }
    return QRectF(rect.toAlignedRect());
}

EntityItem *DocumentScene::cardAt(QPointF scenePos, const std::vector<EntityItem *> &excluded) const {
    for (QGraphicsItem *item : items(scenePos)) {
        if (item->type() != EntityItem::Type)
            continue;
        auto *card = static_cast<EntityItem *>(item);
        if (!card->cardRect().contains(card->mapFromScene(scenePos)))
            continue;
        const bool skip = std::any_of(excluded.begin(), excluded.end(), [card](const EntityItem *e) {
            return e == card || e->isAncestorOf(card);
        });
        if (!skip)
            return card;
    }
    return nullptr;
}

EntityItem *DocumentScene::linkTarget(QPointF scenePos) {
    if (EntityItem *other = cardAt(scenePos, {m_linkSource}))
        return other;
    // Back on the card the drag started from, after leaving it: a reference
    // to itself (a tree: each node holds its parent's id, or its children's).
    const bool inside = m_linkSource->cardRect().contains(m_linkSource->mapFromScene(scenePos));
    if (!inside)
        m_linkLeftSource = true;
    const bool onSource = inside && cardAt(scenePos, {}) == m_linkSource; // not a card drawn inside it
    return onSource && m_linkLeftSource ? m_linkSource : nullptr;
}

void DocumentScene::setDropTarget(EntityItem *card) {
    if (card == m_dropTarget)
        return;
    if (m_dropTarget)
        m_dropTarget->setDropTarget(false);
    m_dropTarget = card;
    if (m_dropTarget)
        m_dropTarget->setDropTarget(true);
}

QWidget *DocumentScene::dialogParent() const {
    const QList<QGraphicsView *> all = views();
    return all.isEmpty() ? nullptr : all.front();
}

void DocumentScene::mousePressEvent(QGraphicsSceneMouseEvent *event) {
    m_pressed = nullptr;
    m_dragStart.clear();
    if (event->button() != Qt::LeftButton) {
        QGraphicsScene::mousePressEvent(event);
        return;
    }
    EntityItem *handleOwner = nullptr;
    for (QGraphicsItem *item : items(event->scenePos()))
        if (item->type() == EntityItem::Type) {
            auto *candidate = static_cast<EntityItem *>(item);
            if (candidate->handleContains(candidate->mapFromScene(event->scenePos()))) {
                handleOwner = candidate;
                break;
            }
        }
    EntityItem *card = cardAt(event->scenePos(), {});
    if (handleOwner) {
        m_linkSource = handleOwner;
        m_linkLeftSource = false;
        m_linkLine = new QGraphicsLineItem(QLineF(event->scenePos(), event->scenePos()));
        m_linkLine->setPen(QPen(CanvasStyle::get().dropTarget, 2, Qt::DashLine));
        m_linkLine->setZValue(1000);
        addItem(m_linkLine);
        event->accept();
        return;
    }
    m_focusedField = card ? card->fieldAt(card->mapFromScene(event->scenePos())) : std::string();
    QGraphicsScene::mousePressEvent(event);
    if (card && card->isSelected()) {
        m_pressed = card;
        for (QGraphicsItem *item : selectedItems())
            if (item->type() == EntityItem::Type)
                m_dragStart.emplace_back(static_cast<EntityItem *>(item), item->pos());
    }
    updateCurrent();
}

void DocumentScene::mouseMoveEvent(QGraphicsSceneMouseEvent *event) {
    if (m_linkSource) {
        m_linkLine->setLine(QLineF(m_linkSource->mapToScene(m_linkSource->handleCenter()), event->scenePos()));
        setDropTarget(linkTarget(event->scenePos()));
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
    if (m_pressed && (event->buttons() & Qt::LeftButton)) {
        m_pressed->rootCard()->setZValue(10);
        std::vector<EntityItem *> moving;
        for (const auto &[item, start] : m_dragStart)
            moving.push_back(item);
        EntityItem *target = cardAt(event->scenePos(), moving);
        setDropTarget(target == m_pressed->parentCard() ? nullptr : target);
    }
}

void DocumentScene::mouseReleaseEvent(QGraphicsSceneMouseEvent *event) {
    if (m_linkSource) {
        finishLink(event->scenePos(), event->screenPos());
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    if (event->button() == Qt::LeftButton && m_pressed)
        finishMove(event->scenePos(), event->screenPos());
    m_pressed = nullptr;
    m_dragStart.clear();
    setDropTarget(nullptr);
}

void DocumentScene::finishMove(QPointF scenePos, QPoint screenPos) {
    const bool moved = std::any_of(m_dragStart.begin(), m_dragStart.end(),
                                   [](const auto &p) { return p.first->pos() != p.second; });
    m_pressed->rootCard()->setZValue(0);
    if (!moved)
        return;
    EntityItem *pressed = m_pressed;
    const auto starts = m_dragStart;
    std::vector<EntityItem *> moving;
    for (const auto &[item, start] : starts)
        moving.push_back(item);
    EntityItem *target = cardAt(scenePos, moving);
    auto restore = [&starts] {
        for (const auto &[item, start] : starts)
            item->setPos(start);
    };
    const std::string childId = pressed->entityId();
    const Project &project = m_document->project();

    if (target && target != pressed->parentCard()) {
        // The model decides where the card is drawn: put it back first.
        restore();
        setDropTarget(nullptr);
        const std::string parentId = target->entityId();
        const auto choice = DropChooser::chooseEmbedding(dialogParent(), screenPos,
                                                         qs(project.findEntity(childId)->name),
                                                         qs(project.findEntity(parentId)->name));
        if (!choice)
            return;
        auto result = m_document->relate(parentId, childId, edit::defaultCardinality(*choice), *choice);
        if (!result)
            emit editRefused(QString::fromStdString(result.error().toString()));
        return;
    }
    if (pressed->isEmbedded()) {
        const QPointF topLeft = pressed->scenePos();
        restore();
        if (target) // still over its own parent: it snaps back
            return;
        Status status = m_document->unembed(childId, {topLeft.x(), topLeft.y()});
        if (!status)
            emit editRefused(QString::fromStdString(status.error().toString()));
        return;
    }
    std::vector<std::pair<std::string, CanvasPosition>> positions;
    for (const auto &[item, start] : starts)
        if (!item->isEmbedded())
            positions.emplace_back(item->entityId(), CanvasPosition{item->pos().x(), item->pos().y()});
    m_document->moveEntities(positions);
}

void DocumentScene::finishLink(QPointF scenePos, QPoint screenPos) {
    EntityItem *source = m_linkSource;
    EntityItem *target = linkTarget(scenePos);
    m_linkSource = nullptr;
    delete m_linkLine;
    m_linkLine = nullptr;
    setDropTarget(nullptr);
    if (!target)
        return;
    const Project &project = m_document->project();
    const std::string parentId = source->entityId();
    const std::string childId = target->entityId();
    const auto choice = DropChooser::chooseReference(dialogParent(), screenPos,
                                                     qs(project.findEntity(parentId)->name),
                                                     qs(project.findEntity(childId)->name), target == source);
    if (!choice)
        return;
    auto result = m_document->relate(parentId, childId, choice->cardinality, choice->representation,
                                     /*reuse=*/false);
    if (!result)
        emit editRefused(QString::fromStdString(result.error().toString()));
}

} // namespace docshape::ui::canvas
