#include "Format.h"

#include <QCoreApplication>

namespace docshape::ui {

QString formatBytes(double bytes) {
    if (bytes < 1000)
        return QStringLiteral("%1 B").arg(qRound64(bytes));
    if (bytes < 1000.0 * 1000)
        return QStringLiteral("%1 KB").arg(bytes / 1000, 0, 'f', 1);
    return QStringLiteral("%1 MiB").arg(bytes / (1024.0 * 1024), 0, 'f', 1);
}

QString formatMaxBytes(const std::optional<std::uint64_t> &bytes) {
    return bytes ? formatBytes(double(*bytes)) : QCoreApplication::translate("Format", "unbounded");
}

QString formatCount(double count) {
    if (count < 10000)
        return QString::number(qRound64(count));
    if (count < 1e6)
        return QStringLiteral("%1 k").arg(count / 1e3, 0, 'f', 1);
    if (count < 1e9)
        return QStringLiteral("%1 M").arg(count / 1e6, 0, 'f', 1);
    return QStringLiteral("%1 G").arg(count / 1e9, 0, 'f', 1);
}

QString formatBound(const std::optional<std::uint64_t> &max) {
    return max ? QStringLiteral("[0..%1]").arg(*max) : QStringLiteral("[unbounded]");
}

QString formatCountOf(long long count, const QString &one, const QString &many) {
    return QStringLiteral("%1 %2").arg(count).arg(count == 1 ? one : many);
}

} // namespace docshape::ui
