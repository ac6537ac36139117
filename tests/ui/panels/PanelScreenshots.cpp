// Renders each panel on a bundled example to docs/screenshots/<panel>.png.
// Hidden ([.screenshots]): run it explicitly to refresh the committed shots.
//   QT_QPA_PLATFORM=offscreen ui_tests "[.screenshots]"
#include "support/TestPaths.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "document/Document.h"
#include "panels/AccessPatternTable.h"
#include "panels/AdviceSource.h"
#include "panels/ChartsPanel.h"
#include "panels/ExportDialog.h"
#include "panels/FindingsPanel.h"
#include "panels/PanelSetup.h"
#include "panels/ValidationPreview.h"
#include "panels/WorksheetView.h"

#include "advisor/Advisor.h"

#include <QComboBox>
#include <QDir>
#include <QDockWidget>
#include <QFileInfo>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTreeWidget>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

namespace {

QString shotPath(const char *name) {
    const QString dir = QString::fromStdString(test::sourceDir()) + QStringLiteral("/docs/screenshots");
    QDir().mkpath(dir);
    return dir + QLatin1Char('/') + QLatin1String(name) + QStringLiteral(".png");
}

void shoot(QWidget *widget, const char *name, QSize size = {1200, 460}) {
    widget->resize(size);
    widget->show();
    REQUIRE(QTest::qWaitForWindowExposed(widget));
    QTest::qWait(60);
    const QString path = shotPath(name);
    REQUIRE(widget->grab().toImage().save(path, "PNG"));
    CHECK(QFileInfo(path).size() < 300 * 1024);
}

} // namespace

TEST_CASE("screenshots of every panel", "[.screenshots]") {
    MainWindow window;
    window.resize(1600, 1000);
    REQUIRE(window.loadExample(QString::fromStdString(test::examplesDir() + "/order-aggregate.docshape")));
    Document *doc = window.document();
    PanelSetup *panels = PanelSetup::of(&window);

    // The whole studio with the access patterns showing and one selected.
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    panels->dockOf(panels->accessPatterns())->raise();
    panels->accessPatterns()->selectPattern(doc->project().accessPatterns.at(1).id);
    QTest::qWait(60);
    window.canvas()->fitToView();
    QTest::qWait(60);
    REQUIRE(window.grab().toImage().save(shotPath("studio"), "PNG"));

    // Each panel alone, on its own document view, at a readable size.
    AdviceSource *advice = panels->advice();
    AccessPatternTable patterns(advice);
    patterns.selectPattern(doc->project().accessPatterns.at(1).id);
    shoot(&patterns, "access-patterns", {1400, 420});

    // Findings and the worksheet on the example the advisor says most about.
    Document advised;
    std::size_t most = 0;
    const QDir examples(QString::fromStdString(test::examplesDir()));
    for (const QString &name : examples.entryList({QStringLiteral("*.docshape")})) {
        const QString example = examples.filePath(name);
        Document candidate;
        REQUIRE(candidate.load(example));
        const std::size_t n = lint(candidate.project(), candidate.analysis()).size();
        if (n > most) {
            most = n;
            REQUIRE(advised.load(example));
        }
    }
    AdviceSource advisedSource(&advised);
    FindingsPanel findings(&advisedSource);
    findings.list()->setCurrentItem(findings.list()->topLevelItem(0));
    shoot(&findings, "findings");

    // The worksheet of orders, with a stated size put far off on purpose so
    // that the shot shows a marked mismatch.
    Document stated;
    Project project = doc->project();
    for (auto &e : project.entities)
        if (e.stated.documentBytes)
            e.stated.documentBytes = *e.stated.documentBytes * 40;
    stated.reset(project, QString());
    AdviceSource statedSource(&stated);
    WorksheetView worksheet(&statedSource);
    worksheet.showCollection(QStringLiteral("orders"));
    shoot(&worksheet, "worksheet", {1000, 480});

    ChartsPanel charts(doc);
    charts.tabs()->setCurrentIndex(0);
    shoot(&charts, "chart-bytes", {1000, 460});
    charts.tabs()->setCurrentIndex(1);
    shoot(&charts, "chart-size-over-time", {1000, 460});
    charts.tabs()->setCurrentIndex(2);
    shoot(&charts, "chart-indexes", {1200, 460});

    ValidationPreview validation(doc);
    validation.setSource(ValidationPreview::Source::Broken);
    validation.run();
    shoot(&validation, "validation-preview", {1200, 420});

    ExportDialog dialog(doc);
    dialog.selectFile(QStringLiteral("mongosh/create.js"));
    shoot(&dialog, "export-dialog", {1100, 640});
}
