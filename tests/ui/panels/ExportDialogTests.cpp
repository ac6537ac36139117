// The export dialog shows exactly what `docshape-cli export` writes: both
// call exportAll, and the committed CLI goldens agree.
#include "support/TestPaths.h"

#include "MainWindow.h"
#include "document/Document.h"
#include "panels/ExportDialog.h"
#include "panels/PanelSetup.h"

#include "export/ExportBundle.h"
#include "export/types/ApplicationTypes.h"
#include "sample/SampleGenerator.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QListWidget>
#include <QPlainTextEdit>
#include <QTest>
#include <catch2/catch.hpp>

#include <filesystem>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::panels;

TEST_CASE("the export dialog's mongosh script is the CLI's, byte for byte", "[ui][panels][export]") {
    MainWindow window;
    PanelSetup *panels = PanelSetup::of(&window);
    for (const char *name : {"order-aggregate", "saas-multitenant", "iot-readings"}) {
        INFO(name);
        const std::string model = test::examplesDir() + "/" + name + ".docshape";
        REQUIRE(window.loadFile(QString::fromStdString(model)));

        // Opened the way the user opens it: Tools > Export.
        QAction *action = window.findChild<QAction *>(QStringLiteral("exportAction"));
        REQUIRE(action);
        action->trigger();
        ExportDialog *dialog = panels->exportDialog();
        REQUIRE(dialog->isVisible());
        REQUIRE(dialog->errorText().isEmpty());
        REQUIRE(dialog->selectFile(QStringLiteral("mongosh/create.js")));
        const QByteArray shown = dialog->preview()->toPlainText().toUtf8();

        auto cli = exportAll(window.document()->project());
        REQUIRE(cli);
        REQUIRE(cli->front().relativePath == "mongosh/create.js");
        CHECK(shown.toStdString() == cli->front().content);
        // The golden the CLI's own tests compare `docshape-cli export` with.
        const std::string golden = test::dataPath(std::string("export/") + name + "/expected/mongosh/create.js");
        if (std::filesystem::exists(golden))
            CHECK(shown.toStdString() == test::readFile(golden));

        // Copy puts the same bytes on the clipboard.
        dialog->copyCurrent();
        CHECK(QApplication::clipboard()->text().toUtf8() == shown);
        dialog->hide();
    }
}

TEST_CASE("the export dialog writes the chosen outputs, identical to exportAll", "[ui][panels][export]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/product-reviews.docshape")));
    ExportDialog dialog(&doc);
    auto all = exportAll(doc.project());
    REQUIRE(all);

    // Everything: exportAll's files, then one samples file per collection.
    const auto &collections = doc.analysis().derived.collections;
    REQUIRE(dialog.files().size() == all->size() + collections.size());
    for (std::size_t i = 0; i < all->size(); ++i)
        CHECK(dialog.files()[i] == (*all)[i]);
    // Samples are what `docshape-cli sample --count 5` prints (seed 1).
    SampleGenerator generator(collections.front(), 1);
    std::string expected;
    for (int k = 0; k < ExportDialog::kSampleCount; ++k)
        expected += generator.next(SampleShape::Typical)->canonicalJson() + "\n";
    CHECK(dialog.files()[all->size()].content == expected);

    // Only validators.
    dialog.outputBox(ExportDialog::Mongosh)->setChecked(false);
    dialog.outputBox(ExportDialog::Indexes)->setChecked(false);
    dialog.outputBox(ExportDialog::Samples)->setChecked(false);
    REQUIRE(dialog.files().size() == collections.size());
    for (const auto &f : dialog.files())
        CHECK(f.relativePath.rfind("validators/", 0) == 0);
    CHECK(dialog.fileList()->count() == int(collections.size()));

    const std::string dir = test::makeTempDir("export-dialog");
    REQUIRE(dialog.writeTo(QString::fromStdString(dir)).isEmpty());
    for (const auto &f : dialog.files())
        CHECK(test::readFile(dir + "/" + f.relativePath) == f.content);
    CHECK_FALSE(std::filesystem::exists(dir + "/mongosh/create.js"));

    // Nothing chosen: nothing written, and a reason.
    dialog.outputBox(ExportDialog::Validators)->setChecked(false);
    CHECK(dialog.files().empty());
    CHECK_FALSE(dialog.writeTo(QString::fromStdString(dir)).isEmpty());
}

TEST_CASE("the export dialog follows edits while open", "[ui][panels][export]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/order-aggregate.docshape")));
    ExportDialog dialog(&doc);
    dialog.show();
    REQUIRE(dialog.selectFile(QStringLiteral("mongosh/create.js")));
    Entity e = doc.project().entities.front();
    const std::string root = doc.analysis().collections.front().rootEntityId;
    e = *doc.project().findEntity(root);
    e.collectionName = "renamed_for_export";
    REQUIRE(doc.changeEntity(e, QStringLiteral("Rename collection")));
    CHECK(dialog.preview()->toPlainText().contains(QStringLiteral("renamed_for_export")));
    CHECK(dialog.preview()->toPlainText().toStdString() == exportAll(doc.project())->front().content);
}

TEST_CASE("the export dialog writes the application types the CLI writes", "[ui][panels][export][types]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::examplesDir() + "/order-aggregate.docshape")));
    ExportDialog dialog(&doc);
    // Off until chosen.
    for (const auto &f : dialog.files())
        CHECK(f.relativePath.rfind("types/", 0) == std::string::npos);
    for (auto output : {ExportDialog::Mongosh, ExportDialog::Validators, ExportDialog::Indexes, ExportDialog::Samples})
        dialog.outputBox(output)->setChecked(false);
    QTest::mouseClick(dialog.outputBox(ExportDialog::Zod), Qt::LeftButton);
    QTest::mouseClick(dialog.outputBox(ExportDialog::Pydantic), Qt::LeftButton);

    auto zod = applicationTypes(doc.project(), TypesLanguage::Zod);
    auto py = applicationTypes(doc.project(), TypesLanguage::Pydantic);
    REQUIRE(zod);
    REQUIRE(py);
    REQUIRE(dialog.files().size() == zod->size() + py->size());
    for (std::size_t i = 0; i < zod->size(); ++i) {
        CHECK(dialog.files()[i].relativePath == "types/zod/" + (*zod)[i].relativePath);
        CHECK(dialog.files()[i].content == (*zod)[i].content);
    }
    CHECK(dialog.files()[zod->size()].relativePath == "types/pydantic/" + py->front().relativePath);
    REQUIRE(dialog.selectFile(QStringLiteral("types/zod/orders.ts")));
    CHECK(dialog.preview()->toPlainText().contains(QStringLiteral("export const documentSchema = Order;")));
}

TEST_CASE("File > Export Application Types… opens the Export dialog on the types", "[ui][panels][export][types]") {
    MainWindow window;
    REQUIRE(window.loadFile(QString::fromStdString(test::examplesDir() + "/order-aggregate.docshape")));
    QAction *action = window.findChild<QAction *>(QStringLiteral("exportTypesAction"));
    REQUIRE(action);
    CHECK(action->shortcut() == QKeySequence(Qt::CTRL | Qt::ALT | Qt::Key_A));
    action->trigger();
    ExportDialog *dialog = PanelSetup::of(&window)->exportDialog();
    REQUIRE(dialog->isVisible());
    auto zod = applicationTypes(window.document()->project(), TypesLanguage::Zod);
    REQUIRE(zod);
    REQUIRE(dialog->files().size() == zod->size());
    for (const auto &f : dialog->files())
        CHECK(f.relativePath.rfind("types/zod/", 0) == 0);
}
