#pragma once

#include "util/Result.h"
#include "report/Report.h"

#include <QByteArray>
#include <QImage>
#include <QRectF>

#include <string>
#include <vector>

namespace docshape::ui::canvas {
class DocumentScene;
}

namespace docshape::ui::exporting {

struct DiagramOptions {
    // Collection names; empty: every collection. A collection brings the
    // entities it embeds (drawn inside its card) and the references between
    // the chosen collections.
    std::vector<std::string> collections;
    double scale = 1;         // pixels per scene unit (PNG); the SVG's nominal size
    bool transparent = false; // else a white background
};

// The diagram as the studio's canvas draws it: the scene's own items
// painted into an SVG (QSvgGenerator: text stays text) or an image, framed
// on the chosen collections' cards and edges. Where the cards are and how
// the edges run is the scene's business: this reads the items as they are.
// The scene is left as it was (items hidden for a subset, the selection
// and the background are restored).
//
// Deterministic: the same scene gives the same bytes.
class DiagramExport {
public:
    // The largest image made, in bytes of pixels, so that a huge model at a
    // large scale is refused with a message, not left to exhaust memory.
    static constexpr qint64 kMaxImageBytes = 512LL * 1024 * 1024;
    static constexpr double kMinScale = 0.05;
    static constexpr double kMaxScale = 16;
    // The largest width or height of the drawing, in scene units: far past
    // what a laid-out model of 1,000 cards spans (some 20,000).
    static constexpr double kMaxExtent = 10'000'000;

    DiagramExport(canvas::DocumentScene *scene, DiagramOptions options);

    // Fails for a collection the model does not have, or a scale out of range.
    Status check() const;
    // The scene rectangle the picture shows.
    QRectF sourceRect() const;

    Result<QByteArray> svg() const;
    Result<QImage> image() const;
    Result<QByteArray> png() const;
    // The same picture as paths and text, for the PDF report (scale 1).
    Result<report::Picture> picture() const;

private:
    static Status checkFrame(const QRectF &source);

    canvas::DocumentScene *m_scene;
    DiagramOptions m_options;
};

} // namespace docshape::ui::exporting
