#include "panels/PanelSetup.h"

#include "MainWindow.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"
#include "indexes/IndexesPanel.h"
#include "panels/AccessPatternTable.h"
#include "panels/AdviceSource.h"
#include "panels/ChartsPanel.h"
#include "panels/ExportDialog.h"
#include "panels/FindingsPanel.h"
#include "panels/PatternHighlight.h"
#include "panels/ValidationPreview.h"
#include "panels/WorksheetView.h"

#include <QCheckBox>
#include <QDockWidget>
#include <QMenu>
#include <QMenuBar>
#include <QStatusBar>

namespace docshape::ui::panels {

PanelSetup *PanelSetup::install(MainWindow *window) { return new PanelSetup(window); }

PanelSetup *PanelSetup::of(const MainWindow *window) { return window->findChild<PanelSetup *>(); }

PanelSetup::PanelSetup(MainWindow *window) : QObject(window), m_window(window) {
    setObjectName(QStringLiteral("panelSetup"));
    Document *document = window->document();
    m_advice = new AdviceSource(document, this);
    m_findings = new FindingsPanel(m_advice, window);
    m_accessPatterns = new AccessPatternTable(m_advice, window);
    m_worksheet = new WorksheetView(m_advice, window);
    m_charts = new ChartsPanel(document, window);
    m_validation = new ValidationPreview(document, window);
    m_indexes = new indexes::IndexesPanel(m_advice, window);

    QDockWidget *findings = window->addPanel(m_findings, tr("Findings"));
    QDockWidget *patterns = window->addPanel(m_accessPatterns, tr("Access Patterns"));
    QDockWidget *indexDock = window->addPanel(m_indexes, tr("Indexes"));
    QDockWidget *worksheet = window->addPanel(m_worksheet, tr("Worksheet"));
    QDockWidget *charts = window->addPanel(m_charts, tr("Charts"));
    QDockWidget *validation = window->addPanel(m_validation, tr("Validation Preview"));
    window->tabifyDockWidget(findings, patterns);
    window->tabifyDockWidget(patterns, indexDock);
    window->tabifyDockWidget(indexDock, worksheet);
    window->tabifyDockWidget(worksheet, charts);
    window->tabifyDockWidget(charts, validation);
    findings->raise();

    QMenu *tools = window->menuBar()->addMenu(tr("&Tools"));
    QAction *exportAction = tools->addAction(tr("&Export…"), this, &PanelSetup::showExportDialog);
    exportAction->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E));
    exportAction->setObjectName(QStringLiteral("exportAction"));
    tools->addAction(tr("&Validate Documents…"), this, [validation] {
        validation->show();
        validation->raise();
    });

    connect(m_findings, &FindingsPanel::activate, window, &MainWindow::selectObject);
    connect(m_findings, &FindingsPanel::activateAccessPattern, this, [this, patterns](const std::string &id) {
        patterns->show();
        patterns->raise();
        m_accessPatterns->selectPattern(id);
    });
    auto refused = [window](const QString &message) {
        window->statusBar()->showMessage(tr("Refused: %1").arg(message), 8000);
    };
    connect(m_indexes, &indexes::IndexesPanel::editRefused, window, refused);
    // A suggested index created from the table or a finding: show it.
    auto showIndex = [this, indexDock](const std::string &indexId) {
        indexDock->show();
        indexDock->raise();
        m_indexes->selectIndex(indexId);
    };
    connect(m_accessPatterns, &AccessPatternTable::indexCreated, this, showIndex);
    connect(m_findings, &FindingsPanel::indexCreated, this, showIndex);
    connect(m_findings, &FindingsPanel::editRefused, window, refused);
    connect(m_accessPatterns, &AccessPatternTable::highlightEntities, this, &PanelSetup::highlight);
    connect(m_accessPatterns, &AccessPatternTable::editRefused, window,
            [window](const QString &message) { window->statusBar()->showMessage(tr("Refused: %1").arg(message), 8000); });
    // Cards may be rebuilt or moved by any edit: outline them again.
    connect(document, &Document::changed, this, [this] {
        if (!m_highlighted.empty())
            drawHighlight();
    });
    connect(window, &MainWindow::currentObjectChanged, this, [this, document](const ObjectRef &object) {
        if (!m_highlighted.empty() && object != ObjectRef::entity(m_highlighted.front()))
            clearHighlight();
        std::string entityId;
        if (object.kind == ObjectRef::Kind::Entity)
            entityId = object.id;
        else if (object.kind == ObjectRef::Kind::Field)
            if (const Entity *e = document->entityOfField(object.id))
                entityId = e->id;
        if (entityId.empty())
            return;
        m_accessPatterns->setContextEntity(entityId);
        m_indexes->setContextEntity(entityId);
        if (const CollectionStat *stat = document->collectionStatOf(entityId)) {
            m_worksheet->showCollection(QString::fromStdString(stat->name));
            m_validation->setCollection(QString::fromStdString(stat->name));
        }
    });
}

QDockWidget *PanelSetup::dockOf(QWidget *panel) const {
    return panel ? qobject_cast<QDockWidget *>(panel->parentWidget()) : nullptr;
}

void PanelSetup::highlight(const std::vector<std::string> &entityIds) {
    if (entityIds.empty())
        return;
    // The scene has one current object and no highlight of its own: the
    // pattern's entity becomes current (the inspector follows) and every
    // collection the pattern touches gets an outline.
    m_highlighted = entityIds;
    m_window->selectObject(ObjectRef::entity(entityIds.front()));
    drawHighlight();
}

void PanelSetup::drawHighlight() {
    canvas::DocumentScene *scene = m_window->scene();
    QList<QRectF> rects;
    for (const auto &id : m_highlighted)
        if (canvas::EntityItem *card = scene->cardOf(id))
            rects << card->sceneBoundingRect();
    if (!m_outline) {
        m_outline = new PatternHighlight;
        scene->addItem(m_outline);
    }
    m_outline->setRects(rects);
}

void PanelSetup::clearHighlight() {
    m_highlighted.clear();
    if (m_outline)
        m_outline->setRects({});
}

ExportDialog *PanelSetup::exportDialog() {
    if (!m_export)
        m_export = new ExportDialog(m_window->document(), m_window);
    return m_export;
}

void PanelSetup::showExportDialog() {
    ExportDialog *dialog = exportDialog();
    dialog->refresh();
    dialog->show();
    dialog->raise();
    dialog->activateWindow();
}

void PanelSetup::showTypesExport() {
    ExportDialog *dialog = exportDialog();
    for (auto output : {ExportDialog::Mongosh, ExportDialog::Validators, ExportDialog::Indexes, ExportDialog::Samples})
        dialog->outputBox(output)->setChecked(false);
    bool any = false;
    for (int output = ExportDialog::TypeScript; output < ExportDialog::OutputCount; ++output)
        any = any || dialog->outputBox(static_cast<ExportDialog::Output>(output))->isChecked();
    if (!any)
        dialog->outputBox(ExportDialog::Zod)->setChecked(true);
    showExportDialog();
}

} // namespace docshape::ui::panels
