#include "indexes/IndexesPanel.h"

#include "Format.h"
#include "document/Document.h"
#include "indexes/IndexEditor.h"
#include "panels/AdviceSource.h"

#include "advisor/Advice.h"
#include "advisor/RuleCatalog.h"
#include "edit/IndexKeysText.h"
#include "util/Units.h"
#include "PlainText.h"

#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QScrollArea>
#include <QSplitter>
#include <QToolButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <cmath>

namespace docshape::ui::indexes {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }
} // namespace

IndexesPanel::IndexesPanel(panels::AdviceSource *source, QWidget *parent) : QWidget(parent), m_source(source) {
    setObjectName(QStringLiteral("indexes"));
    auto *add = new QToolButton(this);
    add->setObjectName(QStringLiteral("addIndex"));
    add->setText(tr("Add"));
    add->setToolTip(tr("Add an index on the selected collection (Insert)"));
    m_remove = new QToolButton(this);
    m_remove->setObjectName(QStringLiteral("removeIndex"));
    m_remove->setText(tr("Delete"));
    m_remove->setToolTip(tr("Delete the selected index (Delete)"));

    m_list = new QTreeWidget(this);
    m_list->setObjectName(QStringLiteral("indexList"));
    m_list->setColumnCount(Columns);
    m_list->setHeaderLabels({tr("Index"), tr("Keys"), tr("Entries"), tr("Size"), tr("Serves"), tr("Notes")});
    m_list->setUniformRowHeights(true);
    m_list->setAlternatingRowColors(true);
    m_list->header()->setStretchLastSection(true);
    m_list->setColumnWidth(Name, 170);
    m_list->setColumnWidth(Keys, 200);
    m_list->setColumnWidth(Entries, 80);
    m_list->setColumnWidth(Size, 165);
    m_list->setColumnWidth(Serves, 180);
    m_list->installEventFilter(this);

    m_editor = new IndexEditor(source->document(), this);
    auto *scroll = new QScrollArea(this);
    scroll->setWidget(m_editor);
    scroll->setWidgetResizable(true);
    scroll->setMinimumWidth(300);

    auto *splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_list);
    splitter->addWidget(scroll);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);

    auto *bar = new QHBoxLayout;
    bar->addWidget(add);
    bar->addWidget(m_remove);
    bar->addStretch(1);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(2, 2, 2, 2);
    layout->addLayout(bar);
    layout->addWidget(splitter, 1);

    connect(add, &QToolButton::clicked, this, &IndexesPanel::addIndex);
    connect(m_remove, &QToolButton::clicked, this, &IndexesPanel::removeCurrentIndex);
    connect(m_list, &QTreeWidget::currentItemChanged, this, &IndexesPanel::onCurrentChanged);
    connect(m_editor, &IndexEditor::indexAdded, this, &IndexesPanel::selectIndex);
    connect(source, &panels::AdviceSource::updated, this, [this] {
        if (m_onScreen->onScreen())
            rebuild();
        else
            m_stale = true;
    });
    m_onScreen = new panels::OnScreen(this, [this](bool on) {
        if (on && m_stale)
            rebuild();
    });
    rebuild();
}

std::string IndexesPanel::currentIndexId() const {
    const QTreeWidgetItem *item = m_list->currentItem();
    return item ? item->data(Name, IndexIdRole).toString().toStdString() : std::string();
}

QTreeWidgetItem *IndexesPanel::itemOf(const std::string &indexId) const {
    const QString id = qs(indexId);
    for (int i = 0; i < m_list->topLevelItemCount(); ++i) {
        QTreeWidgetItem *collection = m_list->topLevelItem(i);
        for (int j = 0; j < collection->childCount(); ++j)
            if (!id.isEmpty() && collection->child(j)->data(Name, IndexIdRole).toString() == id)
                return collection->child(j);
    }
    return nullptr;
}

void IndexesPanel::selectIndex(const std::string &indexId) {
    if (m_stale)
        rebuild();
    if (QTreeWidgetItem *item = itemOf(indexId)) {
        m_list->setCurrentItem(item);
        m_list->scrollToItem(item);
    }
}

void IndexesPanel::rebuild() {
    m_stale = false;
    const std::string keep = m_editor->editingNew() ? std::string() : currentIndexId();
    const Document &doc = *m_source->document();
    const Project &p = doc.project();
    const Advice &advice = m_source->advice();
    const QLocale locale = QLocale::system();

    const bool blocked = m_list->blockSignals(true);
    m_list->clear();
    for (const CollectionStat &c : doc.analysis().collections) {
        auto *collection = new QTreeWidgetItem(m_list);
        collection->setText(Name, qs(c.name));
        collection->setFirstColumnSpanned(false);
        collection->setData(Name, EntityIdRole, qs(c.rootEntityId));
        QFont bold = collection->font(Name);
        bold.setBold(true);
        collection->setFont(Name, bold);
        collection->setText(Keys, formatCountOf(qsizetype(c.indexes.size()), tr("index"), tr("indexes")));
        for (const IndexStat &stat : c.indexes) {
            auto *item = new QTreeWidgetItem(collection);
            item->setData(Name, IndexIdRole, qs(stat.id));
            item->setData(Name, EntityIdRole, qs(c.rootEntityId));
            item->setText(Name, qs(stat.name));
            item->setText(Keys, qs(edit::indexKeysText(stat.keys)));
            item->setText(Entries, locale.toString(qlonglong(std::llround(stat.entries))));
            item->setTextAlignment(Entries, Qt::AlignRight | Qt::AlignVCenter);
            item->setText(Size, tr("~%1 (estimate)").arg(formatBytes(stat.estimatedBytes)));
            item->setToolTip(Size,
                             plainToolTip(tr("%1, estimated: %2").arg(formatExactBytes(stat.estimatedBytes), qs(stat.assumptions))));
            item->setToolTip(Entries, plainToolTip(stat.multikey ? tr("Multikey: one entry per array element")
                                                    : tr("One entry per document")));
            QStringList serves;
            for (const AccessCost &cost : advice.accessPatterns)
                if (!cost.collections.empty() && cost.collections.front() == c.name &&
                    (stat.id.empty() ? cost.indexId.empty() && cost.index == stat.name : cost.indexId == stat.id))
                    serves << qs(cost.name);
            item->setText(Serves, serves.isEmpty() ? QStringLiteral("—") : serves.join(QStringLiteral(", ")));
            item->setToolTip(Serves, plainToolTip(serves.join(QLatin1Char('\n'))));
            QStringList notes;
            if (stat.id.empty())
                notes << tr("implicit, cannot be changed");
            if (!stat.error.empty())
                notes << tr("refused by the server: %1").arg(qs(stat.error));
            bool unused = false;
            for (const Finding &f : advice.findings)
                if (f.id == rule::kUnusedIndex && f.target.kind == "index" && f.target.id == stat.id)
                    unused = true;
            if (unused)
                notes << tr("unused: serves no access pattern (%1)").arg(qs(rule::kUnusedIndex));
            if (const IndexSpec *spec = p.findIndex(stat.id)) {
                if (spec->unique)
                    notes << tr("unique");
                if (spec->sparse)
                    notes << tr("sparse");
                if (!spec->partialFilter.empty())
                    notes << tr("partial %1, %2% of documents")
                                 .arg(qs(spec->partialFilter), QString::number(spec->partialSelectivity * 100, 'g', 3));
                if (spec->expireAfterSeconds)
                    notes << tr("TTL %1 s").arg(locale.toString(qlonglong(*spec->expireAfterSeconds)));
                if (spec->collation)
                    notes << tr("collation %1").arg(qs(spec->collation->locale));
            }
            item->setText(Notes, notes.join(QStringLiteral("; ")));
            if (unused || !stat.error.empty()) {
                const QColor colour = stat.error.empty() ? QColor(0x8a, 0x6d, 0x00) : QColor(0xb0, 0x20, 0x20);
                for (int col = 0; col < Columns; ++col)
                    item->setForeground(col, colour);
            }
            if (stat.id.empty())
                for (int col = 0; col < Columns; ++col)
                    item->setForeground(col, palette().color(QPalette::Disabled, QPalette::Text));
        }
        collection->setExpanded(true);
    }
    m_list->blockSignals(blocked);
    if (!keep.empty() && itemOf(keep))
        m_list->setCurrentItem(itemOf(keep));
    if (m_editor->editingNew())
        return;
    if (m_list->currentItem())
        onCurrentChanged();
    else if (!p.findIndex(m_editor->indexId()))
        m_editor->showIndex({});
}

void IndexesPanel::onCurrentChanged() {
    const std::string id = currentIndexId();
    m_remove->setEnabled(!id.empty());
    if (QTreeWidgetItem *item = m_list->currentItem())
        m_contextEntity = item->data(Name, EntityIdRole).toString().toStdString();
    if (!m_editor->editingNew() || !id.empty())
        m_editor->showIndex(id);
}

std::string IndexesPanel::entityForNewIndex() const {
    const Document &doc = *m_source->document();
    if (doc.collectionStatOf(m_contextEntity))
        return doc.collectionStatOf(m_contextEntity)->rootEntityId;
    for (const CollectionStat &c : doc.analysis().collections)
        if (!c.rootEntityId.empty())
            return c.rootEntityId;
    return {};
}

void IndexesPanel::addIndex() {
    const std::string entityId = entityForNewIndex();
    if (entityId.empty()) {
        emit editRefused(tr("Add an entity first: an index is built on a collection."));
        return;
    }
    const bool blocked = m_list->blockSignals(true);
    m_list->setCurrentItem(nullptr);
    m_list->blockSignals(blocked);
    m_remove->setEnabled(false);
    m_editor->startNew(entityId);
}

void IndexesPanel::removeCurrentIndex() {
    const std::string id = currentIndexId();
    if (id.empty())
        return;
    Status status = m_source->document()->removeIndex(id);
    if (!status)
        emit editRefused(qs(status.error().toString()));
}

bool IndexesPanel::eventFilter(QObject *watched, QEvent *event) {
    if (watched == m_list && event->type() == QEvent::KeyPress) {
        const int key = static_cast<QKeyEvent *>(event)->key();
        if (key == Qt::Key_Insert) {
            addIndex();
            return true;
        }
        if (key == Qt::Key_Delete) {
            removeCurrentIndex();
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace docshape::ui::indexes
