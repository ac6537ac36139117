// Auto-layout of a generated 1,000-entity model (bench/support/LargeModel):
// Graphviz's dot placing every collection card, then every edge routed
// around the cards and labelled (DocumentScene::autoLayout, one undo step),
// and the reroute of one card's edges while it is dragged.
// Targets: auto-layout <= 2 s; a drag step <= 16 ms (one frame).
#include "support/LargeModel.h"

#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include <QApplication>
#include <QElapsedTimer>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    if (!std::getenv("QT_QPA_PLATFORM") && !std::getenv("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int collections = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;

    docshape::ui::Document document;
    document.reset(docshape::makeLargeModel(collections), QString());
    QElapsedTimer t;
    t.start();
    docshape::ui::canvas::DocumentScene scene(&document);
    const qint64 openMs = t.elapsed();

    std::vector<double> layouts;
    for (int i = 0; i < runs; ++i) {
        t.start();
        scene.autoLayout();
        layouts.push_back(double(t.nsecsElapsed()) / 1e6);
        document.undoStack()->undo();
    }
    std::sort(layouts.begin(), layouts.end());

    // A drag: the card of the first collection moved in 20 steps.
    docshape::ui::canvas::EntityItem *card = scene.cardOf(document.project().entities.front().id);
    std::vector<double> steps;
    for (int i = 0; i < 20; ++i) {
        t.start();
        card->setPos(card->pos() + QPointF(7, 3));
        steps.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(steps.begin(), steps.end());

    const double median = layouts[layouts.size() / 2];
    std::printf("%d collections, %zu cards, %zu relationships\n", collections, scene.cardCount(),
                document.project().relationships.size());
    std::printf("scene built and edges routed: %lld ms\n", static_cast<long long>(openMs));
    std::printf("auto-layout (dot + routing + labels): median %.0f ms, slowest %.0f ms over %d runs (target <= 2000)\n",
                median, layouts.back(), runs);
    std::printf("drag step (reroute one card's edges): median %.2f ms, slowest %.2f ms (target <= 16)\n",
                steps[steps.size() / 2], steps.back());
    return median <= 2000 && steps[steps.size() / 2] <= 16 ? 0 : 1;
}
