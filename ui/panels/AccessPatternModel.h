#pragma once

#include "document/ChangeEvent.h"

#include "core/AccessPattern.h"

#include <QAbstractTableModel>

#include <optional>
#include <string>
#include <vector>

namespace docshape {
struct AccessCost;
}

namespace docshape::ui::panels {

class AdviceSource;

// The access patterns of the document as a table, one row per pattern in
// model order: the columns of the query table of start-from-the-queries.txt
// and the advisor's cost beside them (read-only). Edits become
// ChangeAccessPattern commands; a refused edit leaves the model unchanged
// and emits editRefused with the validator's reason.
class AccessPatternModel : public QAbstractTableModel {
    Q_OBJECT

public:
    enum Column {
        Name,
        Entity,
        Kind,
        Operation,
        Frequency,
        Latency,
        Equality,
        Sort,
        Range,
        Limit,
        Returned,
        RoundTrips,
        Index,
        Examined,
        BytesRead,
        ColumnCount
    };
    enum Role {
        SortRole = Qt::UserRole + 1, // numbers as numbers, for the proxy
        PatternIdRole,               // the row's pattern id (std::string as QString)
        EntityIdRole,                // the row's entity id
        CompletionRole,              // QStringList: dotted paths of the row's collection
    };

    explicit AccessPatternModel(AdviceSource *source, QObject *parent = nullptr);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;
    Qt::ItemFlags flags(const QModelIndex &index) const override;
    bool setData(const QModelIndex &index, const QVariant &value, int role) override;

    static bool isFieldColumn(int column) {
        return column == Equality || column == Sort || column == Range || column == Returned;
    }

    // Off screen (not live), an edit only resets the rows when they change:
    // the costs are told to the views, and so read, when it is live again.
    void setLive(bool live);

    // The row of the pattern, or -1.
    int rowOf(const std::string &patternId) const;
    const AccessPattern *patternAt(int row) const;
    // The advisor's cost of the pattern at `row`, or nullptr.
    const AccessCost *costAt(int row) const;

    // Sort keys as shown and typed: "-createdAt, name" (a minus sorts descending).
    static QString sortText(const std::vector<SortKey> &keys);
    static std::optional<std::vector<SortKey>> parseSort(const QString &text);

signals:
    void editRefused(const QString &message);

private:
    void onUpdated(const ChangeEvent &event);
    QVariant display(const AccessPattern &q, const AccessCost *cost, int column) const;
    QVariant tooltip(const AccessPattern &q, const AccessCost *cost, int column) const;

    AdviceSource *m_source;
    std::vector<std::string> m_ids; // row ids, to tell an edit from a reshuffle
    bool m_live = true;
    bool m_stale = false; // the costs changed while not live
};

} // namespace docshape::ui::panels
