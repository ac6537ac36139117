// Issue 17 item 15: the chooser that asks what a drag means shows its whole
// title, however long the entities' names.
#include "ui/support/UiTestHelpers.h"

#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>

#include <memory>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::canvas;

namespace {

struct TitleCheck {
    bool seen = false;
    QString title;
    int textWidth = 0;   // the title's advance in the menu's font
    int itemWidth = 0;   // the width of the section's row
    bool rowInsideMenu = false;
};

// Waits for the next popup menu named `name`, measures its section title,
// then closes it as Escape would.
std::shared_ptr<TitleCheck> measureNextMenu(const QString &name) {
    auto check = std::make_shared<TitleCheck>();
    auto *timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, check, name] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu || !menu->isVisible() || menu->objectName() != name)
            return;
        for (QAction *action : menu->actions()) {
            if (!action->isSeparator() || action->text().isEmpty())
                continue;
            const QRect row = menu->actionGeometry(action);
            check->seen = true;
            check->title = action->text();
            check->textWidth = menu->fontMetrics().horizontalAdvance(action->text());
            check->itemWidth = row.width();
            check->rowInsideMenu = menu->rect().contains(row);
            break;
        }
        timer->stop();
        timer->deleteLater();
        QTest::keyClick(menu, Qt::Key_Escape);
    });
    timer->start();
    return check;
}

} // namespace

TEST_CASE("the reference chooser's title fits its menu", "[ui][canvas][firsthour]") {
    Project project = test::makeOrderModel();
    project.findEntity("e3")->name = "CustomerAccountProfile";
    project.findEntity("e1")->name = "OrderFulfilmentRecord";
    Document document;
    document.reset(project, QString());
    DocumentScene scene(&document);
    CanvasView view(&scene);
    view.resize(1400, 1000);
    view.show();
    REQUIRE(QTest::qWaitForWindowExposed(&view));
    view.resetZoom();
    view.centerOn(scene.contentRect().center());

    const EntityItem *customer = scene.cardOf("e3");
    const EntityItem *order = scene.cardOf("e1");
    const QPoint from = view.mapFromScene(customer->mapToScene(customer->handleCenter() - QPointF(2, 0)));
    const QPoint to = view.mapFromScene(order->mapToScene(QPointF(40, 60)));
    auto check = measureNextMenu(QStringLiteral("referenceChooser"));
    QWidget *vp = view.viewport();
    QTest::mousePress(vp, Qt::LeftButton, {}, from);
    for (int i = 1; i <= 8; ++i)
        QTest::mouseMove(vp, from + (to - from) * i / 8);
    QTest::mouseRelease(vp, Qt::LeftButton, {}, to);

    REQUIRE(check->seen);
    INFO(check->title.toStdString() << ": text " << check->textWidth << " px, row " << check->itemWidth << " px");
    CHECK(check->title == QStringLiteral("Reference CustomerAccountProfile → OrderFulfilmentRecord"));
    // The styles draw a section's text inside its row less a margin each
    // side (Fusion: 5 px, QFusionStyle's CE_MenuItem separator branch).
    CHECK(check->textWidth + 2 * 5 <= check->itemWidth);
    CHECK(check->rowInsideMenu);
    // Escape chose nothing.
    CHECK(document.project().relationships.empty());
}
