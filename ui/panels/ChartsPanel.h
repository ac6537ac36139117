#pragma once

#include "document/ChangeEvent.h"
#include "panels/OnScreen.h"

#include <QWidget>

#include <map>
#include <utility>

class QBarSet;
class QChart;
class QChartView;
class QComboBox;
class QTabWidget;

namespace docshape::ui {
class Document;
}

namespace docshape::ui::panels {

// Live charts of the estimates (QtCharts):
// - where the bytes go: per collection a stacked bar of its top-level
//   fields and embedded arrays (CollectionStat::breakdown), largest first;
//   past kTopCollections + 1 collections the rest are summed in one bar,
//   and the chooser above shows one collection alone;
// - document size over time: the average and largest document of one
//   collection over the growth horizon against the 100 KB target and the
//   16 MiB limit, on a log scale;
// - indexes: entries and estimated size of every index; past kTopIndexes
//   + 1 indexes each chart draws its largest and sums the rest in one bar,
//   and the chooser above shows one collection's indexes alone.
// Every bar and point has a tooltip with its exact value and unit, and for
// estimates the word "estimate" and the assumptions. Charts that are not on
// screen are refreshed when shown, not on every edit; a chart whose bars or
// categories are unchanged gets new values in place (rebuilding a QChart
// costs several milliseconds, more than a frame allows for all three).
// Each chart is as tall as its bars need to keep their labels whole and
// scrolls inside the panel: it never asks the dock to grow.
class ChartsPanel : public QWidget {
    Q_OBJECT

public:
    enum Chart { Breakdown, SizeOverTime, IndexEntries, IndexSize, ChartCount };
    // The collections "Where the bytes go" draws a bar of their own.
    static constexpr int kTopCollections = 12;
    // The indexes each Indexes chart draws a bar of their own.
    static constexpr int kTopIndexes = 12;

    explicit ChartsPanel(Document *document, QWidget *parent = nullptr);

    QTabWidget *tabs() const { return m_tabs; }
    QChartView *chartView(Chart chart) const { return m_views[chart]; }
    // The choosers, their lists brought up to date (the panel lists the
    // collections when it is shown).
    QComboBox *sizeCollectionChooser() { return upToDate(m_sizeCollection); }
    // "Where the bytes go": the overview first, then every collection.
    QComboBox *bytesCollectionChooser() { return upToDate(m_bytesCollection); }
    // "Indexes": the overview first, then every collection.
    QComboBox *indexCollectionChooser() { return upToDate(m_indexCollection); }
    // The tooltips of every bar or point of a chart, as shown on hover.
    QStringList tooltips(Chart chart) const { return m_tooltips[chart]; }
    // Rebuilds every chart now, shown or not (tests, measurements).
    void refreshAll();

private:
    void onChanged(const ChangeEvent &event);
    void refreshVisible();
    void rebuildChooser();
    QComboBox *upToDate(QComboBox *chooser) {
        if (m_chooserStale)
            rebuildChooser();
        return chooser;
    }
    void buildBreakdown();
    void buildSizeOverTime();
    void buildIndexes();
    void install(Chart chart, QChart *newChart, int minimumHeight);
    void showBarTip(Chart chart, bool on, int index, QBarSet *set) const;

    using BarTips = std::map<std::pair<const QBarSet *, int>, QString>;

    Document *m_document;
    QTabWidget *m_tabs;
    QComboBox *m_sizeCollection;
    QComboBox *m_bytesCollection;
    QComboBox *m_indexCollection;
    QChartView *m_views[ChartCount] = {};
    QStringList m_tooltips[ChartCount];
    BarTips m_barTips[ChartCount];
    // What the current charts were built for; the same shape updates in place.
    QStringList m_shape[ChartCount];
    std::pair<QStringList, QStringList> m_sizeTips; // average and largest, per point
    bool m_dirty[3] = {true, true, true}; // per tab
    bool m_chooserStale = false; // the collections changed while off screen
    OnScreen *m_onScreen;
};

} // namespace docshape::ui::panels
