#pragma once

#include "estimate/Analysis.h"

#include <QColor>
#include <QFont>
#include <QFontMetricsF>

namespace docshape::ui::canvas {

// Fonts, metrics and colours of the canvas, computed once: cards are laid
// out and painted thousands at a time.
struct CanvasStyle {
    QFont nameFont;
    QFont rowFont;
    QFont badgeFont;
    QFontMetricsF nameMetrics;
    QFontMetricsF rowMetrics;
    QFontMetricsF badgeMetrics;
    qreal headerHeight = 28;
    qreal rowHeight = 18;
    qreal padding = 8;
    qreal minWidth = 190;
    qreal maxWidth = 380;
    qreal childGap = 8;
    qreal handleRadius = 6;

    QColor cardFill{255, 255, 255};
    QColor embeddedFill{246, 248, 252};
    QColor headerFill{52, 84, 122};
    QColor embeddedHeaderFill{98, 126, 160};
    QColor border{120, 130, 145};
    QColor selection{255, 153, 0};
    QColor dropTarget{40, 160, 80};
    QColor text{30, 34, 40};
    QColor muted{110, 118, 130};
    QColor edge{90, 100, 115};

    static const CanvasStyle &get();

    // Widths of row texts, cached: models repeat type names and field names
    // across thousands of cards, and shaping text is the cost of a layout.
    qreal rowWidth(const QString &text) const;
};

enum class SizeVerdict { Good, AboveTarget, OverLimit };

// Green below the average document target, amber above it, red when the
// maximum passes the document size limit or has no bound (DESIGN.md, "The
// estimation model"), by the thresholds the analysis used.
SizeVerdict sizeVerdict(const CollectionStat &stat);
QColor verdictColor(SizeVerdict verdict);

} // namespace docshape::ui::canvas
