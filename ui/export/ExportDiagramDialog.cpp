#include "export/ExportDiagramDialog.h"

#include "canvas/DocumentScene.h"
#include "document/Document.h"
#include "export/CollectionChooser.h"
#include "export/ExportChoices.h"

#include "io/AtomicFile.h"
#include "PlainText.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QVBoxLayout>

namespace docshape::ui::exporting {

namespace {
bool isSvg(const QString &path) { return path.endsWith(QLatin1String(".svg"), Qt::CaseInsensitive); }
bool isPng(const QString &path) { return path.endsWith(QLatin1String(".png"), Qt::CaseInsensitive); }
} // namespace

ExportDiagramDialog::ExportDiagramDialog(canvas::DocumentScene *scene, QWidget *parent)
    : QDialog(parent), m_scene(scene), m_choices(new ExportChoices(*scene->document(), QStringLiteral("exportDiagram"))) {
    setObjectName(QStringLiteral("exportDiagramDialog"));
    const Document &document = *scene->document();
    setWindowTitle(tr("Export Diagram — %1").arg(document.displayName()));

    m_collections = new CollectionChooser(document, this);
    m_collections->setObjectName(QStringLiteral("diagramCollections"));
    m_collections->choose(m_choices->value(QStringLiteral("collections")).toStringList());
    m_scale = new QDoubleSpinBox(this);
    m_scale->setObjectName(QStringLiteral("diagramScale"));
    m_scale->setRange(DiagramExport::kMinScale, DiagramExport::kMaxScale);
    m_scale->setDecimals(2);
    m_scale->setSingleStep(0.5);
    m_scale->setSuffix(tr(" × (PNG pixels per canvas unit)"));
    m_scale->setValue(m_choices->value(QStringLiteral("scale"), 2.0).toDouble());
    m_transparent = new QCheckBox(tr("Transparent background (else white)"), this);
    m_transparent->setObjectName(QStringLiteral("diagramTransparent"));
    m_transparent->setChecked(m_choices->value(QStringLiteral("transparent"), false).toBool());

    m_path = new QLineEdit(this);
    m_path->setObjectName(QStringLiteral("diagramPath"));
    const QString fallback = document.filePath().isEmpty()
                                 ? QDir::home().filePath(tr("diagram.svg"))
                                 : QFileInfo(document.filePath()).absoluteDir().filePath(
                                       QFileInfo(document.filePath()).completeBaseName() + QStringLiteral(".svg"));
    m_path->setText(m_choices->value(QStringLiteral("path"), fallback).toString());
    auto *browse = new QPushButton(tr("Browse…"), this);
    auto *pathRow = new QHBoxLayout;
    pathRow->addWidget(m_path, 1);
    pathRow->addWidget(browse);

    auto *form = new QFormLayout;
    form->addRow(tr("&Collections:"), m_collections);
    form->addRow(tr("&Scale:"), m_scale);
    form->addRow(QString(), m_transparent);
    auto *pathLabel = new QLabel(tr("&File (.svg or .png):"), this);
    pathLabel->setBuddy(m_path);
    form->addRow(pathLabel, pathRow);
    m_status = plainLabel(this);
    m_status->setWordWrap(true);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Close, this);
    m_buttons->button(QDialogButtonBox::Save)->setText(tr("&Export"));
    m_buttons->button(QDialogButtonBox::Save)->setObjectName(QStringLiteral("diagramExport"));
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(m_buttons);

    connect(browse, &QPushButton::clicked, this, &ExportDiagramDialog::browse);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_buttons, &QDialogButtonBox::accepted, this, [this] {
        const QString error = exportNow();
        if (error.isEmpty())
            accept();
        else
            warnPlain(this, tr("Export Diagram"), error);
    });
    connect(m_path, &QLineEdit::textChanged, this, &ExportDiagramDialog::updateButtons);
    connect(m_collections, &QListWidget::itemChanged, this, &ExportDiagramDialog::updateButtons);
    updateButtons();
}

ExportDiagramDialog::~ExportDiagramDialog() { delete m_choices; }

DiagramOptions ExportDiagramDialog::options() const {
    return {m_collections->chosenNames(), m_scale->value(), m_transparent->isChecked()};
}

QString ExportDiagramDialog::path() const { return m_path->text().trimmed(); }
void ExportDiagramDialog::setPath(const QString &path) { m_path->setText(path); }

void ExportDiagramDialog::updateButtons() {
    QString problem;
    if (m_collections->noneChosen())
        problem = tr("Choose at least one collection.");
    else if (!isSvg(path()) && !isPng(path()))
        problem = tr("The file name must end in .svg or .png.");
    m_status->setText(problem);
    m_scale->setEnabled(!isSvg(path()));
    m_buttons->button(QDialogButtonBox::Save)->setEnabled(problem.isEmpty());
}

void ExportDiagramDialog::browse() {
    const QString chosen =
        QFileDialog::getSaveFileName(this, tr("Export Diagram"), path(), tr("SVG (*.svg);;PNG image (*.png)"));
    if (!chosen.isEmpty())
        setPath(chosen);
}

QString ExportDiagramDialog::exportNow() {
    if (!m_status->text().isEmpty())
        return m_status->text();
    m_choices->setValue(QStringLiteral("collections"), m_collections->chosen());
    m_choices->setValue(QStringLiteral("scale"), m_scale->value());
    m_choices->setValue(QStringLiteral("transparent"), m_transparent->isChecked());
    m_choices->setValue(QStringLiteral("path"), path());
    const DiagramExport diagram(m_scene, options());
    auto bytes = isSvg(path()) ? diagram.svg() : diagram.png();
    if (!bytes)
        return QString::fromStdString(bytes.error().toString());
    if (Status written = io::writeFileAtomically(path().toStdString(),
                                                 std::string_view(bytes->constData(), std::size_t(bytes->size())));
        !written)
        return QString::fromStdString(written.error().toString());
    return {};
}

} // namespace docshape::ui::exporting
