#include "panels/PathCompleter.h"

#include <QLineEdit>
#include <QStringListModel>

namespace docshape::ui::panels {

namespace {
// The text before the token being typed, and the token without its sign.
std::pair<QString, QString> splitLast(const QString &text) {
    const qsizetype comma = text.lastIndexOf(QLatin1Char(','));
    QString head = comma < 0 ? QString() : text.left(comma + 1) + QLatin1Char(' ');
    QString token = (comma < 0 ? text : text.mid(comma + 1)).trimmed();
    if (token.startsWith(QLatin1Char('-'))) {
        head += QLatin1Char('-');
        token = token.mid(1);
    }
    return {head, token};
}
} // namespace

PathCompleter::PathCompleter(const QStringList &paths, QObject *parent)
    : QCompleter(new QStringListModel(paths, parent), parent) {
    setCaseSensitivity(Qt::CaseInsensitive);
    setFilterMode(Qt::MatchContains);
    setCompletionMode(QCompleter::PopupCompletion);
}

QStringList PathCompleter::splitPath(const QString &path) const { return {splitLast(path).second}; }

QString PathCompleter::pathFromIndex(const QModelIndex &index) const {
    const auto *edit = qobject_cast<const QLineEdit *>(widget());
    const QString head = edit ? splitLast(edit->text()).first : QString();
    return head + QCompleter::pathFromIndex(index);
}

} // namespace docshape::ui::panels
