// The worksheet marks where the model disagrees with what was stated; the
// charts carry exact values, units and assumptions, and follow edits.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "document/Document.h"
#include "panels/AdviceSource.h"
#include "panels/ChartsPanel.h"
#include "panels/WorksheetView.h"

#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QHorizontalStackedBarSeries>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

TEST_CASE("the worksheet shows derived beside stated and marks mismatches live", "[ui][panels][worksheet]") {
    Project p = test::makeOrderModel();
    p.entities[0].stated.documentBytes = 500000; // the Order estimate is well under 100 bytes
    p.entities[0].stated.atomicUpdateBoundary = "one order";
    Document doc;
    doc.reset(p, QString());
    AdviceSource source(&doc);
    WorksheetView view(&source);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.showCollection(QStringLiteral("Order"));
    REQUIRE(view.collectionChooser()->currentText() == QStringLiteral("Order"));
    REQUIRE(view.table()->rowCount() == 11); // the rows of lesson-135
    CHECK(view.mismatchedRows() == QStringList{QStringLiteral("Expected document size")});
    // The size is computed from the model, not estimated: exact bytes, and
    // the exact figures in the tooltip.
    for (int r = 0; r < view.table()->rowCount(); ++r) {
        if (view.table()->item(r, WorksheetView::Row)->text() != QStringLiteral("Expected document size"))
            continue;
        const QTableWidgetItem *derived = view.table()->item(r, WorksheetView::Derived);
        CHECK_FALSE(derived->text().contains(QStringLiteral("estimate")));
        CHECK(derived->text().contains(QStringLiteral(" bytes")));
        CHECK(view.table()->item(r, WorksheetView::Stated)->text() == QStringLiteral("500,000 bytes"));
        CHECK(derived->toolTip().contains(QStringLiteral("stated: 500,000 bytes")));
    }
    // The stated value sits beside the derived one.
    bool statedShown = false;
    for (int r = 0; r < view.table()->rowCount(); ++r)
        statedShown = statedShown || view.table()->item(r, WorksheetView::Stated)->text() == QStringLiteral("one order");
    CHECK(statedShown);

    // State what the model says: the mark goes away at once.
    Entity e = *doc.project().findEntity("e1");
    e.stated.documentBytes = doc.analysis().collections.front().avgDocumentBytes;
    REQUIRE(doc.changeEntity(e, QStringLiteral("State size")));
    CHECK(view.collectionChooser()->currentText() == QStringLiteral("Order"));
    CHECK(view.mismatchedRows().isEmpty());
    doc.undoStack()->undo();
    CHECK(view.mismatchedRows().size() == 1);
}

TEST_CASE("the byte breakdown names a polymorphic collection's variants", "[ui][panels][charts]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/saas-multitenant.docshape")));
    ChartsPanel charts(&doc);
    charts.refreshAll();
    auto *series = qobject_cast<QHorizontalStackedBarSeries *>(
        charts.chartView(ChartsPanel::Breakdown)->chart()->series().value(0));
    REQUIRE(series);
    QStringList labels;
    for (QBarSet *set : series->barSets())
        labels << set->label();
    CHECK(labels.contains(QStringLiteral("(type variants)")));
    CHECK(labels.contains(QStringLiteral("type")));
    CHECK(charts.tooltips(ChartsPanel::Breakdown).filter(QStringLiteral("notifications.(type variants): ")).size() == 1);
}

TEST_CASE("every bar and point of the charts has its exact value, unit and assumptions", "[ui][panels][charts]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/author-posts.docshape")));
    ChartsPanel charts(&doc);
    charts.refreshAll();
    const Analysis &a = doc.analysis();

    std::size_t fields = 0, indexes = 0;
    for (const auto &c : a.collections) {
        fields += c.breakdown.size();
        indexes += c.indexes.size();
    }
    const QStringList bars = charts.tooltips(ChartsPanel::Breakdown);
    CHECK(std::size_t(bars.size()) == fields);
    // BSON sizes computed from the model are exact, and say so.
    for (const QString &tip : bars) {
        CHECK(tip.contains(QStringLiteral(" bytes")));
        CHECK(tip.contains(QStringLiteral("Exact BSON arithmetic")));
        CHECK_FALSE(tip.contains(QStringLiteral("estimate")));
    }
    // The stacked bar of the first collection adds up to its breakdown.
    auto *series = qobject_cast<QHorizontalStackedBarSeries *>(
        charts.chartView(ChartsPanel::Breakdown)->chart()->series().value(0));
    REQUIRE(series);
    const int row = int(a.collections.size()) - 1; // first collection on top
    double sum = 0, expected = 0;
    for (QBarSet *set : series->barSets())
        sum += set->at(row);
    for (const auto &fb : a.collections.front().breakdown)
        expected += fb.avgBytes;
    CHECK(sum == Approx(expected));

    const QStringList points = charts.tooltips(ChartsPanel::SizeOverTime);
    CHECK(points.size() == 2 * 25 + 2);
    CHECK(points.filter(QStringLiteral("100 KB practical target")).size() == 1);
    CHECK(points.filter(QStringLiteral("100 KB practical target: 100,000 bytes")).size() == 1);
    CHECK(points.filter(QStringLiteral("16 MiB BSON limit: 16.0 MiB (16,777,216 bytes)")).size() == 1);
    // Growth is a projection: an estimate, and labelled one.
    for (const QString &tip : points.mid(0, 50)) {
        CHECK(tip.contains(QStringLiteral(" bytes")));
        CHECK(tip.contains(QStringLiteral("estimate")));
    }

    CHECK(std::size_t(charts.tooltips(ChartsPanel::IndexEntries).size()) == indexes);
    for (const QString &tip : charts.tooltips(ChartsPanel::IndexSize)) {
        CHECK(tip.contains(QStringLiteral(" bytes")));
        CHECK(tip.contains(QStringLiteral("estimate")));
    }
}

TEST_CASE("the shown chart follows edits", "[ui][panels][charts]") {
    Document doc;
    doc.reset(test::makeOrderModel(), QString());
    ChartsPanel charts(&doc);
    charts.resize(900, 400);
    charts.show();
    REQUIRE(QTest::qWaitForWindowExposed(&charts));
    charts.tabs()->setCurrentIndex(2);
    const QStringList before = charts.tooltips(ChartsPanel::IndexEntries);
    REQUIRE(before.filter(QStringLiteral("Order · _id_: 1,000 index entries")).size() == 1);
    Entity e = *doc.project().findEntity("e1");
    e.count = 2500;
    REQUIRE(doc.changeEntity(e, QStringLiteral("More orders")));
    CHECK(charts.tooltips(ChartsPanel::IndexEntries)
              .filter(QStringLiteral("Order · _id_: 2,500 index entries"))
              .size() == 1);
}
