// The findings panel: clicking a finding selects its object on the canvas
// and in the inspector; details, severity filter, live updates.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/DocumentScene.h"
#include "document/Document.h"
#include "inspector/Inspector.h"
#include "panels/AdviceSource.h"
#include "panels/FindingsPanel.h"
#include "panels/PanelSetup.h"

#include "advisor/Advisor.h"

#include <QComboBox>
#include <QDockWidget>
#include <QHeaderView>
#include <QMouseEvent>
#include <QTest>
#include <QTextDocumentFragment>
#include <QTreeWidget>
#include <QDir>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

namespace {

// The order model with its first entity embedding the second as an array
// `field` with no maximum (DS101, from the bounded test), in an unnamed
// relationship "r1".
Project unboundedItems(const std::string &parent, const std::string &child, const std::string &field) {
    Project p = test::makeOrderModel();
    p.entities[0].name = parent;
    p.entities[1].name = child;
    Relationship items;
    items.id = "r1";
    items.parentId = "e1";
    items.childId = "e2";
    items.representation = Representation::EmbedArray;
    items.fieldName = field;
    items.avgChildren = 3;
    p.relationships = {items};
    return p;
}

} // namespace

TEST_CASE("clicking a finding selects its object on the canvas and in the inspector", "[ui][panels][findings]") {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    bool clickedOne = false;
    // The bundled examples (model answers, few findings) and the exercises'
    // starting models (many).
    QStringList models = MainWindow::exampleFiles();
    const QDir exercises(QString::fromStdString(test::sourceDir() + "/resources/exercises"));
    for (const QString &id : exercises.entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        models << exercises.filePath(id + QStringLiteral("/start.docshape"));
    for (const QString &example : models) {
        INFO(example.toStdString());
        REQUIRE(window.loadFile(example));
        FindingsPanel *panel = PanelSetup::of(&window)->findings();
        // A finding on an access pattern brought the table to the front:
        // the findings list catches up when its tab is chosen again.
        PanelSetup::of(&window)->dockOf(panel)->raise();
        QCoreApplication::processEvents();
        const auto &findings = PanelSetup::of(&window)->advice()->advice().findings;
        REQUIRE(panel->list()->topLevelItemCount() == int(findings.size()));
        // Findings on entities, fields and relationships, each one clicked.
        for (int row = 0; row < panel->list()->topLevelItemCount(); ++row) {
            const Finding &f = findings[std::size_t(row)];
            const ObjectRef target = panel->objectOf(f.target);
            if (target.isNone())
                continue;
            window.scene()->selectObject({});
            REQUIRE(window.scene()->currentObject().isNone());
            // Activate as a click does (the next test clicks with the mouse).
            emit panel->list()->itemClicked(panel->list()->topLevelItem(row), 0);
            INFO(f.id << " on " << f.target.kind << " " << f.target.id);
            CHECK(window.scene()->currentObject() == target);
            CHECK(window.inspector()->object() == target);
            clickedOne = true;
        }
    }
    CHECK(clickedOne);
}

TEST_CASE("a real mouse click on a visible finding changes the canvas selection", "[ui][panels][findings]") {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    Project p = test::makeOrderModel();
    // Stated far from the estimate: the worksheet finding points at Customer.
    p.entities[2].stated.documentBytes = 500000;
    window.document()->reset(p, QString());
    PanelSetup *panels = PanelSetup::of(&window);
    FindingsPanel *panel = panels->findings();
    panels->dockOf(panel)->raise();
    QTRY_VERIFY(panel->isVisible());
    int row = -1;
    const auto &findings = panels->advice()->advice().findings;
    for (std::size_t i = 0; i < findings.size() && row < 0; ++i)
        if (panel->objectOf(findings[i].target) == ObjectRef::entity("e3"))
            row = int(i);
    REQUIRE(row >= 0);
    window.selectObject(ObjectRef::entity("e1"));
    REQUIRE(window.scene()->currentObject() == ObjectRef::entity("e1"));
    QTreeWidgetItem *item = panel->list()->topLevelItem(row);
    panel->list()->scrollToItem(item);
    QTest::mouseClick(panel->list()->viewport(), Qt::LeftButton, {}, panel->list()->visualItemRect(item).center());
    CHECK(window.scene()->currentObject() == ObjectRef::entity("e3"));
    CHECK(window.inspector()->object() == ObjectRef::entity("e3"));
    // Its details: message, why, fix and source.
    const QString details = panel->detailsHtml();
    CHECK(details.contains(QString::fromStdString(findings[std::size_t(row)].id)));
    CHECK(details.contains(QStringLiteral("Fix")));
}

TEST_CASE("findings filter by severity and follow the model live", "[ui][panels][findings]") {
    Project p = test::makeOrderModel();
    p.entities[0].stated.documentBytes = 500000;
    p.entities[2].stated.documentBytes = 500000;
    Document doc;
    doc.reset(p, QString());
    AdviceSource source(&doc);
    FindingsPanel panel(&source);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    const auto &findings = source.advice().findings;
    REQUIRE_FALSE(findings.empty());
    CHECK(panel.visibleCount() == int(findings.size()));
    int atLeastWarning = 0;
    for (const auto &f : findings)
        atLeastWarning += f.severity >= Severity::Warning ? 1 : 0;
    panel.severityFilter()->setCurrentIndex(1);
    CHECK(panel.visibleCount() == atLeastWarning);
    panel.severityFilter()->setCurrentIndex(0);

    // An edit that changes the advice shows at once.
    const std::size_t before = findings.size();
    Entity e = *doc.project().findEntity("e1");
    e.stated.documentBytes.reset();
    REQUIRE(doc.changeEntity(e, QStringLiteral("Unstate size")));
    CHECK(source.advice().findings.size() == before - 1);
    CHECK(panel.list()->topLevelItemCount() == int(source.advice().findings.size()));
    CHECK(source.advice().findings == lint(doc.project(), doc.analysis()));
    doc.undoStack()->undo();
    CHECK(panel.list()->topLevelItemCount() == int(before));
}

TEST_CASE("a hidden findings list costs no advice, shown, it catches up", "[ui][panels][findings]") {
    Project p = test::makeOrderModel();
    p.entities[0].stated.documentBytes = 500000;
    Document doc;
    doc.reset(p, QString());
    AdviceSource source(&doc);
    FindingsPanel panel(&source);
    REQUIRE(source.computations() == 0);
    // Edits while hidden: nobody reads the advice, so it is never computed.
    for (double bytes : {400000.0, 300000.0}) {
        Entity e = *doc.project().findEntity("e1");
        e.stated.documentBytes = bytes;
        REQUIRE(doc.changeEntity(e, QStringLiteral("State size")));
    }
    CHECK(source.computations() == 0);
    CHECK(panel.list()->topLevelItemCount() == 0);
    // Shown, it lists the findings of the model as it is now, computed once.
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    CHECK(source.computations() == 1);
    CHECK(panel.list()->topLevelItemCount() == int(lint(doc.project(), doc.analysis()).size()));
    // On screen, each edit computes it once more.
    Entity e = *doc.project().findEntity("e1");
    e.stated.documentBytes.reset();
    REQUIRE(doc.changeEntity(e, QStringLiteral("Unstate size")));
    CHECK(source.computations() == 2);
    CHECK(panel.list()->topLevelItemCount() == int(lint(doc.project(), doc.analysis()).size()));
}

TEST_CASE("a model without findings says so once the panel is shown", "[ui][panels][findings]") {
    Document doc;
    doc.reset(Project{}, QString());
    REQUIRE(lint(doc.project(), doc.analysis()).empty());
    AdviceSource source(&doc);
    FindingsPanel panel(&source);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    CHECK(panel.list()->topLevelItemCount() == 0);
    CHECK(panel.summary() == QStringLiteral("0 errors · 0 warnings · 0 notes — 0 shown"));
    CHECK(panel.detailsHtml().contains(QStringLiteral("No findings")));
}

TEST_CASE("the findings list names objects as the diagram does and cites its sources", "[ui][panels][findings]") {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    // An unnamed relationship: its id is all it has besides the diagram's edge.
    window.document()->reset(unboundedItems("Order", "LineItem", "items"), QString());
    PanelSetup *panels = PanelSetup::of(&window);
    FindingsPanel *panel = panels->findings();
    panels->dockOf(panel)->raise();
    CHECK(QTest::qWaitFor([&] { return panel->isVisible() && panel->list()->topLevelItemCount() > 0; }));
    const auto &findings = panels->advice()->advice().findings;
    int row = -1;
    for (std::size_t i = 0; i < findings.size(); ++i) {
        QTreeWidgetItem *item = panel->list()->topLevelItem(int(i));
        INFO(findings[i].id << ": " << item->text(1).toStdString() << ": " << item->text(2).toStdString());
        CHECK_FALSE(item->text(1).contains(QStringLiteral("r1")));
        CHECK_FALSE(item->text(2).contains(QStringLiteral("'r1'")));
        if (findings[i].id == "DS101" && row < 0)
            row = int(i);
    }
    REQUIRE(row >= 0);
    QTreeWidgetItem *item = panel->list()->topLevelItem(row);
    CHECK(item->text(1) == QStringLiteral("Order → LineItem (items)"));
    panel->list()->scrollToItem(item);
    QTest::mouseClick(panel->list()->viewport(), Qt::LeftButton, {}, panel->list()->visualItemRect(item).center());
    CHECK(QTest::qWaitFor([&] { return panel->list()->currentItem() == item; }));
    // The source as a citation, its passage in the details pane, no file name.
    const QString details = panel->detailsHtml();
    CHECK(details.contains(QStringLiteral("Data modeling, Start from the queries")));
    CHECK(details.contains(QStringLiteral("The bounded test")));
    CHECK(details.contains(QStringLiteral("no amount of optimism makes it so")));
    CHECK(QTextDocumentFragment::fromHtml(details).toPlainText().contains(
        QStringLiteral("relationship 'Order → LineItem (items)'")));
    CHECK_FALSE(details.contains(QStringLiteral(".txt")));
    CHECK_FALSE(details.contains(QStringLiteral("seed")));
    CHECK(item->toolTip(0).contains(QStringLiteral("Start from the queries")));
}

TEST_CASE("the Object column shows a long relationship name whole, until the user sizes it", "[ui][panels][findings]") {
    MainWindow window;
    window.resize(1400, 900);
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    window.document()->reset(unboundedItems("CustomerAccount", "FulfilmentRecord", "records"), QString());
    PanelSetup *panels = PanelSetup::of(&window);
    FindingsPanel *panel = panels->findings();
    panels->dockOf(panel)->raise();
    REQUIRE(QTest::qWaitFor([&] { return panel->isVisible() && panel->list()->topLevelItemCount() > 0; }));
    QTreeWidget *list = panel->list();
    const QString name = QStringLiteral("CustomerAccount → FulfilmentRecord (records)");
    QTreeWidgetItem *item = nullptr;
    for (int row = 0; row < list->topLevelItemCount() && !item; ++row)
        if (list->topLevelItem(row)->text(1) == name)
            item = list->topLevelItem(row);
    REQUIRE(item);
    // Room for it: two fifths of the list is wider than the name.
    const int textWidth = list->fontMetrics().horizontalAdvance(name);
    REQUIRE(list->viewport()->width() * 2 / 5 > textWidth + 20);
    CHECK(list->columnWidth(1) >= textWidth);
    CHECK(list->visualItemRect(item).isValid());

    // A width the user drags to is kept through the next edit.
    const int edge = list->header()->sectionViewportPosition(1) + list->columnWidth(1) - 1;
    const QPoint from(edge, list->header()->height() / 2);
    QTest::mousePress(list->header()->viewport(), Qt::LeftButton, {}, from);
    const QPointF to(from - QPoint(60, 0));
    QMouseEvent move(QEvent::MouseMove, to, list->header()->viewport()->mapToGlobal(to), Qt::NoButton, Qt::LeftButton,
                     Qt::NoModifier);
    QCoreApplication::sendEvent(list->header()->viewport(), &move);
    QTest::mouseRelease(list->header()->viewport(), Qt::LeftButton, {}, from - QPoint(60, 0));
    const int dragged = list->columnWidth(1);
    REQUIRE(dragged < textWidth);
    REQUIRE(window.document()->renameEntity("e1", QStringLiteral("CustomerProfile")));
    QCoreApplication::processEvents();
    CHECK(list->columnWidth(1) == dragged);
}

// The list is updated in place: the rows before the first finding an edit
// changed and after the last stay, the range between is replaced. After
// edits that change findings in the middle, at the ends, and undo, every
// row is its finding, in order.
TEST_CASE("after each edit every row of the findings list is its finding, in order", "[ui][panels][findings]") {
    Document doc;
    // The order exercise's start: seven findings of several rules and objects.
    REQUIRE(doc.load(QString::fromStdString(test::sourceDir() + "/resources/exercises/order-aggregate/start.docshape")));
    AdviceSource source(&doc);
    FindingsPanel panel(&source);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    const auto rowsMatch = [&](const std::string &after) {
        INFO("after " << after);
        const auto &findings = source.advice().findings;
        REQUIRE(panel.list()->topLevelItemCount() == int(findings.size()));
        for (std::size_t i = 0; i < findings.size(); ++i) {
            const QTreeWidgetItem *row = panel.list()->topLevelItem(int(i));
            INFO("row " << i);
            CHECK(row->text(0).toStdString() == findings[i].id);
            CHECK(row->text(1).toStdString() ==
                  (findings[i].target.name.empty() ? std::string(kindWords(findings[i].target.kind)) : findings[i].target.name));
            CHECK(row->toolTip(1).toStdString() == targetText(findings[i].target));
            CHECK(row->text(2).toStdString() == findings[i].message());
            CHECK(row->toolTip(2).toStdString() == findings[i].message());
            CHECK(row->data(0, Qt::UserRole + 1).toInt() == int(findings[i].severity)); // the panel's severity role
            // Errors only: a warning or a note is hidden, the rows it
            // came into included.
            CHECK(row->isHidden() == (findings[i].severity < Severity::Error));
        }
    };
    panel.severityFilter()->setCurrentIndex(2); // errors only
    rowsMatch("opening");
    REQUIRE(source.advice().findings.size() > 3);
    // Renames change the messages that name the entity, wherever they are.
    // The count stays: rows are rewritten where they changed, none removed
    // or inserted (the list repaints those rows alone), and the current
    // row stays current.
    int removed = 0, inserted = 0;
    QObject::connect(panel.list()->model(), &QAbstractItemModel::rowsRemoved, [&] { ++removed; });
    QObject::connect(panel.list()->model(), &QAbstractItemModel::rowsInserted, [&] { ++inserted; });
    const int currentRow = int(source.advice().findings.size()) - 1;
    panel.list()->setCurrentItem(panel.list()->topLevelItem(currentRow));
    for (const Entity &e : std::vector<Entity>(doc.project().entities)) {
        const std::size_t before = source.advice().findings.size();
        REQUIRE(doc.renameEntity(e.id, QString::fromStdString(e.name + "Renamed")));
        rowsMatch("renaming " + e.name);
        REQUIRE(source.advice().findings.size() == before);
        CHECK(panel.list()->indexOfTopLevelItem(panel.list()->currentItem()) == currentRow);
    }
    CHECK(removed == 0);
    CHECK(inserted == 0);
    // A stated size past the document target adds findings; undo takes them away.
    Entity first = doc.project().entities.front();
    first.stated.documentBytes = 2'000'000;
    REQUIRE(doc.changeEntity(first, QStringLiteral("State size")));
    rowsMatch("stating a size");
    for (int i = 0; i < 4; ++i) {
        doc.undoStack()->undo();
        rowsMatch("undo " + std::to_string(i));
    }
}
