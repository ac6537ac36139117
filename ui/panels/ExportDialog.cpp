#include "panels/ExportDialog.h"

#include "Format.h"

#include "document/Document.h"
#include "panels/CodeHighlighter.h"

#include "export/types/ApplicationTypes.h"
#include "sample/SampleGenerator.h"
#include "PlainText.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFontDatabase>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QVBoxLayout>

#include <utility>

namespace docshape::ui::panels {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }

ExportDialog::Output outputOf(const std::string &path) {
    if (path.rfind("mongosh/", 0) == 0)
        return ExportDialog::Mongosh;
    if (path.rfind("validators/", 0) == 0)
        return ExportDialog::Validators;
    if (path.rfind("indexes/", 0) == 0)
        return ExportDialog::Indexes;
    return ExportDialog::Samples;
}

constexpr std::pair<ExportDialog::Output, TypesLanguage> kTypeOutputs[] = {
    {ExportDialog::TypeScript, TypesLanguage::TypeScript},
    {ExportDialog::Zod, TypesLanguage::Zod},
    {ExportDialog::Mongoose, TypesLanguage::Mongoose},
    {ExportDialog::Pydantic, TypesLanguage::Pydantic},
    {ExportDialog::Go, TypesLanguage::Go},
    {ExportDialog::Java, TypesLanguage::Java},
};
} // namespace

ExportDialog::ExportDialog(Document *document, QWidget *parent) : QDialog(parent), m_document(document) {
    setObjectName(QStringLiteral("exportDialog"));
    setWindowTitle(tr("Export — %1").arg(document->displayName()));

    auto *outputs = new QGroupBox(tr("Outputs"), this);
    auto *outputsLayout = new QVBoxLayout(outputs);
    const QString labels[OutputCount] = {tr("mongosh script"), tr("Validator JSON"), tr("Index JSON"),
                                         tr("Sample documents"), tr("TypeScript types"), tr("Zod schemas"),
                                         tr("Mongoose schemas"), tr("Pydantic models"), tr("Go structs"),
                                         tr("Java records")};
    for (int i = 0; i < OutputCount; ++i) {
        m_outputs[i] = new QCheckBox(labels[i], outputs);
        m_outputs[i]->setChecked(i < TypeScript);
        outputsLayout->addWidget(m_outputs[i]);
        connect(m_outputs[i], &QCheckBox::toggled, this, &ExportDialog::refresh);
    }
    m_outputs[Samples]->setToolTip(plainToolTip(tr("%1 typical documents per collection, seed %2, as docshape-cli sample prints them")
                                       .arg(kSampleCount)
                                       .arg(kSampleSeed)));
    m_outputs[TypeScript]->setToolTip(
        plainToolTip(tr("Interfaces per collection, the validator's bounds as comments (docshape-cli types --lang typescript)")));
    m_outputs[Zod]->setToolTip(
        plainToolTip(tr("Zod 3 schemas holding the validator's rules (docshape-cli types --lang zod)")));
    m_outputs[Mongoose]->setToolTip(
        plainToolTip(tr("Mongoose 8 schemas, the validator's rules as Mongoose validators (docshape-cli types --lang mongoose)")));
    m_outputs[Pydantic]->setToolTip(
        plainToolTip(tr("Pydantic 1.10 models holding the validator's rules (docshape-cli types --lang pydantic)")));
    m_outputs[Go]->setToolTip(plainToolTip(
        tr("Structs with bson tags for the Go driver, one package; the rules in comments (docshape-cli types --lang go)")));
    m_outputs[Java]->setToolTip(plainToolTip(
        tr("Java 17 records with Jakarta Bean Validation annotations, one package (docshape-cli types --lang java)")));
    m_list = new QListWidget(this);
    m_list->setObjectName(QStringLiteral("exportFiles"));
    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(0, 0, 0, 0);
    leftLayout->addWidget(outputs);
    leftLayout->addWidget(new QLabel(tr("Files"), left));
    leftLayout->addWidget(m_list, 1);

    m_preview = new QPlainTextEdit(this);
    m_preview->setObjectName(QStringLiteral("exportPreview"));
    m_preview->setReadOnly(true);
    m_preview->setLineWrapMode(QPlainTextEdit::NoWrap);
    m_preview->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    m_highlighter = new CodeHighlighter(m_preview->document(), CodeHighlighter::Language::JavaScript);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(left);
    splitter->addWidget(m_preview);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({240, 660});

    m_status = plainLabel(this);
    m_status->setWordWrap(true);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    QPushButton *copy = buttons->addButton(tr("&Copy"), QDialogButtonBox::ActionRole);
    copy->setObjectName(QStringLiteral("copyButton"));
    QPushButton *write = buttons->addButton(tr("&Write to Folder…"), QDialogButtonBox::ActionRole);
    write->setObjectName(QStringLiteral("writeButton"));

    auto *layout = new QVBoxLayout(this);
    layout->addWidget(splitter, 1);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(copy, &QPushButton::clicked, this, &ExportDialog::copyCurrent);
    connect(write, &QPushButton::clicked, this, &ExportDialog::chooseFolder);
    connect(m_list, &QListWidget::currentRowChanged, this, &ExportDialog::showCurrent);
    // Live while open: the preview always shows the current model.
    connect(document, &Document::changed, this, [this](const ChangeEvent &event) {
        if (event.affectsEstimates() && isVisible())
            refresh();
    });
    resize(1000, 640);
    refresh();
}

Result<std::vector<ExportFile>> ExportDialog::sampleFiles(const Analysis &analysis) {
    std::vector<ExportFile> out;
    for (const auto &collection : analysis.derived.collections) {
        SampleGenerator generator(collection, kSampleSeed);
        std::string text;
        for (int k = 0; k < kSampleCount; ++k) {
            auto doc = generator.next(SampleShape::Typical);
            if (!doc)
                return Error{collection.name, doc.error().toString()};
            text += doc->canonicalJson();
            text += '\n';
        }
        out.push_back({"samples/" + exportFileStem(collection.name) + ".json", std::move(text)});
    }
    return out;
}

void ExportDialog::refresh() {
    const QString keep = m_list->currentItem() ? m_list->currentItem()->text() : QString();
    m_files.clear();
    m_error.clear();
    auto all = exportAll(m_document->project());
    const bool nameless = m_document->project().name.empty();
    if (nameless) {
        // The scripts and the report are titled by the model's name.
        m_error = tr("Cannot export: the model has no name. Name it in File > Project Settings…");
    } else if (!all) {
        m_error = tr("Cannot export: %1").arg(qs(all.error().toString()));
    } else {
        for (auto &f : *all)
            if (m_outputs[outputOf(f.relativePath)]->isChecked())
                m_files.push_back(std::move(f));
    }
    if (m_outputs[Samples]->isChecked() && !nameless) {
        auto samples = sampleFiles(m_document->analysis());
        if (samples)
            for (auto &f : *samples)
                m_files.push_back(std::move(f));
        else if (m_error.isEmpty())
            m_error = tr("Cannot generate samples: %1").arg(qs(samples.error().toString()));
    }
    for (const auto &[output, language] : kTypeOutputs) {
        if (!m_outputs[output]->isChecked() || nameless)
            continue;
        auto types = applicationTypes(m_document->project(), language);
        if (!types) {
            if (m_error.isEmpty())
                m_error = tr("Cannot write the application types: %1").arg(qs(types.error().toString()));
            continue;
        }
        for (auto &f : *types) {
            f.relativePath = "types/" + std::string(toString(language)) + "/" + f.relativePath;
            m_files.push_back(std::move(f));
        }
    }
    const bool blocked = m_list->blockSignals(true);
    m_list->clear();
    for (const auto &f : m_files)
        m_list->addItem(qs(f.relativePath));
    m_list->blockSignals(blocked);
    if (!keep.isEmpty() && selectFile(keep))
        return;
    if (!m_files.empty())
        m_list->setCurrentRow(0);
    else
        showCurrent();
}

bool ExportDialog::selectFile(const QString &relativePath) {
    const auto found = m_list->findItems(relativePath, Qt::MatchExactly);
    if (found.isEmpty())
        return false;
    m_list->setCurrentItem(found.front());
    showCurrent();
    return true;
}

void ExportDialog::showCurrent() {
    const int row = m_list->currentRow();
    if (row < 0 || std::size_t(row) >= m_files.size()) {
        m_preview->setPlainText(m_error);
        m_status->setText(m_error.isEmpty() ? tr("Choose at least one output.") : m_error);
        return;
    }
    const ExportFile &f = m_files[std::size_t(row)];
    const QString name = qs(f.relativePath);
    const auto language = CodeHighlighter::languageOf(name);
    if (language != m_highlighter->language())
        m_highlighter->setLanguage(language);
    m_preview->setPlainText(QString::fromUtf8(f.content.data(), qsizetype(f.content.size())));
    m_status->setText(m_error.isEmpty() ? tr("%1: %2. %3 chosen.")
                                              .arg(name, formatExactBytes(double(f.content.size())),
                                                   formatCountOf(qsizetype(m_files.size()), tr("file"), tr("files")))
                                        : m_error);
}

void ExportDialog::copyCurrent() {
    const int row = m_list->currentRow();
    if (row < 0 || std::size_t(row) >= m_files.size())
        return;
    const std::string &content = m_files[std::size_t(row)].content;
    QApplication::clipboard()->setText(QString::fromUtf8(content.data(), qsizetype(content.size())));
    m_status->setText(tr("Copied %1 to the clipboard.").arg(m_list->currentItem()->text()));
}

QString ExportDialog::writeTo(const QString &directory) {
    if (m_files.empty())
        return m_error.isEmpty() ? tr("Nothing to write: choose at least one output.") : m_error;
    Status status = writeExport(m_files, QDir(directory).absolutePath().toStdString());
    if (!status)
        return qs(status.error().toString());
    m_status->setText(tr("Wrote %1 to %2.")
                          .arg(formatCountOf(qsizetype(m_files.size()), tr("file"), tr("files")),
                               QDir::toNativeSeparators(directory)));
    return {};
}

void ExportDialog::chooseFolder() {
    const QString dir = QFileDialog::getExistingDirectory(this, tr("Export to Folder"));
    if (dir.isEmpty())
        return;
    const QString error = writeTo(dir);
    if (!error.isEmpty())
        m_status->setText(tr("Not written: %1").arg(error));
}

} // namespace docshape::ui::panels
