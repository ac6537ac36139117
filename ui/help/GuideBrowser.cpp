#include "help/GuideBrowser.h"

#include "help/Guide.h"

#include <QAbstractTextDocumentLayout>
#include <QScrollBar>
#include <QTextBlock>

namespace docshape::ui::help {

GuideBrowser::GuideBrowser(QWidget *parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("guideBrowser"));
    setOpenExternalLinks(true);
    document()->setDocumentMargin(14);
}

void GuideBrowser::doSetSource(const QUrl &name, QTextDocument::ResourceType type) {
    if (type == QTextDocument::UnknownResource && name.path().endsWith(QStringLiteral(".md")))
        type = QTextDocument::MarkdownResource;
    QTextBrowser::doSetSource(name, type);
    // QTextBrowser may read the page again even when only the fragment
    // changes; naming is cheap and names the same headings the same way.
    Guide::nameHeadings(document());
    // The base class looked for the fragment before the headings had names.
    if (name.hasFragment())
        scrollToAnchor(name.fragment());
}

bool GuideBrowser::isHeadingVisible(const QString &anchor) const {
    for (QTextBlock block = document()->begin(); block.isValid(); block = block.next()) {
        bool named = false;
        for (auto it = block.begin(); !it.atEnd() && !named; ++it)
            named = it.fragment().charFormat().anchorNames().contains(anchor);
        if (!named)
            continue;
        const QRectF rect = document()->documentLayout()->blockBoundingRect(block);
        const int top = verticalScrollBar()->value();
        return rect.top() >= top && rect.bottom() <= top + viewport()->height();
    }
    return false;
}

} // namespace docshape::ui::help
