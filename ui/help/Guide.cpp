#include "help/Guide.h"

#include <QDir>
#include <QFile>
#include <QHash>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

#include <algorithm>

namespace docshape::ui::help {

namespace {
const QString kResourceDir = QStringLiteral(":/guide");

QString resourcePath(const QUrl &url) { return QLatin1Char(':') + url.path(); }
} // namespace

QUrl Guide::root() { return QUrl(QStringLiteral("qrc:/guide/")); }

QList<Guide::Chapter> Guide::chapters() {
    QStringList names = QDir(kResourceDir).entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
    QList<Chapter> result;
    for (const QString &name : std::as_const(names)) {
        const QUrl url = root().resolved(QUrl(name));
        QString title = name;
        const QStringList lines = text(url).split(QLatin1Char('\n'));
        for (const QString &line : lines)
            if (line.startsWith(QStringLiteral("# "))) {
                title = line.mid(2).trimmed();
                break;
            }
        result.push_back({url, title});
    }
    return result;
}

QUrl Guide::start() {
    const QList<Chapter> all = chapters();
    return all.isEmpty() ? root() : all.front().url;
}

QString Guide::text(const QUrl &chapter) {
    QFile file(resourcePath(chapter));
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(file.readAll());
}

QString Guide::slug(const QString &heading) {
    QString id;
    for (const QChar c : heading.trimmed().toLower()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            id += c;
        else if (c.isSpace())
            id += QLatin1Char('-');
    }
    return id;
}

QStringList Guide::nameHeadings(QTextDocument *document) {
    QStringList names;
    QHash<QString, int> seen;
    const bool undo = document->isUndoRedoEnabled();
    document->setUndoRedoEnabled(false);
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0 || block.text().trimmed().isEmpty())
            continue;
        QString name = slug(block.text());
        if (const int repeats = seen.value(name, 0); repeats > 0)
            name += QLatin1Char('-') + QString::number(repeats);
        seen[slug(block.text())] += 1;
        QTextCursor cursor(block);
        cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
        QTextCharFormat format;
        // An anchor with names and no href: scrollToAnchor() finds it and
        // the heading does not become a link.
        format.setAnchor(true);
        format.setAnchorNames({name});
        cursor.mergeCharFormat(format);
        names << name;
    }
    document->setUndoRedoEnabled(undo);
    return names;
}

QStringList Guide::anchorsOf(const QUrl &chapter) {
    QTextDocument document;
    document.setMarkdown(text(chapter));
    return nameHeadings(&document);
}

} // namespace docshape::ui::help
