#include "panels/ChartsPanel.h"

#include "Format.h"
#include "document/Document.h"
#include "panels/ChoiceList.h"

#include "estimate/BsonSize.h"
#include "util/Units.h"

#include <QBarCategoryAxis>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QComboBox>
#include <QCoreApplication>
#include <QCursor>
#include <QFontMetrics>
#include <QHBoxLayout>
#include <QHorizontalBarSeries>
#include <QHorizontalStackedBarSeries>
#include <QLabel>
#include <QLineSeries>
#include <QScrollArea>
#include <QSet>
#include <QTabWidget>
#include <QToolTip>
#include <QValueAxis>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>
#include <map>

namespace docshape::ui::panels {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// "10,986 bytes", "2.0 MiB (2,097,152 bytes)": a tooltip's exact value.
QString bytesExact(double bytes) { return formatBytesWithExact(bytes); }

constexpr int kTimePoints = 24;

// A category label that the axis can show whole: QtCharts cuts a label to
// "..." when it is wider than the axis may be (a share of the chart) or
// taller than its bar. Long names lose their middle, where generated and
// numbered collection names differ least; the bar's tooltip has the name.
constexpr int kLabelChars = 30;

QString axisLabel(const QString &name, const QFontMetrics &metrics) {
    return metrics.elidedText(name, Qt::ElideMiddle, metrics.averageCharWidth() * kLabelChars);
}

// Labels for `names` as axisLabel shortens them, one per name: a category
// axis drops a repeated label, so a short form taken already is not used.
QStringList axisLabels(const QStringList &names, const QFontMetrics &metrics) {
    QStringList labels;
    QSet<QString> used;
    for (const QString &name : names) {
        QString label = axisLabel(name, metrics);
        if (used.contains(label))
            label = name;
        used.insert(label);
        labels << label;
    }
    return labels;
}

// The height a horizontal bar chart of `rows` categories needs for every
// label to keep its line: QtCharts gives a label the axis height over
// rows + 2, less a padding of 5 above and below, and cuts it to "..." when
// the text is taller; the title and the value axis fit in the two extra
// rows and two lines more. A legend at the side lists its entries one a
// line and clips what does not fit: `legendEntries` lines, and the title.
int barChartHeight(int rows, const QFont &labelFont, int legendEntries = 0, const QFont &legendFont = {}) {
    const int line = QFontMetrics(labelFont).height();
    const int legendLine = QFontMetrics(legendFont).height();
    return std::max({180, (rows + 2) * (line + 12) + 2 * line, legendEntries * (legendLine + 8) + 3 * line + 20});
}

// What a collection's bar in "Where the bytes go" adds up to.
double breakdownBytes(const CollectionStat &stat) {
    double sum = 0;
    for (const auto &fb : stat.breakdown)
        sum += fb.avgBytes;
    return sum;
}

QWidget *scrolled(QWidget *content, QWidget *parent) {
    auto *area = new QScrollArea(parent);
    area->setFrameShape(QFrame::NoFrame);
    area->setWidgetResizable(true);
    area->setWidget(content);
    return area;
}

QChart *newChart(const QString &title) {
    auto *chart = new QChart;
    chart->setTitle(title);
    chart->setAnimationOptions(QChart::NoAnimation);
    chart->setMargins(QMargins(4, 4, 4, 4));
    chart->legend()->setAlignment(Qt::AlignBottom);
    return chart;
}

void showTip(bool on, const QString &text) {
    if (on)
        QToolTip::showText(QCursor::pos(), text);
    else
        QToolTip::hideText();
}

// The smallest 1, 2 or 5 times a power of ten at or above `v`.
double niceCeiling(double v) {
    if (!(v > 0))
        return 1;
    const double p = std::pow(10.0, std::floor(std::log10(v)));
    for (double step : {1.0, 2.0, 5.0, 10.0})
        if (v <= step * p * (1 + 1e-12))
            return step * p;
    return 10 * p;
}

// Nice log-scale labels for a value axis holding log10(bytes).
QCategoryAxis *logBytesAxis(double lo, double hi) {
    auto *axis = new QCategoryAxis;
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    const double from = std::floor(lo);
    const double to = std::ceil(hi);
    axis->setRange(from, to);
    // Lines where a size reads as a round figure in the units of every other
    // view ("100,000 bytes", "1.0 MiB", "10.0 MiB"), as the report draws them.
    for (double tick : units::logAxisTicks(std::pow(10.0, from), std::pow(10.0, to)))
        axis->append(formatBytes(tick), std::log10(tick));
    axis->setTitleText(QCoreApplication::translate("ChartsPanel", "document size (log scale)"));
    return axis;
}

// The unit a byte axis up to `bytes` is labelled in, as units::bytesText
// prints sizes: bytes below 1 MiB, then MiB, then GiB.
double bytesScale(double bytes) {
    constexpr double kMiB = 1024.0 * 1024.0;
    return bytes >= 1024 * kMiB ? 1024 * kMiB : bytes >= kMiB ? kMiB : 1;
}

// A round end for a byte axis whose longest bar is `widest`, round in the
// unit it is labelled in.
double bytesAxisMax(double widest) {
    const double end = std::max(1.0, widest * 1.02);
    const double scale = bytesScale(end);
    return niceCeiling(end / scale) * scale;
}

// Labels a byte axis from 0 to `max` (bytesAxisMax) at six values: whole
// bytes with thousands separators below 1 MiB, else the number of the
// binary unit that the title names.
void labelBytesAxis(QCategoryAxis *axis, double max, const QString &what) {
    const double scale = bytesScale(max);
    for (const QString &label : axis->categoriesLabels())
        axis->remove(label);
    axis->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    axis->setStartValue(0);
    // A little past the last label, which is centred on its value: at the
    // end of the plot it would run into the legend.
    axis->setRange(0, max * 1.06);
    constexpr int kSteps = 5;
    for (int k = 0; k <= kSteps; ++k) {
        const double value = max * k / kSteps;
        axis->append(scale == 1 ? formatCount(value) : QString::fromStdString(units::numberText(value / scale)), value);
    }
    const QString unit = scale == 1 ? QCoreApplication::translate("ChartsPanel", "bytes")
                         : scale > 1024.0 * 1024.0 ? QStringLiteral("GiB")
                                                   : QStringLiteral("MiB");
    axis->setTitleText(QCoreApplication::translate("ChartsPanel", "%1, %2").arg(unit, what));
}
} // namespace

ChartsPanel::ChartsPanel(Document *document, QWidget *parent) : QWidget(parent), m_document(document) {
    setObjectName(QStringLiteral("charts"));
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("chartTabs"));
    for (auto &view : m_views) {
        view = new QChartView(this);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumHeight(180);
    }
    // A chooser above a chart, and the chart in a scroll area: QChartView
    // takes its chart's minimum size as its own and never gives it back, so
    // in the dock it would grow the dock instead.
    auto chooserPage = [this](QComboBox *&chooser, const char *name, QWidget *chart) {
        auto *page = new QWidget(this);
        chooser = new QComboBox(page);
        chooser->setObjectName(QLatin1String(name));
        chooser->setMinimumContentsLength(18);
        chooser->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        auto *bar = new QHBoxLayout;
        auto *label = new QLabel(tr("Collection:"), page);
        label->setBuddy(chooser);
        bar->addWidget(label);
        bar->addWidget(chooser);
        bar->addStretch(1);
        auto *layout = new QVBoxLayout(page);
        layout->setContentsMargins(0, 2, 0, 0);
        layout->addLayout(bar);
        layout->addWidget(scrolled(chart, page), 1);
        return page;
    };
    m_tabs->addTab(chooserPage(m_bytesCollection, "bytesCollection", m_views[Breakdown]), tr("Where the bytes go"));
    m_tabs->addTab(chooserPage(m_sizeCollection, "sizeCollection", m_views[SizeOverTime]), tr("Size over time"));
    m_bytesCollection->setMinimumContentsLength(30); // the overview's name

    auto *indexCharts = new QWidget(this);
    auto *indexLayout = new QHBoxLayout(indexCharts);
    indexLayout->setContentsMargins(0, 0, 0, 0);
    indexLayout->addWidget(m_views[IndexEntries]);
    indexLayout->addWidget(m_views[IndexSize]);
    m_tabs->addTab(chooserPage(m_indexCollection, "indexCollection", indexCharts), tr("Indexes"));
    m_indexCollection->setMinimumContentsLength(30);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addWidget(m_tabs);

    m_onScreen = new OnScreen(this, [this](bool on) {
        if (on && m_chooserStale)
            rebuildChooser();
        else if (on)
            refreshVisible();
    });
    connect(document, &Document::changed, this, &ChartsPanel::onChanged);
    connect(m_tabs, &QTabWidget::currentChanged, this, &ChartsPanel::refreshVisible);
    connect(m_sizeCollection, &QComboBox::currentIndexChanged, this, [this] {
        m_dirty[1] = true;
        refreshVisible();
    });
    connect(m_bytesCollection, &QComboBox::currentIndexChanged, this, [this] {
        m_dirty[0] = true;
        refreshVisible();
    });
    connect(m_indexCollection, &QComboBox::currentIndexChanged, this, [this] {
        m_dirty[2] = true;
        refreshVisible();
    });
    rebuildChooser();
}

void ChartsPanel::onChanged(const ChangeEvent &event) {
    if (!event.affectsEstimates())
        return;
    m_dirty[0] = m_dirty[1] = m_dirty[2] = true;
    if (event.affectsCollections()) {
        // The collections' names are listed when the panel is next shown.
        m_chooserStale = true;
        if (m_onScreen->onScreen())
            rebuildChooser(); // refreshes the visible tab itself
    } else {
        refreshVisible();
    }
}

void ChartsPanel::rebuildChooser() {
    m_chooserStale = false;
    QStringList names;
    for (const auto &stat : m_document->analysis().collections)
        names << qs(stat.name);
    setChoices(m_sizeCollection, names);
    const QString overview = names.size() > kTopCollections + 1
                                 ? tr("The %1 largest, the rest summed").arg(kTopCollections)
                                 : tr("All collections, largest first");
    setChoices(m_bytesCollection, QStringList{overview} + names);
    std::size_t indexes = 0;
    for (const auto &stat : m_document->analysis().collections)
        indexes += stat.indexes.size();
    setChoices(m_indexCollection, QStringList{indexes > std::size_t(kTopIndexes) + 1
                                                  ? tr("The %1 largest indexes, the rest summed").arg(kTopIndexes)
                                                  : tr("All collections")} +
                                      names);
    m_dirty[0] = m_dirty[1] = m_dirty[2] = true;
    refreshVisible();
}

void ChartsPanel::refreshVisible() {
    if (!m_onScreen->onScreen())
        return;
    const int tab = m_tabs->currentIndex();
    if (tab < 0 || tab > 2 || !m_dirty[tab])
        return;
    if (tab == 0)
        buildBreakdown();
    else if (tab == 1)
        buildSizeOverTime();
    else
        buildIndexes();
    m_dirty[tab] = false;
}

void ChartsPanel::refreshAll() {
    if (m_chooserStale)
        rebuildChooser();
    buildBreakdown();
    buildSizeOverTime();
    buildIndexes();
    m_dirty[0] = m_dirty[1] = m_dirty[2] = false;
}

void ChartsPanel::install(Chart chart, QChart *newChart, int minimumHeight) {
    QChart *old = m_views[chart]->chart();
    // QChartView::setChart keeps the larger of its minimum and the chart's:
    // start again from what this chart needs.
    m_views[chart]->setMinimumSize(0, minimumHeight);
    m_views[chart]->setChart(newChart);
    delete old;
}

void ChartsPanel::showBarTip(Chart chart, bool on, int index, QBarSet *set) const {
    const auto it = m_barTips[chart].find({set, index});
    showTip(on && it != m_barTips[chart].end(), it != m_barTips[chart].end() ? it->second : QString());
}

void ChartsPanel::buildBreakdown() {
    const auto &stats = m_document->analysis().collections;
    m_tooltips[Breakdown].clear();
    // The collections with a bar of their own, top-down: the one chosen, or
    // every collection largest first (a tie in model order), the ones past
    // kTopCollections summed into one bar below them.
    std::vector<std::size_t> shown, summed;
    const int chosen = m_bytesCollection->currentIndex() - 1; // 0: the overview
    const bool one = chosen >= 0 && std::size_t(chosen) < stats.size();
    if (one) {
        shown.push_back(std::size_t(chosen));
    } else {
        for (std::size_t i = 0; i < stats.size(); ++i)
            shown.push_back(i);
        std::stable_sort(shown.begin(), shown.end(), [&](std::size_t l, std::size_t r) {
            return breakdownBytes(stats[l]) > breakdownBytes(stats[r]);
        });
        if (shown.size() > std::size_t(kTopCollections) + 1) {
            summed.assign(shown.begin() + kTopCollections, shown.end());
            shown.resize(kTopCollections);
        }
    }
    // One bar set per field name (shared across collections, so a name keeps
    // its colour), and one for the summed collections.
    std::vector<std::string> names;
    std::map<std::string, std::size_t> setOf;
    for (std::size_t c : shown)
        for (const auto &fb : stats[c].breakdown)
            if (std::string label = fb.label(); setOf.emplace(label, names.size()).second)
                names.push_back(std::move(label));
    double rest = 0;
    for (std::size_t c : summed)
        rest += breakdownBytes(stats[c]);
    double widestShown = 0;
    for (std::size_t c : shown)
        widestShown = std::max(widestShown, breakdownBytes(stats[c]));
    const QString othersName = rest > bytesAxisMax(widestShown) * 1.06
                                   ? tr("%1 others, summed \u2192").arg(summed.size())
                                   : tr("%1 others, summed").arg(summed.size());
    // Rows bottom-up, as QtCharts counts them.
    QStringList categories, shape;
    if (!summed.empty())
        categories << othersName;
    for (auto c = shown.rbegin(); c != shown.rend(); ++c)
        categories << qs(stats[*c].name);
    const int n = int(categories.size());
    shape << categories << QStringLiteral("|");
    for (const auto &name : names)
        shape << qs(name);

    QChart *chart = m_views[Breakdown]->chart();
    auto *series = chart->series().isEmpty() ? nullptr
                                              : qobject_cast<QHorizontalStackedBarSeries *>(chart->series().front());
    const bool inPlace = series && shape == m_shape[Breakdown];
    int minimumHeight = 0;
    if (!inPlace) {
        chart = newChart(one ? tr("Where the bytes go: average document of %1, by top-level field")
                                   .arg(qs(stats[std::size_t(chosen)].name))
                             : tr("Where the bytes go: average document, by top-level field"));
        series = new QHorizontalStackedBarSeries;
        // Distinct hues, cycled: the theme's own colours fade to white after ten sets.
        static const QRgb kPalette[] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd, 0x8c564b,
                                        0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf, 0x393b79, 0xad494a,
                                        0x637939, 0xce6dbd, 0x8ca252, 0xe7ba52, 0x3182bd, 0x843c39};
        for (std::size_t i = 0; i < names.size(); ++i) {
            auto *set = new QBarSet(qs(names[i]));
            set->setColor(QColor(kPalette[i % std::size(kPalette)]));
            set->setBorderColor(Qt::white);
            series->append(set);
        }
        if (!summed.empty()) {
            auto *others = new QBarSet(tr("other collections, summed"));
            others->setColor(QColor(0xb0, 0xb0, 0xb0));
            others->setBorderColor(Qt::white);
            series->append(others);
        }
        series->setBarWidth(0.7);
        chart->addSeries(series);
        auto *y = new QBarCategoryAxis;
        chart->addAxis(y, Qt::AlignLeft);
        y->append(axisLabels(categories, QFontMetrics(y->labelsFont())));
        series->attachAxis(y);
        auto *x = new QCategoryAxis;
        chart->addAxis(x, Qt::AlignBottom);
        series->attachAxis(x);
        // The legend names the fields; past a screenful of a small window
        // the tooltips do.
        chart->legend()->setVisible(series->count() <= 24);
        chart->legend()->setAlignment(Qt::AlignRight);
        connect(series, &QAbstractBarSeries::hovered, this,
                [this](bool on, int index, QBarSet *set) { showBarTip(Breakdown, on, index, set); });
        minimumHeight = barChartHeight(n, y->labelsFont(), chart->legend()->isVisible() ? int(series->count()) : 0,
                                       chart->legend()->font());
    }
    const QList<QBarSet *> sets = series->barSets();
    std::vector<QList<qreal>> values(std::size_t(sets.size()), QList<qreal>(n, 0.0));
    BarTips tips;
    double widest = 0;
    const int firstShown = summed.empty() ? 0 : 1;
    for (int row = firstShown; row < n; ++row) {
        const CollectionStat &stat = stats[shown[std::size_t(n - 1 - row)]];
        double total = 0;
        for (const auto &fb : stat.breakdown) {
            const std::string label = fb.label();
            const std::size_t s = setOf[label];
            values[s][row] += fb.avgBytes;
            total += fb.avgBytes;
            const QString max = fb.bounded ? bytesExact(double(fb.maxBytes)) : tr("unbounded");
            const QString tip = tr("%1.%2: %3 in the average document; at most %4.\n"
                                   "Exact BSON arithmetic over the model's average lengths, counts and "
                                   "presence (%5% of the %6 average document).")
                                    .arg(qs(stat.name), qs(label), bytesExact(fb.avgBytes), max)
                                    .arg(stat.avgDocumentBytes > 0 ? 100.0 * fb.avgBytes / stat.avgDocumentBytes : 0, 0,
                                         'f', 1)
                                    .arg(formatBytes(stat.avgDocumentBytes));
            tips[{sets[qsizetype(s)], row}] = tip;
            m_tooltips[Breakdown] << tip;
        }
        widest = std::max(widest, total);
    }
    if (!summed.empty()) {
        // The sum of hundreds of averages dwarfs every bar above it: the
        // axis is scaled to those, and the sum runs off its end when larger
        // (its label says so, its tooltip has the value).
        values.back()[0] = rest;
        const CollectionStat &largest = stats[summed.front()];
        const QString tip = tr("%1 other collections: their average documents add up to %2; the largest of them "
                               "is %3's, %4.\nChoose a collection above to see its fields.")
                                .arg(summed.size())
                                .arg(bytesExact(rest), qs(largest.name), bytesExact(breakdownBytes(largest)));
        tips[{sets.back(), 0}] = tip;
        m_tooltips[Breakdown] << tip;
    }
    for (qsizetype s = 0; s < sets.size(); ++s) {
        QBarSet *set = sets[s];
        if (set->count() > 0)
            set->remove(0, set->count());
        set->append(values[std::size_t(s)]);
    }
    if (auto *x = qobject_cast<QCategoryAxis *>(chart->axes(Qt::Horizontal).value(0))) {
        const double max = bytesAxisMax(widest);
        if (x->count() == 0 || x->endValue(x->categoriesLabels().constLast()) != max)
            labelBytesAxis(x, max, tr("average document"));
    }
    m_barTips[Breakdown] = std::move(tips);
    if (!inPlace) {
        install(Breakdown, chart, minimumHeight);
        m_shape[Breakdown] = shape;
    }
}

void ChartsPanel::buildSizeOverTime() {
    const Analysis &a = m_document->analysis();
    const int c = m_sizeCollection->currentIndex();
    m_tooltips[SizeOverTime].clear();
    if (c < 0 || std::size_t(c) >= a.collections.size() || std::size_t(c) >= a.derived.collections.size()) {
        install(SizeOverTime, newChart(tr("No collection")), 180);
        m_shape[SizeOverTime].clear();
        return;
    }
    const CollectionStat &stat = a.collections[std::size_t(c)];
    const CollectionShape &shape = a.derived.collections[std::size_t(c)];
    const int horizon = std::max(1, m_document->project().growthDays);
    const QString title = tr("%1: document size over %2 days").arg(qs(stat.name)).arg(horizon);

    QList<QPointF> avgPoints, maxPoints;
    QStringList avgTips, maxTips;
    const QString assumptions =
        tr("An estimate: arrays grow by their stated elements per day; the largest document has every optional "
           "key, maximum lengths, bounded arrays at their bound and unbounded ones at their grown average.");
    double lo = 1e300, hi = 0;
    for (int k = 0; k <= kTimePoints; ++k) {
        const double day = double(horizon) * k / kTimePoints;
        const double av = averageObjectBytesAfter(shape.shape, day);
        const double mx = largestObjectBytesAfter(shape.shape, day);
        avgPoints << QPointF(day, std::log10(std::max(1.0, av)));
        maxPoints << QPointF(day, std::log10(std::max(1.0, mx)));
        lo = std::min({lo, av, mx});
        hi = std::max({hi, av, mx});
        avgTips << tr("Day %1, average document: %2.\n%3").arg(std::lround(day)).arg(bytesExact(av), assumptions);
        maxTips << tr("Day %1, largest document: %2.\n%3").arg(std::lround(day)).arg(bytesExact(mx), assumptions);
    }
    const QString targetName = tr("100 KB practical target");
    const QString limitName = tr("16 MiB BSON limit");
    const QString targetTip = tr("%1: %2").arg(targetName, bytesExact(a.documentTargetBytes));
    const QString limitTip = tr("%1: %2").arg(limitName, bytesExact(a.maxDocumentBytes));
    m_tooltips[SizeOverTime] << avgTips << maxTips << targetTip << limitTip;
    m_sizeTips = {avgTips, maxTips};

    const double axisLo = std::floor(std::log10(std::max(1.0, std::min(lo, a.documentTargetBytes) / 2)));
    const double axisHi = std::ceil(std::log10(std::max(hi, a.maxDocumentBytes) * 2));
    const QStringList chartShape{QString::number(horizon), QString::number(axisLo), QString::number(axisHi)};

    QChart *chart = m_views[SizeOverTime]->chart();
    const bool inPlace = chart->series().size() == 4 && chartShape == m_shape[SizeOverTime];
    if (inPlace) {
        chart->setTitle(title);
        static_cast<QLineSeries *>(chart->series()[0])->replace(avgPoints);
        static_cast<QLineSeries *>(chart->series()[1])->replace(maxPoints);
        return;
    }
    chart = newChart(title);
    auto *avg = new QLineSeries;
    avg->setName(tr("average document"));
    auto *max = new QLineSeries;
    max->setName(tr("largest document"));
    avg->setPointsVisible(true);
    max->setPointsVisible(true);
    avg->replace(avgPoints);
    max->replace(maxPoints);
    auto limitLine = [&](double bytes, const QString &name, const QString &tip, const QColor &color) {
        auto *line = new QLineSeries;
        line->setName(name);
        line->append(0, std::log10(bytes));
        line->append(horizon, std::log10(bytes));
        QPen pen(color);
        pen.setStyle(Qt::DashLine);
        pen.setWidth(2);
        line->setPen(pen);
        connect(line, &QLineSeries::hovered, line, [tip](const QPointF &, bool state) { showTip(state, tip); });
        return line;
    };
    auto *target = limitLine(a.documentTargetBytes, targetName, targetTip, QColor(0xe0, 0x90, 0x20));
    auto *limit = limitLine(a.maxDocumentBytes, limitName, limitTip, QColor(0xc0, 0x20, 0x20));
    for (QLineSeries *s : {avg, max, target, limit})
        chart->addSeries(s);
    for (int which : {0, 1})
        connect(which == 0 ? avg : max, &QLineSeries::hovered, this, [this, which, horizon](const QPointF &p, bool on) {
            const QStringList &tips = which == 0 ? m_sizeTips.first : m_sizeTips.second;
            if (tips.isEmpty())
                return;
            const int k = std::clamp(int(std::lround(p.x() * kTimePoints / horizon)), 0, int(tips.size()) - 1);
            showTip(on, tips.at(k));
        });

    auto *x = new QValueAxis;
    x->setRange(0, horizon);
    x->setLabelFormat(QStringLiteral("%d"));
    x->setTitleText(tr("days from now"));
    chart->addAxis(x, Qt::AlignBottom);
    QCategoryAxis *y = logBytesAxis(axisLo, axisHi);
    chart->addAxis(y, Qt::AlignLeft);
    for (QLineSeries *s : {avg, max, target, limit}) {
        s->attachAxis(x);
        s->attachAxis(y);
    }
    install(SizeOverTime, chart, 180);
    m_shape[SizeOverTime] = chartShape;
}

void ChartsPanel::buildIndexes() {
    const auto &stats = m_document->analysis().collections;
    m_tooltips[IndexEntries].clear();
    m_tooltips[IndexSize].clear();
    // The indexes drawn: the chosen collection's in model order, or every
    // index; past kTopIndexes + 1 each chart draws its largest by its own
    // measure and sums the rest in one bar below them.
    using Row = std::pair<const CollectionStat *, const IndexStat *>;
    std::vector<Row> all;
    const int chosen = m_indexCollection->currentIndex() - 1; // 0: the overview
    const bool one = chosen >= 0 && std::size_t(chosen) < stats.size();
    for (std::size_t c = 0; c < stats.size(); ++c)
        if (!one || c == std::size_t(chosen))
            for (const auto &index : stats[c].indexes)
                all.emplace_back(&stats[c], &index);
    const bool top = !one && all.size() > std::size_t(kTopIndexes) + 1;

    double mostEntries = 0;
    for (const auto &[stat, index] : all)
        mostEntries = std::max(mostEntries, index->entries);
    // Entries in thousands or millions when large: axis labels stay short.
    const double entryScale = mostEntries >= 1e6 ? 1e6 : mostEntries >= 1e4 ? 1e3 : 1;
    const QString entryUnit = entryScale == 1e6 ? tr("entries, millions (estimate)")
                              : entryScale == 1e3 ? tr("entries, thousands (estimate)")
                                                  : tr("entries (estimate)");
    double mostBytes = 0;
    for (const auto &[stat, index] : all)
        mostBytes = std::max(mostBytes, index->estimatedBytes);
    // Sizes in the binary unit the largest reads in (units::bytesText), or
    // bytes below 1 MiB.
    constexpr double kMiB = 1024.0 * 1024.0;
    const double byteScale = mostBytes >= 1024 * kMiB ? 1024 * kMiB : mostBytes >= kMiB ? kMiB : 1;
    const QString sizeUnit = byteScale > kMiB  ? tr("GiB (estimate)")
                             : byteScale > 1 ? tr("MiB (estimate)")
                                             : tr("bytes (estimate)");

    auto build = [&](Chart which, double IndexStat::*measure, double scale, const QString &setName,
                     const QString &title, const QString &axisTitle) {
        // Rows top-down: largest first when summing, else collection order.
        std::vector<Row> shown = all, summed;
        if (top) {
            std::stable_sort(shown.begin(), shown.end(),
                             [&](const Row &l, const Row &r) { return l.second->*measure > r.second->*measure; });
            summed.assign(shown.begin() + kTopIndexes, shown.end());
            shown.resize(kTopIndexes);
        }
        double rest = 0;
        for (const auto &[stat, index] : summed)
            rest += index->*measure;
        // The axis is scaled to the indexes drawn on their own; a larger sum
        // runs off its end, which its name says (its tooltip has the value).
        double widest = 0;
        for (const auto &[stat, index] : shown)
            widest = std::max(widest, index->*measure / scale);
        const double axisMax = niceCeiling(widest * 1.02);
        QStringList categories; // bottom-up, as QtCharts counts them
        QList<qreal> values;
        QStringList tipList;
        if (!summed.empty()) {
            // As short as the bytes chart's, so that the axis shows it whole.
            categories << (rest / scale > axisMax ? tr("%1 others, summed \u2192") : tr("%1 others, summed"))
                              .arg(summed.size());
            values << rest / scale;
            const auto &[largestStat, largest] = summed.front();
            const QString total = which == IndexEntries ? tr("%1 index entries").arg(formatCount(rest))
                                                        : bytesExact(rest);
            const QString most = which == IndexEntries ? formatCount(largest->entries)
                                                       : bytesExact(largest->estimatedBytes);
            tipList << tr("%1 other indexes: %2 together; the largest of them is %3 · %4, %5.\n"
                          "An estimate. Choose a collection above to see its indexes.")
                           .arg(summed.size())
                           .arg(total, qs(largestStat->name), qs(largest->name), most);
        }
        for (auto it = shown.rbegin(); it != shown.rend(); ++it) {
            const auto &[stat, index] = *it;
            const QString label = qs(stat->name) + QStringLiteral(" · ") + qs(index->name);
            categories << label;
            values << index->*measure / scale;
            const QString error = index->error.empty() ? QString() : tr("\nProblem: %1").arg(qs(index->error));
            if (which == IndexEntries)
                tipList << tr("%1: %2 index entries%3.\nAn estimate from the document count%4.%5")
                               .arg(label, formatCount(index->entries),
                                    index->multikey ? tr(", multikey: one entry per array element") : QString(),
                                    index->multikey ? tr(" and the arrays' average counts") : QString(), error);
            else
                tipList << tr("%1: %2 on disk and in cache.\nAn estimate: %3%4")
                               .arg(label, bytesExact(index->estimatedBytes), qs(index->assumptions), error);
        }
        m_tooltips[which] = tipList;
        const int n = int(categories.size());

        QChart *chart = m_views[which]->chart();
        auto *series =
            chart->series().isEmpty() ? nullptr : qobject_cast<QHorizontalBarSeries *>(chart->series().front());
        const bool inPlace = series && categories == m_shape[which];
        int minimumHeight = 0;
        if (!inPlace) {
            chart = newChart(one ? tr("%1 of %2").arg(title, qs(stats[std::size_t(chosen)].name)) : title);
            series = new QHorizontalBarSeries;
            series->append(new QBarSet(setName));
            series->setBarWidth(0.7);
            chart->addSeries(series);
            auto *y = new QBarCategoryAxis;
            chart->addAxis(y, Qt::AlignLeft);
            y->append(axisLabels(categories, QFontMetrics(y->labelsFont())));
            series->attachAxis(y);
            auto *x = new QValueAxis;
            x->setTitleText(axisTitle);
            chart->addAxis(x, Qt::AlignBottom);
            series->attachAxis(x);
            chart->legend()->setVisible(false);
            connect(series, &QAbstractBarSeries::hovered, this,
                    [this, which](bool on, int index, QBarSet *set) { showBarTip(which, on, index, set); });
            minimumHeight = barChartHeight(n, y->labelsFont());
        }
        QBarSet *set = series->barSets().front();
        if (set->count() > 0)
            set->remove(0, set->count());
        set->append(values);
        BarTips tips;
        for (int row = 0; row < n; ++row)
            tips[{set, row}] = tipList[row];
        m_barTips[which] = std::move(tips);
        // A round maximum and a fixed tick count: QValueAxis::applyNiceNumbers
        // can pick hundreds of ticks, and laying out their labels costs
        // milliseconds on every edit.
        if (auto *x = qobject_cast<QValueAxis *>(chart->axes(Qt::Horizontal).value(0))) {
            if (x->titleText() != axisTitle)
                x->setTitleText(axisTitle);
            if (x->max() != axisMax || x->min() != 0) {
                x->setRange(0, axisMax);
                x->setTickCount(6);
                x->setLabelFormat(QStringLiteral("%.3g"));
            }
        }
        if (!inPlace) {
            install(which, chart, minimumHeight);
            m_shape[which] = categories;
        }
    };
    build(IndexEntries, &IndexStat::entries, entryScale, tr("index entries"), tr("Index entries"), entryUnit);
    build(IndexSize, &IndexStat::estimatedBytes, byteScale, tr("estimated size"), tr("Estimated index size"),
          sizeUnit);
}

} // namespace docshape::ui::panels
