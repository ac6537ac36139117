#include "panels/AccessPatternTable.h"

#include "Format.h"
#include "document/Document.h"
#include "panels/AccessPatternDelegate.h"
#include "panels/AccessPatternModel.h"
#include "panels/AdviceSource.h"

#include "advisor/Advice.h"
#include "util/Units.h"

#include <QApplication>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace docshape::ui::panels {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
QString esc(std::string_view s) { return qs(s).toHtmlEscaped(); }

QString keysText(const std::vector<IndexKey> &keys) {
    QStringList parts;
    for (const auto &k : keys)
        parts << QStringLiteral("%1: %2").arg(qs(k.path),
                                              k.kind == "1" || k.kind == "-1" ? qs(k.kind)
                                                                              : QLatin1Char('"') + qs(k.kind) + QLatin1Char('"'));
    return QStringLiteral("{ ") + parts.join(QStringLiteral(", ")) + QStringLiteral(" }");
}

QString ms(double v) { return qs(units::millisecondsText(v)); }
} // namespace

AccessPatternTable::AccessPatternTable(AdviceSource *source, QWidget *parent)
    : QWidget(parent), m_source(source) {
    setObjectName(QStringLiteral("accessPatterns"));
    m_model = new AccessPatternModel(source, this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(AccessPatternModel::SortRole);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);

    auto *add = new QToolButton(this);
    add->setText(tr("Add"));
    add->setToolTip(tr("Add an access pattern on the current entity (Insert)"));
    m_remove = new QToolButton(this);
    m_remove->setText(tr("Remove"));
    m_remove->setToolTip(tr("Remove the selected access pattern (Delete)"));
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(QStringLiteral("accessPatternFilter"));
    m_filter->setPlaceholderText(tr("Filter queries, entities, fields, indexes…"));
    m_filter->setClearButtonEnabled(true);

    m_view = new QTableView(this);
    m_view->setObjectName(QStringLiteral("accessPatternView"));
    m_view->setModel(m_proxy);
    m_view->setItemDelegate(new AccessPatternDelegate(source->document(), m_view));
    m_view->setSortingEnabled(true);
    m_view->sortByColumn(-1, Qt::AscendingOrder); // model order until a header is clicked
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                            QAbstractItemView::AnyKeyPressed);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_view->horizontalHeader()->setDefaultSectionSize(110);
    m_view->setColumnWidth(AccessPatternModel::Name, 220);
    m_view->setColumnWidth(AccessPatternModel::Kind, 60);
    m_view->setColumnWidth(AccessPatternModel::Frequency, 120);
    m_view->setColumnWidth(AccessPatternModel::Latency, 150);
    m_view->setColumnWidth(AccessPatternModel::RoundTrips, 80);
    m_view->setColumnWidth(AccessPatternModel::Index, 170);
    m_view->installEventFilter(this);

    m_cost = new QLabel(this);
    m_cost->setObjectName(QStringLiteral("accessPatternCost"));
    m_cost->setWordWrap(true);
    m_cost->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    m_cost->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_cost->setMargin(6);
    auto *costScroll = new QScrollArea(this);
    costScroll->setWidget(m_cost);
    costScroll->setWidgetResizable(true);
    m_createIndex = new QPushButton(tr("Create Suggested &Index"), this);
    m_createIndex->setObjectName(QStringLiteral("createSuggestedIndex"));
    m_createIndex->setToolTip(tr("Add the index the advisor suggests for this access pattern (one undo step)"));
    m_createIndex->setEnabled(false);
    auto *costPane = new QWidget(this);
    auto *costLayout = new QVBoxLayout(costPane);
    costLayout->setContentsMargins(0, 0, 0, 0);
    costLayout->addWidget(costScroll, 1);
    costLayout->addWidget(m_createIndex, 0, Qt::AlignLeft);
    costPane->setMinimumWidth(260);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_view);
    splitter->addWidget(costPane);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 1);

    auto *bar = new QHBoxLayout;
    bar->addWidget(add);
    bar->addWidget(m_remove);
    bar->addWidget(m_filter, 1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(add, &QToolButton::clicked, this, &AccessPatternTable::addPattern);
    connect(m_remove, &QToolButton::clicked, this, &AccessPatternTable::removeCurrentPattern);
    connect(m_createIndex, &QPushButton::clicked, this, &AccessPatternTable::createSuggestedIndex);
    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(m_view, &QWidget::customContextMenuRequested, this, [this](const QPoint &at) {
        const QModelIndex row = m_view->indexAt(at);
        if (row.isValid())
            m_view->setCurrentIndex(row);
        QMenu menu(this);
        QAction *create = menu.addAction(m_createIndex->text(), this, &AccessPatternTable::createSuggestedIndex);
        create->setEnabled(m_source->suggestionFor(currentPatternId()) != nullptr);
        menu.addAction(tr("Remove"), this, &AccessPatternTable::removeCurrentPattern);
        menu.exec(m_view->viewport()->mapToGlobal(at));
    });
    connect(m_filter, &QLineEdit::textChanged, m_proxy, &QSortFilterProxyModel::setFilterFixedString);
    connect(m_model, &AccessPatternModel::editRefused, this, &AccessPatternTable::editRefused);
    connect(m_view->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
            &AccessPatternTable::onCurrentChanged);
    connect(m_model, &QAbstractItemModel::modelAboutToBeReset, this,
            [this] { m_keepSelected = currentPatternId(); });
    connect(m_model, &QAbstractItemModel::modelReset, this, [this] {
        if (!m_keepSelected.empty())
            selectPattern(m_keepSelected);
        updateCostPane();
    });
    connect(m_model, &QAbstractItemModel::dataChanged, this, &AccessPatternTable::updateCostPane);
    // Off screen the table reads no costs (and so asks for no advice).
    m_onScreen = new OnScreen(this, [this](bool on) {
        m_model->setLive(on);
        updateCostPane();
    });
    m_model->setLive(m_onScreen->onScreen());
}

std::string AccessPatternTable::currentPatternId() const {
    const QModelIndex current = m_view->currentIndex();
    return current.isValid() ? current.data(AccessPatternModel::PatternIdRole).toString().toStdString()
                             : std::string();
}

QString AccessPatternTable::costText() const { return m_cost->text(); }

void AccessPatternTable::selectPattern(const std::string &patternId) {
    const int row = m_model->rowOf(patternId);
    if (row < 0)
        return;
    QModelIndex index = m_proxy->mapFromSource(m_model->index(row, AccessPatternModel::Name));
    if (!index.isValid()) { // filtered out: show it all the same
        m_filter->clear();
        index = m_proxy->mapFromSource(m_model->index(row, AccessPatternModel::Name));
    }
    m_view->setCurrentIndex(index);
    m_view->scrollTo(index);
}

void AccessPatternTable::addPattern() {
    const Document &doc = *m_source->document();
    const Project &p = doc.project();
    std::string entityId = m_contextEntity;
    if (!p.findEntity(entityId)) {
        entityId.clear();
        const auto &collections = doc.analysis().collections;
        if (!collections.empty())
            entityId = collections.front().rootEntityId;
        else if (!p.entities.empty())
            entityId = p.entities.front().id;
    }
    if (entityId.empty()) {
        emit editRefused(tr("Add an entity first: an access pattern reads or writes one."));
        return;
    }
    AccessPattern q;
    q.entityId = entityId;
    q.operation = Operation::FindMany;
    q.frequencyPerSecond = 1;
    for (int n = int(p.accessPatterns.size()) + 1;; ++n) {
        q.name = tr("Query %1").arg(n).toStdString();
        if (std::none_of(p.accessPatterns.begin(), p.accessPatterns.end(),
                         [&](const AccessPattern &o) { return o.name == q.name; }))
            break;
    }
    auto id = m_source->document()->addAccessPattern(q);
    if (!id) {
        emit editRefused(qs(id.error().toString()));
        return;
    }
    selectPattern(*id);
}

void AccessPatternTable::createSuggestedIndex() {
    const std::string id = currentPatternId();
    if (id.empty())
        return;
    auto added = m_source->createSuggestedIndex(id);
    if (!added) {
        emit editRefused(qs(added.error().toString()));
        return;
    }
    emit indexCreated(*added);
}

void AccessPatternTable::removeCurrentPattern() {
    const std::string id = currentPatternId();
    if (id.empty())
        return;
    const int proxyRow = m_view->currentIndex().row();
    Status status = m_source->document()->removeAccessPattern(id);
    if (!status) {
        emit editRefused(qs(status.error().toString()));
        return;
    }
    const int rows = m_proxy->rowCount();
    if (rows > 0)
        m_view->setCurrentIndex(m_proxy->index(std::min(proxyRow, rows - 1), AccessPatternModel::Name));
}

bool AccessPatternTable::eventFilter(QObject *watched, QEvent *event) {
    // Keys an open cell editor passes up are its own, not row commands.
    const QWidget *focus = QApplication::focusWidget();
    const bool editing = focus && focus != m_view && m_view->isAncestorOf(focus);
    if (watched == m_view && event->type() == QEvent::KeyPress && !editing) {
        const auto *key = static_cast<QKeyEvent *>(event);
        if (key->key() == Qt::Key_Insert) {
            addPattern();
            return true;
        }
        if (key->key() == Qt::Key_Delete) {
            removeCurrentPattern();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void AccessPatternTable::onCurrentChanged() {
    updateCostPane();
    const QModelIndex current = m_view->currentIndex();
    if (!current.isValid())
        return;
    const int row = m_proxy->mapToSource(current).row();
    const AccessPattern *q = m_model->patternAt(row);
    const AccessCost *cost = m_model->costAt(row);
    if (!q)
        return;
    std::vector<std::string> ids{q->entityId};
    auto addId = [&](const std::string &id) {
        if (!id.empty() && std::find(ids.begin(), ids.end(), id) == ids.end())
            ids.push_back(id);
    };
    if (cost)
        for (const auto &collection : cost->collections)
            addId(m_source->rootEntityOf(collection));
    for (const auto &id : q->alsoReads)
        addId(id);
    emit highlightEntities(ids);
}

void AccessPatternTable::updateCostPane() {
    m_remove->setEnabled(m_view->currentIndex().isValid());
    if (!m_onScreen->onScreen())
        return; // back on screen, it catches up
    const QModelIndex current = m_view->currentIndex();
    const int row = current.isValid() ? m_proxy->mapToSource(current).row() : -1;
    const AccessPattern *q = m_model->patternAt(row);
    const AccessCost *c = m_model->costAt(row);
    m_createIndex->setEnabled(q && m_source->suggestionFor(q->id));
    if (!q || !c) {
        m_cost->setText(m_model->rowCount() == 0
                            ? tr("<p>No access patterns yet. Start from the queries: press <b>Insert</b> or "
                                 "<b>Add</b> and describe each read and write, its frequency and latency budget.</p>")
                            : tr("<p>Select an access pattern to see its cost.</p>"));
        return;
    }
    QString html = QStringLiteral("<p><b>%1</b><br>%2 · %3</p>")
                       .arg(esc(q->name), qs(toString(q->kind)), qs(toString(q->operation)));
    QStringList collections;
    for (const auto &name : c->collections)
        collections << esc(name);
    html += QStringLiteral("<table cellspacing='2'>");
    auto row2 = [&](const QString &label, const QString &value) {
        html += QStringLiteral("<tr><td><i>%1</i></td><td>%2</td></tr>").arg(label, value);
    };
    row2(tr("Collections"), collections.join(QStringLiteral(", ")));
    row2(tr("Round trips"), tr("%1 (%2 $lookup)").arg(c->roundTrips).arg(c->lookups));
    row2(tr("Served by"), (c->index == "collection scan" ? QStringLiteral("<span style='color:#b02020'>%1</span>")
                                                         : QStringLiteral("%1"))
                              .arg(esc(c->index)) +
                              (c->inMemorySort ? tr(", sorted in memory") : QString()));
    if (q->kind == AccessKind::Read) {
        row2(tr("Docs examined"), tr("%1 per run, %2/s; %3 returned")
                                      .arg(formatCount(c->docsExamined), formatCount(c->docsExaminedPerSecond),
                                           formatCount(c->docsReturned)));
        row2(tr("Bytes read"), tr("%1 per run, %2/s").arg(formatBytes(c->bytesRead), formatBytes(c->bytesReadPerSecond)));
    } else {
        row2(tr("Docs written"), formatCount(c->documentsTouched));
        row2(tr("Bytes written"), formatBytes(c->bytesWritten));
        row2(tr("Index entries"), formatCount(c->indexEntriesTouched));
        row2(tr("Atomicity"), esc(c->consistency) + (c->needsTransaction ? tr(" (transaction)") : QString()));
    }
    QString time = ms(c->estimatedMs);
    if (c->withinBudget)
        time += *c->withinBudget ? tr(" — within the %1 budget").arg(ms(q->latencyBudgetMs))
                                 : QStringLiteral(" — <span style='color:#b02020'>%1</span>")
                                       .arg(tr("over the %1 budget").arg(ms(q->latencyBudgetMs)));
    row2(tr("Time"), time);
    html += QStringLiteral("</table>");
    for (const auto &s : m_source->advice().suggestedIndexes)
        if (std::find(s.accessPatterns.begin(), s.accessPatterns.end(), q->name) != s.accessPatterns.end())
            html += tr("<p><b>Suggested index</b> on %1: <code>%2</code><br>%3</p>")
                        .arg(esc(s.collection), keysText(s.keys).toHtmlEscaped(), esc(s.reason()));
    html += tr("<p style='color:#666'><i>Estimates.</i> %1</p>").arg(esc(c->assumptions()));
    m_cost->setText(html);
}

} // namespace docshape::ui::panels
