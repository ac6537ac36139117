#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "canvas/DocumentScene.h"
#include "document/Document.h"
#include "inspector/EntityForm.h"
#include "inspector/FieldForm.h"
#include "inspector/Inspector.h"
#include "inspector/RelationshipForm.h"

#include "io/ProjectFile.h"

#include <QComboBox>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <cstdlib>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("the inspector refuses an invalid value with the reason and keeps the model", "[ui][inspector]") {
    MainWindow window;
    window.document()->reset(test::makeOrderModel(), QString());
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    window.selectObject(ObjectRef::field("f2")); // LineItem.name: avg 12, max 32
    REQUIRE(window.inspector()->object() == ObjectRef::field("f2"));

    inspector::FieldForm *form = window.inspector()->fieldForm();
    auto *maxBytes = qobject_cast<QLineEdit *>(form->form()->editor(QStringLiteral("maxBytes")));
    REQUIRE(maxBytes);
    REQUIRE(maxBytes->text() == QStringLiteral("32"));
    const std::string before = serializeProject(window.document()->project());

    maxBytes->setFocus();
    maxBytes->selectAll();
    QTest::keyClicks(maxBytes, QStringLiteral("5")); // below the average of 12
    QLabel *error = form->form()->messageLabel(QStringLiteral("maxBytes"));
    CHECK(error->isVisibleTo(form));
    CHECK_FALSE(error->text().isEmpty());
    CHECK(serializeProject(window.document()->project()) == before);
    CHECK(window.document()->undoStack()->count() == 0);

    // Keep typing: "50" is valid, and the typing is one undo step.
    QTest::keyClicks(maxBytes, QStringLiteral("0"));
    CHECK(window.document()->project().findField("f2")->maxBytes == 50);
    CHECK_FALSE(error->isVisibleTo(form));
    QTest::keyClick(maxBytes, Qt::Key_Backspace); // "5": refused again
    QTest::keyClicks(maxBytes, QStringLiteral("00")); // "500"
    CHECK(window.document()->project().findField("f2")->maxBytes == 500);
    CHECK(window.document()->undoStack()->count() == 1);
    window.document()->undoStack()->undo();
    CHECK(serializeProject(window.document()->project()) == before);
    CHECK(maxBytes->text() == QStringLiteral("32"));
}

TEST_CASE("the field inspector shows and edits constraints held in the field's details", "[ui][inspector]") {
    auto project = loadProject(test::examplesDir() + "/author-posts.docshape");
    REQUIRE(project);
    MainWindow window;
    window.document()->reset(*project, QString());
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    inspector::FieldForm *form = window.inspector()->fieldForm();
    auto editor = [&](const char *key) {
        return qobject_cast<QLineEdit *>(form->form()->editor(QString::fromLatin1(key)));
    };

    window.selectObject(ObjectRef::field("f1")); // Author.handle: a pattern and a description
    REQUIRE(editor("pattern"));
    CHECK(editor("pattern")->text() == QStringLiteral("^[a-z0-9_]{3,30}$"));
    auto *description = qobject_cast<QPlainTextEdit *>(form->form()->editor(QStringLiteral("description")));
    REQUIRE(description);
    CHECK(description->toPlainText() == QStringLiteral("Public, unique @handle."));
    window.selectObject(ObjectRef::field("f13")); // Post.status: an enum
    CHECK(editor("enumValues")->text().contains(QStringLiteral("published")));
    // A heading whose rows are all hidden is hidden too.
    auto *arrayHeading = form->form()->findChild<QLabel *>(QStringLiteral("section:Array"));
    REQUIRE(arrayHeading);
    CHECK_FALSE(arrayHeading->isVisibleTo(form));
    window.selectObject(ObjectRef::field("f12")); // Post.tags: an array
    CHECK(arrayHeading->isVisibleTo(form));
    window.selectObject(ObjectRef::field("f13"));
    if (const char *shot = std::getenv("DOCSHAPE_INSPECTOR_SHOT")) {
        QCoreApplication::processEvents(); // lay the form out as a user would see it
        window.grab().save(QString::fromLocal8Bit(shot));
    }

    // Typing a pattern sets it in the model; undo takes it back out.
    window.selectObject(ObjectRef::field("f14")); // Post.publishedAt: nothing set
    const std::string before = serializeProject(window.document()->project());
    window.selectObject(ObjectRef::field("f1"));
    QLineEdit *pattern = editor("pattern");
    pattern->setFocus();
    pattern->selectAll();
    QTest::keyClicks(pattern, QStringLiteral("^[a-z]+$"));
    CHECK(window.document()->project().findField("f1")->details->pattern == std::optional<std::string>("^[a-z]+$"));
    window.document()->undoStack()->undo();
    CHECK(serializeProject(window.document()->project()) == before);
    CHECK(pattern->text() == QStringLiteral("^[a-z0-9_]{3,30}$"));
}

TEST_CASE("the status bar shows the selected collection's sizes", "[ui][inspector]") {
    MainWindow window;
    window.document()->reset(test::makeOrderModel(), QString());
    window.selectObject(ObjectRef::entity("e2"));
    auto *status = window.findChild<QLabel *>(QStringLiteral("collectionStatus"));
    REQUIRE(status);
    const CollectionStat *stat = window.document()->collectionStatOf("e2");
    REQUIRE(stat);
    CHECK(status->text().contains(QString::fromStdString(stat->name)));
    CHECK(status->text().contains(QStringLiteral("index entries")));
}

TEST_CASE("the title shows the file and a modified mark, recovery restores unsaved work", "[ui][files]") {
    const std::string dir = test::makeTempDir("ui-files");
    const QString path = QString::fromStdString(dir + "/orders.docshape");
    REQUIRE(saveProject(test::makeOrderModel(), path.toStdString()));

    MainWindow window;
    REQUIRE(window.loadFile(path));
    CHECK(window.windowTitle().startsWith(QStringLiteral("orders.docshape[*]")));
    CHECK_FALSE(window.isWindowModified());
    REQUIRE(window.document()->renameEntity("e1", QStringLiteral("Purchase")));
    CHECK(window.isWindowModified());
    REQUIRE(window.writeRecovery());
    const QString recovery = window.recoveryPath();
    CHECK(recovery == path + QStringLiteral(".autosave"));

    // A new session (after a crash) opens the file and recovers.
    MainWindow next;
    REQUIRE(next.loadFile(path));
    CHECK(next.document()->project().findEntity("e1")->name == "Order");
    REQUIRE(next.recoverFrom(recovery));
    CHECK(next.document()->project().findEntity("e1")->name == "Purchase");
    CHECK(next.document()->isModified());
    next.document()->undoStack()->undo();
    CHECK(next.document()->project().findEntity("e1")->name == "Order");

    // A file that does not parse leaves the window as it was.
    const QString broken = QString::fromStdString(dir + "/broken.docshape");
    {
        QFile f(broken);
        REQUIRE(f.open(QIODevice::WriteOnly));
        f.write("{ \"formatVersion\": 1, \"entities\": [ { \"id\": 7 } ] }");
    }
    const std::string before = serializeProject(next.document()->project());
    Status status = next.loadFile(broken);
    CHECK_FALSE(status);
    CHECK_FALSE(status.error().message.empty());
    CHECK(serializeProject(next.document()->project()) == before);
    CHECK(next.document()->filePath() == path);
}

TEST_CASE("the inspector's lists of fields and entities follow additions, renames and undo", "[ui][inspector]") {
    MainWindow window;
    window.document()->reset(test::makeOrderModel(), QString());
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    Document &doc = *window.document();
    window.selectObject(ObjectRef::field("f2")); // LineItem.name
    auto *copiedFrom = qobject_cast<QComboBox *>(window.inspector()->fieldForm()->form()->editor(QStringLiteral("duplicatedFrom")));
    REQUIRE(copiedFrom);
    const auto texts = [copiedFrom] {
        QStringList out;
        for (int i = 0; i < copiedFrom->count(); ++i)
            out << copiedFrom->itemText(i);
        return out;
    };
    // Every field but the one shown, after "(not a copy)".
    CHECK(texts() == QStringList{QStringLiteral("(not a copy)"), QStringLiteral("Order.orderNumber"),
                                 QStringLiteral("LineItem.quantity"), QStringLiteral("Customer.email")});
    CHECK(copiedFrom->currentIndex() == 0);

    // A parameter edit keeps the list; choosing a source still selects it.
    Field f = *doc.project().findField("f2");
    f.maxBytes = 40;
    REQUIRE(doc.changeField(f, QStringLiteral("Change maximum"), QStringLiteral("maxBytes")));
    f.details.edit().duplicatedFrom = "f4";
    REQUIRE(doc.changeField(f, QStringLiteral("Copy"), QStringLiteral("duplicatedFrom")));
    CHECK(copiedFrom->currentText() == QStringLiteral("Customer.email"));

    REQUIRE(doc.renameEntity("e3", QStringLiteral("Client")));
    CHECK(copiedFrom->currentText() == QStringLiteral("Client.email"));
    Field added;
    added.name = "phone";
    added.type = BsonType::String;
    added.avgBytes = 10;
    added.maxBytes = 20;
    REQUIRE(doc.addField("e3", {}, added));
    CHECK(texts().contains(QStringLiteral("Client.phone")));
    doc.undoStack()->undo(); // the new field
    doc.undoStack()->undo(); // the rename
    CHECK(texts() == QStringList{QStringLiteral("(not a copy)"), QStringLiteral("Order.orderNumber"),
                                 QStringLiteral("LineItem.quantity"), QStringLiteral("Customer.email")});
    CHECK(copiedFrom->currentText() == QStringLiteral("Customer.email"));

    // Another field: the list leaves that one out instead.
    window.selectObject(ObjectRef::field("f4"));
    CHECK(texts() == QStringList{QStringLiteral("(not a copy)"), QStringLiteral("Order.orderNumber"),
                                 QStringLiteral("LineItem.name"), QStringLiteral("LineItem.quantity")});
}

// Issue 17 item 15: "Documents now" showed 259200000. Counts read with
// thousands separators, as everywhere else (units::numberText,
// units::countText); typing still takes plain digits, or the separators.
TEST_CASE("the inspector shows counts with thousands separators and takes plain digits", "[ui][inspector][firsthour]") {
    auto project = loadProject(test::examplesDir() + "/iot-readings.docshape");
    REQUIRE(project);
    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(*project, QString());
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    window.selectObject(ObjectRef::entity("e3")); // Measurement: 259,200,000 documents
    auto *form = window.inspector()->entityForm()->form();
    auto *count = qobject_cast<QLineEdit *>(form->editor(QStringLiteral("count")));
    REQUIRE(count);
    CHECK(count->text() == QStringLiteral("259,200,000"));
    const auto retype = [&](QLineEdit *edit, const QString &text) {
        window.inspector()->ensureWidgetVisible(edit);
        QTest::mouseClick(edit, Qt::LeftButton);
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
    };

    // Plain digits: the model takes the value; the typing is left alone
    // while it lasts and reads separated once finished.
    retype(count, QStringLiteral("1500000"));
    CHECK(doc.project().findEntity("e3")->count == 1500000);
    CHECK(count->text() == QStringLiteral("1500000"));
    QTest::keyClick(count, Qt::Key_Tab);
    CHECK(count->text() == QStringLiteral("1,500,000"));
    // Separators as shown are read back too.
    retype(count, QStringLiteral("2,000"));
    CHECK(doc.project().findEntity("e3")->count == 2000);
    CHECK_FALSE(count->property("invalid").toBool());
    QTest::keyClick(count, Qt::Key_Return);
    CHECK(count->text() == QStringLiteral("2,000"));
    // A fraction keeps its decimals.
    auto *growth = qobject_cast<QLineEdit *>(form->editor(QStringLiteral("growthPerDay")));
    REQUIRE(growth);
    retype(growth, QStringLiteral("1234.5"));
    QTest::keyClick(growth, Qt::Key_Return);
    CHECK(doc.project().findEntity("e3")->growthPerDay == 1234.5);
    CHECK(growth->text() == QStringLiteral("1,234.5"));

    // Whole-number rows read the same way: a field's maximum bytes.
    window.selectObject(ObjectRef::field("f1")); // Sensor.serial: max 16 bytes
    auto *fieldForm = window.inspector()->fieldForm()->form();
    auto *maxBytes = qobject_cast<QLineEdit *>(fieldForm->editor(QStringLiteral("maxBytes")));
    REQUIRE(maxBytes);
    REQUIRE(maxBytes->isVisibleTo(fieldForm));
    retype(maxBytes, QStringLiteral("100000"));
    QTest::keyClick(maxBytes, Qt::Key_Return);
    CHECK(doc.project().findField("f1")->maxBytes == 100000);
    CHECK(maxBytes->text() == QStringLiteral("100,000"));
    retype(maxBytes, QStringLiteral("2,500"));
    CHECK_FALSE(maxBytes->property("invalid").toBool());
    CHECK(doc.project().findField("f1")->maxBytes == 2500);
}

TEST_CASE("typing into an embedded relationship keeps the inspector on it", "[ui][inspector]") {
    // An embedding relationship has no edge: its child's card is what the
    // canvas selects. An edit redraws the cards; the inspector stays on the
    // relationship being typed into instead of jumping to the child entity.
    MainWindow window;
    auto project = loadProject(test::examplesDir() + "/order-aggregate.docshape");
    REQUIRE(project);
    window.document()->reset(std::move(*project), QString());
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    const ObjectRef items = ObjectRef::relationship("r1"); // Order embeds an array of LineItem, at most 50
    window.selectObject(items);
    REQUIRE(window.inspector()->object() == items);
    auto *average = qobject_cast<QLineEdit *>(
        window.inspector()->relationshipForm()->form()->editor(QStringLiteral("avgChildren")));
    REQUIRE(average);
    average->setFocus();
    average->selectAll();
    QTest::keyClicks(average, QStringLiteral("2"));
    QCoreApplication::processEvents();
    CHECK(window.document()->project().findRelationship("r1")->avgChildren == 2);
    CHECK(window.inspector()->object() == items);
    QTest::keyClicks(average, QStringLiteral("0"));
    QCoreApplication::processEvents();
    CHECK(window.document()->project().findRelationship("r1")->avgChildren == 20);
    CHECK(window.inspector()->object() == items);
    CHECK(window.document()->undoStack()->count() == 1);
}

TEST_CASE("the relationship inspector edits an embedded field's presence, one undo step, and only for embedding",
          "[ui][inspector][presence]") {
    MainWindow window;
    auto project = loadProject(test::examplesDir() + "/order-aggregate.docshape");
    REQUIRE(project);
    window.document()->reset(std::move(*project), QString());
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    Document &doc = *window.document();
    const std::string before = serializeProject(doc.project());
    auto *form = window.inspector()->relationshipForm()->form();
    auto *presence = qobject_cast<QLineEdit *>(form->editor(QStringLiteral("presence")));
    REQUIRE(presence);

    window.selectObject(ObjectRef::relationship("r1")); // Order embeds an array of LineItem, 3 on average
    REQUIRE(presence->isVisibleTo(form));
    CHECK(presence->text() == QStringLiteral("1"));
    presence->setFocus();
    presence->selectAll();
    QTest::keyClicks(presence, QStringLiteral("0.5"));
    QTest::keyClick(presence, Qt::Key_Return);
    CHECK(doc.project().findRelationship("r1")->presence == 0.5);
    CHECK(doc.undoStack()->count() == 1);
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    CHECK(presence->text() == QStringLiteral("1"));
    doc.undoStack()->redo();
    CHECK(doc.project().findRelationship("r1")->presence == 0.5);

    window.selectObject(ObjectRef::relationship("r3")); // an extended reference: nothing embedded to leave out
    CHECK_FALSE(presence->isVisibleTo(form));
}

TEST_CASE("the field inspector edits a map's keys through the document, each edit one undo step",
          "[ui][inspector][maps]") {
    // Device.sessions: a map of ObjectId-string keys to ints, 2.5 keys a
    // document on average and 5 at most, 24 bytes a key.
    Project project;
    Entity device;
    device.id = "e1";
    device.name = "Device";
    device.collectionName = "devices";
    device.count = 1000;
    Field sessions;
    sessions.id = "f1";
    sessions.name = "sessions";
    sessions.type = BsonType::Object;
    sessions.details.edit().map = MapKeys{MapKeyPattern::ObjectId, "", 2.5, 5, 24, 24};
    Field value;
    value.id = "f2";
    value.name = std::string(kMapValueName);
    value.type = BsonType::Int;
    sessions.fields.push_back(value);
    device.fields.push_back(sessions);
    project.entities.push_back(device);
    REQUIRE(validateProject(project).ok());

    MainWindow window;
    window.resize(1400, 900);
    window.document()->reset(project, QString());
    REQUIRE(test::showActive(window));
    Document &doc = *window.document();
    window.selectObject(ObjectRef::field("f1"));
    REQUIRE(window.inspector()->object() == ObjectRef::field("f1"));
    auto *form = window.inspector()->fieldForm()->form();
    auto line = [&](const char *key) { return qobject_cast<QLineEdit *>(form->editor(QString::fromLatin1(key))); };
    auto *keys = qobject_cast<QComboBox *>(form->editor(QStringLiteral("mapKeys")));
    REQUIRE(keys);
    REQUIRE(line("mapAvgKeys"));
    REQUIRE(line("mapMaxKeys"));
    REQUIRE(line("mapMaxKeyBytes"));
    CHECK(keys->isVisibleTo(form));
    CHECK(keys->currentText() == QStringLiteral("objectId"));
    CHECK(line("mapAvgKeys")->text() == QStringLiteral("2.5"));
    CHECK(line("mapMaxKeys")->text() == QStringLiteral("5"));
    CHECK(line("mapMaxKeyBytes")->text() == QStringLiteral("24"));
    CHECK_FALSE(form->editor(QStringLiteral("mapRegex"))->isVisibleTo(form)); // only for regex keys
    const auto retype = [&](QLineEdit *edit, const QString &text) {
        window.inspector()->ensureWidgetVisible(edit);
        QTest::mouseClick(edit, Qt::LeftButton);
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    };
    const auto mapOf = [&] { return *doc.project().findField("f1")->details->map; };

    // A number typed reaches the document's map, and undo takes it back.
    retype(line("mapMaxKeys"), QStringLiteral("12"));
    CHECK(mapOf().maxKeys == 12);
    CHECK(mapOf().avgKeys == 2.5); // the rest of the map kept
    CHECK(doc.undoStack()->count() == 1);
    retype(line("mapAvgKeys"), QStringLiteral("7.5"));
    CHECK(mapOf().avgKeys == 7.5);
    CHECK(doc.undoStack()->count() == 2);
    doc.undoStack()->undo();
    CHECK(mapOf().avgKeys == 2.5);
    CHECK(line("mapAvgKeys")->text() == QStringLiteral("2.5"));
    doc.undoStack()->undo();
    CHECK(mapOf() == MapKeys{MapKeyPattern::ObjectId, "", 2.5, 5, 24, 24});
    CHECK(line("mapMaxKeys")->text() == QStringLiteral("5"));
    doc.undoStack()->redo();
    CHECK(mapOf().maxKeys == 12);

    // The key pattern is a choice: hex ids, one more step.
    const int hex = keys->findText(QStringLiteral("hex"));
    REQUIRE(hex >= 0);
    keys->setCurrentIndex(hex);
    emit keys->activated(hex);
    CHECK(mapOf().keys == MapKeyPattern::Hex);
    CHECK(mapOf().maxKeys == 12);
    CHECK(doc.undoStack()->count() == 2);
    doc.undoStack()->undo();
    CHECK(mapOf().keys == MapKeyPattern::ObjectId);
    CHECK(keys->currentText() == QStringLiteral("objectId"));
}
