#include "panels/FindingsPanel.h"

#include "Format.h"
#include "document/Document.h"
#include "panels/AdviceSource.h"

#include "advisor/Advice.h"
#include "advisor/RuleCatalog.h"
#include "PlainText.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSplitter>
#include <QStyle>
#include <QTextBrowser>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>
#include <functional>
#include <vector>

namespace docshape::ui::panels {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

// What the Object column says of a finding.
std::string_view objectColumnText(const Finding &f) {
    return f.target.name.empty() ? kindWords(f.target.kind) : std::string_view(f.target.name);
}

enum Role { SeverityRole = Qt::UserRole + 1 };

QIcon severityIcon(Severity s) {
    QStyle *style = QApplication::style();
    switch (s) {
    case Severity::Error: return style->standardIcon(QStyle::SP_MessageBoxCritical);
    case Severity::Warning: return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case Severity::Info: return style->standardIcon(QStyle::SP_MessageBoxInformation);
    }
    return {};
}

} // namespace

FindingsPanel::FindingsPanel(AdviceSource *source, QWidget *parent) : QWidget(parent), m_source(source) {
    setObjectName(QStringLiteral("findings"));
    m_filter = new QComboBox(this);
    m_filter->setObjectName(QStringLiteral("severityFilter"));
    m_filter->addItem(tr("All severities"), -1);
    m_filter->addItem(severityIcon(Severity::Warning), tr("Warnings and errors"), int(Severity::Warning));
    m_filter->addItem(severityIcon(Severity::Error), tr("Errors only"), int(Severity::Error));
    m_summary = plainLabel(this);

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("findingList"));
    m_list->setColumnCount(3);
    m_list->setHeaderLabels({tr("Rule"), tr("Object"), tr("Message")});
    m_list->setRootIsDecorated(false);
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(0, 90);
    m_list->setColumnWidth(1, 140);
    // The Object column widens to its longest name (fitObjectColumn) until
    // the user sets its width by hand.
    connect(m_list->header(), &QHeaderView::sectionResized, this, [this](int section) {
        if (section == 1 && !m_fittingObjectColumn)
            m_objectWidthByUser = true;
    });

    m_details = new QTextBrowser(this);
    m_details->setObjectName(QStringLiteral("findingDetails"));
    m_details->setOpenExternalLinks(true);

    m_createIndex = new QPushButton(tr("Create Suggested &Index"), this);
    m_createIndex->setObjectName(QStringLiteral("createSuggestedIndex"));
    m_createIndex->setToolTip(tr("Add the index this finding suggests (one undo step)"));
    m_createIndex->setEnabled(false);
    auto *detailsPane = new QWidget(this);
    auto *detailsLayout = new QVBoxLayout(detailsPane);
    detailsLayout->setContentsMargins(0, 0, 0, 0);
    detailsLayout->addWidget(m_details, 1);
    detailsLayout->addWidget(m_createIndex, 0, Qt::AlignLeft);

    m_list->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_list, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        if (suggestionPatternOfCurrent().empty())
            return;
        QMenu menu(this);
        menu.addAction(m_createIndex->text(), this, &FindingsPanel::createSuggestedIndex);
        menu.exec(m_list->viewport()->mapToGlobal(at));
    });
    connect(m_createIndex, &QPushButton::clicked, this, &FindingsPanel::createSuggestedIndex);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_list);
    splitter->addWidget(detailsPane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *bar = new QHBoxLayout;
    bar->addWidget(m_filter);
    bar->addWidget(m_summary, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(m_filter, &QComboBox::currentIndexChanged, this, [this] { applyFilter(); });
    connect(m_list, &QTreeWidget::currentItemChanged, this, &FindingsPanel::showDetails);
    connect(m_list, &QTreeWidget::itemClicked, this, &FindingsPanel::onActivated);
    connect(m_list, &QTreeWidget::itemActivated, this, &FindingsPanel::onActivated);
    m_onScreen = new OnScreen(this, [this](bool on) {
        if (on && m_stale)
            rebuild();
    });
    connect(source, &AdviceSource::updated, this, &FindingsPanel::onUpdated);
    onUpdated();
}

void FindingsPanel::onUpdated() {
    if (m_onScreen->onScreen())
        rebuild();
    else
        m_stale = true;
}

std::optional<Severity> FindingsPanel::minimumSeverity() const {
    const int v = m_filter->currentData().toInt();
    return v < 0 ? std::nullopt : std::optional<Severity>(Severity(v));
}

void FindingsPanel::rebuild() {
    m_stale = false;
    const auto &findings = m_source->advice().findings;
    // The rows are the findings in order. An edit changes a few: keep the
    // rows before the first and after the last that differ, rewrite the
    // rows between in place where they differ (a rename changes messages
    // across the whole list, and a rewritten row repaints alone), and add
    // or remove the rows the count changed by.
    const std::size_t n = findings.size();
    const std::size_t old = m_shown.size();
    std::size_t head = 0;
    while (head < old && head < n && m_shown[head] == findings[head])
        ++head;
    std::size_t tail = 0;
    while (tail < old - head && tail < n - head && m_shown[old - 1 - tail] == findings[n - 1 - tail])
        ++tail;
    if (m_listed && head == old && head == n)
        return; // the same findings, row for row
    std::optional<Finding> keep;
    int keptRow = -1;
    if (QTreeWidgetItem *current = m_list->currentItem()) {
        keptRow = m_list->indexOfTopLevelItem(current);
        keep = m_shown[std::size_t(keptRow)];
    }
    const bool blocked = m_list->blockSignals(true);
    // The style's icons, made once for all the rows.
    const QIcon icons[3] = {severityIcon(Severity(0)), severityIcon(Severity(1)), severityIcon(Severity(2))};
    const auto fill = [&](QTreeWidgetItem *item, const Finding &f) {
        item->setIcon(0, icons[int(f.severity)]);
        item->setText(0, qs(f.id));
        item->setText(1, qs(objectColumnText(f)));
        item->setToolTip(1, plainToolTip(qs(targetText(f.target))));
        const QString message = qs(f.message());
        item->setText(2, message);
        item->setToolTip(2, plainToolTip(message));
        item->setToolTip(0, plainToolTip(f.source().empty() ? qs(toString(f.severity))
                                               : tr("%1, from %2").arg(qs(toString(f.severity)), qs(f.source()))));
        item->setData(0, SeverityRole, int(f.severity));
    };
    m_listed = true;
    const std::size_t oldEnd = old - tail;
    const std::size_t newEnd = n - tail;
    const std::size_t common = std::min(oldEnd, newEnd);
    // Whether an Object name came, went or changed: the column's width
    // is fitted again.
    bool names = oldEnd != newEnd;
    for (std::size_t i = head; i < common; ++i)
        if (!(m_shown[i] == findings[i])) {
            names = names || m_shown[i].target != findings[i].target;
            fill(m_list->topLevelItem(int(i)), findings[i]);
            m_shown[i] = findings[i];
        }
    if (oldEnd > common) {
        // One removal: the model announces it once, not row by row.
        m_list->model()->removeRows(int(common), int(oldEnd - common));
        m_shown.erase(m_shown.begin() + std::ptrdiff_t(common), m_shown.begin() + std::ptrdiff_t(oldEnd));
    } else if (newEnd > common) {
        QList<QTreeWidgetItem *> items;
        items.reserve(qsizetype(newEnd - common));
        for (std::size_t i = common; i < newEnd; ++i) {
            auto *item = new QTreeWidgetItem;
            fill(item, findings[i]);
            items << item;
        }
        m_list->insertTopLevelItems(int(common), items);
        m_shown.insert(m_shown.begin() + std::ptrdiff_t(common), findings.begin() + std::ptrdiff_t(common),
                       findings.begin() + std::ptrdiff_t(newEnd));
    }
    // The finding that was current stays current where it still is;
    // otherwise its row, rewritten, stays current while the list has it.
    if (keep) {
        const bool moved = !m_list->currentItem() || std::size_t(keptRow) >= n || !(m_shown[std::size_t(keptRow)] == *keep);
        if (moved) {
            const auto it = std::find(m_shown.begin(), m_shown.end(), *keep);
            if (it != m_shown.end())
                m_list->setCurrentItem(m_list->topLevelItem(int(it - m_shown.begin())));
        }
    }
    m_list->blockSignals(blocked);
    applyFilter(head, newEnd);
    if (names)
        fitObjectColumn();
    showDetails();
}

void FindingsPanel::resizeEvent(QResizeEvent *event) {
    QWidget::resizeEvent(event);
    fitObjectColumn();
}

void FindingsPanel::fitObjectColumn() {
    if (m_objectWidthByUser)
        return;
    // Names such as "CustomerAccountProfile → OrderFulfilmentRecord (customerId)"
    // whole, but never more than two fifths of the list: the message needs
    // the room more; a longer name has its tooltip.
    const int cap = std::max(140, m_list->viewport()->width() * 2 / 5);
    // The widest text is among the longest in characters: measure those
    // few, not every row (a large model has thousands of findings, and
    // measuring a row shapes its text).
    constexpr int kMeasured = 12;
    // Lengths come from the findings the rows show (in UTF-8 bytes, which
    // is close enough to choose the few to measure).
    std::vector<std::pair<std::size_t, int>> longest; // (length, row)
    longest.reserve(m_shown.size());
    for (std::size_t row = 0; row < m_shown.size(); ++row)
        longest.emplace_back(objectColumnText(m_shown[row]).size(), int(row));
    const auto measured = longest.begin() + std::min<std::ptrdiff_t>(kMeasured, std::ssize(longest));
    std::partial_sort(longest.begin(), measured, longest.end(), std::greater<>());
    int widest = 0;
    const QAbstractItemView *view = m_list;
    for (auto it = longest.begin(); it != measured; ++it)
        widest = std::max(widest, view->sizeHintForIndex(m_list->model()->index(it->second, 1)).width());
    const int want = std::clamp(widest, 140, cap);
    if (want == m_list->columnWidth(1))
        return;
    m_fittingObjectColumn = true;
    m_list->setColumnWidth(1, want);
    m_fittingObjectColumn = false;
}

void FindingsPanel::applyFilter() { applyFilter(0, m_shown.size()); }

void FindingsPanel::applyFilter(std::size_t first, std::size_t last) {
    // Rows outside [first, last) already show or hide as the filter says.
    const auto min = minimumSeverity();
    for (std::size_t i = first; i < last; ++i) {
        QTreeWidgetItem *item = m_list->topLevelItem(int(i));
        const bool visible = !min || m_shown[i].severity >= *min;
        if (item->isHidden() == visible)
            item->setHidden(!visible);
    }
    int shown = 0;
    int counts[3] = {0, 0, 0};
    for (const Finding &f : m_shown) {
        ++counts[int(f.severity)];
        shown += !min || f.severity >= *min ? 1 : 0;
    }
    m_summary->setText(tr("%1 · %2 · %3 — %4 shown")
                           .arg(formatCountOf(counts[int(Severity::Error)], tr("error"), tr("errors")),
                                formatCountOf(counts[int(Severity::Warning)], tr("warning"), tr("warnings")),
                                formatCountOf(counts[int(Severity::Info)], tr("note"), tr("notes")))
                           .arg(shown));
}

int FindingsPanel::visibleCount() const {
    int n = 0;
    for (int i = 0; i < m_list->topLevelItemCount(); ++i)
        n += m_list->topLevelItem(i)->isHidden() ? 0 : 1;
    return n;
}

QString FindingsPanel::detailsHtml() const { return m_details->toHtml(); }

QString FindingsPanel::summary() const { return m_summary->text(); }

std::string FindingsPanel::suggestionPatternOfCurrent() const {
    QTreeWidgetItem *item = m_list->currentItem();
    const int i = item ? m_list->indexOfTopLevelItem(item) : -1;
    if (i < 0 || std::size_t(i) >= m_shown.size())
        return {};
    const Finding &f = m_shown[std::size_t(i)];
    if ((f.id != rule::kMissingIndex && f.id != rule::kInMemorySort) || f.target.kind != "accessPattern")
        return {};
    return m_source->suggestionFor(f.target.id) ? f.target.id : std::string();
}

void FindingsPanel::createSuggestedIndex() {
    const std::string pattern = suggestionPatternOfCurrent();
    if (pattern.empty())
        return;
    auto added = m_source->createSuggestedIndex(pattern);
    if (!added) {
        emit editRefused(qs(added.error().toString()));
        return;
    }
    emit indexCreated(*added);
}

void FindingsPanel::showDetails() {
    m_createIndex->setEnabled(!suggestionPatternOfCurrent().empty());
    QTreeWidgetItem *item = m_list->currentItem();
    const auto &findings = m_source->advice().findings;
    const int i = item ? m_list->indexOfTopLevelItem(item) : -1;
    if (i < 0 || std::size_t(i) >= findings.size()) {
        m_details->setHtml(findings.empty() ? tr("<p>No findings: the advisor has nothing to say about this model.</p>")
                                            : tr("<p>Select a finding to see why it matters and what to do.</p>"));
        return;
    }
    const Finding &f = findings[std::size_t(i)];
    auto esc = [](std::string_view s) { return qs(s).toHtmlEscaped(); };
    QString html = QStringLiteral("<p><b>%1</b> · %2 · %3</p><p>%4</p>")
                       .arg(esc(f.id), qs(toString(f.severity)), esc(targetText(f.target)), esc(f.message()));
    if (const std::string reason = f.reason(); !reason.empty())
        html += tr("<p><b>Why</b><br>%1</p>").arg(esc(reason));
    if (const std::string fix = f.fix(); !fix.empty())
        html += tr("<p><b>Fix</b><br>%1</p>").arg(esc(fix));
    if (!f.source().empty())
        html += tr("<p><b>Source</b><br><i>%1</i></p>").arg(esc(f.source()));
    if (!f.passage().empty())
        html += QStringLiteral("<blockquote>“%1”</blockquote>").arg(esc(f.passage()));
    m_details->setHtml(html);
}

ObjectRef FindingsPanel::objectOf(const FindingTarget &target) const {
    const Project &p = m_source->document()->project();
    if (target.kind == "entity")
        return ObjectRef::entity(target.id);
    if (target.kind == "field")
        return ObjectRef::field(target.id);
    if (target.kind == "relationship")
        return ObjectRef::relationship(target.id);
    if (target.kind == "index")
        if (const IndexSpec *ix = p.findIndex(target.id))
            return ObjectRef::entity(ix->entityId);
    if (target.kind == "accessPattern")
        if (const AccessPattern *q = p.findAccessPattern(target.id))
            return ObjectRef::entity(q->entityId);
    if (target.kind == "collection") {
        const std::string root = m_source->rootEntityOf(target.id);
        if (!root.empty())
            return ObjectRef::entity(root);
    }
    return {};
}

void FindingsPanel::onActivated(QTreeWidgetItem *item) {
    const auto &findings = m_source->advice().findings;
    const int i = item ? m_list->indexOfTopLevelItem(item) : -1;
    if (i < 0 || std::size_t(i) >= findings.size())
        return;
    const Finding &f = findings[std::size_t(i)];
    const ObjectRef object = objectOf(f.target);
    if (!object.isNone())
        emit activate(object);
    if (f.target.kind == "accessPattern")
        emit activateAccessPattern(f.target.id);
}

} // namespace docshape::ui::panels
