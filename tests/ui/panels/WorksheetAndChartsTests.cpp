// The worksheet marks where the model disagrees with what was stated; the
// charts carry exact values, units and assumptions, follow edits, keep to
// the dock they are given and stay readable at hundreds of collections.
#include "support/ModelBuilders.h"
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "panels/AdviceSource.h"
#include "panels/ChartsPanel.h"
#include "panels/FindingsPanel.h"
#include "panels/PanelSetup.h"
#include "panels/WorksheetView.h"

#include "util/Units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QDockWidget>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QScrollArea>
#include <QTabBar>
#include <QTabWidget>
#include <QTableWidget>
#include <QTest>
#include <catch2/catch.hpp>

#include <numeric>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

namespace {

// `count` collections of different sizes, as a large project has them:
// collection i has 1 + i % 7 string fields of 8 + 37 i mod 300 bytes on
// average. Collection 0 has a long name.
Project manyCollections(int count) {
    Project p;
    p.name = "many collections";
    for (int i = 0; i < count; ++i) {
        const std::string n = std::to_string(i);
        Entity e = test::entity("e" + n, i == 0 ? "CustomerLoyaltyProgrammeMembershipTierHistorySnapshot" : "Coll" + n,
                                1000);
        e.position = {double(i % 20) * 300, double(i / 20) * 200};
        for (int k = 0; k <= i % 7; ++k)
            e.fields.push_back(test::stringField("f" + n + "_" + std::to_string(k), "field" + std::to_string(k),
                                                 8 + (37 * i) % 300, 400));
        p.entities.push_back(std::move(e));
    }
    return p;
}

QHorizontalStackedBarSeries *breakdownSeries(const ChartsPanel &charts) {
    return qobject_cast<QHorizontalStackedBarSeries *>(
        charts.chartView(ChartsPanel::Breakdown)->chart()->series().value(0));
}

QBarCategoryAxis *categoryAxis(const ChartsPanel &charts, ChartsPanel::Chart chart) {
    return qobject_cast<QBarCategoryAxis *>(charts.chartView(chart)->chart()->axes(Qt::Vertical).value(0));
}

// What the breakdown draws in all, over every bar.
double barTotal(const QHorizontalStackedBarSeries *series) {
    double sum = 0;
    for (const QBarSet *set : series->barSets())
        for (int i = 0; i < set->count(); ++i)
            sum += set->at(i);
    return sum;
}

double breakdownTotal(const CollectionStat &stat) {
    return std::accumulate(stat.breakdown.begin(), stat.breakdown.end(), 0.0,
                           [](double sum, const FieldBytes &fb) { return sum + fb.avgBytes; });
}

void clickTab(QTabBar *bar, const QString &text) {
    for (int i = 0; i < bar->count(); ++i)
        if (bar->tabText(i) == text) {
            QTest::mouseClick(bar, Qt::LeftButton, {}, bar->tabRect(i).center());
            return;
        }
    FAIL("no tab " << text.toStdString());
}

// The tab bar QMainWindow made for the tabified bottom docks.
QTabBar *dockTabs(MainWindow &window) {
    for (QTabBar *bar : window.findChildren<QTabBar *>())
        for (int i = 0; i < bar->count(); ++i)
            if (bar->tabText(i) == QStringLiteral("Charts") && bar->isVisible())
                return bar;
    return nullptr;
}

} // namespace

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
    auto *series = breakdownSeries(charts);
    REQUIRE(series);
    const int row = int(categoryAxis(charts, ChartsPanel::Breakdown)
                            ->categories()
                            .indexOf(QString::fromStdString(a.collections.front().name)));
    REQUIRE(row >= 0);
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

// Issue 17: the Charts tab grew the bottom dock to three quarters of the
// window, for good; its charts belong inside the dock the user sized.
TEST_CASE("showing the charts leaves the bottom dock as the user sized it", "[ui][panels][charts][firsthour]") {
    const bool many = GENERATE(false, true);
    const QSize size = GENERATE(QSize(1024, 700), QSize(1600, 1000));
    CAPTURE(many, size.width());
    MainWindow window;
    if (many)
        window.document()->reset(manyCollections(400), QString());
    else
        REQUIRE(window.loadExample(QString::fromStdString(test::examplesDir() + "/order-aggregate.docshape")));
    window.resize(size);
    REQUIRE(test::showActive(window));
    PanelSetup *panels = PanelSetup::of(&window);
    ChartsPanel *charts = panels->charts();
    QDockWidget *dock = panels->dockOf(charts);
    QDockWidget *findings = panels->dockOf(panels->findings());
    findings->raise();
    window.resizeDocks({findings}, {200}, Qt::Vertical);
    QCoreApplication::processEvents();
    const int height = findings->height();
    REQUIRE(height < size.height() / 2);

    QTabBar *docks = dockTabs(window);
    REQUIRE(docks);
    clickTab(docks, QStringLiteral("Charts"));
    REQUIRE(QTest::qWaitFor([&] { return charts->isVisible() && breakdownSeries(*charts); }));
    QTest::qWait(50);
    CHECK(dock->height() == height);
    for (const QString &tab : {QStringLiteral("Size over time"), QStringLiteral("Indexes"),
                               QStringLiteral("Where the bytes go")}) {
        clickTab(charts->tabs()->tabBar(), tab);
        QTest::qWait(50);
        CHECK(dock->height() == height);
    }
    // The chart scrolls in the dock instead: every bar has room for its
    // label, and QtCharts cut none to "...".
    QChartView *view = charts->chartView(ChartsPanel::Breakdown);
    CHECK(view->height() >= view->minimumHeight());
    QBarCategoryAxis *axis = categoryAxis(*charts, ChartsPanel::Breakdown);
    REQUIRE(axis);
    CHECK_FALSE(axis->labelsTruncated());
    CHECK_FALSE(view->chart()->axes(Qt::Horizontal).value(0)->labelsTruncated());

    // Back to the findings: the dock is still the size it was given.
    clickTab(docks, QStringLiteral("Findings"));
    QTest::qWait(50);
    CHECK(findings->height() == height);
}

TEST_CASE("at 400 collections the bytes go to the 12 largest and the rest summed", "[ui][panels][charts][firsthour]") {
    Document doc;
    doc.reset(manyCollections(400), QString());
    ChartsPanel charts(&doc);
    charts.resize(1000, 400);
    charts.show();
    REQUIRE(QTest::qWaitForWindowExposed(&charts));
    const auto &stats = doc.analysis().collections;
    REQUIRE(stats.size() == 400);

    auto *series = breakdownSeries(charts);
    REQUIRE(series);
    QBarCategoryAxis *axis = categoryAxis(charts, ChartsPanel::Breakdown);
    REQUIRE(axis);
    const QStringList rows = axis->categories(); // bottom-up
    REQUIRE(rows.size() == ChartsPanel::kTopCollections + 1);
    CHECK(rows.front().startsWith(QStringLiteral("388 others, summed")));
    // Nothing is lost: the bars add up to every collection's breakdown.
    double total = 0;
    for (const auto &stat : stats)
        total += breakdownTotal(stat);
    CHECK(barTotal(series) == Approx(total));

    // The 12 largest, largest on top; the summed ones are no larger.
    std::vector<double> sizes;
    for (const auto &stat : stats)
        sizes.push_back(breakdownTotal(stat));
    std::sort(sizes.begin(), sizes.end(), std::greater<>());
    double drawn = 0;
    for (int row = 1; row < rows.size(); ++row) {
        const auto it = std::find_if(stats.begin(), stats.end(),
                                     [&](const CollectionStat &s) { return QString::fromStdString(s.name) == rows[row]; });
        REQUIRE(it != stats.end());
        CHECK(breakdownTotal(*it) == Approx(sizes[std::size_t(rows.size() - 1 - row)]));
        drawn += breakdownTotal(*it);
    }
    const QStringList tips = charts.tooltips(ChartsPanel::Breakdown);
    const QStringList others = tips.filter(QStringLiteral("388 other collections: "));
    REQUIRE(others.size() == 1);
    // Exact bytes in the tooltip (units::bytesText: whole bytes below 1 MiB).
    CHECK(others.front().contains(QString::fromStdString(units::bytesText(total - drawn))));
    CHECK(charts.bytesCollectionChooser()->currentText() == QStringLiteral("The 12 largest, the rest summed"));
}

TEST_CASE("the collection chooser shows one collection's bytes alone", "[ui][panels][charts][firsthour]") {
    Document doc;
    doc.reset(manyCollections(400), QString());
    ChartsPanel charts(&doc);
    charts.resize(1000, 400);
    REQUIRE(test::showActive(charts));
    QComboBox *chooser = charts.bytesCollectionChooser();
    REQUIRE(chooser->count() == 401);

    // Typed, as a user picks from 400 names: the chooser searches by prefix.
    chooser->setFocus();
    QTest::keyClicks(chooser, QStringLiteral("Coll399"));
    REQUIRE(chooser->currentText() == QStringLiteral("Coll399"));
    const CollectionStat &stat = doc.analysis().collections.back();
    REQUIRE(stat.name == "Coll399");
    REQUIRE(QTest::qWaitFor([&] { return categoryAxis(charts, ChartsPanel::Breakdown)->count() == 1; }));
    CHECK(categoryAxis(charts, ChartsPanel::Breakdown)->categories() == QStringList{QStringLiteral("Coll399")});
    CHECK(barTotal(breakdownSeries(charts)) == Approx(breakdownTotal(stat)));
    CHECK(breakdownSeries(charts)->barSets().size() == int(stat.breakdown.size()));
    CHECK(charts.tooltips(ChartsPanel::Breakdown).size() == int(stat.breakdown.size()));
    CHECK(charts.tooltips(ChartsPanel::Breakdown).filter(QStringLiteral("Coll399.field0: ")).size() == 1);

    // An edit of the chosen collection keeps it chosen and redraws it.
    Entity e = *doc.project().findEntity("e399");
    e.fields.push_back(test::stringField("fnew", "added", 1000, 2000));
    REQUIRE(doc.changeEntity(e, QStringLiteral("Add field")));
    CHECK(chooser->currentText() == QStringLiteral("Coll399"));
    CHECK(barTotal(breakdownSeries(charts)) == Approx(breakdownTotal(doc.analysis().collections.back())));

    // Home goes back to the overview.
    QTest::keyClick(chooser, Qt::Key_Home);
    CHECK(chooser->currentIndex() == 0);
    CHECK(categoryAxis(charts, ChartsPanel::Breakdown)->count() == ChartsPanel::kTopCollections + 1);
}

// Indexes of 400 collections: the _id index of each, and one on field0 of
// every third, with document counts that differ so the largest are few.
Project manyIndexes() {
    Project p = manyCollections(400);
    for (std::size_t i = 0; i < p.entities.size(); ++i) {
        p.entities[i].count = 1000.0 + double((i * 7919) % 400) * 250;
        if (i % 3 == 0)
            p.indexes.push_back(test::index("i" + std::to_string(i), p.entities[i].id, {{"field0", "1"}}));
    }
    return p;
}

QHorizontalBarSeries *barSeries(const ChartsPanel &charts, ChartsPanel::Chart chart) {
    return qobject_cast<QHorizontalBarSeries *>(charts.chartView(chart)->chart()->series().value(0));
}

TEST_CASE("at 400 collections the index charts draw the 12 largest and sum the rest", "[ui][panels][charts][firsthour]") {
    Document doc;
    doc.reset(manyIndexes(), QString());
    ChartsPanel charts(&doc);
    charts.resize(1000, 400);
    REQUIRE(test::showActive(charts));
    charts.tabs()->setCurrentIndex(2);
    std::vector<const IndexStat *> all;
    for (const auto &stat : doc.analysis().collections)
        for (const auto &index : stat.indexes)
            all.push_back(&index);
    REQUIRE(all.size() == 400 + 134);
    const int others = int(all.size()) - ChartsPanel::kTopIndexes;
    CHECK(charts.indexCollectionChooser()->currentText() == QStringLiteral("The 12 largest indexes, the rest summed"));

    for (auto [chart, measure] : {std::pair{ChartsPanel::IndexEntries, &IndexStat::entries},
                                  std::pair{ChartsPanel::IndexSize, &IndexStat::estimatedBytes}}) {
        INFO("chart " << int(chart));
        REQUIRE(QTest::qWaitFor([&] { return categoryAxis(charts, chart) != nullptr; }));
        const QStringList rows = categoryAxis(charts, chart)->categories(); // bottom-up
        REQUIRE(rows.size() == ChartsPanel::kTopIndexes + 1);
        // Its sum runs off the axis scaled to the 12, and its name says so.
        CHECK(rows.front() == QStringLiteral("%1 others, summed \u2192").arg(others));
        // The bars, scaled back, add up to every index's measure: nothing is lost.
        std::vector<double> values;
        for (const IndexStat *index : all)
            values.push_back(index->*measure);
        const double total = std::accumulate(values.begin(), values.end(), 0.0);
        const QBarSet *set = barSeries(charts, chart)->barSets().front();
        double drawn = 0;
        for (int i = 0; i < set->count(); ++i)
            drawn += set->at(i);
        const double scale = drawn > 0 ? total / drawn : 1;
        CHECK((scale == Approx(1) || scale == Approx(1e3) || scale == Approx(1e6) || scale == Approx(1024.0 * 1024)));
        // The 12 drawn on their own are the 12 largest, largest on top.
        std::sort(values.begin(), values.end(), std::greater<>());
        for (int row = 1; row < rows.size(); ++row)
            CHECK(set->at(row) * scale == Approx(values[std::size_t(rows.size() - 1 - row)]));
        CHECK(charts.tooltips(chart).filter(QStringLiteral("%1 other indexes: ").arg(others)).size() == 1);
        CHECK_FALSE(categoryAxis(charts, chart)->labelsTruncated());
    }
    // Exact bytes in the summed bar's tooltip (units::bytesText).
    double restBytes = 0;
    {
        std::vector<double> sizes;
        for (const IndexStat *index : all)
            sizes.push_back(index->estimatedBytes);
        std::sort(sizes.begin(), sizes.end(), std::greater<>());
        restBytes = std::accumulate(sizes.begin() + ChartsPanel::kTopIndexes, sizes.end(), 0.0);
    }
    CHECK(charts.tooltips(ChartsPanel::IndexSize).front().contains(QString::fromStdString(units::bytesText(restBytes))));

    // Typed into the chooser: one collection's indexes alone, in model order.
    QComboBox *chooser = charts.indexCollectionChooser();
    REQUIRE(chooser->count() == 401);
    chooser->setFocus();
    QTest::keyClicks(chooser, QStringLiteral("Coll399"));
    REQUIRE(chooser->currentText() == QStringLiteral("Coll399"));
    const CollectionStat &stat = doc.analysis().collections.back();
    REQUIRE(stat.indexes.size() == 2);
    REQUIRE(QTest::qWaitFor([&] { return categoryAxis(charts, ChartsPanel::IndexEntries)->count() == 2; }));
    const QStringList rows = categoryAxis(charts, ChartsPanel::IndexEntries)->categories();
    CHECK(rows.back() == QStringLiteral("Coll399 · ") + QString::fromStdString(stat.indexes.front().name));
    CHECK(barSeries(charts, ChartsPanel::IndexEntries)->barSets().front()->at(1) ==
          Approx(stat.indexes.front().entries / (stat.indexes.front().entries >= 1e4 ? 1e3 : 1)));
    QTest::keyClick(chooser, Qt::Key_Home);
    REQUIRE(QTest::qWaitFor(
        [&] { return categoryAxis(charts, ChartsPanel::IndexSize)->count() == ChartsPanel::kTopIndexes + 1; }));
}

TEST_CASE("a long collection name is shortened on the axis and whole in the tooltip", "[ui][panels][charts][firsthour]") {
    Document doc;
    doc.reset(manyCollections(5), QString());
    ChartsPanel charts(&doc);
    charts.resize(1000, 400);
    charts.show();
    REQUIRE(QTest::qWaitForWindowExposed(&charts));
    const QString name = QStringLiteral("CustomerLoyaltyProgrammeMembershipTierHistorySnapshot");
    QBarCategoryAxis *axis = categoryAxis(charts, ChartsPanel::Breakdown);
    REQUIRE(axis);
    REQUIRE(axis->count() == 5); // all of them, no sum
    const QStringList short_ = axis->categories().filter(QStringLiteral("Customer"));
    REQUIRE(short_.size() == 1);
    // The middle goes: both ends stay readable.
    CHECK(short_.front() != name);
    CHECK(short_.front().contains(QChar(0x2026)));
    CHECK(short_.front().endsWith(QStringLiteral("Snapshot")));
    CHECK(charts.tooltips(ChartsPanel::Breakdown).filter(name + QStringLiteral(".field0: ")).size() == 1);
    // Short names are whole.
    CHECK(axis->categories().contains(QStringLiteral("Coll4")));
    CHECK_FALSE(axis->labelsTruncated());
}
