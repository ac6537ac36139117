// File > Import Data…: the dialog driven through its buttons on the
// offscreen platform, the import on its worker thread, and the result
// opened as a new model whose one undo step is the import.
#include "MainWindow.h"
#include "document/Document.h"
#include "import/ImportDialog.h"
#include "support/TestPaths.h"

#include <QLabel>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTest>
#include <QUndoStack>

#include <catch2/catch.hpp>

#include <fstream>

using namespace docshape;
using namespace docshape::ui;

namespace {

QString qs(const std::string &s) { return QString::fromStdString(s); }

bool waitFor(QSignalSpy &spy, int ms = 60000) {
    return spy.count() > 0 || spy.wait(ms);
}

} // namespace

TEST_CASE("Import Data reads a dump on a worker thread and opens it as one undo step", "[ui][import]") {
    ImportDialog dialog;
    dialog.addInputs({qs(test::dataPath("import/dump/shop"))});
    CHECK_FALSE(dialog.openButton()->isEnabled());
    QSignalSpy finished(&dialog, &ImportDialog::importFinished);
    QTest::mouseClick(dialog.importButton(), Qt::LeftButton);
    REQUIRE(waitFor(finished));
    CHECK(finished.at(0).at(0).toBool());
    CHECK(dialog.progressBar()->value() == dialog.progressBar()->maximum());
    CHECK(dialog.summaryView()->toPlainText().contains(QStringLiteral("orders.customerId -> customers._id")));
    CHECK(dialog.statusLabel()->text().contains(QStringLiteral("4 documents")));
    REQUIRE(dialog.openButton()->isEnabled());
    // Tick the reference candidate: it opens as a relationship.
    REQUIRE(dialog.referenceList()->count() == 1);
    QListWidgetItem *candidate = dialog.referenceList()->item(0);
    CHECK(candidate->checkState() == Qt::Unchecked);
    candidate->setCheckState(Qt::Checked);
    QTest::mouseClick(dialog.openButton(), Qt::LeftButton);
    CHECK(dialog.result() == QDialog::Accepted);
    auto result = dialog.takeResult();
    REQUIRE(result);

    MainWindow window;
    window.openImported(std::move(result->project));
    Document &document = *window.document();
    CHECK(document.project().entities.size() == 4);
    CHECK(document.filePath().isEmpty());
    CHECK(document.undoStack()->count() == 1);
    document.undoStack()->undo();
    CHECK(document.project().entities.empty());
    document.undoStack()->redo();
    CHECK(document.project().findEntityByName("Order"));
    bool reference = false;
    for (const auto &r : document.project().relationships)
        reference = reference || (r.fieldName == "customerId" && r.representation == Representation::ReferenceFromChild);
    CHECK(reference);
}

TEST_CASE("Import Data: Cancel stops the worker and nothing is imported", "[ui][import]") {
    const std::string dir = test::makeTempDir("import-cancel");
    {
        std::ofstream out(dir + "/big.json");
        for (int i = 0; i < 2000000; ++i)
            out << "{\"i\":" << i << ",\"s\":\"abcdefghij\"}\n";
    }
    ImportDialog dialog;
    dialog.addInputs({qs(dir + "/big.json")});
    QSignalSpy finished(&dialog, &ImportDialog::importFinished);
    QTest::mouseClick(dialog.importButton(), Qt::LeftButton);
    CHECK(dialog.running());
    CHECK(dialog.cancelButton()->text() == QStringLiteral("Cancel"));
    QTest::mouseClick(dialog.cancelButton(), Qt::LeftButton);
    REQUIRE(waitFor(finished));
    CHECK_FALSE(finished.at(0).at(0).toBool());
    CHECK(dialog.statusLabel()->text() == QStringLiteral("Cancelled: nothing was imported."));
    CHECK_FALSE(dialog.openButton()->isEnabled());
    CHECK_FALSE(dialog.takeResult());
    // Cancel while running stops the import; it does not close the dialog.
    CHECK(dialog.result() != QDialog::Accepted);
}

TEST_CASE("Import Data: a bad file stops with its message", "[ui][import]") {
    const std::string dir = test::makeTempDir("import-bad");
    std::ofstream(dir + "/bad.json") << "{\"a\":1}\n{oops\n";
    ImportDialog dialog;
    dialog.addInputs({qs(dir + "/bad.json")});
    QSignalSpy finished(&dialog, &ImportDialog::importFinished);
    QTest::mouseClick(dialog.importButton(), Qt::LeftButton);
    REQUIRE(waitFor(finished));
    CHECK(dialog.summaryView()->toPlainText().contains(QStringLiteral("bad.json: line 2 (byte 8): not valid JSON")));
    CHECK(dialog.statusLabel()->text() == QStringLiteral("The import stopped: nothing was imported."));
}

TEST_CASE("Import Data lists a reference candidate with its true target field and the values matched",
          "[ui][import]") {
    // listings.theaterId refers to theaters.theaterId, a unique field that
    // is not the _id; the two are unique alike, so only one direction is
    // proposed.
    const std::string dir = test::makeTempDir("import-theaters");
    {
        std::ofstream theaters(dir + "/theaters.json"), listings(dir + "/listings.json");
        for (int i = 0; i < 50; ++i) {
            theaters << "{\"theaterId\":" << 1000 + i << ",\"name\":\"Screen " << i << "\"}\n";
            listings << "{\"theaterId\":" << 1000 + i << ",\"film\":\"Film " << i % 7 << "\"}\n";
        }
    }
    ImportDialog dialog;
    dialog.addInputs({qs(dir + "/theaters.json"), qs(dir + "/listings.json")});
    QSignalSpy finished(&dialog, &ImportDialog::importFinished);
    QTest::mouseClick(dialog.importButton(), Qt::LeftButton);
    REQUIRE(waitFor(finished));
    REQUIRE(finished.at(0).at(0).toBool());
    INFO(dialog.summaryView()->toPlainText().toStdString());
    REQUIRE(dialog.referenceList()->count() == 1);
    QListWidgetItem *candidate = dialog.referenceList()->item(0);
    CHECK(candidate->text() == QStringLiteral("listings.theaterId → theaters.theaterId (unique: observed): 50 of 50 "
                                              "sampled int values found; reference from child"));
    // A relationship refers to the parent's _id: this one stays a proposal, and says why.
    CHECK_FALSE(candidate->flags() & Qt::ItemIsUserCheckable);
    CHECK(candidate->toolTip().contains(QStringLiteral("theaters.theaterId, not its _id")));
}
