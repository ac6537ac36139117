// Issue 17 item 16: sizes read the same everywhere, exact bytes below 1 MiB
// and binary units above, with the exact count one hover away.
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include "util/Units.h"

#include <QLabel>
#include <QTest>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("a size label shows the size convention and its tooltip the exact bytes", "[ui][units]") {
    Project p = test::makeOrderModel();
    // An order carrying a scanned document: every order over 1 MiB.
    Field scan;
    scan.id = "f9";
    scan.name = "scan";
    scan.type = BsonType::BinData;
    scan.avgBytes = 2000000;
    scan.maxBytes = 3000000;
    p.entities[0].fields.push_back(scan);

    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(p, QString());
    QApplication::setActiveWindow(&window);
    REQUIRE(test::showActive(window));
    auto *status = window.findChild<QLabel *>(QStringLiteral("collectionStatus"));
    REQUIRE(status);
    canvas::CanvasView *view = window.canvas();
    view->resetZoom();

    auto click = [&](const std::string &entityId) {
        const canvas::EntityItem *card = window.scene()->cardOf(entityId);
        REQUIRE(card);
        view->centerOn(card);
        QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->mapFromScene(card->mapToScene(QPointF(30, 14))));
    };

    const CollectionStat *order = window.document()->collectionStatOf("e1");
    REQUIRE(order);
    REQUIRE(order->maxDocumentBytes);
    REQUIRE(order->avgDocumentBytes > 1048576);
    click("e1");
    CHECK(QTest::qWaitFor([&] { return status->text().startsWith(QStringLiteral("Order: ")); }));
    // Rounded to one decimal of a MiB in the label...
    CHECK(status->text() == QStringLiteral("Order: avg document 1.9 MiB · max 2.9 MiB · 1,000 index entries"));
    // ...and to the byte in its tooltip.
    const QString exactMax = QString::fromStdString(units::exactWholeBytesText(*order->maxDocumentBytes));
    CHECK(status->toolTip().contains(QStringLiteral("maximum ") + exactMax));
    CHECK(exactMax.startsWith(QStringLiteral("3,000,")));
    CHECK(exactMax.endsWith(QStringLiteral(" bytes")));
    // The card's badge says the same, and so does its tooltip.
    const canvas::EntityItem *card = window.scene()->cardOf("e1");
    CHECK(card->badgeText() == QStringLiteral("avg 1.9 MiB · max 2.9 MiB"));
    CHECK(card->toolTip().contains(exactMax));

    // Below 1 MiB a size is exact, thousands separated, in the label itself.
    const CollectionStat *customer = window.document()->collectionStatOf("e3");
    REQUIRE(customer);
    REQUIRE(customer->maxDocumentBytes);
    click("e3");
    CHECK(QTest::qWaitFor([&] { return status->text().startsWith(QStringLiteral("Customer: ")); }));
    const QString max = QString::fromStdString(units::bytesText(double(*customer->maxDocumentBytes)));
    CHECK(max.endsWith(QStringLiteral(" bytes")));
    CHECK(status->text().contains(QStringLiteral("max ") + max));
    CHECK_FALSE(status->text().contains(QStringLiteral(" KB")));
    CHECK_FALSE(status->text().contains(QStringLiteral(" B ")));
}
