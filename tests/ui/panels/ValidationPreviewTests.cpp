// The validation preview runs a collection's exported validator over
// generated and given documents.
#include "support/TestPaths.h"

#include "document/Document.h"
#include "panels/ValidationPreview.h"

#include <QComboBox>
#include <QFile>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QTest>
#include <QTreeWidget>
#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

namespace {
QString lastSegment(const QString &path) { return path.section(QLatin1Char('.'), -1); }
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
