#pragma once

#include "diff/ModelDiff.h"

#include <QColor>
#include <QRectF>
#include <QString>

#include <string>
#include <unordered_map>

class QPainter;

namespace docshape::ui::compare {

enum class Mark { None, Added, Changed };

// What a comparison marks on the canvas: the cards and field rows of the
// version on screen that were added or changed since the baseline, by id.
// A card whose fields were removed, or whose relationships, indexes or
// access patterns changed, is marked changed (what is gone has no card; the
// compare panel lists it).
// The scene asks for the marks while it paints (DocumentScene::compareMarks).
class CompareMarks {
public:
    CompareMarks() = default;
    // `diff` is diffModels(baseline, current).
    CompareMarks(const ModelDiff &diff, const Project &baseline, const Project &current);

    Mark entity(const std::string &id) const;
    Mark field(const std::string &id) const;
    std::size_t size() const { return m_entities.size() + m_fields.size(); }

private:
    std::unordered_map<std::string, Mark> m_entities;
    std::unordered_map<std::string, Mark> m_fields;
};

QColor markColor(Mark mark);
QString markText(Mark mark); // "added", "changed"
// A coloured frame and a tag in the card's top corner.
void paintCardMark(QPainter *painter, const QRectF &card, Mark mark);
// A coloured bar at the start of a field's row.
void paintRowMark(QPainter *painter, const QRectF &row, Mark mark);

} // namespace docshape::ui::compare
