#include "compare/CompareMarks.h"

#include <QFont>
#include <QFontMetricsF>
#include <QObject>
#include <QPainter>

namespace docshape::ui::compare {

CompareMarks::CompareMarks(const ModelDiff &diff, const Project &baseline, const Project &current) {
    auto changed = [&](const std::string &entityId) {
        if (!entityId.empty() && current.findEntity(entityId))
            m_entities.try_emplace(entityId, Mark::Changed);
    };
    // The project a change's object is in: the baseline for what was removed.
    auto version = [&](const ObjectChange &c) -> const Project & {
        return c.change == ChangeKind::Removed ? baseline : current;
    };
    for (const ObjectChange &c : diff.changes) {
        switch (c.object) {
        case ObjectKind::Entity:
            if (c.change == ChangeKind::Added)
                m_entities[c.id] = Mark::Added;
            else if (c.change != ChangeKind::Removed)
                changed(c.id);
            break;
        case ObjectKind::Field:
            if (c.change == ChangeKind::Added)
                m_fields[c.id] = Mark::Added;
            else if (c.change != ChangeKind::Removed)
                m_fields[c.id] = Mark::Changed;
            changed(c.entityId);
            break;
        case ObjectKind::Relationship:
            if (const Relationship *r = version(c).findRelationship(c.id)) {
                changed(r->parentId);
                changed(r->childId);
            }
            break;
        case ObjectKind::Index:
            if (const IndexSpec *ix = version(c).findIndex(c.id))
                changed(ix->entityId);
            break;
        case ObjectKind::AccessPattern:
            if (const AccessPattern *q = version(c).findAccessPattern(c.id))
                changed(q->entityId);
            break;
        case ObjectKind::Project:
        case ObjectKind::Decision:
            break;
        }
    }
}

Mark CompareMarks::entity(const std::string &id) const {
    auto it = m_entities.find(id);
    return it == m_entities.end() ? Mark::None : it->second;
}

Mark CompareMarks::field(const std::string &id) const {
    if (id.empty())
        return Mark::None;
    auto it = m_fields.find(id);
    return it == m_fields.end() ? Mark::None : it->second;
}

QColor markColor(Mark mark) {
    switch (mark) {
    case Mark::Added:
        return {46, 160, 67};
    case Mark::Changed:
        return {219, 139, 0};
    case Mark::None:
        break;
    }
    return {};
}

QString markText(Mark mark) {
    switch (mark) {
    case Mark::Added:
        return QObject::tr("added");
    case Mark::Changed:
        return QObject::tr("changed");
    case Mark::None:
        break;
    }
    return {};
}

void paintCardMark(QPainter *painter, const QRectF &card, Mark mark) {
    if (mark == Mark::None)
        return;
    const QColor color = markColor(mark);
    painter->save();
    painter->setPen(QPen(color, 3));
    painter->setBrush(Qt::NoBrush);
    painter->drawRect(card.adjusted(-3, -3, 3, 3));
    QFont font = painter->font();
    font.setPointSizeF(8);
    font.setBold(true);
    painter->setFont(font);
    const QString text = markText(mark);
    const QRectF tag(card.left(), card.top() - 18, QFontMetricsF(font).horizontalAdvance(text) + 10, 15);
    painter->setPen(Qt::NoPen);
    painter->setBrush(color);
    painter->drawRoundedRect(tag, 3, 3);
    painter->setPen(Qt::white);
    painter->drawText(tag, Qt::AlignCenter, text);
    painter->restore();
}

void paintRowMark(QPainter *painter, const QRectF &row, Mark mark) {
    if (mark == Mark::None)
        return;
    QColor tint = markColor(mark);
    tint.setAlpha(45);
    painter->fillRect(row, tint);
    painter->fillRect(QRectF(row.left(), row.top(), 4, row.height()), markColor(mark));
}

} // namespace docshape::ui::compare
