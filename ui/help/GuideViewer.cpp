#include "help/GuideViewer.h"

#include "help/Guide.h"
#include "help/GuideBrowser.h"

#include <QAction>
#include <QKeySequence>
#include <QListWidget>
#include <QSplitter>
#include <QToolBar>
#include <QVBoxLayout>

namespace docshape::ui::help {

GuideViewer::GuideViewer(QWidget *parent) : QWidget(parent, Qt::Window) {
    setObjectName(QStringLiteral("guideViewer"));
    setWindowTitle(tr("DocShape User Guide"));

    m_chapters = new QListWidget(this);
    m_chapters->setObjectName(QStringLiteral("guideChapters"));
    for (const Guide::Chapter &chapter : Guide::chapters()) {
        auto *item = new QListWidgetItem(chapter.title, m_chapters);
        item->setData(Qt::UserRole, chapter.url);
    }
    // Wide enough for the longest chapter title.
    m_chapters->setMinimumWidth(m_chapters->sizeHintForColumn(0) + 2 * m_chapters->frameWidth() + 8);
    m_browser = new GuideBrowser(this);

    auto *tools = new QToolBar(this);
    QAction *back = tools->addAction(tr("Back"), m_browser, &QTextBrowser::backward);
    back->setShortcut(QKeySequence::Back);
    back->setEnabled(false);
    QAction *forward = tools->addAction(tr("Forward"), m_browser, &QTextBrowser::forward);
    forward->setShortcut(QKeySequence::Forward);
    forward->setEnabled(false);
    tools->addAction(tr("Contents"), this, [this] { m_browser->setSource(Guide::start()); });
    connect(m_browser, &QTextBrowser::backwardAvailable, back, &QAction::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, forward, &QAction::setEnabled);

    auto *splitter = new QSplitter(this);
    splitter->addWidget(m_chapters);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({m_chapters->minimumWidth(), 900 - m_chapters->minimumWidth()});

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->setSpacing(0);
    layout->addWidget(tools);
    layout->addWidget(splitter);

    connect(m_chapters, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { m_browser->setSource(item->data(Qt::UserRole).toUrl()); });
    connect(m_chapters, &QListWidget::itemClicked, this,
            [this](QListWidgetItem *item) { m_browser->setSource(item->data(Qt::UserRole).toUrl()); });
    connect(m_browser, &QTextBrowser::sourceChanged, this, &GuideViewer::selectChapterOf);

    resize(1000, 720);
}

void GuideViewer::showTopic(const QUrl &topic) {
    show();
    raise();
    activateWindow();
    m_browser->setSource(topic);
}

void GuideViewer::selectChapterOf(const QUrl &source) {
    const QUrl chapter = source.adjusted(QUrl::RemoveFragment);
    for (int row = 0; row < m_chapters->count(); ++row)
        if (m_chapters->item(row)->data(Qt::UserRole).toUrl() == chapter) {
            const QSignalBlocker blocker(m_chapters);
            m_chapters->setCurrentRow(row);
        }
}

} // namespace docshape::ui::help
