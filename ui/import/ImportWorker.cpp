#include "import/ImportWorker.h"

namespace docshape::ui {

ImportWorker::ImportWorker(QStringList paths, import::ImportOptions options, QObject *parent)
    : QThread(parent), m_paths(std::move(paths)), m_options(std::move(options)) {}

void ImportWorker::run() {
    import::Importer importer(m_options);
    for (const QString &path : m_paths) {
        if (Status s = importer.addPath(path.toStdString()); !s) {
            m_error = QString::fromStdString(s.error().toString());
            return;
        }
    }
    auto result = importer.run([this](const import::ImportProgress &p) {
        emit progressed(p.bytesRead, p.totalBytes, p.documents, p.seconds, QString::fromStdString(p.file));
        return !m_cancel.load();
    });
    if (!result) {
        m_error = QString::fromStdString(result.error().toString());
        return;
    }
    m_result = std::move(*result);
}

} // namespace docshape::ui
