// Issue 17 item 13: the inspector opens each object at its top, fits its
// dock, shows an embedded entity only what applies to it, edits
// descriptions on several lines, and says under a field why a value was
// refused or what an accepted one did.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "inspector/EntityForm.h"
#include "inspector/FieldForm.h"
#include "inspector/Inspector.h"
#include "inspector/RelationshipForm.h"

#include "io/ProjectFile.h"

#include <QAbstractButton>
#include <QDir>
#include <QDockWidget>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QScrollBar>
#include <QTest>
#include <QUndoStack>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

Project example(const char *name) {
    auto project = loadProject(test::examplesDir() + "/" + name);
    REQUIRE(project);
    return *project;
}

// A window as a user on a small screen has it, with the inspector's dock
// as narrow as it goes.
void showSmall(MainWindow &window) {
    window.resize(1024, 700);
    REQUIRE(test::showActive(window));
    auto *dock = qobject_cast<QDockWidget *>(window.inspector()->parentWidget());
    REQUIRE(dock);
    window.resizeDocks({dock}, {1}, Qt::Horizontal);
    QCoreApplication::processEvents();
}

// Whether `w` is shown inside the inspector's viewport (not scrolled away).
bool inView(inspector::Inspector *inspector, QWidget *w) {
    const QRect r(w->mapTo(inspector->viewport(), QPoint(0, 0)), w->size());
    return inspector->viewport()->rect().contains(r);
}

} // namespace

TEST_CASE("another object opens at the top of the inspector", "[ui][inspector][firsthour]") {
    MainWindow window;
    window.document()->reset(example("order-aggregate.docshape"), QString());
    showSmall(window);
    inspector::Inspector *inspector = window.inspector();
    inspector::EntityForm *entityForm = inspector->entityForm();
    QScrollBar *bar = inspector->verticalScrollBar();

    window.selectObject(ObjectRef::entity("e3")); // Order
    QCoreApplication::processEvents();
    REQUIRE(bar->maximum() > 0); // the form is taller than the dock
    QWidget *boundary = entityForm->form()->editor(QStringLiteral("atomicUpdateBoundary"));
    REQUIRE(boundary);
    // Go down to the worksheet's rows, as a user does with the keyboard.
    boundary->setFocus(Qt::TabFocusReason);
    inspector->ensureWidgetVisible(boundary);
    REQUIRE(bar->value() > 0);

    // An edit of the same object keeps the place.
    QTest::keyClicks(boundary, QStringLiteral("the order"));
    CHECK(window.document()->project().findEntity("e3")->stated.atomicUpdateBoundary == "the order");
    const int kept = bar->value();
    CHECK(kept > 0);

    // A field chosen in the entity's list opens at its name.
    auto *fields = entityForm->findChild<QListWidget *>(QStringLiteral("entityFields"));
    REQUIRE(fields);
    inspector->ensureWidgetVisible(fields);
    QListWidgetItem *status = fields->item(1);
    REQUIRE(status);
    REQUIRE(status->data(Qt::UserRole).toString() == QStringLiteral("f11"));
    QTest::mouseClick(fields->viewport(), Qt::LeftButton, {}, fields->visualItemRect(status).center());
    REQUIRE(inspector->object() == ObjectRef::field("f11"));
    QCoreApplication::processEvents();
    CHECK(bar->value() == 0);
    CHECK(inView(inspector, inspector->fieldForm()->form()->editor(QStringLiteral("name"))));

    // And so does another entity after this one was scrolled.
    bar->setValue(bar->maximum());
    window.selectObject(ObjectRef::entity("e1")); // Customer
    QCoreApplication::processEvents();
    CHECK(bar->value() == 0);
    CHECK(inView(inspector, entityForm->form()->editor(QStringLiteral("name"))));
}

TEST_CASE("the inspector scrolls over the form shown and not over the longest one", "[ui][inspector]") {
    // The forms sit in one stack; it is as tall as the form on top, so a
    // short form has nothing below it to scroll to, and an edit of one form
    // does not measure the others again.
    MainWindow window;
    window.document()->reset(example("order-aggregate.docshape"), QString());
    showSmall(window);
    inspector::Inspector *inspector = window.inspector();
    QScrollBar *bar = inspector->verticalScrollBar();
    window.selectObject(ObjectRef::entity("e3")); // Order: taller than the dock
    QCoreApplication::processEvents();
    REQUIRE(bar->maximum() > 0);
    const int entityHeight = inspector->widget()->height();
    REQUIRE(entityHeight == inspector->entityForm()->height());

    window.selectObject(ObjectRef{}); // one line of text
    QCoreApplication::processEvents();
    CHECK(bar->maximum() == 0);
    CHECK(inspector->widget()->height() < entityHeight);

    window.selectObject(ObjectRef::entity("e3"));
    QCoreApplication::processEvents();
    CHECK(inspector->widget()->height() == entityHeight);
    CHECK(bar->maximum() > 0);
}

TEST_CASE("the inspector fits its dock: no sideways scrolling, no label cut", "[ui][inspector][firsthour]") {
    MainWindow window;
    showSmall(window);
    inspector::Inspector *inspector = window.inspector();
    const QStringList files = QDir(qs(test::examplesDir())).entryList({QStringLiteral("*.docshape")}, QDir::Files);
    REQUIRE(files.size() > 3);
    int checked = 0;
    for (const QString &file : files) {
        Project project = example(file.toStdString().c_str());
        // A long name, as users give them, must wrap too.
        project.entities.front().name = "CustomerAccountWithAVeryLongDescriptiveName";
        window.document()->reset(project, QString());
        std::vector<ObjectRef> objects;
        for (const auto &e : project.entities) {
            objects.push_back(ObjectRef::entity(e.id));
            for (const auto &f : e.fields)
                objects.push_back(ObjectRef::field(f.id));
        }
        for (const auto &r : project.relationships)
            objects.push_back(ObjectRef::relationship(r.id));
        for (const ObjectRef &object : objects) {
            window.selectObject(object);
            QCoreApplication::processEvents();
            INFO(file.toStdString() << " " << object.id);
            QWidget *content = inspector->widget();
            CHECK(content->width() <= inspector->viewport()->width());
            CHECK(inspector->horizontalScrollBar()->maximum() == 0);
            // Every label and button shown is whole: inside the viewport's
            // width, and as wide as its text needs unless it wraps.
            for (QLabel *label : content->findChildren<QLabel *>()) {
                if (!label->isVisibleTo(content) || label->text().isEmpty())
                    continue;
                INFO(label->text().toStdString());
                const int right = label->mapTo(inspector->viewport(), QPoint(label->width(), 0)).x();
                CHECK(right <= inspector->viewport()->width());
                if (!label->wordWrap())
                    CHECK(label->sizeHint().width() <= label->width());
            }
            for (QAbstractButton *button : content->findChildren<QAbstractButton *>()) {
                if (!button->isVisibleTo(content))
                    continue;
                INFO(button->text().toStdString());
                CHECK(button->mapTo(inspector->viewport(), QPoint(button->width(), 0)).x() <=
                      inspector->viewport()->width());
                CHECK(button->sizeHint().width() <= button->width());
            }
            ++checked;
        }
    }
    CHECK(checked > 50);
}

TEST_CASE("an embedded entity's inspector shows no collection rows", "[ui][inspector][firsthour]") {
    MainWindow window;
    window.document()->reset(example("order-aggregate.docshape"), QString());
    showSmall(window);
    inspector::EntityForm *form = window.inspector()->entityForm();
    const auto shown = [&](const char *key) {
        QWidget *editor = form->form()->editor(QString::fromLatin1(key));
        REQUIRE(editor);
        return editor->isVisibleTo(form);
    };
    const auto heading = [&](const char *title) {
        auto *label = form->findChild<QLabel *>(QStringLiteral("section:") + QString::fromLatin1(title));
        REQUIRE(label);
        return label->isVisibleTo(form);
    };
    const char *collectionOnly[] = {"collectionName",
                                    "idType",
                                    "count",
                                    "growthPerDay",
                                    "retentionDays",
                                    "deletion",
                                    "tenantScoped",
                                    "schemaVersion",
                                    "validationLevel",
                                    "validationAction",
                                    "timeSeries",
                                    "statedDocumentBytes",
                                    "statedMaxArrayCount",
                                    "atomicUpdateBoundary"};

    window.selectObject(ObjectRef::entity("e3")); // Order: a collection
    for (const char *key : collectionOnly) {
        INFO(key);
        CHECK(shown(key));
    }
    CHECK(heading("Volume"));

    for (const char *embedded : {"e4", "e5"}) { // LineItem in an array, ShippingAddress in one
        window.selectObject(ObjectRef::entity(embedded));
        INFO(embedded);
        for (const char *key : collectionOnly) {
            INFO(key);
            CHECK_FALSE(shown(key));
        }
        CHECK_FALSE(heading("Volume"));
        CHECK_FALSE(heading("Time series"));
        for (const char *key : {"name", "description", "discriminator", "closedShape", "notes"}) {
            INFO(key);
            CHECK(shown(key));
        }
        auto *embeddedIn = form->findChild<QLabel *>(QStringLiteral("embeddedIn"));
        REQUIRE(embeddedIn);
        CHECK(embeddedIn->isVisibleTo(form));
        CHECK(embeddedIn->text().contains(QStringLiteral("Order")));
    }

    // Embedding is what decides: referenced instead of embedded, LineItem is
    // a collection of its own again, with one undo step.
    Relationship r = *window.document()->project().findRelationship("r1");
    r.representation = Representation::ReferenceFromChild;
    REQUIRE(window.document()->changeRelationship(r, QStringLiteral("reference")));
    window.selectObject(ObjectRef::entity("e4"));
    CHECK(shown("collectionName"));
    CHECK(shown("count"));
    window.document()->undoStack()->undo();
    CHECK_FALSE(shown("collectionName"));
}

TEST_CASE("a description is edited on several lines and committed when the "
          "editor is left",
          "[ui][inspector][firsthour]") {
    MainWindow window;
    window.document()->reset(example("order-aggregate.docshape"), QString());
    showSmall(window);
    Document &doc = *window.document();
    inspector::EntityForm *form = window.inspector()->entityForm();
    window.selectObject(ObjectRef::entity("e3")); // Order
    auto *description = qobject_cast<QPlainTextEdit *>(form->form()->editor(QStringLiteral("description")));
    REQUIRE(description);
    CHECK(description->height() > 3 * description->fontMetrics().lineSpacing());
    const std::string before = doc.project().findEntity("e3")->description;
    REQUIRE(description->toPlainText() == qs(before));

    // Enter starts a new line; nothing reaches the model while typing.
    QTest::mouseClick(description->viewport(), Qt::LeftButton);
    REQUIRE(description->hasFocus());
    QTest::keyClick(description, Qt::Key_End, Qt::ControlModifier);
    QTest::keyClick(description, Qt::Key_Return);
    QTest::keyClicks(description, QStringLiteral("Second line."));
    QTest::keyClick(description, Qt::Key_Return);
    QTest::keyClicks(description, QStringLiteral("Third line."));
    CHECK(description->hasFocus());
    CHECK(doc.project().findEntity("e3")->description == before);
    CHECK(doc.undoStack()->count() == 0);

    // Leaving it (Tab) commits the whole text as one step.
    QTest::keyClick(description, Qt::Key_Tab);
    CHECK_FALSE(description->hasFocus());
    CHECK(doc.project().findEntity("e3")->description == before + "\nSecond line.\nThird line.");
    CHECK(doc.undoStack()->count() == 1);

    // Escape puts the model's text back and commits nothing.
    QTest::mouseClick(description->viewport(), Qt::LeftButton);
    QTest::keyClicks(description, QStringLiteral("zzz"));
    QTest::keyClick(description, Qt::Key_Escape);
    CHECK(description->toPlainText() == qs(before + "\nSecond line.\nThird line."));
    QTest::keyClick(description, Qt::Key_Tab);
    CHECK(doc.undoStack()->count() == 1);

    // Text typed when another object is chosen belongs to the first one.
    QTest::mouseClick(description->viewport(), Qt::LeftButton);
    QTest::keyClick(description, Qt::Key_A, Qt::ControlModifier);
    QTest::keyClicks(description, QStringLiteral("Placed orders."));
    window.selectObject(ObjectRef::entity("e1"));
    CHECK(doc.project().findEntity("e3")->description == "Placed orders.");
    CHECK(description->toPlainText() == qs(doc.project().findEntity("e1")->description));
    CHECK(doc.undoStack()->count() == 2);
    doc.undoStack()->undo();
    doc.undoStack()->undo();
    CHECK(doc.project().findEntity("e3")->description == before);

    // A field's description is several lines too.
    window.selectObject(ObjectRef::field("f1"));
    CHECK(
        qobject_cast<QPlainTextEdit *>(window.inspector()->fieldForm()->form()->editor(QStringLiteral("description"))));
}

TEST_CASE("a refused number says why right under its field", "[ui][inspector][firsthour]") {
    MainWindow window;
    window.document()->reset(example("order-aggregate.docshape"), QString());
    showSmall(window);
    Document &doc = *window.document();
    inspector::Inspector *inspector = window.inspector();
    const std::string before = serializeProject(doc.project());
    const auto retype = [&](QLineEdit *edit, const QString &text) {
        inspector->ensureWidgetVisible(edit);
        QTest::mouseClick(edit, Qt::LeftButton);
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
    };
    // The reason is under the editor, shown in the viewport with it.
    const auto reasonUnder = [&](auto *form, const char *key) {
        auto *edit = qobject_cast<QLineEdit *>(form->editor(QString::fromLatin1(key)));
        QLabel *message = form->messageLabel(QString::fromLatin1(key));
        REQUIRE(edit);
        REQUIRE(message);
        if (!message->isVisibleTo(form))
            return QString();
        const QPoint editorAt = edit->mapTo(form, QPoint(0, edit->height()));
        const QPoint messageAt = message->mapTo(form, QPoint(0, 0));
        CHECK(messageAt.y() >= editorAt.y());
        CHECK(messageAt.y() - editorAt.y() < 2 * edit->height());
        CHECK(messageAt.x() == editorAt.x());
        inspector->ensureWidgetVisible(message);
        CHECK(inView(inspector, edit));
        return message->text();
    };

    window.selectObject(ObjectRef::entity("e3")); // Order
    auto *entity = inspector->entityForm()->form();
    auto *count = qobject_cast<QLineEdit *>(entity->editor(QStringLiteral("count")));
    REQUIRE(count);
    CHECK(reasonUnder(entity, "count").isEmpty());
    retype(count, QStringLiteral("abc"));
    CHECK(count->property("invalid").toBool());
    CHECK(reasonUnder(entity, "count").contains(QStringLiteral("not a number")));
    retype(count, QStringLiteral("-5"));
    CHECK(reasonUnder(entity, "count").contains(QStringLiteral("negative")));
    CHECK(serializeProject(doc.project()) == before);
    // Only the refused field says so.
    CHECK(reasonUnder(entity, "growthPerDay").isEmpty());
    retype(count, QStringLiteral("500"));
    CHECK(reasonUnder(entity, "count").isEmpty());
    CHECK_FALSE(count->property("invalid").toBool());
    CHECK(doc.project().findEntity("e3")->count == 500);

    window.selectObject(ObjectRef::field("f1")); // Customer.name: avg 14, max 100
    auto *field = inspector->fieldForm()->form();
    auto *maxBytes = qobject_cast<QLineEdit *>(field->editor(QStringLiteral("maxBytes")));
    REQUIRE(maxBytes);
    retype(maxBytes, QStringLiteral("-5"));
    CHECK(reasonUnder(field, "maxBytes").contains(QStringLiteral("not a whole number")));
    retype(maxBytes, QStringLiteral("abc"));
    CHECK(reasonUnder(field, "maxBytes").contains(QStringLiteral("not a whole number")));
    // Under the average: the model refuses it, and the reason says so.
    retype(maxBytes, QStringLiteral("9"));
    CHECK(reasonUnder(field, "maxBytes").contains(QStringLiteral("exceeds the maximum 9")));
    CHECK(doc.project().findField("f1")->maxBytes == 100);
    QTest::keyClick(maxBytes, Qt::Key_Backspace);
    QTest::keyClicks(maxBytes, QStringLiteral("90"));
    CHECK(doc.project().findField("f1")->maxBytes == 90);
    CHECK(reasonUnder(field, "maxBytes").isEmpty());
}

TEST_CASE("a maximum that caps the average says what the estimates use", "[ui][inspector][firsthour]") {
    MainWindow window;
    window.document()->reset(example("order-aggregate.docshape"), QString());
    showSmall(window);
    Document &doc = *window.document();
    window.selectObject(ObjectRef::field("f1")); // Customer.name: avg 14 bytes, maxLength 100
    auto *form = window.inspector()->fieldForm()->form();
    auto *maxLength = qobject_cast<QLineEdit *>(form->editor(QStringLiteral("maxLength")));
    REQUIRE(maxLength);
    QLabel *message = form->messageLabel(QStringLiteral("maxLength"));
    REQUIRE(message);
    window.inspector()->ensureWidgetVisible(maxLength);
    QTest::mouseClick(maxLength, Qt::LeftButton);
    QTest::keyClick(maxLength, Qt::Key_A, Qt::ControlModifier);
    // Two characters are at most 8 bytes of UTF-8: the model accepts the
    // constraint (the file is valid) and sizes the average at 8 bytes.
    QTest::keyClicks(maxLength, QStringLiteral("2"));
    REQUIRE(doc.project().findField("f1")->details->maxLength == 2u);
    CHECK(doc.project().findField("f1")->avgBytes == 14);
    CHECK(message->isVisibleTo(form));
    CHECK(message->text().contains(QStringLiteral("14 bytes")));
    CHECK(message->text().contains(QStringLiteral("maxLength")));
    CHECK(message->text().contains(QStringLiteral("8 bytes")));
    CHECK_FALSE(maxLength->property("invalid").toBool());
    // Enough room again: the note goes.
    QTest::keyClicks(maxLength, QStringLiteral("0"));
    CHECK(doc.project().findField("f1")->details->maxLength == 20u);
    CHECK_FALSE(message->isVisibleTo(form));
}
