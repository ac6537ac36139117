#include "canvas/EntityItem.h"

#include "Format.h"
#include "canvas/CanvasStyle.h"
#include "canvas/DocumentScene.h"
#include "canvas/RelationshipItem.h"
#include "compare/CompareMarks.h"
#include "PlainText.h"

#include <QCoreApplication>
#include <QPaintEngine>
#include <QPainter>
#include <QStringList>
#include <QStyleOptionGraphicsItem>

#include <algorithm>

namespace docshape::ui::canvas {

namespace {

// Draws text laid out once per change. QStaticText keeps the layout of its
// first paint engine: the SVG and PDF exports draw the plain text instead,
// so that the same scene gives the same bytes every time.
void drawLaidOut(QPainter *painter, QPointF topLeft, const QStaticText &text) {
    if (painter->paintEngine() && painter->paintEngine()->type() == QPaintEngine::Raster)
        painter->drawStaticText(topLeft, text);
    else
        painter->drawText(QRectF(topLeft, text.size()), Qt::AlignLeft | Qt::AlignTop | Qt::TextSingleLine, text.text());
}

QString typeText(const Field &f) {
    const QString type = QString::fromUtf8(toString(f.type).data(), qsizetype(toString(f.type).size()));
    if (!f.isArray())
        return type;
    const auto element = toString(f.elementType);
    return QStringLiteral("[%1] %2")
        .arg(QString::fromUtf8(element.data(), qsizetype(element.size())), formatBound(f.maxCount));
}

QString qs(const std::string &s) { return QString::fromStdString(s); }

QString entityName(const Project &project, const std::string &id) {
    const Entity *e = project.findEntity(id);
    return e ? qs(e->name) : QString();
}
} // namespace

EntityItem::EntityItem(std::string entityId, QGraphicsItem *parent)
    : QGraphicsItem(parent), m_entityId(std::move(entityId)) {
    // The exposed rectangle lets a card that is mostly covered paint only
    // the rows that show.
    setFlags(ItemIsSelectable | ItemIsMovable | ItemSendsGeometryChanges | ItemUsesExtendedStyleOption);
    setAcceptHoverEvents(false);
}

EntityItem *EntityItem::parentCard() const {
    QGraphicsItem *p = parentItem();
    return p && p->type() == Type ? static_cast<EntityItem *>(p) : nullptr;
}

EntityItem *EntityItem::rootCard() {
    EntityItem *card = this;
    while (EntityItem *p = card->parentCard())
        card = p;
    return card;
}

bool EntityItem::isAncestorOf(const EntityItem *other) const {
    for (const EntityItem *c = other ? other->parentCard() : nullptr; c; c = c->parentCard())
        if (c == this)
            return true;
    return false;
}

void EntityItem::setContent(const Project &project, const Entity &entity, const CollectionShape *bucket) {
    // The rows as they are now, built aside: a card whose name and rows are
    // drawn as before keeps its size and is not repainted (a description
    // or an average shows in no row).
    std::vector<Row> rows;
    rows.reserve(m_rows.size());
    auto addFields = [&rows](auto &self, const std::vector<Field> &fields, int depth) -> void {
        for (const auto &f : fields) {
            QString name = qs(f.name);
            if (!f.required && f.presence < 1)
                name += QLatin1Char('?');
            rows.push_back({name, typeText(f), depth, f.id});
            self(self, f.fields, depth + 1);
        }
    };
    if (bucket && !isEmbedded()) {
        // The documents are buckets: their keys, then the entity's fields as
        // the elements of the items array.
        for (const auto &node : bucket->shape.fields) {
            QString type = qs(std::string(toString(node.type)));
            if (node.origin == NodeOrigin::Reference)
                type = QStringLiteral("→ %1").arg(entityName(project, std::string(node.entityId)));
            else if (node.isArray())
                type = QStringLiteral("[%1] %2").arg(qs(std::string(toString(node.elementType))),
                                                      formatBound(node.maxCount));
            rows.push_back({qs(node.name), type, 0, {}});
            if (node.origin == NodeOrigin::Bucket && node.isArray())
                addFields(addFields, entity.fields, 1);
        }
    } else {
        if (!isEmbedded()) // subdocuments have no _id of their own
            rows.push_back({QStringLiteral("_id"), qs(std::string(toString(entity.idType))), 0, {}});
        addFields(addFields, entity.fields, 0);
        // Keys the representations of relationships add to these documents.
        for (const auto &r : project.relationships) {
            const bool isParent = r.parentId == entity.id;
            const bool isChild = r.childId == entity.id;
            if (!isParent && !isChild)
                continue;
            const QString parent = entityName(project, r.parentId);
            const QString child = entityName(project, r.childId);
            switch (r.representation) {
            case Representation::ReferenceFromChild:
                if (isChild)
                    rows.push_back({qs(r.fieldName), QStringLiteral("→ %1").arg(parent), 0, {}});
                break;
            case Representation::ReferenceArrayInParent:
                if (isParent)
                    rows.push_back({qs(r.fieldName), QStringLiteral("[→ %1]").arg(child), 0, {}});
                break;
            case Representation::TwoWay:
                if (isParent)
                    rows.push_back({qs(r.fieldName), QStringLiteral("[→ %1]").arg(child), 0, {}});
                if (isChild)
                    rows.push_back({qs(r.backFieldName), QStringLiteral("→ %1").arg(parent), 0, {}});
                break;
            case Representation::Subset:
                if (isParent)
                    rows.push_back({qs(r.fieldName),
                                      QStringLiteral("[%1] newest %2").arg(child).arg(r.subsetCount), 0, {}});
                if (isChild)
                    rows.push_back({qs(r.backFieldName), QStringLiteral("→ %1").arg(parent), 0, {}});
                break;
            case Representation::ExtendedReference:
                if (isParent)
                    rows.push_back({qs(r.fieldName), QStringLiteral("{→ %1 + copies}").arg(child), 0, {}});
                break;
            default:
                break;
            }
        }
    }
    m_description = qs(entity.description);
    updateToolTip();
    const QString name = qs(entity.name);
    const auto sameRow = [](const Row &a, const Row &b) {
        return a.name == b.name && a.type == b.type && a.depth == b.depth && a.fieldId == b.fieldId;
    };
    const bool measured = m_contentWidth > 0;
    if (measured && name == m_name && std::equal(rows.begin(), rows.end(), m_rows.begin(), m_rows.end(), sameRow))
        return;
    // What changed repaints: the header for a new name, the rows that
    // differ; all of the card when rows come or go. Its size follows when
    // the scene lays the card out again (a new width repaints it whole).
    const auto &s = CanvasStyle::get();
    if (measured && rows.size() == m_rows.size()) {
        if (name != m_name)
            update(QRectF(0, 0, m_width, s.headerHeight));
        for (std::size_t i = 0; i < rows.size(); ++i)
            if (!sameRow(rows[i], m_rows[i]))
                update(QRectF(0, s.headerHeight + s.rowHeight * qreal(i), m_width, s.rowHeight));
    } else {
        update();
    }
    // A row that says what it said keeps its laid-out texts: laying out a
    // text (shaping it) is most of what painting a row costs.
    for (std::size_t i = 0; i < std::min(rows.size(), m_rows.size()); ++i) {
        if (rows[i].name == m_rows[i].name)
            rows[i].nameText = m_rows[i].nameText;
        if (rows[i].type == m_rows[i].type)
            rows[i].typeText = m_rows[i].typeText;
    }
    m_name = name;
    m_rows = std::move(rows);
    measure();
}

QStringList EntityItem::rowTexts() const {
    QStringList out;
    for (const auto &row : m_rows)
        out << QString(row.depth * 2, QLatin1Char(' ')) + row.name + QLatin1Char(' ') + row.type;
    return out;
}

QStringList EntityItem::laidOutTexts() const {
    QStringList out{m_badgeText.text()};
    for (const auto &row : m_rows)
        out << row.nameText.text() << row.typeText.text();
    return out;
}

// The description the designer wrote, then the exact sizes the badge rounds.
void EntityItem::updateToolTip() {
    QStringList parts;
    for (const QString &part : {m_description, m_sizeTip})
        if (!part.isEmpty())
            parts << part;
    setToolTip(plainToolTip(parts.join(QStringLiteral("\n"))));
}

void EntityItem::setEmbedding(const Relationship *embedding) {
    m_shown = {};
    const bool isArray = embedding && embedding->representation == Representation::EmbedArray;
    QString badge;
    if (embedding)
        badge = isArray ? QStringLiteral("%1 %2").arg(QString::fromStdString(embedding->fieldName),
                                                      formatBound(embedding->maxChildren))
                        : QStringLiteral("%1 { }").arg(QString::fromStdString(embedding->fieldName));
    const std::string id = embedding ? embedding->id : std::string();
    if (id == m_embeddingId && isArray == m_isArray && badge == m_badge)
        return; // drawn as it is (an average shows nowhere on the card)
    prepareGeometryChange(); // an array is drawn as a stack: its bounds grow
    m_embeddingId = id;
    m_isArray = isArray;
    m_badge = badge;
    if (embedding)
        m_badgeColor = CanvasStyle::get().embeddedHeaderFill.darker(130);
    measure();
}

void EntityItem::setStat(const CollectionStat *stat, double limitBytes) {
    if (isEmbedded())
        return;
    const Shown shown =
        stat ? Shown{stat->avgDocumentBytes, stat->maxDocumentBytes, int(sizeVerdict(*stat)), stat->daysToMaxLimit} : Shown{};
    if (shown == m_shown && !m_badge.isEmpty() == (stat != nullptr))
        return;
    m_shown = shown;
    QString badge;
    if (stat) {
        badge = QStringLiteral("avg %1 · max %2")
                    .arg(formatBytes(stat->avgDocumentBytes), formatMaxBytes(stat->maxDocumentBytes));
        m_badgeColor = verdictColor(sizeVerdict(*stat));
    }
    m_sizeTip = stat ? QCoreApplication::translate("EntityItem", "Average document %1, maximum %2")
                           .arg(formatExactBytes(stat->avgDocumentBytes), formatExactMaxBytes(stat->maxDocumentBytes))
                     : QString();
    if (stat)
        if (const std::string largest = largestCrossingText(*stat, limitBytes); !largest.empty())
            m_sizeTip += QStringLiteral(".\n") + QString::fromStdString(largest).replace(0, 1, QStringLiteral("T")) +
                         QLatin1Char('.');
    updateToolTip();
    if (badge != m_badge) {
        // The header shows it; the card's size follows when the scene lays
        // it out again.
        m_badge = badge;
        measure();
        update(QRectF(0, 0, m_width, CanvasStyle::get().headerHeight));
    }
}

void EntityItem::measure() {
    // Text measurement is the costly part of a card: do it when the content
    // changes, not at every layout.
    const auto &s = CanvasStyle::get();
    qreal w = s.nameMetrics.horizontalAdvance(m_name) + 3 * s.padding + s.handleRadius;
    m_badgeWidth = m_badge.isEmpty() ? 0 : s.badgeMetrics.horizontalAdvance(m_badge);
    // A QStaticText set again is laid out again, even to the same text.
    const auto setText = [](QStaticText &text, const QString &to) {
        if (text.text() == to && text.textFormat() == Qt::PlainText)
            return;
        text.setTextFormat(Qt::PlainText);
        text.setText(to);
    };
    setText(m_badgeText, m_badge);
    m_nameText.setTextFormat(Qt::PlainText);
    m_nameTextWidth = -1; // elided again at the next paint
    if (!m_badge.isEmpty())
        w += m_badgeWidth + 2 * s.padding;
    for (auto &row : m_rows) {
        w = std::max(w, row.depth * 12 + s.rowWidth(row.name) + s.rowWidth(row.type) + 4 * s.padding);
        // Laid out on the first paint: most cards of a large model are
        // never painted at a zoom that shows their rows.
        setText(row.nameText, row.name);
        setText(row.typeText, row.type);
    }
    m_contentWidth = std::clamp(w, s.minWidth, s.maxWidth);
}

qreal EntityItem::naturalWidth() const {
    const auto &s = CanvasStyle::get();
    qreal w = m_contentWidth;
    for (const EntityItem *child : m_children)
        w = std::max(w, child->naturalWidth() + child->shadowOffset() + 2 * s.padding);
    return w;
}

void EntityItem::layout() { layoutAt(naturalWidth()); }

void EntityItem::layoutAt(qreal width) {
    const auto &s = CanvasStyle::get();
    qreal y = s.headerHeight + s.rowHeight * qreal(m_rows.size()) + s.padding / 2;
    for (EntityItem *child : m_children) {
        y += s.childGap;
        child->layoutAt(width - 2 * s.padding - child->shadowOffset());
        child->setPos(s.padding, y);
        y += child->boundingRect().height() - s.handleRadius;
    }
    const qreal height = y + s.padding;
    if (width == m_width && height == m_height)
        return; // what changed inside repainted itself
    prepareGeometryChange();
    m_width = width;
    m_height = height;
    update();
}

QRectF EntityItem::boundingRect() const {
    const qreal r = CanvasStyle::get().handleRadius;
    return QRectF(-1, -1, m_width + shadowOffset() + r + 2, m_height + shadowOffset() + r + 2);
}

bool EntityItem::handleContains(const QPointF &local) const {
    const QPointF d = local - handleCenter();
    const qreal r = CanvasStyle::get().handleRadius + 3;
    return d.x() * d.x() + d.y() * d.y() <= r * r;
}

QPointF EntityItem::handleCenter() const { return {m_width, CanvasStyle::get().headerHeight / 2}; }

std::string EntityItem::fieldAt(const QPointF &local) const {
    const auto &s = CanvasStyle::get();
    if (local.x() < 0 || local.x() > m_width)
        return {};
    const qreal y = local.y() - s.headerHeight;
    if (y < 0)
        return {};
    const auto row = std::size_t(y / s.rowHeight);
    return row < m_rows.size() ? m_rows[row].fieldId : std::string();
}

QRectF EntityItem::edgeRowRect(const std::string &name) const {
    const auto &s = CanvasStyle::get();
    if (!name.empty()) {
        const QString wanted = qs(name);
        const QString optional = wanted + QLatin1Char('?');
        for (int pass = 0; pass < 2; ++pass)
            for (std::size_t i = 0; i < m_rows.size(); ++i) {
                const Row &row = m_rows[i];
                if ((pass == 0) != row.fieldId.empty() || row.depth != 0)
                    continue;
                if (row.name == wanted || row.name == optional)
                    return {0, s.headerHeight + s.rowHeight * qreal(i), m_width, s.rowHeight};
            }
    }
    return {0, 0, m_width, s.headerHeight};
}

void EntityItem::setHighlightedField(const std::string &fieldId) {
    if (fieldId != m_highlightedField) {
        m_highlightedField = fieldId;
        update();
    }
}

void EntityItem::setDropTarget(bool on) {
    if (on != m_dropTarget) {
        m_dropTarget = on;
        update();
    }
}

void EntityItem::removeChildCard(EntityItem *child) { std::erase(m_children, child); }

void EntityItem::orderChildCards(const std::vector<std::string> &entityIds) {
    const auto rank = [&](const EntityItem *card) {
        return std::find(entityIds.begin(), entityIds.end(), card->entityId()) - entityIds.begin();
    };
    std::stable_sort(m_children.begin(), m_children.end(),
                     [&](const EntityItem *a, const EntityItem *b) { return rank(a) < rank(b); });
}

void EntityItem::removeEdge(RelationshipItem *edge) { std::erase(m_edges, edge); }

void EntityItem::adjustEdges() {
    for (RelationshipItem *edge : m_edges)
        edge->adjust();
    for (EntityItem *child : m_children)
        child->adjustEdges();
}

QVariant EntityItem::itemChange(GraphicsItemChange change, const QVariant &value) {
    if (change == ItemPositionHasChanged)
        adjustEdges();
    return QGraphicsItem::itemChange(change, value);
}

void EntityItem::paintSketchName(QPainter *painter, qreal lod) {
    // Zoomed out the name keeps a size that reads on screen (a sketch of
    // the diagram): as large as the card allows, at least the header's
    // size on screen when the card is wide enough for it.
    const auto &s = CanvasStyle::get();
    const qreal advance = s.nameMetrics.horizontalAdvance(m_name);
    if (advance <= 0 || lod <= 0)
        return;
    const qreal room = m_width - 2 * s.padding;
    const qreal scale = std::min({1.0 / lod, room / advance, m_height * 0.5 / s.nameMetrics.height()});
    const qreal textHeight = s.nameMetrics.height() * scale;
    const qreal band = std::max(s.headerHeight, textHeight + s.padding);
    painter->fillRect(QRectF(0, 0, m_width, band), s.headerFill);
    painter->save();
    painter->translate(s.padding, (band - textHeight) / 2);
    painter->scale(scale, scale);
    painter->setFont(s.nameFont);
    painter->setPen(Qt::white);
    const QString shown = s.nameMetrics.elidedText(m_name, Qt::ElideRight, room / scale);
    painter->drawText(QPointF(0, s.nameMetrics.ascent()), shown);
    painter->restore();
    m_sketchName = shown;
}

void EntityItem::paint(QPainter *painter, const QStyleOptionGraphicsItem *option, QWidget *) {
    const auto &s = CanvasStyle::get();
    const qreal lod = option->levelOfDetailFromTransform(painter->worldTransform());
    const QRectF card = cardRect();
    const QRectF header(0, 0, m_width, s.headerHeight);
    const QColor fill = isEmbedded() ? s.embeddedFill : s.cardFill;
    const QColor headerFill = isEmbedded() ? s.embeddedHeaderFill : s.headerFill;

    // Zoomed far out, a card is a coloured block: thousands stay fast.
    const bool block = lod < 0.35;
    const auto *docScene = qobject_cast<const DocumentScene *>(scene());
    const compare::CompareMarks *marks = docScene ? docScene->compareMarks() : nullptr;
    // Far out, the parent's block already stands for what it embeds.
    if (lod < 0.2 && isEmbedded())
        return;
    // Rectangles are drawn square to the pixels, without antialiasing: the
    // raster engine then fills only the exposed part of a card, where an
    // antialiased rectangle is rasterised whole (an edit repaints a strip
    // across several cards). Curves and the badge's corners are smoothed.
    painter->setRenderHint(QPainter::Antialiasing, false);
    if (m_isArray) {
        // A stack of cards: this subdocument repeats.
        painter->setPen(QPen(s.border, 0));
        painter->setBrush(fill.darker(104));
        painter->drawRect(card.translated(8, 8));
        painter->drawRect(card.translated(4, 4));
    }

    if (block) {
        painter->fillRect(card, fill);
        painter->fillRect(header, headerFill);
        if (!m_badge.isEmpty() && !isEmbedded())
            painter->fillRect(QRectF(m_width * 0.6, 0, m_width * 0.4, s.headerHeight), m_badgeColor);
        if (isSelected() || m_dropTarget)
            painter->setPen(QPen(m_dropTarget ? s.dropTarget : s.selection, 3 / lod));
        else
            painter->setPen(QPen(s.border, 0));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(card);
        if (!isEmbedded())
            paintSketchName(painter, lod);
        return;
    }

    painter->setPen(QPen(s.border, 1));
    painter->setBrush(fill);
    painter->drawRect(card);
    painter->fillRect(header, headerFill);

    // Badge, right-aligned in the header; both texts laid out once per change.
    const QRectF exposed = option->exposedRect;
    if (header.intersects(exposed)) {
        qreal nameRight = m_width - s.padding - s.handleRadius;
        if (!m_badge.isEmpty()) {
            const qreal bw = m_badgeWidth + s.padding;
            const QRectF badge(m_width - s.handleRadius - s.padding / 2 - bw, 5, bw, s.headerHeight - 10);
            painter->setPen(Qt::NoPen);
            painter->setBrush(m_badgeColor);
            painter->setRenderHint(QPainter::Antialiasing, true);
            painter->drawRoundedRect(badge, 4, 4);
            painter->setRenderHint(QPainter::Antialiasing, false);
            painter->setFont(s.badgeFont);
            painter->setPen(Qt::white);
            const QSizeF size = m_badgeText.size();
            drawLaidOut(painter, badge.center() - QPointF(size.width(), size.height()) / 2, m_badgeText);
            nameRight = badge.left() - s.padding / 2;
        }
        const qreal nameWidth = nameRight - s.padding;
        if (nameWidth != m_nameTextWidth) {
            m_nameTextWidth = nameWidth;
            m_nameText.setText(s.nameMetrics.elidedText(m_name, Qt::ElideRight, nameWidth));
        }
        painter->setFont(s.nameFont);
        painter->setPen(Qt::white);
        drawLaidOut(painter, QPointF(s.padding, (s.headerHeight - m_nameText.size().height()) / 2), m_nameText);
    }

    if (lod >= 0.55) {
        painter->setFont(s.rowFont);
        qreal y = s.headerHeight;
        for (const auto &row : m_rows) {
            const QRectF rowRect(0, y, m_width, s.rowHeight);
            if (!rowRect.intersects(exposed)) {
                y += s.rowHeight;
                continue;
            }
            if (!row.fieldId.empty() && row.fieldId == m_highlightedField)
                painter->fillRect(rowRect, QColor(255, 230, 180));
            if (marks)
                compare::paintRowMark(painter, rowRect, marks->field(row.fieldId));
            const qreal indent = s.padding + row.depth * 12;
            const QColor nameColor = row.fieldId.empty() && row.name != QLatin1String("_id") ? s.muted : s.text;
            const QSizeF nameSize = row.nameText.size();
            const QSizeF typeSize = row.typeText.size();
            if (indent + nameSize.width() + typeSize.width() + 2 * s.padding <= m_width) {
                // Both fit (nearly always): the prepared texts.
                painter->setPen(nameColor);
                drawLaidOut(painter, QPointF(indent, y + (s.rowHeight - nameSize.height()) / 2), row.nameText);
                painter->setPen(s.muted);
                drawLaidOut(painter, QPointF(m_width - s.padding - typeSize.width(),
                                                y + (s.rowHeight - typeSize.height()) / 2),
                                        row.typeText);
            } else {
                painter->setPen(nameColor);
                painter->drawText(QRectF(indent, y, m_width - indent - s.padding, s.rowHeight),
                                  Qt::AlignVCenter | Qt::AlignLeft, row.name);
                painter->setPen(s.muted);
                painter->drawText(QRectF(s.padding, y, m_width - 2 * s.padding, s.rowHeight),
                                  Qt::AlignVCenter | Qt::AlignRight, row.type);
            }
            y += s.rowHeight;
        }
    }

    // The edge handle: drag from it to another card to draw a reference.
    painter->setPen(QPen(s.border, 1));
    painter->setBrush(QColor(250, 250, 250));
    painter->setRenderHint(QPainter::Antialiasing, true);
    painter->drawEllipse(handleCenter(), s.handleRadius, s.handleRadius);
    painter->setRenderHint(QPainter::Antialiasing, false);

    if (isSelected() || m_dropTarget) {
        painter->setPen(QPen(m_dropTarget ? s.dropTarget : s.selection, m_dropTarget ? 3 : 2));
        painter->setBrush(Qt::NoBrush);
        painter->drawRect(card);
    }
    if (marks)
        compare::paintCardMark(painter, card, marks->entity(m_entityId));
}

} // namespace docshape::ui::canvas
