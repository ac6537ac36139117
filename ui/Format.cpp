#include "Format.h"

#include "util/Units.h"

#include <QCoreApplication>

namespace docshape::ui {

QString formatBytes(double bytes) { return QString::fromStdString(units::bytesText(bytes)); }

QString formatExactBytes(double bytes) { return QString::fromStdString(units::exactBytesText(bytes)); }

QString formatBytesWithExact(double bytes) { return QString::fromStdString(units::bytesWithExact(bytes)); }

QString formatMaxBytes(const std::optional<std::uint64_t> &bytes) {
    return bytes ? formatBytes(double(*bytes)) : QCoreApplication::translate("Format", "unbounded");
}

QString formatExactMaxBytes(const std::optional<std::uint64_t> &bytes) {
    return bytes ? formatExactBytes(double(*bytes)) : QCoreApplication::translate("Format", "unbounded");
}

QString formatCount(double count) { return QString::fromStdString(units::countText(count)); }

QString formatBound(const std::optional<std::uint64_t> &max) {
    return max ? QStringLiteral("[0..%1]").arg(*max) : QStringLiteral("[unbounded]");
}

QString formatCountOf(long long count, const QString &one, const QString &many) {
    return QStringLiteral("%1 %2").arg(count).arg(count == 1 ? one : many);
}

} // namespace docshape::ui
