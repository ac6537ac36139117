// Issue 17 item 3: the user guide, compiled in, opened by F1 at the section
// of the panel with focus.
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "document/Document.h"
#include "help/Guide.h"
#include "help/GuideBrowser.h"
#include "help/GuideViewer.h"
#include "help/PanelTopics.h"

#include <QDockWidget>
#include <QListWidget>
#include <QScrollBar>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using help::Guide;

namespace {

QDockWidget *dockNamed(MainWindow &window, const QString &name) {
    auto *dock = window.findChild<QDockWidget *>(name);
    REQUIRE(dock);
    return dock;
}

// Puts the focus in a widget of a dock, as a click into the panel does.
void focusInDock(MainWindow &window, const QString &dockName, const QString &widgetName) {
    QDockWidget *dock = dockNamed(window, dockName);
    dock->show();
    dock->raise();
    auto *widget = dock->findChild<QWidget *>(widgetName);
    REQUIRE(widget);
    REQUIRE(QTest::qWaitFor([&] { return widget->isVisible(); }));
    widget->setFocus(Qt::MouseFocusReason);
    REQUIRE(QTest::qWaitFor([&] { return widget->hasFocus(); }));
}

help::GuideViewer *pressF1(MainWindow &window) {
    QTest::keyClick(QApplication::focusWidget(), Qt::Key_F1);
    auto *viewer = window.findChild<help::GuideViewer *>(QStringLiteral("guideViewer"));
    REQUIRE(viewer);
    REQUIRE(QTest::qWaitFor([&] { return viewer->isVisible(); }));
    return viewer;
}

// The links of a chapter as laid out (what a click would follow).
QList<QUrl> linksOf(const QUrl &chapter) {
    QTextDocument document;
    document.setMarkdown(Guide::text(chapter));
    QList<QUrl> links;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QString href = it.fragment().charFormat().anchorHref();
            if (!href.isEmpty() && (links.isEmpty() || links.back() != chapter.resolved(QUrl(href))))
                links << chapter.resolved(QUrl(href));
        }
    return links;
}

} // namespace

TEST_CASE("F1 in a panel opens the guide at that panel's section", "[ui][help]") {
    MainWindow window;
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));

    struct Case {
        const char *dock;
        const char *widget;
        const char *anchor;
    };
    // Far down the panels chapter, so the page has to scroll to show them.
    const Case cases[] = {
        {"validationPreviewDock", "validationInput", "validation-preview"},
        {"indexesDock", "indexList", "indexes"},
        {"inspectorDock", "inspector", "inspector"},
    };
    for (const Case &c : cases) {
        CAPTURE(c.dock);
        focusInDock(window, QLatin1String(c.dock), QLatin1String(c.widget));
        help::GuideViewer *viewer = pressF1(window);
        help::GuideBrowser *browser = viewer->browser();
        CHECK(browser->source().fragment() == QLatin1String(c.anchor));
        CHECK(browser->source().path().endsWith(QStringLiteral("04-panels.md")));
        CHECK(QTest::qWaitFor([&] { return browser->isHeadingVisible(QLatin1String(c.anchor)); }));
        CHECK(viewer->chapterList()->currentItem()->text() == QStringLiteral("The panels"));
        viewer->close();
        QApplication::setActiveWindow(&window);
        REQUIRE(QTest::qWaitForWindowActive(&window));
    }
    // The last section lies below the first screen: reaching it scrolled.
    focusInDock(window, QStringLiteral("validationPreviewDock"), QStringLiteral("validationInput"));
    help::GuideViewer *viewer = pressF1(window);
    CHECK(viewer->browser()->verticalScrollBar()->value() > 0);
}

TEST_CASE("F1 outside the panels opens the guide's first chapter", "[ui][help]") {
    MainWindow window;
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    window.canvas()->setFocus();
    REQUIRE(QTest::qWaitFor([&] { return window.canvas()->hasFocus(); }));
    help::GuideViewer *viewer = pressF1(window);
    CHECK(viewer->browser()->source() == Guide::start());
    CHECK(viewer->browser()->source().path().endsWith(QStringLiteral("01-getting-started.md")));
    CHECK(viewer->browser()->toPlainText().startsWith(QStringLiteral("Getting started")));
}

TEST_CASE("Every dock of the main window has a section in the guide", "[ui][help]") {
    MainWindow window;
    const QList<QDockWidget *> docks = window.findChildren<QDockWidget *>();
    REQUIRE(docks.size() >= 11);
    for (const QDockWidget *dock : docks) {
        CAPTURE(dock->objectName().toStdString(), dock->windowTitle().toStdString());
        const QUrl topic = help::PanelTopics::topicOf(dock);
        REQUIRE_FALSE(topic.isEmpty());
        CHECK(Guide::anchorsOf(topic.adjusted(QUrl::RemoveFragment)).contains(topic.fragment()));
        // and the panel's own widgets lead there
        CHECK(help::PanelTopics::topicFor(dock->widget()) == topic);
    }
}

TEST_CASE("Every internal link of the guide leads to a chapter and a heading", "[ui][help]") {
    const QList<Guide::Chapter> chapters = Guide::chapters();
    REQUIRE(chapters.size() >= 10);
    QStringList files;
    for (const Guide::Chapter &chapter : chapters) {
        files << chapter.url.toString();
        CHECK(chapter.title != chapter.url.fileName()); // every chapter has a title
    }
    int checked = 0;
    for (const Guide::Chapter &chapter : chapters)
        for (const QUrl &link : linksOf(chapter.url)) {
            if (link.scheme() != QLatin1String("qrc"))
                continue;
            CAPTURE(chapter.url.toString().toStdString(), link.toString().toStdString());
            const QUrl file = link.adjusted(QUrl::RemoveFragment);
            CHECK(files.contains(file.toString()));
            if (link.hasFragment())
                CHECK(Guide::anchorsOf(file).contains(link.fragment()));
            ++checked;
        }
    CHECK(checked >= 30);
}

TEST_CASE("The guide viewer follows a chapter click and a link", "[ui][help]") {
    help::GuideViewer viewer;
    viewer.showTopic(Guide::start());
    REQUIRE(QTest::qWaitForWindowExposed(&viewer));
    QListWidget *list = viewer.chapterList();
    const auto found = list->findItems(QStringLiteral("Workshop mode"), Qt::MatchExactly);
    REQUIRE(found.size() == 1);
    const QRect rect = list->visualItemRect(found.front());
    QTest::mouseClick(list->viewport(), Qt::LeftButton, {}, rect.center());
    CHECK(viewer.browser()->source().path().endsWith(QStringLiteral("08-workshop.md")));

    // A link to a heading of another chapter, as a click on it follows it.
    help::GuideBrowser *browser = viewer.browser();
    const QUrl link = Guide::root().resolved(QUrl(QStringLiteral("04-panels.md#checks")));
    browser->setSource(link);
    CHECK(browser->source() == link);
    CHECK(QTest::qWaitFor([&] { return browser->isHeadingVisible(QStringLiteral("checks")); }));
    browser->backward();
    CHECK(browser->source().path().endsWith(QStringLiteral("08-workshop.md")));
}

TEST_CASE("Guide headings are named as GitHub names them", "[ui][help]") {
    CHECK(Guide::slug(QStringLiteral("Access Patterns")) == QStringLiteral("access-patterns"));
    CHECK(Guide::slug(QStringLiteral("Embed or reference: drag and link")) ==
          QStringLiteral("embed-or-reference-drag-and-link"));
    CHECK(Guide::slug(QStringLiteral("diff and migrate")) == QStringLiteral("diff-and-migrate"));
    QTextDocument document;
    document.setMarkdown(QStringLiteral("# A\n\n## Same\n\ntext\n\n## Same\n"));
    CHECK(Guide::nameHeadings(&document) == QStringList{QStringLiteral("a"), QStringLiteral("same"),
                                                          QStringLiteral("same-1")});
}
