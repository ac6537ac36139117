#pragma once

#include <QFont>
#include <QFontMetrics>
#include <QString>
#include <QWidget>

#include <string>

namespace docshape::ui::inspector {

// A name as an inspector label shows it, HTML-escaped and elided in the
// middle to `width` pixels of `label`'s font (scaled, and bold, for an
// <h3>): a name with no space to wrap at ("CustomerAccountHistoryEntry")
// would otherwise widen the dock. Labels that elide keep the whole name in
// their tooltip.
inline QString shownName(const std::string &name, const QWidget *label, int width, double scale = 1.0) {
    QFont font = label->font();
    if (scale != 1.0) {
        font.setPointSizeF(font.pointSizeF() * scale);
        font.setBold(true);
    }
    return QFontMetrics(font).elidedText(QString::fromStdString(name), Qt::ElideMiddle, width).toHtmlEscaped();
}

} // namespace docshape::ui::inspector
