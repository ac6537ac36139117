#include "compare/ComparePanel.h"

#include "diff/DiffReport.h"
#include "PlainText.h"

#include <QHeaderView>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace docshape::ui::compare {

namespace {

constexpr int kRefKind = Qt::UserRole;
constexpr int kRefId = Qt::UserRole + 1;

QString qs(const std::string &s) { return QString::fromStdString(s); }

// The object of the version on screen that a change points at, if any.
ObjectRef refOf(const ObjectChange &c, const Project &current) {
    if (c.change == ChangeKind::Removed)
        return c.object == ObjectKind::Field && current.findEntity(c.entityId) ? ObjectRef::entity(c.entityId)
                                                                               : ObjectRef{};
    switch (c.object) {
    case ObjectKind::Entity:
        return ObjectRef::entity(c.id);
    case ObjectKind::Field:
        return ObjectRef::field(c.id);
    case ObjectKind::Relationship:
        return ObjectRef::relationship(c.id);
    case ObjectKind::Index:
        if (const IndexSpec *ix = current.findIndex(c.id))
            return ObjectRef::entity(ix->entityId);
        break;
    case ObjectKind::AccessPattern:
        if (const AccessPattern *q = current.findAccessPattern(c.id))
            return ObjectRef::entity(q->entityId);
        break;
    default:
        break;
    }
    return {};
}

QString sign(ChangeKind k) {
    switch (k) {
    case ChangeKind::Added:
        return QStringLiteral("+");
    case ChangeKind::Removed:
        return QStringLiteral("−");
    default:
        return QStringLiteral("~");
    }
}

} // namespace

ComparePanel::ComparePanel(QWidget *parent)
    : QWidget(parent), m_summary(plainLabel(this)), m_tree(new QTreeWidget(this)) {
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    m_summary->setWordWrap(true);
    layout->addWidget(m_summary);
    m_tree->setHeaderHidden(true);
    m_tree->setUniformRowHeights(true);
    // Long values scroll sideways rather than being cut off.
    m_tree->header()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_tree->header()->setStretchLastSection(false);
    setMinimumWidth(320);
    layout->addWidget(m_tree);
    connect(m_tree, &QTreeWidget::itemClicked, this, [this](QTreeWidgetItem *item) { activate(item); });
    connect(m_tree, &QTreeWidget::itemActivated, this, [this](QTreeWidgetItem *item) { activate(item); });
    clear();
}

QString ComparePanel::summary() const { return m_summary->text(); }

void ComparePanel::clear() {
    m_tree->clear();
    m_summary->setText(tr("No comparison. File > Compare With… compares this model with another version."));
}

void ComparePanel::activate(QTreeWidgetItem *item) {
    for (; item; item = item->parent()) {
        const int kind = item->data(0, kRefKind).toInt();
        if (kind != 0) {
            emit objectActivated({static_cast<ObjectRef::Kind>(kind), item->data(0, kRefId).toString().toStdString()});
            return;
        }
    }
}

void ComparePanel::showDiff(const ModelDiff &diff, const Project &current, const QString &baseline) {
    m_tree->clear();
    if (diff.equal()) {
        m_summary->setText(tr("No design changes since %1.").arg(baseline));
        return;
    }
    const QString count =
        diff.changes.size() == 1 ? tr("1 change") : tr("%1 changes").arg(static_cast<qulonglong>(diff.changes.size()));
    m_summary->setText(tr("%1 since %2. Green cards and rows were added, amber ones changed; "
                          "click a change to select it.")
                           .arg(count, baseline));
    for (ObjectKind kind : {ObjectKind::Project, ObjectKind::Entity, ObjectKind::Field, ObjectKind::Relationship,
                            ObjectKind::AccessPattern, ObjectKind::Index, ObjectKind::Decision}) {
        const auto changes = diff.of(kind);
        if (changes.empty())
            continue;
        auto *group = new QTreeWidgetItem(m_tree, {QString::fromUtf8(heading(kind).data(), qsizetype(heading(kind).size()))});
        group->setFirstColumnSpanned(true);
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        for (const ObjectChange *c : changes) {
            QString text = sign(c->change) + QLatin1Char(' ') + qs(c->object == ObjectKind::Field ? c->path : c->name);
            if (c->change == ChangeKind::Renamed)
                text += tr(", renamed from %1").arg(qs(c->oldName));
            auto *item = new QTreeWidgetItem(group, {text});
            const ObjectRef ref = refOf(*c, current);
            item->setData(0, kRefKind, static_cast<int>(ref.kind));
            item->setData(0, kRefId, qs(ref.id));
            item->setToolTip(0, plainToolTip(qs(std::string(toString(c->object)) + " " + c->id + " " + std::string(toString(c->change)))));
            for (const auto &p : c->properties) {
                const QString line = qs(p.property + ": " + displayValue(p.before) + " → " + displayValue(p.after));
                new QTreeWidgetItem(item, {line});
            }
        }
        group->setExpanded(true);
    }
    const std::string text = diffText(diff);
    const auto at = text.find("\nConsequences");
    if (at != std::string::npos) {
        auto *group = new QTreeWidgetItem(m_tree, {tr("Consequences")});
        QFont bold = group->font(0);
        bold.setBold(true);
        group->setFont(0, bold);
        std::size_t start = text.find('\n', at + 1);
        while (start != std::string::npos && start + 1 < text.size()) {
            const std::size_t end = text.find('\n', start + 1);
            const std::string line = text.substr(start + 1, end == std::string::npos ? std::string::npos : end - start - 1);
            if (!line.empty()) {
                auto *item = new QTreeWidgetItem(group, {qs(line.substr(std::min<std::size_t>(2, line.size())))});
                item->setToolTip(0, plainToolTip(item->text(0).trimmed()));
            }
            start = end;
        }
        group->setExpanded(true);
    }
}

void ComparePanel::showMigration(const Result<MigrationPlan> &plan) {
    auto *group = new QTreeWidgetItem(m_tree, {tr("Migration (docshape-cli migrate)")});
    QFont bold = group->font(0);
    bold.setBold(true);
    group->setFont(0, bold);
    const auto add = [&](const QString &text) {
        auto *item = new QTreeWidgetItem(group, {text});
        item->setToolTip(0, plainToolTip(text));
        return item;
    };
    if (!plan) {
        add(tr("Refused, until you choose: %1").arg(qs(plan.error().toString())));
        group->setExpanded(true);
        return;
    }

    for (const MigrationStep &step : plan->steps) {
        if (step.kind == StepKind::Check) {
            for (const auto &d : step.details) {
                add(tr("Asks before it writes: %1").arg(qs(d)));

            }
        }
        if (!step.reversible)
            add(tr("Cannot be undone: %1 (%2)").arg(qs(step.title), qs(step.rollback)));
    }
    for (const auto &w : plan->warnings)
        add(tr("Note: %1").arg(qs(w)));
    if (group->childCount() == 0)
        add(tr("%1 steps, each reversible; nothing to decide.").arg(static_cast<qulonglong>(plan->steps.size())));
    group->setExpanded(true);
}

} // namespace docshape::ui::compare
