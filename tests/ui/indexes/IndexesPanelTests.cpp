// The Indexes panel, "Create suggested index" and File > Project Settings,
// driven through their widgets with key presses and mouse clicks: an index
// typed with the keyboard serves its access pattern and is exported; what
// the server refuses is refused beside the field; a suggested index comes
// from a finding and from the access-pattern table in one undo step; the
// settings dialog renames the model and the export's header follows.
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "indexes/IndexEditor.h"
#include "indexes/IndexesPanel.h"
#include "panels/AccessPatternTable.h"
#include "panels/AdviceSource.h"
#include "panels/ExportDialog.h"
#include "panels/FindingsPanel.h"
#include "panels/PanelSetup.h"
#include "settings/ProjectSettingsDialog.h"

#include "advisor/RuleCatalog.h"
#include "export/ExportBundle.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QCheckBox>
#include <QCompleter>
#include <QDialogButtonBox>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTableView>
#include <QTableWidget>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

namespace {

// Order (1,000 documents) is read by orderNumber ten times a second and no
// index serves it: a collection scan, DS184, and the advisor's suggestion
// { orderNumber: 1 }.
Project modelWithUnservedPattern() {
    Project p = test::makeOrderModel();
    AccessPattern q;
    q.id = "q1";
    q.name = "Order by number";
    q.entityId = "e1";
    q.operation = Operation::FindMany;
    q.equality = {"orderNumber"};
    q.frequencyPerSecond = 10;
    p.accessPatterns.push_back(q);
    return p;
}

const AccessCost &costOf(AdviceSource *source, const std::string &patternId) {
    for (const AccessCost &c : source->advice().accessPatterns)
        if (c.patternId == patternId)
            return c;
    FAIL("no cost for " << patternId);
    throw;
}

std::string exportedFile(const Project &p, const std::string &relativePath) {
    auto files = exportAll(p);
    REQUIRE(files);
    for (const auto &f : *files)
        if (f.relativePath == relativePath)
            return f.content;
    return {};
}

void click(QWidget *widget) { QTest::mouseClick(widget, Qt::LeftButton, {}, widget->rect().center()); }

} // namespace

TEST_CASE("an index typed with the keyboard serves its pattern and is exported", "[ui][indexes]") {
    MainWindow window;
    window.resize(1400, 900);
    REQUIRE(test::showActive(window));
    Document *doc = window.document();
    doc->reset(modelWithUnservedPattern(), QString());
    PanelSetup *panels = PanelSetup::of(&window);
    indexes::IndexesPanel *panel = panels->indexes();
    panels->dockOf(panel)->raise();
    QTRY_VERIFY(panel->isVisible());
    CHECK(costOf(panels->advice(), "q1").index == "collection scan");
    CHECK(exportedFile(doc->project(), "indexes/Order.json").find("orderNumber") == std::string::npos);
    const int steps = doc->undoStack()->count();

    // Insert on the list opens a new index on the selected collection.
    panel->list()->setFocus();
    panel->list()->setCurrentItem(panel->list()->topLevelItem(0));
    QTest::keyClick(panel->list(), Qt::Key_Insert);
    QLineEdit *keys = panel->editor()->keysEdit();
    QTRY_VERIFY(keys->hasFocus());
    QTest::keyClicks(keys, QStringLiteral("orderN"));
    QCompleter *completer = keys->completer();
    REQUIRE(completer);
    QTRY_VERIFY(completer->popup()->isVisible());
    QTest::keyClick(completer->popup(), Qt::Key_Down);
    QTest::keyClick(completer->popup(), Qt::Key_Return);
    CHECK(keys->text() == QStringLiteral("orderNumber"));
    QTest::keyClick(keys, Qt::Key_Return);

    REQUIRE(doc->project().indexes.size() == 1);
    const IndexSpec added = doc->project().indexes[0];
    CHECK(added.entityId == "e1");
    CHECK(added.keys == std::vector<IndexKey>{{"orderNumber", "1"}});
    CHECK(doc->undoStack()->count() == steps + 1);
    // The pattern is now served by it (the advisor's plan), the list says so,
    // and the createIndexes export holds it.
    CHECK(costOf(panels->advice(), "q1").indexId == added.id);
    QTreeWidgetItem *row = panel->itemOf(added.id);
    REQUIRE(row);
    CHECK(row->text(indexes::IndexesPanel::Serves) == QStringLiteral("Order by number"));
    CHECK(row->text(indexes::IndexesPanel::Name) == QStringLiteral("orderNumber_1"));
    // 1,000 documents with the field: 1,000 entries; the size is an estimate.
    CHECK(row->text(indexes::IndexesPanel::Entries) == QLocale::system().toString(1000));
    CHECK(row->text(indexes::IndexesPanel::Size).contains(QStringLiteral("estimate")));
    const std::string exported = exportedFile(doc->project(), "indexes/Order.json");
    CHECK(exported.find("\"orderNumber\": 1") != std::string::npos);
    CHECK(exported.find("\"name\": \"orderNumber_1\"") != std::string::npos);

    // Space on Unique: one step. Then hashed keys on a unique index: the
    // server refuses it (hash_access_method.cpp: "Currently hashed indexes
    // cannot guarantee uniqueness. Use a regular index."); nothing changes
    // and the reason is beside the field.
    QCheckBox *unique = panel->editor()->uniqueBox();
    unique->setFocus();
    QTest::keyClick(unique, Qt::Key_Space);
    CHECK(doc->project().indexes[0].unique);
    CHECK(doc->undoStack()->count() == steps + 2);
    keys->setFocus();
    keys->selectAll();
    QTest::keyClicks(keys, QStringLiteral("orderNumber: hashed"));
    QTest::keyClick(keys, Qt::Key_Return);
    CHECK(doc->project().indexes[0].keys == std::vector<IndexKey>{{"orderNumber", "1"}});
    CHECK(doc->undoStack()->count() == steps + 2);
    CHECK(panel->editor()->reason("unique").contains(QStringLiteral("Currently hashed indexes cannot guarantee uniqueness")));
    // A kind the server does not know is refused beside the keys.
    keys->selectAll();
    QTest::keyClicks(keys, QStringLiteral("orderNumber: 2"));
    QTest::keyClick(keys, Qt::Key_Return);
    CHECK(panel->editor()->reason("keys").contains(QStringLiteral("is not one of 1, -1, text")));
    // Escape puts the model's keys back.
    QTest::keyClick(keys, Qt::Key_Escape);
    CHECK(keys->text() == QStringLiteral("orderNumber: 1"));

    // Undo twice: not unique, then no index; the pattern scans again.
    doc->undoStack()->undo();
    CHECK_FALSE(doc->project().indexes[0].unique);
    doc->undoStack()->undo();
    CHECK(doc->project().indexes.empty());
    CHECK(costOf(panels->advice(), "q1").index == "collection scan");
    CHECK_FALSE(panel->itemOf(added.id));

    // Delete on the list removes the selected index, one step.
    doc->undoStack()->redo();
    panel->selectIndex(added.id);
    panel->list()->setFocus();
    QTest::keyClick(panel->list(), Qt::Key_Delete);
    CHECK(doc->project().indexes.empty());
}

TEST_CASE("an unused index is marked in the list", "[ui][indexes]") {
    Project p = modelWithUnservedPattern();
    IndexSpec unused;
    unused.id = "i9";
    unused.entityId = "e3";
    unused.keys = {{"email", "1"}};
    p.indexes.push_back(unused);
    Document doc;
    doc.reset(p, QString());
    AdviceSource source(&doc);
    indexes::IndexesPanel panel(&source);
    panel.show();
    REQUIRE(QTest::qWaitForWindowExposed(&panel));
    QTreeWidgetItem *row = panel.itemOf("i9");
    REQUIRE(row);
    // The advisor's DS183: no pattern of Customer uses it.
    CHECK(row->text(indexes::IndexesPanel::Notes).contains(QStringLiteral("unused")));
    CHECK(row->text(indexes::IndexesPanel::Serves) == QStringLiteral("—"));
}

TEST_CASE("a suggested index is created from a finding with the mouse, one undo step", "[ui][indexes]") {
    MainWindow window;
    window.resize(1400, 900);
    REQUIRE(test::showActive(window));
    Document *doc = window.document();
    doc->reset(modelWithUnservedPattern(), QString());
    PanelSetup *panels = PanelSetup::of(&window);
    FindingsPanel *findings = panels->findings();
    panels->dockOf(findings)->raise();
    QTRY_VERIFY(findings->isVisible());
    const auto &list = panels->advice()->advice().findings;
    int row = -1;
    for (std::size_t i = 0; i < list.size() && row < 0; ++i)
        if (list[i].id == rule::kMissingIndex && list[i].target.id == "q1")
            row = int(i);
    REQUIRE(row >= 0);
    CHECK(QString::fromStdString(list[std::size_t(row)].fix()).contains(QStringLiteral("Create index { orderNumber: 1 }")));
    CHECK_FALSE(findings->createIndexButton()->isEnabled());
    QTreeWidgetItem *item = findings->list()->topLevelItem(row);
    findings->list()->scrollToItem(item);
    QTest::mouseClick(findings->list()->viewport(), Qt::LeftButton, {}, findings->list()->visualItemRect(item).center());
    REQUIRE(findings->createIndexButton()->isEnabled());
    const int steps = doc->undoStack()->count();
    click(findings->createIndexButton());

    REQUIRE(doc->project().indexes.size() == 1);
    CHECK(doc->project().indexes[0].entityId == "e1");
    CHECK(doc->project().indexes[0].keys == std::vector<IndexKey>{{"orderNumber", "1"}});
    CHECK(doc->undoStack()->count() == steps + 1);
    // The Indexes panel comes forward with the new index selected.
    QTRY_VERIFY(panels->indexes()->isVisible());
    CHECK(panels->indexes()->currentIndexId() == doc->project().indexes[0].id);
    // Served now: DS184 is gone.
    CHECK(costOf(panels->advice(), "q1").indexId == doc->project().indexes[0].id);
    for (const Finding &f : panels->advice()->advice().findings)
        CHECK_FALSE((f.id == rule::kMissingIndex && f.target.id == "q1"));

    doc->undoStack()->undo();
    CHECK(doc->project().indexes.empty());
    CHECK(doc->undoStack()->count() == steps + 1); // undone, not dropped
}

TEST_CASE("a suggested index is created from the access-pattern table", "[ui][indexes]") {
    MainWindow window;
    window.resize(1400, 900);
    REQUIRE(test::showActive(window));
    Document *doc = window.document();
    doc->reset(modelWithUnservedPattern(), QString());
    PanelSetup *panels = PanelSetup::of(&window);
    AccessPatternTable *table = panels->accessPatterns();
    panels->dockOf(table)->raise();
    QTRY_VERIFY(table->isVisible());
    QTableView *view = table->view();
    const QModelIndex first = view->model()->index(0, 0);
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, view->visualRect(first).center());
    REQUIRE(table->currentPatternId() == "q1");
    QTRY_VERIFY(table->createIndexButton()->isEnabled());
    const int steps = doc->undoStack()->count();
    click(table->createIndexButton());
    REQUIRE(doc->project().indexes.size() == 1);
    CHECK(doc->project().indexes[0].keys == std::vector<IndexKey>{{"orderNumber", "1"}});
    CHECK(doc->undoStack()->count() == steps + 1);
    // Served: nothing more to suggest for it.
    panels->dockOf(table)->raise();
    QTRY_VERIFY(table->isVisible());
    table->selectPattern("q1");
    QTRY_VERIFY(!table->createIndexButton()->isEnabled());
    doc->undoStack()->undo();
    CHECK(doc->project().indexes.empty());
}

TEST_CASE("project settings rename the model and the export header, one undo step", "[ui][indexes][settings]") {
    MainWindow window;
    window.resize(1400, 900);
    REQUIRE(test::showActive(window));
    Document *doc = window.document();
    Project p = test::makeOrderModel();
    p.name.clear(); // a model designed from scratch
    doc->reset(p, QString());
    // Nameless, it does not export.
    ExportDialog *exportDialog = PanelSetup::of(&window)->exportDialog();
    exportDialog->refresh();
    CHECK(exportDialog->errorText().contains(QStringLiteral("no name")));
    CHECK(exportDialog->files().empty());
    const int steps = doc->undoStack()->count();

    // File > Project Settings… by its shortcut; the modal dialog is driven
    // from the event loop it runs.
    bool sawDialog = false, refusedEmpty = false;
    QTimer::singleShot(0, [&] {
        auto *dialog = qobject_cast<settings::ProjectSettingsDialog *>(QApplication::activeModalWidget());
        if (!dialog)
            return;
        sawDialog = true;
        QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        // OK with no name is refused beside the field; the dialog stays.
        click(ok);
        refusedEmpty = dialog->isVisible() && dialog->reason("name").contains(QStringLiteral("needs a name"));
        QLineEdit *name = dialog->nameEdit();
        name->setFocus();
        QTest::keyClicks(name, QStringLiteral("Shop"));
        // A threshold from the catalogue's table: the document target.
        QTableWidget *table = dialog->thresholdTable();
        for (int r = 0; r < table->rowCount(); ++r)
            if (table->item(r, settings::ProjectSettingsDialog::Setting)->text() ==
                QStringLiteral("seed.documentTargetBytes"))
                table->item(r, settings::ProjectSettingsDialog::Value)->setText(QStringLiteral("50000"));
        click(ok);
    });
    QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier | Qt::AltModifier);
    CHECK(sawDialog);
    CHECK(refusedEmpty);
    CHECK(doc->project().name == "Shop");
    CHECK(doc->project().thresholds.at("seed.documentTargetBytes") == 50000);
    CHECK(doc->analysis().documentTargetBytes == 50000);
    CHECK(doc->undoStack()->count() == steps + 1);
    CHECK(exportedFile(doc->project(), "mongosh/create.js")
              .starts_with("// mongosh script generated by DocShape from the model \"Shop\""));
    exportDialog->refresh();
    CHECK(exportDialog->errorText().isEmpty());

    doc->undoStack()->undo();
    CHECK(doc->project().name.empty());
    CHECK(doc->project().thresholds.empty());
}
