#include "support/TestPaths.h"

#include "MainWindow.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include "io/ProjectFile.h"

#include <QDir>
#include <QFileInfo>
#include <QImage>
#include <QPainter>
#include <catch2/catch.hpp>

#include <filesystem>

using namespace docshape;
using namespace docshape::ui;

namespace {

// Share of pixels that differ from the scene's background colour.
double inkShare(const QImage &image, QColor background) {
    qint64 ink = 0;
    for (int y = 0; y < image.height(); y += 2)
        for (int x = 0; x < image.width(); x += 2)
            if (image.pixelColor(x, y) != background)
                ++ink;
    return double(ink) / (double(image.width() / 2) * double(image.height() / 2));
}

} // namespace

TEST_CASE("every bundled example opens, renders and round-trips unchanged", "[ui][examples]") {
    std::vector<std::string> files;
    for (const auto &entry : std::filesystem::directory_iterator(test::examplesDir()))
        if (entry.path().extension() == ".docshape")
            files.push_back(entry.path().string());
    REQUIRE(files.size() >= 3);
    const std::string tmp = test::makeTempDir("ui-examples");

    for (const auto &path : files) {
        INFO(path);
        Document doc;
        Status status = doc.load(QString::fromStdString(path));
        REQUIRE(status);
        canvas::DocumentScene scene(&doc);
        CHECK(scene.cardCount() == doc.project().entities.size());

        QImage image(1200, 800, QImage::Format_ARGB32);
        const QColor background = scene.backgroundBrush().color();
        image.fill(background);
        {
            QPainter painter(&image);
            scene.render(&painter, QRectF(image.rect()), scene.contentRect().adjusted(-20, -20, 20, 20));
        }
        CHECK(inkShare(image, background) > 0.05);

        // Every root card shows its collection's size badge.
        for (const auto &entity : doc.project().entities) {
            const canvas::EntityItem *card = scene.cardOf(entity.id);
            REQUIRE(card);
            if (!card->isEmbedded())
                CHECK(card->badgeText().startsWith(QStringLiteral("avg ")));
        }

        const std::string copy = tmp + "/" + std::filesystem::path(path).filename().string();
        REQUIRE(doc.save(QString::fromStdString(copy)));
        CHECK(test::readFile(copy) == test::readFile(path));
        CHECK_FALSE(doc.isModified());
    }
}

TEST_CASE("File > Open Example lists the bundled examples' files", "[ui][examples]") {
    const QStringList bundled = MainWindow::exampleFiles();
    REQUIRE_FALSE(bundled.isEmpty());
    // Run from the build tree they are the source tree's; installed, those
    // in share/docshape/examples (tests/model/io/BundledExamplesTest.cpp).
    CHECK(QFileInfo(bundled.front()).canonicalPath() ==
          QFileInfo(QString::fromStdString(test::examplesDir())).canonicalFilePath());
    std::size_t onDisk = 0;
    for (const auto &entry : std::filesystem::directory_iterator(test::examplesDir()))
        onDisk += entry.path().extension() == ".docshape" ? 1 : 0;
    CHECK(std::size_t(bundled.size()) == onDisk);

    MainWindow window;
    REQUIRE(window.loadExample(bundled.front()));
    CHECK(window.document()->filePath().isEmpty()); // Save asks where
    CHECK_FALSE(window.document()->project().entities.empty());
    CHECK(window.windowTitle().contains(QStringLiteral("(example)")));
}
