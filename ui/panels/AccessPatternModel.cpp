#include "panels/AccessPatternModel.h"

#include "Format.h"
#include "document/Document.h"
#include "panels/AdviceSource.h"
#include "panels/FieldPaths.h"

#include "advisor/Advice.h"
#include "PlainText.h"

#include <QBrush>
#include <QColor>
#include <QRegularExpression>

#include <cmath>

namespace docshape::ui::panels {

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }
QString qs(std::string_view s) { return QString::fromUtf8(s.data(), qsizetype(s.size())); }

QString listText(const std::vector<std::string> &list) {
    QStringList out;
    for (const auto &s : list)
        out << qs(s);
    return out.join(QStringLiteral(", "));
}

std::vector<std::string> parseList(const QString &text) {
    std::vector<std::string> out;
    const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        const QString t = part.trimmed();
        if (!t.isEmpty())
            out.push_back(t.toStdString());
    }
    return out;
}

QString number(double v) { return QString::number(v, 'g', 12); }

QString columnName(int column) {
    switch (column) {
    case AccessPatternModel::Name: return AccessPatternModel::tr("Query");
    case AccessPatternModel::Entity: return AccessPatternModel::tr("Entity");
    case AccessPatternModel::Kind: return AccessPatternModel::tr("Kind");
    case AccessPatternModel::Operation: return AccessPatternModel::tr("Operation");
    case AccessPatternModel::Frequency: return AccessPatternModel::tr("Frequency (/s)");
    case AccessPatternModel::Latency: return AccessPatternModel::tr("Latency budget (ms)");
    case AccessPatternModel::Equality: return AccessPatternModel::tr("Equality");
    case AccessPatternModel::Sort: return AccessPatternModel::tr("Sort");
    case AccessPatternModel::Range: return AccessPatternModel::tr("Range");
    case AccessPatternModel::Limit: return AccessPatternModel::tr("Limit");
    case AccessPatternModel::Returned: return AccessPatternModel::tr("Fields returned");
    case AccessPatternModel::RoundTrips: return AccessPatternModel::tr("Round trips");
    case AccessPatternModel::Index: return AccessPatternModel::tr("Index or scan");
    case AccessPatternModel::Examined: return AccessPatternModel::tr("Docs examined");
    case AccessPatternModel::BytesRead: return AccessPatternModel::tr("Bytes read");
    default: return {};
    }
}
} // namespace

AccessPatternModel::AccessPatternModel(AdviceSource *source, QObject *parent)
    : QAbstractTableModel(parent), m_source(source) {
    for (const auto &q : source->document()->project().accessPatterns)
        m_ids.push_back(q.id);
    connect(source, &AdviceSource::updated, this, &AccessPatternModel::onUpdated);
}

void AccessPatternModel::onUpdated(const ChangeEvent &) {
    std::vector<std::string> ids;
    for (const auto &q : m_source->document()->project().accessPatterns)
        ids.push_back(q.id);
    if (ids != m_ids) {
        beginResetModel();
        m_ids = std::move(ids);
        endResetModel();
        return;
    }
    // Same rows: every estimate may have moved, but views keep their
    // selection and scroll position.
    m_stale = true;
    if (m_live)
        setLive(true);
}

void AccessPatternModel::setLive(bool live) {
    m_live = live;
    if (!m_live || !m_stale)
        return;
    m_stale = false;
    if (!m_ids.empty())
        emit dataChanged(index(0, 0), index(int(m_ids.size()) - 1, ColumnCount - 1));
}

int AccessPatternModel::rowCount(const QModelIndex &parent) const {
    return parent.isValid() ? 0 : int(m_ids.size());
}

int AccessPatternModel::columnCount(const QModelIndex &parent) const { return parent.isValid() ? 0 : ColumnCount; }

int AccessPatternModel::rowOf(const std::string &patternId) const {
    for (std::size_t i = 0; i < m_ids.size(); ++i)
        if (m_ids[i] == patternId)
            return int(i);
    return -1;
}

const AccessPattern *AccessPatternModel::patternAt(int row) const {
    const auto &list = m_source->document()->project().accessPatterns;
    return row >= 0 && std::size_t(row) < list.size() ? &list[std::size_t(row)] : nullptr;
}

const AccessCost *AccessPatternModel::costAt(int row) const {
    const AccessPattern *q = patternAt(row);
    if (!q)
        return nullptr;
    const auto &costs = m_source->advice().accessPatterns;
    if (std::size_t(row) < costs.size() && costs[std::size_t(row)].patternId == q->id)
        return &costs[std::size_t(row)];
    for (const auto &c : costs)
        if (c.patternId == q->id)
            return &c;
    return nullptr;
}

QString AccessPatternModel::sortText(const std::vector<SortKey> &keys) {
    QStringList out;
    for (const auto &k : keys)
        out << (k.direction < 0 ? QStringLiteral("-") : QString()) + qs(k.path);
    return out.join(QStringLiteral(", "));
}

std::optional<std::vector<SortKey>> AccessPatternModel::parseSort(const QString &text) {
    std::vector<SortKey> out;
    static const QRegularExpression space(QStringLiteral("\\s+"));
    const QStringList parts = text.split(QLatin1Char(','), Qt::SkipEmptyParts);
    for (const QString &part : parts) {
        QStringList words = part.trimmed().split(space, Qt::SkipEmptyParts);
        if (words.isEmpty())
            continue;
        SortKey key;
        QString path = words.takeFirst();
        if (path.startsWith(QLatin1Char('-'))) {
            key.direction = -1;
            path = path.mid(1);
        } else if (path.startsWith(QLatin1Char('+'))) {
            path = path.mid(1);
        }
        // Also "createdAt -1" and "createdAt desc", as people write them.
        if (!words.isEmpty()) {
            const QString d = words.takeFirst().toLower();
            if (d == QStringLiteral("-1") || d == QStringLiteral("desc"))
                key.direction = -1;
            else if (d != QStringLiteral("1") && d != QStringLiteral("asc"))
                return std::nullopt;
        }
        if (path.isEmpty() || !words.isEmpty())
            return std::nullopt;
        key.path = path.toStdString();
        out.push_back(key);
    }
    return out;
}

QVariant AccessPatternModel::display(const AccessPattern &q, const AccessCost *cost, int column) const {
    const Project &p = m_source->document()->project();
    switch (column) {
    case Name: return qs(q.name);
    case Entity: {
        const docshape::Entity *e = p.findEntity(q.entityId);
        return e ? qs(e->name) : qs(q.entityId);
    }
    case Kind: return qs(toString(q.kind));
    case Operation: return qs(toString(q.operation));
    case Frequency: return number(q.frequencyPerSecond);
    case Latency: return q.latencyBudgetMs > 0 ? number(q.latencyBudgetMs) : QString();
    case Equality: return listText(q.equality);
    case Sort: return sortText(q.sort);
    case Range: return listText(q.range);
    case Limit: return q.limit ? QString::number(*q.limit) : QString();
    case Returned: return q.fieldsReturned.empty() ? tr("whole document") : listText(q.fieldsReturned);
    default: break;
    }
    if (!cost)
        return {};
    switch (column) {
    case RoundTrips: return cost->roundTrips;
    case Index: return qs(cost->index) + (cost->inMemorySort ? tr(" + in-memory sort") : QString());
    case Examined: return formatCount(q.kind == AccessKind::Read ? cost->docsExamined : cost->documentsTouched);
    case BytesRead:
        return q.kind == AccessKind::Read ? formatBytes(cost->bytesRead) : tr("%1 written").arg(formatBytes(cost->bytesWritten));
    default: return {};
    }
}

QVariant AccessPatternModel::tooltip(const AccessPattern &q, const AccessCost *cost, int column) const {
    if (column < RoundTrips) {
        if (isFieldColumn(column))
            return tr("Dotted paths in the documents of the collection, separated by commas%1.")
                .arg(column == Sort ? tr("; a leading minus sorts descending") : QString());
        return qs(q.description);
    }
    if (!cost)
        return {};
    const QString estimate = tr("An estimate. %1").arg(qs(cost->assumptions()));
    switch (column) {
    case RoundTrips:
        return tr("%1 per execution, %2")
            .arg(formatCountOf(cost->roundTrips, tr("round trip"), tr("round trips")),
                 formatCountOf(cost->lookups, tr("$lookup stage"), tr("$lookup stages")));
    case Index: return tr("Served by: %1").arg(qs(cost->index));
    case Examined:
        if (q.kind == AccessKind::Write)
            return tr("%1 documents written per execution (%2 index entries).\n%3")
                .arg(number(cost->documentsTouched), number(cost->indexEntriesTouched), estimate);
        return tr("%1 documents examined per execution, %2 per second; %3 returned.\n%4")
            .arg(number(cost->docsExamined), number(cost->docsExaminedPerSecond), number(cost->docsReturned),
                 estimate);
    case BytesRead:
        if (q.kind == AccessKind::Write)
            return tr("%1 written per execution.\n%2").arg(formatExactBytes(cost->bytesWritten), estimate);
        return tr("%1 read per execution, %2 per second.\n%3")
            .arg(formatExactBytes(cost->bytesRead), formatExactBytes(cost->bytesReadPerSecond), estimate);
    default: return {};
    }
}

QVariant AccessPatternModel::data(const QModelIndex &index, int role) const {
    if (!index.isValid())
        return {};
    const AccessPattern *q = patternAt(index.row());
    if (!q)
        return {};
    const AccessCost *cost = costAt(index.row());
    const int column = index.column();
    switch (role) {
    case Qt::DisplayRole:
        return display(*q, cost, column);
    case Qt::EditRole:
        if (column == Returned)
            return listText(q->fieldsReturned);
        return display(*q, cost, column);
    case Qt::ToolTipRole:
        return plainToolTip(tooltip(*q, cost, column).toString());
    case SortRole:
        switch (column) {
        case Frequency: return q->frequencyPerSecond;
        case Latency: return q->latencyBudgetMs;
        case Limit: return q->limit ? double(*q->limit) : 0.0;
        case RoundTrips: return cost ? cost->roundTrips : 0;
        case Examined: return cost ? (q->kind == AccessKind::Read ? cost->docsExamined : cost->documentsTouched) : 0.0;
        case BytesRead: return cost ? (q->kind == AccessKind::Read ? cost->bytesRead : cost->bytesWritten) : 0.0;
        default: return display(*q, cost, column);
        }
    case Qt::ForegroundRole:
        if (column == Index && cost && cost->index == "collection scan")
            return QBrush(QColor(0xb0, 0x20, 0x20));
        if (column == Returned && q->fieldsReturned.empty())
            return QBrush(Qt::gray);
        return {};
    case Qt::BackgroundRole:
        if (column == Latency && cost && cost->withinBudget && !*cost->withinBudget)
            return QBrush(QColor(0xff, 0xe0, 0xe0));
        return {};
    case Qt::TextAlignmentRole:
        if (column == Frequency || column == Latency || column == Limit || column == RoundTrips ||
            column == Examined || column == BytesRead)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case PatternIdRole: return qs(q->id);
    case EntityIdRole: return qs(q->entityId);
    case CompletionRole: {
        const Analysis &a = m_source->document()->analysis();
        const CollectionShape *c = collectionOf(a.derived, q->entityId);
        return c ? fieldPaths(*c) : QStringList();
    }
    default: return {};
    }
}

QVariant AccessPatternModel::headerData(int section, Qt::Orientation orientation, int role) const {
    if (orientation != Qt::Horizontal)
        return {};
    if (role == Qt::DisplayRole)
        return columnName(section);
    if (role == Qt::ToolTipRole && section >= RoundTrips)
        return tr("From the advisor: an estimate per execution (hover a cell for its assumptions)");
    return {};
}

Qt::ItemFlags AccessPatternModel::flags(const QModelIndex &index) const {
    Qt::ItemFlags f = QAbstractTableModel::flags(index);
    if (index.isValid() && index.column() < RoundTrips)
        f |= Qt::ItemIsEditable;
    return f;
}

bool AccessPatternModel::setData(const QModelIndex &index, const QVariant &value, int role) {
    if (role != Qt::EditRole || !index.isValid())
        return false;
    const AccessPattern *current = patternAt(index.row());
    if (!current)
        return false;
    AccessPattern q = *current;
    const QString text = value.toString().trimmed();
    auto refuse = [&](const QString &why) {
        emit editRefused(why);
        return false;
    };
    bool ok = true;
    switch (index.column()) {
    case Name:
        if (text.isEmpty())
            return refuse(tr("An access pattern needs a name."));
        q.name = text.toStdString();
        break;
    case Entity: {
        // The delegate hands over the entity id; typed text may be a name.
        const Project &p = m_source->document()->project();
        if (p.findEntity(text.toStdString()))
            q.entityId = text.toStdString();
        else if (const docshape::Entity *e = p.findEntityByName(text.toStdString()))
            q.entityId = e->id;
        else
            return refuse(tr("No entity named %1.").arg(text));
        break;
    }
    case Kind: {
        auto k = accessKindFromString(text.toStdString());
        if (!k)
            return refuse(tr("Kind is read or write, not %1.").arg(text));
        q.kind = *k;
        break;
    }
    case Operation: {
        auto o = operationFromString(text.toStdString());
        if (!o)
            return refuse(tr("Unknown operation %1.").arg(text));
        q.operation = *o;
        break;
    }
    case Frequency:
        q.frequencyPerSecond = text.isEmpty() ? 0 : text.toDouble(&ok);
        if (!ok || q.frequencyPerSecond < 0)
            return refuse(tr("Frequency is a number of executions per second, not %1.").arg(text));
        break;
    case Latency:
        q.latencyBudgetMs = text.isEmpty() ? 0 : text.toDouble(&ok);
        if (!ok || q.latencyBudgetMs < 0)
            return refuse(tr("The latency budget is a number of milliseconds, not %1.").arg(text));
        break;
    case Equality: q.equality = parseList(text); break;
    case Range: q.range = parseList(text); break;
    case Returned: q.fieldsReturned = parseList(text); break;
    case Sort: {
        auto keys = parseSort(text);
        if (!keys)
            return refuse(tr("Sort keys are paths separated by commas, a leading minus for descending: %1").arg(text));
        q.sort = std::move(*keys);
        break;
    }
    case Limit:
        if (text.isEmpty()) {
            q.limit.reset();
        } else {
            const qulonglong n = text.toULongLong(&ok);
            if (!ok || n == 0)
                return refuse(tr("The limit is a whole number above 0, or empty for none, not %1.").arg(text));
            q.limit = std::uint64_t(n);
        }
        break;
    default: return false;
    }
    // One committed cell, one undo step: no merge key.
    Status status = m_source->document()->changeAccessPattern(q,
                                        tr("Change %1 of %2").arg(columnName(index.column()).toLower(), qs(current->name)));
    if (!status)
        return refuse(qs(status.error().toString()));
    return true;
}

} // namespace docshape::ui::panels
