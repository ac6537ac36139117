#pragma once

#include <QTextBrowser>

namespace docshape::ui::help {

// A QTextBrowser for the guide's Markdown chapters: it reads `.md` sources as
// Markdown and names their headings (Guide::nameHeadings), so a URL's
// fragment scrolls to its heading; links to other sites open outside.
class GuideBrowser : public QTextBrowser {
    Q_OBJECT

public:
    explicit GuideBrowser(QWidget *parent = nullptr);

    // Whether the heading named `anchor` is within the visible part of the
    // page (what F1 is expected to show).
    bool isHeadingVisible(const QString &anchor) const;

protected:
    void doSetSource(const QUrl &name, QTextDocument::ResourceType type) override;
};

} // namespace docshape::ui::help
