// Issue 22 item 4 for the autosave: each system call of writing the recovery
// file fails in turn, and a child process autosaving is SIGKILLed at random
// points. The recovery file is always the previous one or the new one,
// complete; a failed autosave says so in the status bar; and a restart
// recovers what the file holds.
#include "support/FaultyFileSystem.h"
#include "support/KillDuringWork.h"
#include "support/TestPaths.h"
#include "ui/support/UiTestHelpers.h"

#include "MainWindow.h"
#include "document/Document.h"

#include "io/AtomicFile.h"
#include "io/FileSystem.h"
#include "io/ProjectFile.h"

#include <QStatusBar>
#include <QTest>
#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <random>
#include <string>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

using namespace docshape;
using namespace docshape::ui;
namespace fs = std::filesystem;

namespace {

std::vector<std::string> entriesOf(const std::string &dir) {
    std::vector<std::string> names;
    for (const auto &e : fs::directory_iterator(dir))
        names.push_back(e.path().filename().string());
    std::sort(names.begin(), names.end());
    return names;
}

// The entity e1 of the order model renamed, as an unsaved change.
void renameOrder(MainWindow &window, const char *name) {
    REQUIRE(window.document()->renameEntity("e1", QString::fromLatin1(name)));
    REQUIRE(window.document()->isModified());
}

} // namespace

TEST_CASE("an autosave whose system calls fail in turn keeps the previous recovery file and says so",
          "[ui][files][faults]") {
    const std::string dir = test::makeTempDir("ui-autosave-faults");
    const QString path = QString::fromStdString(dir + "/orders.docshape");
    REQUIRE(saveProject(test::makeOrderModel(), path.toStdString()));

    MainWindow window;
    REQUIRE(window.loadFile(path));
    const std::string recovery = window.recoveryPath().toStdString();
    renameOrder(window, "Earlier");
    const std::string earlier = serializeProject(window.document()->project());
    renameOrder(window, "Later");
    const std::string later = serializeProject(window.document()->project());

    // An autosave without faults over the previous one, to learn its calls
    // (a file that exists has its mode copied: fchmod).
    REQUIRE(io::writeFileAtomically(recovery, earlier));
    test::g_injection = test::Injection{};
    {
        io::ScopedFileSystem seam(test::kInjectingFileSystem);
        REQUIRE(window.writeRecovery());
    }
    const std::vector<std::string> calls = test::g_injection.log;
    REQUIRE(test::readFile(recovery) == later);
    for (const char *expected : {"open", "fchmod", "write", "fsync", "close", "rename", "open(directory)"})
        CHECK(std::find(calls.begin(), calls.end(), expected) != calls.end());
    const int renameAt = int(std::find(calls.begin(), calls.end(), "rename") - calls.begin()) + 1;

    for (bool shortWrite : {false, true}) {
        for (int k = 1; k <= int(calls.size()); ++k) {
            REQUIRE(io::writeFileAtomically(recovery, earlier));
            window.statusBar()->clearMessage();
            test::g_injection = test::Injection{};
            test::g_injection.failAt = k;
            test::g_injection.shortWrite = shortWrite;
            bool written = false;
            {
                io::ScopedFileSystem seam(test::kInjectingFileSystem);
                written = window.writeRecovery();
            }
            const QString message = window.statusBar()->currentMessage();
            INFO("failing call " << k << " (" << calls[std::size_t(k - 1)] << ")"
                                 << (shortWrite ? ", a short write first" : "") << ": "
                                 << (written ? std::string("written") : message.toStdString()));
            // Past the rename the new recovery file is in place (the
            // directory's fsync cannot be undone), as for a save.
            CHECK(written == (k > renameAt));
            CHECK(test::readFile(recovery) == (written ? later : earlier));
            if (written) {
                CHECK(message.isEmpty());
            } else {
                CHECK(message.startsWith(QStringLiteral("Autosave failed: ") + QString::fromStdString(recovery) +
                                         QStringLiteral(": cannot save: ")));
                CHECK(message.contains(QStringLiteral("the previous file is unchanged")));
            }
            CHECK(window.document()->isModified());
            CHECK(window.document()->project().findEntity("e1")->name == "Later");
            CHECK(entriesOf(dir) == std::vector<std::string>{"orders.docshape", "orders.docshape.autosave"});
        }
    }
    // The disk is back: the next autosave writes, and clears nothing it should not.
    CHECK(window.writeRecovery());
    CHECK(test::readFile(recovery) == later);
    fs::remove_all(dir);
}

TEST_CASE("an autosave killed at random points leaves a recovery file that a restart recovers",
          "[ui][files][faults]") {
    const std::string dir = test::makeTempDir("ui-autosave-kill");
    const QString path = QString::fromStdString(dir + "/orders.docshape");
    REQUIRE(saveProject(test::makeOrderModel(), path.toStdString()));

    // Two windows on the same file with different unsaved changes share one
    // recovery file; the child autosaves them alternately.
    MainWindow a, b;
    REQUIRE(a.loadFile(path));
    REQUIRE(b.loadFile(path));
    REQUIRE(a.recoveryPath() == b.recoveryPath());
    const std::string recovery = a.recoveryPath().toStdString();
    renameOrder(a, "Purchase");
    renameOrder(b, "Sale");
    const std::string textA = serializeProject(a.document()->project());
    const std::string textB = serializeProject(b.document()->project());
    REQUIRE(a.writeRecovery());

    std::mt19937 rng(22);
    int foundA = 0, foundB = 0, killedInsideAnAutosave = 0;
    for (int round = 0; round < 30; ++round) {
        // The child autosaves the two windows alternately, each round
        // starting with the other one (only the model's serialisation and
        // file calls run there: no event loop, no painting), and is killed
        // after its second to fourth autosave opened its temporary file, at
        // up to twice the time an autosave spends writing it.
        const int saves = std::uniform_int_distribution<int>(2, 4)(rng);
        const double fraction = std::uniform_real_distribution<double>(0.0, 2.0)(rng);
        const int wstatus =
            test::killDuringSave(saves, fraction, round, [&](int i) { return (i % 2 ? a : b).writeRecovery(); });
        REQUIRE(wstatus != -1);
        REQUIRE(WIFSIGNALED(wstatus));
        CHECK(WTERMSIG(wstatus) == SIGKILL);

        const std::string onDisk = test::readFile(recovery);
        INFO("round " << round << ": " << onDisk.size() << " bytes in the recovery file");
        REQUIRE((onDisk == textA || onDisk == textB));
        foundA += onDisk == textA;
        foundB += onDisk == textB;
        for (const std::string &name : entriesOf(dir))
            if (name != "orders.docshape" && name != "orders.docshape.autosave") {
                CHECK(name.rfind("orders.docshape.autosave.tmp-", 0) == 0);
                killedInsideAnAutosave += 1;
                fs::remove(fs::path(dir) / name);
            }

        // The restart: the studio opens the file and offers the recovery.
        MainWindow restarted;
        auto seen = test::answerNextBox(QStringLiteral("Recover"));
        restarted.openAtStartup(path, QString());
        REQUIRE(seen->answered);
        const std::string expected = onDisk == textA ? "Purchase" : "Sale";
        CHECK(restarted.document()->project().findEntity("e1")->name == expected);
        CHECK(restarted.document()->isModified());
        CHECK(serializeProject(restarted.document()->project()) == onDisk);
    }
    INFO(killedInsideAnAutosave << " of 30 kills inside an autosave; Purchase " << foundA << ", Sale " << foundB);
    CHECK(killedInsideAnAutosave > 0);
    CHECK(foundA > 0);
    CHECK(foundB > 0);
    fs::remove_all(dir);
}
