#pragma once

#include <QList>
#include <QString>
#include <QStringList>
#include <QUrl>

class QTextDocument;

namespace docshape::ui::help {

// The user guide compiled into the program as resources (docs/guide/ at
// :/guide/), so an installed studio has it without any file beside it.
// Chapters are the Markdown files in the order of their names (01-…, 02-…);
// a chapter's title is its first level-1 heading.
//
// Headings are addressed as GitHub names them (see slug()), so a link such
// as `04-panels.md#inspector` works both in the viewer and when the guide
// is read on a forge.
class Guide {
public:
    struct Chapter {
        QUrl url;
        QString title;
    };

    static QUrl root();
    static QList<Chapter> chapters();
    // The first chapter: where F1 outside a panel and Help > User Guide go.
    static QUrl start();
    // The chapter's Markdown text; empty when there is no such resource.
    static QString text(const QUrl &chapter);

    // GitHub's heading id: lower case, punctuation other than '-' and '_'
    // dropped, spaces turned into '-'.
    static QString slug(const QString &heading);

    // Qt's Markdown importer gives headings no anchor names, so links to a
    // heading would lead nowhere: this names every heading of a document
    // read from Markdown with its slug (repeats get -1, -2 as on GitHub)
    // and returns the names in document order.
    static QStringList nameHeadings(QTextDocument *document);

    // The heading names a chapter has once laid out as the viewer lays it out.
    static QStringList anchorsOf(const QUrl &chapter);
};

} // namespace docshape::ui::help
