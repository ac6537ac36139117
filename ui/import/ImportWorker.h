#pragma once

#include "import/Importer.h"

#include <QString>
#include <QStringList>
#include <QThread>

#include <atomic>
#include <optional>

namespace docshape::ui {

// Runs an import off the GUI thread: the importer reads and infers in
// run(); progress() reaches the dialog queued, on the GUI thread. Cancel
// is a flag the importer's progress callback reads, so the import stops at
// its next report (about every thousand documents) and writes nothing.
class ImportWorker : public QThread {
    Q_OBJECT
public:
    ImportWorker(QStringList paths, import::ImportOptions options, QObject *parent = nullptr);

    void requestCancel() { m_cancel = true; }
    // After finished(): the result, or empty with error().
    std::optional<import::ImportResult> &result() { return m_result; }
    const QString &error() const { return m_error; }

signals:
    void progressed(quint64 bytesRead, quint64 totalBytes, quint64 documents, double seconds, const QString &file);

protected:
    void run() override;

private:
    QStringList m_paths;
    import::ImportOptions m_options;
    std::atomic<bool> m_cancel{false};
    std::optional<import::ImportResult> m_result;
    QString m_error;
};

} // namespace docshape::ui
