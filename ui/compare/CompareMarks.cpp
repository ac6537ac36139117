#include "compare/CompareMarks.h"

#include <QFont>
#include <QFontMetricsF>
#include <QObject>
#include <QPainter>

namespace docshape::ui::compare {

CompareMarks::CompareMarks(const ModelDiff &diff) {
    auto changed = [this](const std::string &entityId) {
        if (!entityId.empty())
            m_entities.try_emplace(entityId, Mark::Changed);
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
        default:
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
