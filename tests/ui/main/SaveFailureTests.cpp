// Issue 22: a save that fails (here the disk fills while the temporary file
// is written) is shown in a dialog; the model stays open and modified, and
// the previous file on disk is unchanged.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"

#include "io/FileSystem.h"
#include "io/ProjectFile.h"

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <memory>
#include <sstream>

using namespace docshape;
using namespace docshape::ui;

namespace {

std::string readAll(const QString &path) {
    std::ifstream in(path.toStdString(), std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

// Every write fails: the disk is full.
const io::FileSystem kFullDisk{
    io::FileSystem::real().open,
    [](int, const void *, size_t) -> ssize_t {
        errno = ENOSPC;
        return -1;
    },
    io::FileSystem::real().fchmod,
    io::FileSystem::real().fsync,
    io::FileSystem::real().close,
    io::FileSystem::real().rename,
    io::FileSystem::real().unlink,
};

} // namespace

TEST_CASE("a save that fails shows the error and keeps the model open and modified", "[ui][files][faults]") {
    const std::string dir = test::makeTempDir("ui-save-fails");
    const QString path = QString::fromStdString(dir + "/orders.docshape");
    REQUIRE(saveProject(test::makeOrderModel(), path.toStdString()));
    const std::string before = readAll(path);

    MainWindow window;
    REQUIRE(window.loadFile(path));
    REQUIRE(test::showActive(window));
    REQUIRE(window.document()->renameEntity("e1", QStringLiteral("Purchase")));
    REQUIRE(window.isWindowModified());

    QString shown;
    bool seen = false;
    QTimer::singleShot(50, &window, [&] {
        auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
        if (!box)
            return;
        seen = true;
        shown = box->text();
        QTest::mouseClick(box->buttons().front(), Qt::LeftButton);
    });
    {
        io::ScopedFileSystem seam(kFullDisk);
        QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier); // File > Save
    }
    CHECK(seen);
    CHECK(shown.contains(QStringLiteral("cannot save: writing the temporary file")));
    CHECK(shown.contains(QString::fromLocal8Bit(std::strerror(ENOSPC))));
    CHECK(shown.contains(QStringLiteral("the previous file is unchanged")));
    CHECK(window.isWindowModified());
    CHECK(window.document()->isModified());
    CHECK(window.document()->project().findEntity("e1")->name == "Purchase");
    CHECK(readAll(path) == before);

    // With the disk back, File > Save saves (the window is active again).
    QApplication::setActiveWindow(&window);
    REQUIRE(test::showActive(window));
    QTest::keyClick(&window, Qt::Key_S, Qt::ControlModifier);
    CHECK_FALSE(window.document()->isModified());
    CHECK(loadProject(path.toStdString())->findEntity("e1")->name == "Purchase");
}
