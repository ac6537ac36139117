#include "ui/support/UiTestHelpers.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QMenu>
#include <QMessageBox>
#include <QTest>
#include <QTimer>
#include <QWidget>

#include <memory>

namespace docshape::test {

namespace {
bool g_done = false;
}

bool showActive(QWidget &window) {
    window.show();
    if (!QTest::qWaitForWindowExposed(&window))
        return false;
    QApplication::setActiveWindow(&window);
    window.activateWindow();
    return QTest::qWaitForWindowActive(&window);
}

Project makeOrderModel() {
    Project p;
    p.name = "orders";
    Entity order;
    order.id = "e1";
    order.name = "Order";
    order.count = 1000;
    order.position = {0, 0};
    Field number;
    number.id = "f1";
    number.name = "orderNumber";
    number.type = BsonType::String;
    number.avgBytes = 10;
    number.maxBytes = 20;
    order.fields.push_back(number);

    Entity item;
    item.id = "e2";
    item.name = "LineItem";
    item.count = 5000;
    item.position = {500, 0};
    Field name;
    name.id = "f2";
    name.name = "name";
    name.type = BsonType::String;
    name.avgBytes = 12;
    name.maxBytes = 32;
    Field quantity;
    quantity.id = "f3";
    quantity.name = "quantity";
    quantity.type = BsonType::Int;
    item.fields = {name, quantity};

    Entity customer;
    customer.id = "e3";
    customer.name = "Customer";
    customer.count = 100;
    customer.position = {0, 400};
    Field email;
    email.id = "f4";
    email.name = "email";
    email.type = BsonType::String;
    email.avgBytes = 20;
    email.maxBytes = 64;
    customer.fields.push_back(email);

    p.entities = {order, item, customer};
    return p;
}

void chooseFromNextPopup(const QStringList &path) {
    g_done = false;
    auto step = std::make_shared<int>(0);
    auto *timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, timer, [timer, step, path] {
        auto *menu = qobject_cast<QMenu *>(QApplication::activePopupWidget());
        if (!menu || !menu->isVisible())
            return;
        for (QAction *action : menu->actions()) {
            if (action->text() != path.at(*step))
                continue;
            QTest::mouseMove(menu, menu->actionGeometry(action).center());
            QTest::mouseClick(menu, Qt::LeftButton, {}, menu->actionGeometry(action).center());
            if (++*step == path.size()) {
                g_done = true;
                timer->stop();
                timer->deleteLater();
            }
            return;
        }
    });
    timer->start();
}

bool popupChoiceDone() { return g_done; }

std::shared_ptr<SeenBox> answerNextBox(const QString &button) {
    auto seen = std::make_shared<SeenBox>();
    auto *timer = new QTimer(qApp);
    timer->setInterval(20);
    QObject::connect(timer, &QTimer::timeout, qApp, [timer, seen, button] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box || !box->isVisible())
            return;
        timer->stop();
        timer->deleteLater();
        seen->text = box->text() + QLatin1Char('\n') + box->informativeText();
        const QList<QAbstractButton *> buttons = box->buttons();
        for (QAbstractButton *b : buttons)
            seen->buttons.append(b->text().remove(QLatin1Char('&')));
        for (QAbstractButton *b : buttons)
            if (b->text().remove(QLatin1Char('&')) == button) {
                seen->answered = true;
                QTest::mouseClick(b, Qt::LeftButton);
                return;
            }
        box->reject();
    });
    timer->start();
    return seen;
}

} // namespace docshape::test
