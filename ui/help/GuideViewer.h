#pragma once

#include <QUrl>
#include <QWidget>

class QListWidget;

namespace docshape::ui::help {

class GuideBrowser;

// The user guide's window: the chapters on the left, the page on the right,
// Back, Forward and Contents. One per main window, kept when closed so that
// it reopens where the reader left it.
class GuideViewer : public QWidget {
    Q_OBJECT

public:
    explicit GuideViewer(QWidget *parent = nullptr);

    // Opens a page of the guide (a chapter, maybe with a heading's fragment)
    // and brings the window to the front.
    void showTopic(const QUrl &topic);

    GuideBrowser *browser() const { return m_browser; }
    QListWidget *chapterList() const { return m_chapters; }

private:
    void selectChapterOf(const QUrl &source);

    QListWidget *m_chapters;
    GuideBrowser *m_browser;
};

} // namespace docshape::ui::help
