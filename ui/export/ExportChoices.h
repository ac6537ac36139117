#pragma once

#include <QString>
#include <QStringList>
#include <QVariant>

namespace docshape::ui {
class Document;
}

namespace docshape::ui::exporting {

// What the export dialogs remember, per model: the QSettings group of the
// model's file (by its absolute path; an untitled model by its name), so
// that reopening a model brings back the choices made for it, not for the
// last one.
class ExportChoices {
public:
    ExportChoices(const Document &document, const QString &dialog);

    QVariant value(const QString &key, const QVariant &fallback = {}) const;
    void setValue(const QString &key, const QVariant &value);

private:
    QString m_group;
};

} // namespace docshape::ui::exporting
