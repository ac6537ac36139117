// How long the panels take to follow an edit, on every bundled example.
// Hidden ([.timing]): run it explicitly, it prints a table of figures.
//   ui_tests "[.timing]"
#include "MainWindow.h"
#include "document/Document.h"
#include "panels/AccessPatternTable.h"
#include "panels/AdviceSource.h"
#include "panels/ChartsPanel.h"
#include "panels/PanelSetup.h"
#include "panels/ValidationPreview.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QTest>
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

namespace {
double ms(const QElapsedTimer &t) { return double(t.nsecsElapsed()) / 1e6; }
double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
double maximum(const std::vector<double> &v) { return *std::max_element(v.begin(), v.end()); }
} // namespace

TEST_CASE("panels follow an edit within a frame on every example", "[.timing]") {
    constexpr int kEdits = 21;
    std::printf("%-20s %6s %6s | %8s %8s %8s %8s | %8s %8s\n", "example", "colls", "pats", "advice", "advice+", "charts",
                "valid.", "panels", "edit");
    std::printf("%-20s %6s %6s | %8s %8s %8s %8s | %8s %8s\n", "", "", "", "med ms", "med ms", "med ms", "med ms",
                "med/max", "med ms");
    for (const QString &example : MainWindow::exampleFiles()) {
        MainWindow window;
        window.resize(1600, 1000);
        window.show();
        REQUIRE(QTest::qWaitForWindowExposed(&window));
        REQUIRE(window.loadExample(example));
        PanelSetup *panels = PanelSetup::of(&window);
        Document *doc = window.document();
        // The validation preview has run once, so it re-runs on every edit.
        panels->validation()->setSource(ValidationPreview::Source::Broken);
        panels->validation()->run();
        const std::string root = doc->analysis().collections.front().rootEntityId;

        QElapsedTimer validationTimer;
        std::vector<double> advice, adviceAll, charts, validation, panelsTotal, edit;
        for (int i = 0; i < kEdits; ++i) {
            Entity e = *doc->project().findEntity(root);
            e.count = e.count * (i % 2 == 0 ? 1.5 : 1 / 1.5);
            QElapsedTimer t;
            t.start();
            REQUIRE(doc->changeEntity(e, QStringLiteral("timing")));
            edit.push_back(ms(t));
            advice.push_back(panels->advice()->lastAdviceMs());
            adviceAll.push_back(panels->advice()->lastRefreshMs());
            // Every chart, as if all three tabs were on screen at once.
            t.restart();
            panels->charts()->refreshAll();
            charts.push_back(ms(t));
            validationTimer.start();
            panels->validation()->run();
            validation.push_back(ms(validationTimer));
            panelsTotal.push_back(adviceAll.back() + charts.back() + validation.back());
        }
        std::printf("%-20s %6zu %6zu | %8.2f %8.2f %8.2f %8.2f | %4.1f/%4.1f %8.2f\n",
                    qPrintable(QFileInfo(example).completeBaseName()), doc->analysis().collections.size(),
                    doc->project().accessPatterns.size(), median(advice), median(adviceAll), median(charts),
                    median(validation), median(panelsTotal), maximum(panelsTotal), median(edit));
        // One frame at 60 Hz; generous for a loaded CI machine.
        CHECK(median(panelsTotal) < 16.7 * 3);
    }
    std::fflush(stdout);
}
