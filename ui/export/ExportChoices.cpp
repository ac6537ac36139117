#include "export/ExportChoices.h"

#include "document/Document.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QSettings>

namespace docshape::ui::exporting {

ExportChoices::ExportChoices(const Document &document, const QString &dialog) {
    const QString model = document.filePath().isEmpty()
                              ? QStringLiteral("untitled:") + QString::fromStdString(document.project().name)
                              : QFileInfo(document.filePath()).absoluteFilePath();
    // A path holds '/', which QSettings reads as nested groups: hash it.
    const QByteArray key = QCryptographicHash::hash(model.toUtf8(), QCryptographicHash::Sha1).toHex();
    m_group = dialog + QLatin1Char('/') + QString::fromLatin1(key);
}

QVariant ExportChoices::value(const QString &key, const QVariant &fallback) const {
    return QSettings().value(m_group + QLatin1Char('/') + key, fallback);
}

void ExportChoices::setValue(const QString &key, const QVariant &value) {
    QSettings().setValue(m_group + QLatin1Char('/') + key, value);
}

} // namespace docshape::ui::exporting
