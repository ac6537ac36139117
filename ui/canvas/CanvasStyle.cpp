#include "canvas/CanvasStyle.h"

#include <QGuiApplication>
#include <QHash>

namespace docshape::ui::canvas {

namespace {
QFont makeFont(qreal pointSize, bool bold) {
    QFont f = QGuiApplication::font();
    f.setPointSizeF(pointSize);
    f.setBold(bold);
    return f;
}
} // namespace

const CanvasStyle &CanvasStyle::get() {
    static const CanvasStyle style{makeFont(10, true),      makeFont(9, false),
                                   makeFont(8, true),       QFontMetricsF(makeFont(10, true)),
                                   QFontMetricsF(makeFont(9, false)), QFontMetricsF(makeFont(8, true))};
    return style;
}

qreal CanvasStyle::rowWidth(const QString &text) const {
    static QHash<QString, qreal> cache;
    auto it = cache.constFind(text);
    if (it != cache.constEnd())
        return *it;
    if (cache.size() > 100000)
        cache.clear();
    const qreal w = rowMetrics.horizontalAdvance(text);
    cache.insert(text, w);
    return w;
}

// By the days the analysis computed with the project's thresholds: zero
// days to a limit means it is passed now.
SizeVerdict sizeVerdict(const CollectionStat &stat) {
    if (!stat.maxDocumentBytes || stat.daysToMaxLimit == 0.0)
        return SizeVerdict::OverLimit;
    if (stat.daysToAvgTarget == 0.0)
        return SizeVerdict::AboveTarget;
    return SizeVerdict::Good;
}

QColor verdictColor(SizeVerdict verdict) {
    switch (verdict) {
    case SizeVerdict::Good: return {46, 139, 87};
    case SizeVerdict::AboveTarget: return {214, 140, 0};
    case SizeVerdict::OverLimit: return {200, 40, 40};
    }
    return {};
}

} // namespace docshape::ui::canvas
