// The validation preview runs a collection's exported validator over
// generated and given documents.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "inspector/EntityForm.h"
#include "inspector/Inspector.h"
#include "panels/ValidationPreview.h"

#include "sample/SampleGenerator.h"
#include "util/Units.h"

#include <QApplication>
#include <QClipboard>
#include <QComboBox>
#include <QDockWidget>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QTest>
#include <QTreeWidget>
#include <QUndoStack>
#include <catch2/catch.hpp>

#include <bson/bson.h>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

namespace {
QString lastSegment(const QString &path) { return path.section(QLatin1Char('.'), -1); }

// libbson's own reading of Extended JSON: the oracle for BSON sizes.
std::uint32_t libbsonLength(const std::string &json) {
    bson_error_t error;
    bson_t *doc = bson_new_from_json(reinterpret_cast<const std::uint8_t *>(json.data()), ssize_t(json.size()), &error);
    INFO(json << ": " << error.message);
    REQUIRE(doc);
    const std::uint32_t length = doc->len;
    bson_destroy(doc);
    return length;
}

// The same document without its _id, as canonical Extended JSON.
std::string withoutId(const std::string &json) {
    bson_error_t error;
    bson_t *doc = bson_new_from_json(reinterpret_cast<const std::uint8_t *>(json.data()), ssize_t(json.size()), &error);
    REQUIRE(doc);
    REQUIRE(bson_has_field(doc, "_id"));
    bson_t rest;
    bson_init(&rest);
    bson_copy_to_excluding_noinit(doc, &rest, "_id", nullptr);
    char *text = bson_as_canonical_extended_json(&rest, nullptr);
    std::string out(text);
    bson_free(text);
    bson_destroy(&rest);
    bson_destroy(doc);
    return out;
}

// A typical generated document of the first collection: one the validator
// accepts.
std::string typicalDocument(const Document &doc, std::uint64_t seed) {
    SampleGenerator generator(doc.analysis().derived.collections.front(), seed);
    auto sample = generator.next(SampleShape::Typical);
    REQUIRE(sample);
    return sample->canonicalJson();
}

struct PreviewFixture {
    Document doc;
    ValidationPreview *preview = nullptr;
    QWidget window;

    explicit PreviewFixture(const char *example = "order-aggregate.docshape") {
        REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/" + example)));
        preview = new ValidationPreview(&doc, &window);
        window.resize(1100, 500);
        preview->resize(window.size());
        REQUIRE(test::showActive(window));
        preview->setCollection(QString::fromStdString(doc.analysis().derived.collections.front().name));
    }

    // What the user does: copy text elsewhere, click into the input, select
    // what is there and paste over it.
    void paste(const std::string &text) {
        QApplication::clipboard()->setText(QString::fromStdString(text));
        REQUIRE(QApplication::clipboard()->text() == QString::fromStdString(text));
        QTest::mouseClick(preview->input()->viewport(), Qt::LeftButton);
        QTest::keyClick(preview->input(), Qt::Key_A, Qt::ControlModifier);
        QTest::keyClick(preview->input(), Qt::Key_V, Qt::ControlModifier);
        REQUIRE(preview->input()->toPlainText() == QString::fromStdString(text));
    }

    // Waits for the check of what was pasted, `count` outcomes.
    bool checked(std::size_t count) {
        return QTest::qWaitFor([&] {
            return preview->outcomes().size() == count &&
                   preview->results()->topLevelItemCount() == int(count) &&
                   preview->outcomes().front().label.startsWith(QStringLiteral("document 1"));
        });
    }
};
// A studio shown on the order model, and its validation preview.
ValidationPreview *showOrderModel(MainWindow &window) {
    window.resize(1400, 900);
    window.document()->reset(test::makeOrderModel(), QString());
    REQUIRE(test::showActive(window));
    auto *preview = window.findChild<ValidationPreview *>();
    REQUIRE(preview);
    return preview;
}

} // namespace

TEST_CASE("broken samples fail the validator at the path they break", "[ui][panels][validation]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/order-aggregate.docshape")));
    ValidationPreview preview(&doc);
    const QString collection = QString::fromStdString(doc.analysis().collections.front().name);
    preview.setCollection(collection);
    preview.setSource(ValidationPreview::Source::Broken);
    preview.setDocumentCount(8);
    // Run the way the user does.
    QPushButton *run = preview.findChild<QPushButton *>(QStringLiteral("runValidation"));
    REQUIRE(run);
    QTest::mouseClick(run, Qt::LeftButton);

    const auto &outcomes = preview.outcomes();
    REQUIRE(outcomes.size() == 8);
    int withPath = 0;
    for (const auto &o : outcomes) {
        INFO(o.label.toStdString() << ": " << o.expected.toStdString() << " → " << o.reasons.toStdString());
        REQUIRE_FALSE(o.expected.isEmpty());
        CHECK_FALSE(o.valid);
        CHECK_FALSE(o.reasons.isEmpty());
        // "breaks wrong-type at items.2.sku": the failure names that path
        // (a missing key is reported on its parent, with the key's name).
        const QString path = o.expected.section(QStringLiteral(" at "), 1);
        CHECK(o.reasons.contains(lastSegment(path)));
        withPath += o.reasons.contains(path) ? 1 : 0;
    }
    CHECK(withPath > 0);
    CHECK(preview.failures() == 8);
    REQUIRE(preview.results()->topLevelItemCount() == 8);
    CHECK(preview.results()->topLevelItem(0)->text(1) == QStringLiteral("fail"));
    const QString summary = preview.summaryText();
    CHECK(summary.contains(QStringLiteral("8 of 8 documents do not match")));
    CHECK(summary.contains(QStringLiteral("strict")));
    CHECK(summary.contains(QStringLiteral("moderate")));
}

TEST_CASE("typical and maximum samples pass their own validator", "[ui][panels][validation]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/saas-multitenant.docshape")));
    ValidationPreview preview(&doc);
    for (const auto &c : doc.analysis().collections) {
        INFO(c.name);
        preview.setCollection(QString::fromStdString(c.name));
        preview.setSource(ValidationPreview::Source::Typical);
        preview.run();
        REQUIRE(preview.outcomes().size() == 8);
        CHECK(preview.failures() == 0);
        CHECK(preview.summaryText().contains(QStringLiteral("0 of 8")));
    }
}

TEST_CASE("pasted and opened Extended JSON is validated per document", "[ui][panels][validation]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/order-aggregate.docshape")));
    ValidationPreview preview(&doc);
    const QString collection = QString::fromStdString(doc.analysis().collections.front().name);
    preview.setCollection(collection);
    // One valid sample, one empty document, one that is not JSON.
    preview.setSource(ValidationPreview::Source::Typical);
    preview.setDocumentCount(1);
    preview.run();
    REQUIRE(preview.failures() == 0);

    preview.input()->setPlainText(QStringLiteral("{}\n{\"_id\": 1, \"x\": [1, 2}\n"));
    preview.setSource(ValidationPreview::Source::Text);
    preview.run();
    REQUIRE(preview.outcomes().size() >= 2);
    CHECK_FALSE(preview.outcomes()[0].valid);
    CHECK(preview.outcomes()[0].reasons.contains(QStringLiteral("required")));
    CHECK_FALSE(preview.outcomes()[1].valid);

    // From a file: a JSON array, as mongoexport --jsonArray writes it.
    const QString path = QString::fromStdString(test::makeTempDir("validation-preview")) + QStringLiteral("/docs.json");
    QFile file(path);
    REQUIRE(file.open(QIODevice::WriteOnly));
    file.write("[{}, {}]");
    file.close();
    REQUIRE(preview.openFile(path).isEmpty());
    CHECK(preview.sourceChooser()->currentData().toInt() == int(ValidationPreview::Source::Text));
    preview.run();
    CHECK(preview.outcomes().size() == 2);
    CHECK(preview.failures() == 2);
    CHECK(preview.summaryText().contains(QStringLiteral("2 of 2")));
}

// Issue 17 item 15: text typed or pasted into the input is what the user
// wants checked; the preview switches to it and checks it.
TEST_CASE("typing or pasting documents switches the preview to them and checks them", "[ui][panels][validation][firsthour]") {
    PreviewFixture f;
    f.preview->setSource(ValidationPreview::Source::Typical);
    QTest::mouseClick(f.preview->findChild<QPushButton *>(QStringLiteral("runValidation")), Qt::LeftButton);
    REQUIRE(f.preview->outcomes().size() == 8);
    REQUIRE(f.preview->outcomes().front().label == QStringLiteral("sample 1"));

    QTest::mouseClick(f.preview->input()->viewport(), Qt::LeftButton);
    QTest::keyClicks(f.preview->input(), QStringLiteral("{}"));
    CHECK(f.preview->sourceChooser()->currentData().toInt() == int(ValidationPreview::Source::Text));
    REQUIRE(f.checked(1));
    CHECK(f.preview->outcomes()[0].readable);
    CHECK_FALSE(f.preview->outcomes()[0].valid); // Order's required fields are missing

    // Back to samples, then a paste of two good documents.
    f.preview->setSource(ValidationPreview::Source::Typical);
    f.preview->run();
    REQUIRE(f.preview->outcomes().size() == 8);
    f.paste(typicalDocument(f.doc, 11) + "\n" + typicalDocument(f.doc, 12) + "\n");
    CHECK(f.preview->sourceChooser()->currentData().toInt() == int(ValidationPreview::Source::Text));
    REQUIRE(f.checked(2));
    CHECK(f.preview->failures() == 0);
    CHECK(f.preview->summaryText().contains(QStringLiteral("0 of 2 documents")));
}

// Issue 17 item 15: each pasted document's BSON size, exact, from the very
// BSON the validator reads. The oracle is libbson's own reader
// (bson_new_from_json, bson_t.len, the document's int32 length prefix in
// the BSON spec); the text follows the units convention (model/util/Units:
// whole bytes with thousands separators below 1 MiB).
TEST_CASE("pasted documents show their exact BSON size", "[ui][panels][validation][firsthour]") {
    PreviewFixture f;
    const std::string big = R"({"_id": {"$oid": "65a1b2c3d4e5f60718293a4b"}, "name": ")" + std::string(2000, 'x') +
                            R"(", "n": {"$numberLong": "42"}, "small": 7, "when": {"$date": "2024-05-01T12:00:00Z"}, )"
                            R"("price": {"$numberDecimal": "9.99"}, "ratio": 0.5, "tags": ["a", "bé"], "nested": {"x": null}})";
    const std::string small = R"({"_id": 7, "ok": true})";
    const std::string typical = typicalDocument(f.doc, 3);
    f.paste(big + "\n" + small + "\n" + typical + "\n");
    REQUIRE(f.checked(3));
    const auto &outcomes = f.preview->outcomes();
    const std::string texts[] = {big, small, typical};
    for (std::size_t i = 0; i < 3; ++i) {
        INFO(texts[i]);
        CHECK_FALSE(outcomes[i].idAdded);
        CHECK(outcomes[i].bytes == qint64(libbsonLength(texts[i])));
        CHECK(f.preview->results()->topLevelItem(int(i))->text(2) ==
              QString::fromStdString(units::bytesText(double(libbsonLength(texts[i])))));
    }
    CHECK(outcomes[0].bytes > 2000);
    CHECK(f.preview->results()->topLevelItem(0)->text(2).contains(QLatin1Char(',')));
    CHECK(outcomes[2].valid);
}

// Issue 17 item 15: text that is not JSON is not a document the validator
// rejected. It is reported where it goes wrong and counted apart.
TEST_CASE("a JSON syntax error is reported at its line and column, not as a mismatch", "[ui][panels][validation][firsthour]") {
    PreviewFixture f;
    const std::string good = typicalDocument(f.doc, 5);
    // Line 2: the array is closed by '}' at column 22.
    f.paste(good + "\n" + R"({"_id": 2, "x": [1, 2}, "y": 3})" + "\n" + R"({"_id": 3, "d": {"$date": "yesterday"}})" + "\n");
    REQUIRE(f.checked(3));
    const auto &outcomes = f.preview->outcomes();
    CHECK(outcomes[0].valid);
    CHECK_FALSE(outcomes[1].readable);
    INFO(outcomes[1].reasons.toStdString());
    CHECK(outcomes[1].reasons.startsWith(QStringLiteral("not valid JSON: line 2 column 22: ")));
    CHECK(outcomes[1].bytes == 0);
    CHECK_FALSE(outcomes[2].readable);
    INFO(outcomes[2].reasons.toStdString());
    CHECK(outcomes[2].reasons.startsWith(QStringLiteral("not a document: line 3: invalid Extended JSON $date")));
    CHECK(f.preview->results()->topLevelItem(1)->text(1) == QStringLiteral("not read"));
    // The verdict is read whole beside its icon (it was "not…").
    QTreeWidget *results = f.preview->results();
    CHECK(results->columnWidth(1) >= results->fontMetrics().horizontalAdvance(QStringLiteral("not read")) +
                                         results->style()->pixelMetric(QStyle::PM_SmallIconSize) + 8);
    CHECK(f.preview->results()->topLevelItem(1)->text(3).contains(QStringLiteral("line 2 column 22")));

    // The counts: one document checked, none rejected, two texts apart.
    CHECK(f.preview->failures() == 0);
    CHECK(f.preview->unreadable() == 2);
    const QString summary = f.preview->summaryText();
    CHECK(summary.contains(QStringLiteral("0 of 1 document")));
    CHECK(summary.contains(QStringLiteral("2 more texts are not documents")));
    CHECK_FALSE(summary.contains(QStringLiteral("If documents like these")));
}

// Issue 17 item 15: the server adds _id on insert. The MongoDB manual,
// "Insert Documents" (https://www.mongodb.com/docs/manual/tutorial/insert-documents/):
// "If an inserted document omits the _id field, the MongoDB driver
// automatically generates an ObjectId for the _id field"; and
// db.collection.insertOne(): "If the document does not specify an _id field,
// then mongod will add the _id field and assign a unique ObjectId() for the
// document before inserting." So a validator that requires _id (every
// exported one does) never sees a document without it.
TEST_CASE("a pasted document without _id is checked with the ObjectId an insert adds", "[ui][panels][validation][firsthour]") {
    PreviewFixture f;
    const std::string typical = typicalDocument(f.doc, 7);
    REQUIRE(typical.find(R"("_id" : { "$oid")") != std::string::npos); // the collection's _id is an ObjectId
    const std::string bare = withoutId(typical);
    f.paste(bare + "\n" + typical + "\n");
    REQUIRE(f.checked(2));
    const auto &outcomes = f.preview->outcomes();
    INFO(outcomes[0].reasons.toStdString());
    CHECK(outcomes[0].valid);
    CHECK(outcomes[0].idAdded);
    CHECK_FALSE(outcomes[1].idAdded);
    CHECK(f.preview->failures() == 0);
    // Sized as stored: the BSON spec's element for it is a type byte (0x07),
    // the key "_id" and its NUL, and the 12 bytes of an ObjectId.
    CHECK(outcomes[0].bytes == qint64(libbsonLength(bare)) + 1 + 4 + 12);
    CHECK(outcomes[0].bytes == outcomes[1].bytes);
    QTreeWidgetItem *row = f.preview->results()->topLevelItem(0);
    CHECK(row->text(1) == QStringLiteral("pass"));
    CHECK(row->text(3).contains(QStringLiteral("no _id")));
    CHECK(row->text(3).contains(QStringLiteral("ObjectId")));
    CHECK_FALSE(f.preview->results()->topLevelItem(1)->text(3).contains(QStringLiteral("_id")));
    CHECK(f.preview->summaryText().contains(QStringLiteral("1 document has no <code>_id</code>")));
}

// Issue 17 item 8: after a rename, the preview's chooser names the
// collections as they are now, and Run checks the renamed one.
TEST_CASE("the preview's collection chooser follows renames", "[ui][panels][validation][firsthour]") {
    MainWindow window;
    ValidationPreview *preview = showOrderModel(window);
    Document &doc = *window.document();
    // Asked for each time: off screen, the panel lists the collections
    // again only when shown or asked.
    const auto names = [&] {
        QComboBox *chooser = preview->collectionChooser();
        QStringList out;
        for (int i = 0; i < chooser->count(); ++i)
            out << chooser->itemText(i);
        return out;
    };
    const auto derived = [&] {
        QStringList out;
        for (const auto &c : doc.analysis().derived.collections)
            out << QString::fromStdString(c.name);
        return out;
    };
    REQUIRE(names() == derived());
    preview->setCollection(QStringLiteral("Customer")); // no collectionName: named after the entity
    QPushButton *run = preview->findChild<QPushButton *>(QStringLiteral("runValidation"));
    QTest::mouseClick(run, Qt::LeftButton);
    REQUIRE(preview->outcomes().size() == 8);

    const auto retype = [&](const char *key, const QString &text) {
        window.selectObject(ObjectRef::entity("e3")); // Customer
        auto *edit = qobject_cast<QLineEdit *>(window.inspector()->entityForm()->form()->editor(QString::fromLatin1(key)));
        REQUIRE(edit);
        window.inspector()->ensureWidgetVisible(edit);
        QTest::mouseClick(edit, Qt::LeftButton);
        QTest::keyClick(edit, Qt::Key_A, Qt::ControlModifier);
        QTest::keyClicks(edit, text);
        QTest::keyClick(edit, Qt::Key_Return);
    };
    // The entity, whose name the collection follows, then the collection.
    retype("name", QStringLiteral("Client"));
    REQUIRE(doc.project().findEntity("e3")->name == "Client");
    CHECK(names() == derived());
    CHECK(names().contains(QStringLiteral("Client")));
    CHECK(preview->collectionChooser()->currentText() == QStringLiteral("Client"));
    retype("collectionName", QStringLiteral("clients"));
    REQUIRE(doc.project().findEntity("e3")->collectionName == "clients");
    CHECK(names() == derived());
    CHECK(names().contains(QStringLiteral("clients")));
    CHECK(preview->collectionChooser()->currentText() == QStringLiteral("clients"));
    QTest::mouseClick(run, Qt::LeftButton);
    CHECK_FALSE(preview->summaryText().contains(QStringLiteral("Choose a collection")));
    CHECK(preview->summaryText().contains(QStringLiteral("clients")));
    CHECK(preview->outcomes().size() == 8);
    doc.undoStack()->undo();
    CHECK(names() == derived());
    CHECK_FALSE(names().contains(QStringLiteral("clients")));
}

TEST_CASE("a preview off screen lists the collections again only when shown or asked", "[ui][panels][validation]") {
    // A rename while the preview is off screen leaves its list alone (a
    // large model has a thousand names to list); the list is right again
    // as soon as the preview is shown or asked for its chooser.
    MainWindow window;
    ValidationPreview *preview = showOrderModel(window);
    Document &doc = *window.document();
    // Off screen: its dock closed (or a tab behind another).
    QWidget *dock = preview;
    while (dock && !qobject_cast<QDockWidget *>(dock))
        dock = dock->parentWidget();
    REQUIRE(dock);
    dock->close();
    QCoreApplication::processEvents();
    REQUIRE_FALSE(preview->isVisible());
    QComboBox *raw = preview->collectionChooser(); // listed now; kept below without asking again
    REQUIRE(raw->findText(QStringLiteral("Customer")) >= 0);
    Entity customer = *doc.project().findEntity("e3");
    customer.name = "Client";
    REQUIRE(doc.changeEntity(customer, QStringLiteral("Rename entity"), QString()));
    CHECK(raw->findText(QStringLiteral("Customer")) >= 0); // not listed again yet
    CHECK(preview->collectionChooser()->findText(QStringLiteral("Client")) >= 0);
    CHECK(preview->collectionChooser()->findText(QStringLiteral("Customer")) < 0);
}
