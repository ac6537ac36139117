#include "import/ImportDialog.h"

#include "Format.h"
#include "import/ImportWorker.h"
#include "import/ReferenceConfirmation.h"
#include "PlainText.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSpinBox>
#include <QVBoxLayout>

namespace docshape::ui {

namespace {

QString grouped(std::uint64_t n) { return QString::fromStdString(import::groupedNumber(n)); }

} // namespace

ImportDialog::ImportDialog(QWidget *parent) : QDialog(parent) {
    setWindowTitle(tr("Import Data"));
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(new QLabel(tr("mongoexport files (.json, .jsonl, .ndjson), mongodump files (.bson with its "
                                    ".metadata.json) or dump folders; gzip-compressed or not. Every document is read."),
                                 this));
    m_inputs = new QListWidget(this);
    m_inputs->setSelectionMode(QAbstractItemView::ExtendedSelection);
    m_inputs->setMaximumHeight(110);
    layout->addWidget(m_inputs);
    auto *inputButtons = new QHBoxLayout;
    m_addFiles = new QPushButton(tr("Add &Files…"), this);
    m_addFolder = new QPushButton(tr("Add Fol&der…"), this);
    m_remove = new QPushButton(tr("&Remove"), this);
    inputButtons->addWidget(m_addFiles);
    inputButtons->addWidget(m_addFolder);
    inputButtons->addWidget(m_remove);
    inputButtons->addStretch();
    layout->addLayout(inputButtons);

    auto *options = new QFormLayout;
    m_skipInvalid = new QCheckBox(tr("Skip invalid documents and count them (otherwise the first one stops the import)"), this);
    options->addRow(m_skipInvalid);
    m_limit = new QSpinBox(this);
    m_limit->setRange(0, 2000000000);
    m_limit->setSpecialValueText(tr("all"));
    m_limit->setSuffix(tr(" documents"));
    options->addRow(tr("Read per collection:"), m_limit);
    layout->addLayout(options);

    m_progress = new QProgressBar(this);
    m_progress->setRange(0, 1000);
    m_progress->setValue(0);
    m_progress->setTextVisible(true);
    m_progress->setFormat(QString());
    layout->addWidget(m_progress);
    m_status = plainLabel(this);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_status);
    m_summary = new QPlainTextEdit(this);
    m_summary->setReadOnly(true);
    m_summary->setPlaceholderText(tr("What was read and inferred appears here."));
    m_summary->setLineWrapMode(QPlainTextEdit::NoWrap);
    layout->addWidget(m_summary, 1);
    layout->addWidget(new QLabel(tr("Reference candidates: tick those to open as relationships"), this));
    m_references = new QListWidget(this);
    m_references->setMaximumHeight(90);
    layout->addWidget(m_references);

    auto *buttons = new QDialogButtonBox(this);
    m_import = buttons->addButton(tr("&Import"), QDialogButtonBox::ActionRole);
    m_open = buttons->addButton(tr("&Open Model"), QDialogButtonBox::AcceptRole);
    m_cancel = buttons->addButton(QDialogButtonBox::Cancel);
    layout->addWidget(buttons);
    m_import->setDefault(true);

    connect(m_addFiles, &QPushButton::clicked, this, [this] {
        addInputs(QFileDialog::getOpenFileNames(
            this, tr("Add Files"), QString(),
            tr("Exports and dumps (*.json *.jsonl *.ndjson *.bson *.gz);;All files (*)")));
    });
    connect(m_addFolder, &QPushButton::clicked, this, [this] {
        const QString dir = QFileDialog::getExistingDirectory(this, tr("Add Folder"));
        if (!dir.isEmpty())
            addInputs({dir});
    });
    connect(m_remove, &QPushButton::clicked, this, [this] {
        qDeleteAll(m_inputs->selectedItems());
        updateButtons();
    });
    connect(m_inputs, &QListWidget::itemSelectionChanged, this, &ImportDialog::updateButtons);
    connect(m_import, &QPushButton::clicked, this, &ImportDialog::start);
    connect(m_open, &QPushButton::clicked, this, &ImportDialog::confirmAndAccept);
    connect(m_cancel, &QPushButton::clicked, this, &ImportDialog::reject);
    resize(720, 560);
    updateButtons();
}

ImportDialog::~ImportDialog() {
    if (m_worker) {
        m_worker->requestCancel();
        m_worker->wait();
    }
}

void ImportDialog::addInputs(const QStringList &paths) {
    for (const QString &p : paths)
        if (m_inputs->findItems(p, Qt::MatchExactly).isEmpty())
            m_inputs->addItem(p);
    updateButtons();
}

std::optional<import::ImportResult> ImportDialog::takeResult() { return std::exchange(m_result, std::nullopt); }

void ImportDialog::updateButtons() {
    const bool idle = m_worker == nullptr;
    m_addFiles->setEnabled(idle);
    m_addFolder->setEnabled(idle);
    m_remove->setEnabled(idle && !m_inputs->selectedItems().isEmpty());
    m_skipInvalid->setEnabled(idle);
    m_limit->setEnabled(idle);
    m_import->setEnabled(idle && m_inputs->count() > 0);
    m_open->setEnabled(idle && m_result.has_value());
    m_cancel->setText(idle ? tr("Close") : tr("Cancel"));
}

void ImportDialog::start() {
    if (m_worker || m_inputs->count() == 0)
        return;
    QStringList paths;
    for (int i = 0; i < m_inputs->count(); ++i)
        paths << m_inputs->item(i)->text();
    import::ImportOptions options;
    options.skipInvalid = m_skipInvalid->isChecked();
    options.limit = std::uint64_t(m_limit->value());
    m_result.reset();
    m_summary->clear();
    m_references->clear();
    m_progress->setValue(0);
    m_progress->setFormat(QStringLiteral("%p%"));
    m_status->setText(tr("Starting…"));
    m_worker = new ImportWorker(paths, options, this);
    connect(m_worker, &ImportWorker::progressed, this, &ImportDialog::showProgress);
    connect(m_worker, &QThread::finished, this, &ImportDialog::finish);
    updateButtons();
    m_worker->start();
}

void ImportDialog::showProgress(quint64 bytesRead, quint64 totalBytes, quint64 documents, double seconds,
                                const QString &file) {
    if (!m_worker)
        return;
    const QLocale locale;
    QString text = totalBytes ? tr("%1 of %2").arg(formatBytes(double(bytesRead)), formatBytes(double(totalBytes)))
                              : formatBytes(double(bytesRead));
    text += tr(" · %1 documents").arg(grouped(documents));
    if (seconds > 0) {
        text += tr(" · %1 documents/s").arg(grouped(std::uint64_t(double(documents) / seconds)));
        if (totalBytes && bytesRead > 0 && bytesRead < totalBytes) {
            const double left = seconds * double(totalBytes - bytesRead) / double(bytesRead);
            text += tr(" · about %1 s left").arg(locale.toString(left, 'f', left < 10 ? 1 : 0));
        }
    }
    text += QStringLiteral(" · ") + file;
    m_status->setText(text);
    if (totalBytes)
        m_progress->setValue(int(1000.0 * double(bytesRead) / double(totalBytes)));
    else
        m_progress->setRange(0, 0); // busy: standard input has no size
}

void ImportDialog::finish() {
    ImportWorker *worker = std::exchange(m_worker, nullptr);
    const bool ok = worker->result().has_value();
    if (ok) {
        m_result = std::move(worker->result());
        m_progress->setRange(0, 1000);
        m_progress->setValue(1000);
        m_summary->setPlainText(QString::fromStdString(m_result->summary.text()));
        for (const auto &r : m_result->summary.references) {
            // The target's true field (a unique key need not be its _id)
            // and the evidence, worded as the summary words it.
            auto *item = new QListWidgetItem(
                QString::fromStdString(r.text()).replace(QStringLiteral(" -> "), QStringLiteral(" → ")), m_references);
            if (import::canConfirm(m_result->project, r)) {
                item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
                item->setCheckState(Qt::Unchecked);
            } else {
                item->setFlags(Qt::NoItemFlags);
                const QString why =
                    r.path.find('.') != std::string::npos
                        ? tr("A nested path: a relationship names a top-level field")
                    : r.array ? tr("An array of references: a relationship holds one key a field")
                    : r.targetPath != "_id"
                        ? tr("The target is %1, not its _id: a relationship refers to the parent's _id")
                              .arg(QString::fromStdString(r.target + "." + r.targetPath))
                        : tr("The field is not in the imported model");
                item->setToolTip(plainToolTip(why + tr(", so this stays a proposal in the field's description.")));
            }
        }
        m_status->setText(tr("Done: %1 documents in %2 s. Open Model opens it as a new model.")
                              .arg(grouped(m_result->summary.documents))
                              .arg(QLocale().toString(m_result->summary.seconds, 'f', 2)));
    } else {
        m_progress->setValue(0);
        m_progress->setFormat(QString());
        m_status->setText(worker->error().endsWith(QStringLiteral("cancelled"))
                              ? tr("Cancelled: nothing was imported.")
                              : tr("The import stopped: nothing was imported."));
        m_summary->setPlainText(worker->error());
    }
    worker->deleteLater();
    updateButtons();
    if (ok)
        m_open->setFocus();
    emit importFinished(ok);
}

void ImportDialog::confirmAndAccept() {
    if (!m_result)
        return;
    for (int i = 0; i < m_references->count(); ++i)
        if (m_references->item(i)->checkState() == Qt::Checked)
            if (Status s = import::confirmReference(m_result->project, m_result->summary.references[std::size_t(i)]);
                !s) {
                m_status->setText(QString::fromStdString(s.error().toString()));
                return;
            }
    accept();
}

void ImportDialog::reject() {
    if (m_worker) {
        m_worker->requestCancel();
        m_status->setText(tr("Cancelling…"));
        return;
    }
    QDialog::reject();
}

} // namespace docshape::ui
