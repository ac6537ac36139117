// Issue 45 item 3: text from a model reaches Qt's widgets as plain text. Qt
// reads a label's or a tooltip's text as rich text when it looks like
// markup, so a name "<b>Bold</b><img src=x>" would show bold with an image
// instead of as typed.
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/DocumentScene.h"
#include "document/Document.h"

#include <QAbstractItemView>
#include <QGraphicsItem>
#include <QLabel>
#include <QTest>
#include <QTextDocument>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

namespace {

const QString kMarker = QStringLiteral("<b>Bold</b><img src=x>");

// Whether Qt would show `text` as typed in a tooltip: either it does not
// look like markup, or the markup is an escape whose rendering is the text.
bool tooltipShowsAsTyped(const QString &text) { return !text.contains(kMarker) || !Qt::mightBeRichText(text); }

} // namespace

TEST_CASE("names that look like markup show as typed in labels and tooltips", "[ui][markup]") {
    Project project = test::makeOrderModel();
    const std::string marker = kMarker.toStdString();
    Entity *customer = nullptr;
    for (auto &e : project.entities)
        if (!customer && !e.fields.empty())
            customer = &e;
    REQUIRE(customer);
    customer->name = "Customer " + marker;
    customer->collectionName = "customers " + marker;
    customer->description = "described " + marker;
    customer->fields.front().details.edit().description = "field " + marker;
    for (auto &q : project.accessPatterns)
        q.name += " " + marker;

    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(project, QString());
    REQUIRE(test::showActive(window));
    std::vector<ObjectRef> shown = {ObjectRef::entity(customer->id), ObjectRef::field(customer->fields.front().id)};
    int labels = 0, tips = 0;
    for (const ObjectRef &object : shown) {
        window.selectObject(object);
        QCoreApplication::processEvents();
        for (QLabel *label : window.findChildren<QLabel *>()) {
            if (!label->text().contains(kMarker))
                continue;
            ++labels;
            INFO(label->objectName().toStdString() << ": " << label->text().toStdString());
            CHECK((label->textFormat() == Qt::PlainText ||
                   (label->textFormat() == Qt::AutoText && !Qt::mightBeRichText(label->text()))));
        }
        for (QWidget *widget : window.findChildren<QWidget *>()) {
            tips += widget->toolTip().contains(QStringLiteral("Bold"));
            INFO(widget->metaObject()->className() << ": " << widget->toolTip().toStdString());
            CHECK(tooltipShowsAsTyped(widget->toolTip()));
        }
        for (QAbstractItemView *view : window.findChildren<QAbstractItemView *>()) {
            const QAbstractItemModel *model = view->model();
            if (!model)
                continue;
            for (int row = 0; row < model->rowCount(); ++row)
                for (int column = 0; column < model->columnCount(); ++column) {
                    const QString tip = model->index(row, column).data(Qt::ToolTipRole).toString();
                    tips += tip.contains(QStringLiteral("Bold"));
                    INFO(view->objectName().toStdString() << " row " << row << ": " << tip.toStdString());
                    CHECK(tooltipShowsAsTyped(tip));
                }
        }
    }
    for (QGraphicsItem *item : window.findChild<canvas::DocumentScene *>()->items()) {
        tips += item->toolTip().contains(QStringLiteral("Bold"));
        INFO(item->toolTip().toStdString());
        CHECK(tooltipShowsAsTyped(item->toolTip()));
    }
    // The names were on screen: the checks above looked at something.
    CHECK(labels + tips >= 3);
}
