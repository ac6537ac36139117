#include "panels/WorksheetView.h"

#include "Format.h"
#include "panels/AdviceSource.h"

#include "advisor/Advice.h"
#include "util/Units.h"
#include "PlainText.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QStyle>
#include <QTableWidget>
#include <QVBoxLayout>

namespace docshape::ui::panels {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }

QString joined(const std::vector<std::string> &list) {
    QStringList out;
    for (const auto &s : list)
        out << qs(s);
    return out.isEmpty() ? QCoreApplication::translate("WorksheetView", "none") : out.join(QStringLiteral("\n"));
}

QString countText(double v) { return QString::fromStdString(units::numberText(v)); }
} // namespace

WorksheetView::WorksheetView(AdviceSource *source, QWidget *parent) : QWidget(parent), m_source(source) {
    setObjectName(QStringLiteral("worksheet"));
    m_collection = new QComboBox(this);
    m_collection->setObjectName(QStringLiteral("worksheetCollection"));
    m_collection->setMinimumContentsLength(18);
    m_summary = plainLabel(this);
    m_table = new QTableWidget(0, ColumnCount, this);
    m_table->setObjectName(QStringLiteral("worksheetTable"));
    m_table->setHorizontalHeaderLabels({tr("Worksheet row"), tr("Derived from the model"), tr("Stated by the designer")});
    m_table->verticalHeader()->hide();
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setWordWrap(true);
    m_table->horizontalHeader()->setSectionResizeMode(Row, QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(Derived, QHeaderView::Stretch);
    m_table->horizontalHeader()->setSectionResizeMode(Stated, QHeaderView::Stretch);
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);

    auto *bar = new QHBoxLayout;
    bar->addWidget(new QLabel(tr("Collection:"), this));
    bar->addWidget(m_collection);
    bar->addWidget(m_summary, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(m_table, 1);

    connect(m_collection, &QComboBox::currentIndexChanged, this, &WorksheetView::fill);
    m_onScreen = new OnScreen(this, [this](bool on) {
        if (on && m_stale)
            rebuildChooser();
    });
    connect(source, &AdviceSource::updated, this, &WorksheetView::onUpdated);
    onUpdated();
}

void WorksheetView::onUpdated() {
    if (m_onScreen->onScreen())
        rebuildChooser();
    else
        m_stale = true;
}

void WorksheetView::showCollection(const QString &name) {
    const int i = m_collection->findText(name);
    if (i >= 0)
        m_collection->setCurrentIndex(i);
}

void WorksheetView::rebuildChooser() {
    m_stale = false;
    const QString keep = m_collection->currentText();
    const bool blocked = m_collection->blockSignals(true);
    const auto &sheets = m_source->advice().worksheets;
    // The same collections (nearly every edit): only the marks may differ.
    bool same = m_collection->count() == int(sheets.size());
    for (std::size_t i = 0; same && i < sheets.size(); ++i)
        same = m_collection->itemText(int(i)) == qs(sheets[i].collection);
    if (!same)
        m_collection->clear();
    const QIcon warning = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    for (std::size_t i = 0; i < sheets.size(); ++i) {
        const bool mismatched = !sheets[i].mismatches().empty();
        if (!same)
            m_collection->addItem(mismatched ? warning : QIcon(), qs(sheets[i].collection));
        else if (m_collection->itemIcon(int(i)).isNull() == mismatched)
            m_collection->setItemIcon(int(i), mismatched ? warning : QIcon());
    }
    const int i = m_collection->findText(keep);
    m_collection->setCurrentIndex(i >= 0 ? i : 0);
    m_collection->blockSignals(blocked);
    fill();
}

QStringList WorksheetView::mismatchedRows() const {
    QStringList out;
    for (int r = 0; r < m_table->rowCount(); ++r)
        if (m_table->item(r, Row)->data(Qt::UserRole).toBool())
            out << m_table->item(r, Row)->text();
    return out;
}

void WorksheetView::fill() {
    const auto &sheets = m_source->advice().worksheets;
    const int chosen = m_collection->currentIndex();
    m_table->setRowCount(0);
    if (chosen < 0 || std::size_t(chosen) >= sheets.size()) {
        m_summary->setText(tr("No collections."));
        return;
    }
    const Worksheet &ws = sheets[std::size_t(chosen)];
    // Which mismatch belongs to which row: the advisor words them after the
    // worksheet row they compare.
    const std::vector<std::string> mismatches = ws.mismatches();
    auto mismatchFor = [&](const char *prefix) {
        QStringList out;
        for (const auto &m : mismatches)
            if (m.rfind(prefix, 0) == 0)
                out << qs(m);
        return out.join(QStringLiteral("\n"));
    };
    const std::vector<std::string> bounds = ws.arrayBounds();
    QString arrays = bounds.empty() ? tr("no arrays") : joined(bounds);
    if (ws.hasArrays)
        arrays += ws.largestArrayBound ? tr("\nlargest bound %1").arg(countText(*ws.largestArrayBound))
                                       : tr("\nsome array has no bound");
    struct RowData {
        QString label, derived, stated, mismatch;
        QString tip; // the exact figures behind rounded ones
    };
    const std::vector<RowData> rows{
        {tr("Top reads"), joined(ws.topReads()), {}, {}},
        {tr("Top writes"), joined(ws.topWrites()), {}, {}},
        {tr("Filter fields"), joined(ws.filterFields()), {}, {}},
        {tr("Sort fields"), joined(ws.sortFields()), {}, {}},
        {tr("Expected document size"),
         tr("average %1\nmaximum %2").arg(formatBytes(ws.documentBytes), formatMaxBytes(ws.maxDocumentBytes)),
         ws.statedDocumentBytes ? formatBytes(*ws.statedDocumentBytes) : QString(),
         mismatchFor("expected document size"),
         tr("BSON size computed from the model: average %1, maximum %2")
                 .arg(formatExactBytes(ws.documentBytes), formatExactMaxBytes(ws.maxDocumentBytes)) +
             (ws.statedDocumentBytes ? tr("\nstated: %1").arg(formatExactBytes(*ws.statedDocumentBytes)) : QString())},
        {tr("Expected array bounds"), arrays, ws.statedMaxArrayCount ? tr("at most %1").arg(countText(*ws.statedMaxArrayCount)) : QString(),
         mismatchFor("expected array bounds")},
        {tr("Atomic update boundary"), qs(ws.atomicUpdateBoundary()), qs(ws.statedAtomicUpdateBoundary), {}},
        {tr("Deletion behavior"), qs(ws.deletion()), {}, {}},
        {tr("Tenant scope"), qs(ws.tenantScope()), {}, {}},
        {tr("Retention"), qs(ws.retention()), {}, {}},
        {tr("Indexes"), joined(ws.indexes()), {}, {}},
    };
    const QIcon warn = QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
    m_table->setRowCount(int(rows.size()));
    int marked = 0;
    for (std::size_t r = 0; r < rows.size(); ++r) {
        const RowData &d = rows[r];
        auto *label = new QTableWidgetItem(d.label);
        auto *derived = new QTableWidgetItem(d.derived);
        auto *stated = new QTableWidgetItem(d.stated.isEmpty() ? tr("—") : d.stated);
        const bool mismatch = !d.mismatch.isEmpty();
        label->setData(Qt::UserRole, mismatch);
        if (d.stated.isEmpty())
            stated->setForeground(Qt::gray);
        for (auto *item : {derived, stated})
            item->setToolTip(plainToolTip(d.tip));
        if (mismatch) {
            ++marked;
            label->setIcon(warn);
            for (auto *item : {label, derived, stated}) {
                item->setBackground(QColor(0xff, 0xe8, 0xd0));
                item->setToolTip(plainToolTip(tr("Mismatch: %1").arg(d.mismatch) +
                                 (d.tip.isEmpty() ? QString() : QStringLiteral("\n") + d.tip)));
            }
        }
        m_table->setItem(int(r), Row, label);
        m_table->setItem(int(r), Derived, derived);
        m_table->setItem(int(r), Stated, stated);
    }
    m_summary->setText(marked == 0 ? tr("Derived values agree with what was stated.")
                                   : marked == 1 ? tr("1 row disagrees with what was stated.")
                                                 : tr("%1 rows disagree with what was stated.").arg(marked));
}

} // namespace docshape::ui::panels
