// Issue 17 item 7: what the command line asks to open and cannot be opened
// is explained in a dialog, as File > Open does.
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"

#include "io/ProjectFile.h"

#include <QAbstractButton>
#include <QApplication>
#include <QMessageBox>
#include <QTest>
#include <QTimer>
#include <catch2/catch.hpp>

#include <fstream>
#include <memory>

using namespace docshape;
using namespace docshape::ui;

namespace {
QString qs(const std::string &s) { return QString::fromStdString(s); }

// Answers the next modal message box with its first button, by a mouse
// click, and keeps its text; gives up after two seconds.
struct NextMessageBox {
    struct State {
        QString text;
        bool seen = false;
    };
    std::shared_ptr<State> state = std::make_shared<State>();
    NextMessageBox() { poll(state, 100); }
    static void poll(std::shared_ptr<State> state, int tries) {
        QTimer::singleShot(20, QApplication::instance(), [state, tries] {
            auto *box = qobject_cast<QMessageBox *>(QApplication::activeModalWidget());
            if (!box) {
                if (tries > 0)
                    poll(state, tries - 1);
                return;
            }
            state->seen = true;
            state->text = box->text();
            QTest::mouseClick(box->buttons().front(), Qt::LeftButton);
        });
    }
    bool seen() const { return state->seen; }
    const QString &text() const { return state->text; }
};
} // namespace

TEST_CASE("a file or example that cannot be opened at start is explained in a dialog", "[ui][firsthour]") {
    const std::string dir = test::makeTempDir("firsthour-corrupt");
    const std::string path = dir + "/broken.docshape";
    std::ofstream(path) << "{ \"format\": \"docshape\", \"entities\": [ { \"name\": ";
    const auto loaded = loadProject(path);
    REQUIRE_FALSE(loaded);

    MainWindow window;
    window.show();
    REQUIRE(QTest::qWaitForWindowExposed(&window));
    SECTION("a corrupt file on the command line") {
        NextMessageBox box;
        window.openAtStartup(qs(path), QString());
        CHECK(box.seen());
        CHECK(box.text().contains(qs(loaded.error().message)));
        CHECK(box.text().contains(QStringLiteral("broken.docshape")));
    }
    SECTION("--example with a name no example has") {
        NextMessageBox box;
        window.openAtStartup(QString(), QStringLiteral("bogus"));
        CHECK(box.seen());
        CHECK(box.text().contains(QStringLiteral("bogus")));
        CHECK(box.text().contains(QStringLiteral("order-aggregate"))); // the names that exist
    }
    CHECK(window.document()->project().entities.empty());
}
