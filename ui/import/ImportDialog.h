#pragma once

#include "import/Importer.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QSpinBox;

namespace docshape::ui {

class ImportWorker;

// File > Import Data…: mongoexport and mongodump files and folders in, a
// model out. The import runs on a worker thread with a progress bar (bytes
// read, documents, rate, time left) and Cancel; the summary (sizes,
// findings, reference candidates) is shown before the model is opened.
class ImportDialog : public QDialog {
    Q_OBJECT
public:
    explicit ImportDialog(QWidget *parent = nullptr);
    ~ImportDialog() override;

    void addInputs(const QStringList &paths);
    // The imported model once the dialog is accepted with Open Model.
    std::optional<import::ImportResult> takeResult();

    // For tests.
    QPushButton *importButton() const { return m_import; }
    QPushButton *cancelButton() const { return m_cancel; }
    QPushButton *openButton() const { return m_open; }
    QProgressBar *progressBar() const { return m_progress; }
    QLabel *statusLabel() const { return m_status; }
    QPlainTextEdit *summaryView() const { return m_summary; }
    QListWidget *referenceList() const { return m_references; }
    bool running() const { return m_worker != nullptr; }

signals:
    void importFinished(bool ok);

protected:
    void reject() override;

private:
    void start();
    void showProgress(quint64 bytesRead, quint64 totalBytes, quint64 documents, double seconds, const QString &file);
    void finish();
    void updateButtons();
    void confirmAndAccept();

    QListWidget *m_inputs;
    QCheckBox *m_skipInvalid;
    QSpinBox *m_limit;
    QProgressBar *m_progress;
    QLabel *m_status;
    QPlainTextEdit *m_summary;
    QListWidget *m_references; // reference candidates, ticked to become relationships
    QPushButton *m_addFiles, *m_addFolder, *m_remove, *m_import, *m_cancel, *m_open;
    ImportWorker *m_worker = nullptr;
    std::optional<import::ImportResult> m_result;
};

} // namespace docshape::ui
