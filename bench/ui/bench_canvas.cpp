// Opens a generated 1,000-entity model on the canvas and renders it to a
// 1920x1080 image: time to first paint (document + analysis + scene +
// first frame) and time per frame when zoomed to fit.
// Targets: first paint <= 1 s, a frame <= 50 ms.
#include "support/LargeModel.h"

#include "canvas/CanvasView.h"
#include "canvas/DocumentScene.h"
#include "document/Document.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QImage>
#include <QPainter>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

int main(int argc, char **argv) {
    if (!std::getenv("QT_QPA_PLATFORM") && !std::getenv("DISPLAY"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    QApplication app(argc, argv);
    const int collections = argc > 1 ? std::atoi(argv[1]) : 1000;
    const int frames = 20;

    docshape::Project project = docshape::makeLargeModel(collections);

    QElapsedTimer total;
    total.start();
    docshape::ui::Document document;
    document.reset(std::move(project), QString());
    const qint64 loadedMs = total.elapsed();
    docshape::ui::canvas::DocumentScene scene(&document);
    docshape::ui::canvas::CanvasView view(&scene);
    view.setFrameShape(QFrame::NoFrame);
    view.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    view.resize(1920, 1080);
    view.show();
    QApplication::processEvents();
    view.fitToView();
    const qreal fitZoom = view.zoom();
    const qint64 sceneMs = total.elapsed();

    QImage image(1920, 1080, QImage::Format_ARGB32_Premultiplied);
    auto frame = [&] {
        QPainter painter(&image);
        painter.setRenderHints(view.renderHints());
        view.render(&painter, QRectF(image.rect()), view.viewport()->rect());
    };
    frame();
    const qint64 firstPaintMs = total.elapsed();

    std::vector<double> times;
    for (int i = 0; i < frames; ++i) {
        QElapsedTimer t;
        t.start();
        frame();
        times.push_back(double(t.nsecsElapsed()) / 1e6);
    }
    std::sort(times.begin(), times.end());
    const double median = times[times.size() / 2];
    const double worst = times.back();

    // Zoomed in to 100%, where cards draw every row.
    view.resetZoom();
    view.centerOn(scene.contentRect().topLeft() + QPointF(900, 500));
    QElapsedTimer t;
    t.start();
    frame();
    const double detailMs = double(t.nsecsElapsed()) / 1e6;

    std::printf("viewport %dx%d, content %.0fx%.0f\n", view.viewport()->width(), view.viewport()->height(),
                scene.contentRect().width(), scene.contentRect().height());
    std::printf("entities: %zu, cards: %zu, zoom to fit: %.3f\n", document.project().entities.size(),
                scene.cardCount(), fitZoom);
    std::printf("document + analysis: %lld ms, scene built: %lld ms\n", static_cast<long long>(loadedMs),
                static_cast<long long>(sceneMs - loadedMs));
    std::printf("time to first paint: %lld ms (target <= 1000)\n", static_cast<long long>(firstPaintMs));
    std::printf("frame zoomed to fit: median %.1f ms, worst %.1f ms over %d frames (target <= 50)\n", median,
                worst, frames);
    std::printf("frame at 100%%: %.1f ms\n", detailMs);
    image.save(QStringLiteral("bench_canvas.png")); // the 100% frame, to look at
    return firstPaintMs <= 1000 && median <= 50 ? 0 : 1;
}
