// One whole edit on the 1,000-collection model, as the studio does it: a
// real MainWindow (canvas, inspector showing the edited object, history,
// the findings panel and the other docked panels) on the offscreen
// platform. Each edit is timed from the Document call that the inspector
// or the canvas makes (push: apply, validate, recompute the analysis and
// the advice, update every view) until the event loop has nothing left to
// do, repaint included.
//
// Each figure is given twice: wall time, and the process's CPU time over
// the same span (on a busy shared machine the wall time also counts the
// time the process waited for a core; one thread does all the work, so
// the CPU time is what the edit costs).
//
// Targets, single-threaded: a field parameter edit, a rename and a
// relationship parameter edit <= 16 ms median and <= 33 ms worst;
// embedding or un-embedding one entity <= 50 ms.
//
// With --compare, a comparison with the model as it was opened (File >
// Compare With…) lasts through the edits: each one is diffed against it too.
//
//   bench_edit [COLLECTIONS] [EDITS] [--compare] [--only WORDS]
//                                   # --only: the edits whose name has WORDS
//   taskset -c 0 bench_edit          # pinned to one CPU
#include "support/LargeModel.h"

#include "MainWindow.h"
#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "compare/CompareSession.h"
#include "io/ProjectFile.h"
#include "document/Document.h"
#include "inspector/Inspector.h"
#include "panels/PanelSetup.h"
#include "util/Memory.h"

#include <QApplication>
#include <QDockWidget>
#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTest>

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <cstdlib>
#include <functional>
#include <cstring>
#include <string>
#include <vector>

using namespace docshape;
using namespace docshape::ui;

namespace {

struct Figures {
    double median = 0;
    double worst = 0;
};

Figures figures(std::vector<double> times) {
    std::sort(times.begin(), times.end());
    return {times[times.size() / 2], times.back()};
}

double cpuMs() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

void settle() {
    // Deferred work (scene index, repaints) runs here, as it would before
    // the next key press reaches the studio.
    QCoreApplication::processEvents();
    QCoreApplication::processEvents();
}

// LargeModel's ids: "e0500", "r0501".
std::string padded(int n) {
    const std::string s = std::to_string(n);
    return std::string(s.size() < 4 ? 4 - s.size() : 0, '0') + s;
}

const Field &fieldNamed(const Entity &entity, const std::string &name) {
    for (const auto &f : entity.fields)
        if (f.name == name)
            return f;
    std::fprintf(stderr, "no field %s in %s\n", name.c_str(), entity.name.c_str());
    std::exit(2);
}

// One edit and everything it makes the event loop do; a function of its own
// so that a profiler can collect inside it alone
// (valgrind --tool=callgrind --toggle-collect='*editAndSettle*').
__attribute__((noinline)) bool editAndSettle(const std::function<bool(int)> &edit, int i, double &callCpu) {
    const double start = cpuMs();
    if (!edit(i))
        return false;
    callCpu = cpuMs() - start;
    settle();
    return true;
}

} // namespace

int main(int argc, char **argv) {
    // As the studio's main does first.
    docshape::keepFreedMemory();
    if (!std::getenv("QT_QPA_PLATFORM") && !std::getenv("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    bool comparing = false;
    std::string only;
    std::vector<const char *> numbers;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--compare") == 0)
            comparing = true;
        else if (std::strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else
            numbers.push_back(argv[i]);
    }
    const int collections = numbers.size() > 0 ? std::atoi(numbers[0]) : 1000;
    const int edits = numbers.size() > 1 ? std::atoi(numbers[1]) : 41;

    MainWindow window;
    window.resize(1600, 1000);
    window.show();
    if (!QTest::qWaitForWindowExposed(&window)) {
        std::fprintf(stderr, "the window was never shown\n");
        return 2;
    }
    QElapsedTimer openTimer;
    openTimer.start();
    // LargeModel's grid (260 x 180) puts its cards of about 360 x 400 on top
    // of each other, so that any repaint also repainted the cards beneath.
    // No one edits on a canvas like that: the cards are spread as the
    // studio's layout leaves them, apart.
    Project model = makeLargeModel(collections);
    for (Entity &e : model.entities)
        e.position = {e.position.x / 260 * 440, e.position.y / 180 * 600};
    window.document()->reset(std::move(model), QString());
    settle();
    const double openMs = double(openTimer.nsecsElapsed()) / 1e6;
    Document &doc = *window.document();
    QTemporaryDir baselineDir;
    compare::CompareSession *session = nullptr;
    if (comparing) {
        const QString baseline = baselineDir.filePath(QStringLiteral("baseline.docshape"));
        session = window.findChild<compare::CompareSession *>(QStringLiteral("compareSession"));
        if (!session || !saveProject(doc.project(), baseline.toStdString()) || !session->compareWithFile(baseline)) {
            std::fprintf(stderr, "the comparison with the model as opened did not start\n");
            return 2;
        }
        settle();
    }

    // The middle of the model: a collection that embeds an array of items
    // (e0500c through r0500c) and is referenced by the next one (r0501).
    const int middle = collections / 2 / 4 * 4;
    const std::string entityId = "e" + padded(middle);
    const std::string itemId = entityId + "c";
    const std::string embeddingId = "r" + padded(middle) + "c";
    const std::string referenceId = "r" + padded(middle + 1);
    const std::string fieldId = fieldNamed(*doc.project().findEntity(entityId), "name").id;
    const std::string originalName = doc.project().findEntity(entityId)->name;
    if (!doc.project().findRelationship(embeddingId) || !doc.project().findRelationship(referenceId)) {
        std::fprintf(stderr, "the model has no %s or %s\n", embeddingId.c_str(), referenceId.c_str());
        return 2;
    }

    // Looking at the edited card at 100%, as after clicking it.
    window.canvas()->resetZoom();
    window.canvas()->centerOn(window.scene()->cardOf(entityId));
    settle();

    struct Kind {
        const char *name;
        double budgetMedian;
        double budgetWorst;
        ObjectRef selected;
        std::function<bool(int)> edit;
    };
    std::vector<Kind> kinds = {
        {"field parameter (average bytes)", 16, 33, ObjectRef::field(fieldId),
         [&](int i) {
             Field f = *doc.project().findField(fieldId);
             f.avgBytes = i % 2 == 0 ? 12 : 10;
             return bool(doc.changeField(f, QStringLiteral("Change average bytes of field"), QString()));
         }},
        {"rename entity", 16, 33, ObjectRef::entity(entityId),
         [&](int i) {
             const QString name = QString::fromStdString(originalName) + (i % 2 == 0 ? QStringLiteral("x") : QString());
             return bool(doc.renameEntity(entityId, name));
         }},
        {"relationship parameter (embedded array)", 16, 33, ObjectRef::relationship(embeddingId),
         [&](int i) {
             Relationship r = *doc.project().findRelationship(embeddingId);
             r.avgChildren = i % 2 == 0 ? 7 : 5;
             return bool(doc.changeRelationship(r, QStringLiteral("Change average of relationship"), QString()));
         }},
        {"relationship parameter (reference)", 16, 33, ObjectRef::relationship(referenceId),
         [&](int i) {
             Relationship r = *doc.project().findRelationship(referenceId);
             r.avgChildren = i % 2 == 0 ? 40 : 30;
             return bool(doc.changeRelationship(r, QStringLiteral("Change average of relationship"), QString()));
         }},
        {"un-embed / embed one entity", 50, 50, ObjectRef::entity(itemId),
         [&](int i) {
             if (i % 2 == 0) {
                 const Entity *parent = doc.project().findEntity(entityId);
                 return bool(doc.unembed(itemId, {parent->position.x + 300, parent->position.y}));
             }
             return bool(doc.relate(entityId, itemId, Cardinality::OneToFew, Representation::EmbedArray));
         }},
    };

    std::printf("model: %d collections, %zu entities; open and first paint %.0f ms%s\n", collections,
                doc.project().entities.size(), openMs, comparing ? "; compared with the model as opened" : "");
    // What is on screen: the canvas, the inspector and the history, and the
    // findings tab of the bottom dock (the others are tabs behind it).
    std::printf("panels on screen:");
    for (QDockWidget *dock : window.findChildren<QDockWidget *>())
        if (dock->widget() && !dock->widget()->visibleRegion().isEmpty())
            std::printf(" %s", qPrintable(dock->windowTitle()));
    std::printf("\n");
    std::printf("%-42s %9s %9s %9s %9s   %s\n", "edit (whole, until painted)", "median", "worst", "cpu med",
                "cpu worst", "target (ms)");
    bool met = true;
    for (Kind &kind : kinds) {
        if (!only.empty() && std::string(kind.name).find(only) == std::string::npos)
            continue;
        window.selectObject(kind.selected);
        settle();
        std::vector<double> times;
        std::vector<double> cpu;
        std::vector<double> callCpu;
        for (int i = 0; i < edits; ++i) {
            QElapsedTimer t;
            const double cpuStart = cpuMs();
            t.start();
            double inCall = 0;
            if (!editAndSettle(kind.edit, i, inCall)) {
                std::fprintf(stderr, "%s: edit %d refused\n", kind.name, i);
                return 2;
            }
            callCpu.push_back(inCall);
            times.push_back(double(t.nsecsElapsed()) / 1e6);
            cpu.push_back(cpuMs() - cpuStart);
        }
        const Figures f = figures(times);
        const Figures c = figures(cpu);
        const Figures call = figures(callCpu);
        const bool ok = f.median <= kind.budgetMedian && f.worst <= kind.budgetWorst;
        met = met && ok;
        std::printf("%-42s %9.1f %9.1f %9.1f %9.1f   <= %.0f / %.0f %s   (cpu in the call %.1f, painting %.1f)\n",
                    kind.name, f.median, f.worst, c.median, c.worst, kind.budgetMedian, kind.budgetWorst,
                    ok ? "met" : "MISSED", call.median, c.median - call.median);
        std::fflush(stdout);
    }
    if (session)
        std::printf("the versions were diffed %d times\n", session->diffCount());
    return met ? 0 : 1;
}
