#include "export/ExportReportDialog.h"

#include "canvas/DocumentScene.h"
#include "document/Document.h"
#include "export/CollectionChooser.h"
#include "export/ExportChoices.h"
#include "export/ReportExport.h"

#include "io/AtomicFile.h"
#include "PlainText.h"

#include <QCheckBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QProgressDialog>
#include <QPushButton>
#include <QVBoxLayout>

namespace docshape::ui::exporting {

ExportReportDialog::ExportReportDialog(canvas::DocumentScene *scene, QWidget *parent)
    : QDialog(parent), m_scene(scene), m_choices(new ExportChoices(*scene->document(), QStringLiteral("exportReport"))) {
    setObjectName(QStringLiteral("exportReportDialog"));
    const Document &document = *scene->document();
    setWindowTitle(tr("Export Report — %1").arg(document.displayName()));
    const QString name = QString::fromStdString(document.project().name);

    m_title = new QLineEdit(this);
    m_title->setObjectName(QStringLiteral("reportTitle"));
    m_title->setPlaceholderText(tr("Design review: %1").arg(name));
    m_title->setText(m_choices->value(QStringLiteral("title")).toString());
    m_author = new QLineEdit(this);
    m_author->setObjectName(QStringLiteral("reportAuthor"));
    m_author->setText(m_choices->value(QStringLiteral("author")).toString());
    m_date = new QDateEdit(QDate::currentDate(), this);
    m_date->setObjectName(QStringLiteral("reportDate"));
    m_date->setDisplayFormat(QStringLiteral("yyyy-MM-dd"));
    m_date->setCalendarPopup(true);
    m_collections = new CollectionChooser(document, this);
    m_collections->setObjectName(QStringLiteral("reportCollections"));
    m_collections->choose(m_choices->value(QStringLiteral("collections")).toStringList());
    m_appendices = new QCheckBox(tr("Appendices: the exported validators and index definitions"), this);
    m_appendices->setObjectName(QStringLiteral("reportAppendices"));
    m_appendices->setChecked(m_choices->value(QStringLiteral("appendices"), true).toBool());

    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("reportPath"));
    QString fallback = document.filePath().isEmpty()
                           ? QDir::home().filePath(tr("design-review.pdf"))
                           : QFileInfo(document.filePath()).absoluteDir().filePath(
                                 QFileInfo(document.filePath()).completeBaseName() + QStringLiteral("-review.pdf"));
    m_path->setText(m_choices->value(QStringLiteral("path"), fallback).toString());
    auto *browse = new QPushButton(tr("Browse…"), this);
    browse->setObjectName(QStringLiteral("reportBrowse"));
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    auto *form = new QFormLayout;
    form->addRow(tr("&Title:"), m_title);
    form->addRow(tr("&Author:"), m_author);
    form->addRow(tr("&Date:"), m_date);
    form->addRow(tr("&Collections:"), m_collections);
    form->addRow(QString(), m_appendices);
    auto *pathLabel = new QLabel(tr("&File (.html or .pdf):"), this);
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);

    m_status = plainLabel(this);
    m_status->setObjectName(QStringLiteral("reportStatus"));
    m_status->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Close, this);
    m_buttons->button(QDialogButtonBox::Save)->setText(tr("&Export"));
    m_buttons->button(QDialogButtonBox::Save)->setObjectName(QStringLiteral("reportExport"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(browse, &QPushButton::clicked, this, &ExportReportDialog::browse);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        const QString error = exportNow();
        if (error.isEmpty())
            accept();
        else if (error != tr("Cancelled."))
            warnPlain(this, tr("Export Report"), error);
    });
    connect(m_path, &QLineEdit::textChanged, this, &ExportReportDialog::updateButtons);
    connect(m_collections, &QListWidget::itemChanged, this, &ExportReportDialog::updateButtons);
    updateButtons();
    resize(560, sizeHint().height());
}

ExportReportDialog::~ExportReportDialog() { delete m_choices; }

report::ReportOptions ExportReportDialog::options() const {
    report::ReportOptions o;
    o.title = m_title->text().trimmed().toStdString();
    o.author = m_author->text().trimmed().toStdString();
    o.date = m_date->date().toString(Qt::ISODate).toStdString();
    o.collections = m_collections->chosenNames();
    o.appendices = m_appendices->isChecked();
    return o;
}

QString ExportReportDialog::path() const { return m_path->text().trimmed(); }
void ExportReportDialog::setPath(const QString &path) { m_path->setText(path); }

void ExportReportDialog::updateButtons() {
    QString problem;
    if (m_collections->noneChosen())
        problem = tr("Choose at least one collection.");
    else if (!reportFormatOf(path().toStdString()))
        problem = tr("The file name must end in .html or .pdf.");
    m_status->setText(problem);
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(problem.isEmpty());
}

void ExportReportDialog::browse() {
    const QString chosen = QFileDialog::getSaveFileName(this, tr("Export Report"), path(),
                                                        tr("PDF (*.pdf);;HTML, one file (*.html)"));
    if (!chosen.isEmpty())
        setPath(chosen);
}

void ExportReportDialog::remember() {
    m_choices->setValue(QStringLiteral("title"), m_title->text());
    m_choices->setValue(QStringLiteral("author"), m_author->text());
    m_choices->setValue(QStringLiteral("collections"), m_collections->chosen());
    m_choices->setValue(QStringLiteral("appendices"), m_appendices->isChecked());
    m_choices->setValue(QStringLiteral("path"), path());
}

QString ExportReportDialog::exportNow() {
    m_error.clear();
    const auto format = reportFormatOf(path().toStdString());
    if (!format || m_collections->noneChosen()) {
        updateButtons();
        return m_error = m_status->text();
    }
    remember();
    QProgressDialog progress(tr("Making the report…"), tr("Cancel"), 0, 100, this);
    progress.setWindowModality(Qt::WindowModal);
    progress.setMinimumDuration(300);
    const report::Progress onProgress = [&progress](std::size_t done, std::size_t total) {
        progress.setValue(total ? int(100 * done / total) : 0);
        return !progress.wasCanceled();
    };
    auto bytes = makeReport(m_scene, options(), *format, onProgress);
    progress.reset();
    if (!bytes)
        return m_error = bytes.error().message == "cancelled" ? tr("Cancelled.")
                                                              : QString::fromStdString(bytes.error().toString());
    if (Status written = io::writeFileAtomically(path().toStdString(), *bytes); !written)
        return m_error = QString::fromStdString(written.error().toString());
    return {};
}

} // namespace docshape::ui::exporting
