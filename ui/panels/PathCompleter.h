#pragma once

#include <QCompleter>

namespace docshape::ui::panels {

// Completes the dotted path being typed after the last comma of a list
// ("status, cust" offers "customer._id", "customer.name"), keeping what is
// before it and a leading minus (a descending sort key).
class PathCompleter : public QCompleter {
    Q_OBJECT

public:
    PathCompleter(const QStringList &paths, QObject *parent = nullptr);

    QStringList splitPath(const QString &path) const override;
    QString pathFromIndex(const QModelIndex &index) const override;
};

} // namespace docshape::ui::panels
