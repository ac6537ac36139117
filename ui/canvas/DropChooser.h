#pragma once

#include "core/Relationship.h"

#include <QPoint>
#include <QString>

#include <optional>

class QWidget;

namespace docshape::ui::canvas {

struct RelationChoice {
    Cardinality cardinality;
    Representation representation;
};

// The small menus that ask what a drop means. They block in QMenu::exec
// and return nothing when the user cancels.
class DropChooser {
public:
    // A card dropped onto another: embed as one subdocument, as an array,
    // a subset or an extended reference. Object name "dropChooser".
    static std::optional<Representation> chooseEmbedding(QWidget *parent, QPoint globalPos,
                                                         const QString &childName,
                                                         const QString &parentName);
    // An edge-handle drag between two cards: one submenu per cardinality,
    // each listing the representations that suit it. Object name
    // "referenceChooser". `self`: the drag came back to its own card, a
    // tree (MongoDB's "Model Tree Structures": parent references, child
    // references), so what would put the entity inside itself (a subset, a
    // bucket) is not offered.
    static std::optional<RelationChoice> chooseReference(QWidget *parent, QPoint globalPos,
                                                         const QString &parentName,
                                                         const QString &childName, bool self = false);

    // Action texts, shared with the tests that click them.
    static QString embedOneText();
    static QString embedArrayText();
    static QString subsetText();
    static QString extendedReferenceText();
};

} // namespace docshape::ui::canvas
