#pragma once

#include <QGraphicsView>

namespace docshape::ui::canvas {

class DocumentScene;

// The canvas widget: Ctrl+wheel zooms around the cursor, the middle button
// (or Space + drag) pans, a drag on empty canvas selects with a rubber band,
// Delete removes the selection.
class CanvasView : public QGraphicsView {
    Q_OBJECT

public:
    explicit CanvasView(DocumentScene *scene, QWidget *parent = nullptr);

    // 9-point rows are some 12 pixels at 96 dpi; at half size, 6 pixels,
    // they are still read (a map's small print); below it a card is a shape.
    static constexpr qreal kReadableZoom = 0.5;
    // At a quarter size rows are 3 pixels: a fit shows the model's shape,
    // not a view to work in.
    static constexpr qreal kSpeckZoom = 0.25;

    DocumentScene *documentScene() const { return m_scene; }
    qreal zoom() const { return transform().m11(); }

public slots:
    void zoomIn();
    void zoomOut();
    void resetZoom();
    // Zooms to `zoom` (1.0: actual size) around the view's centre.
    void setZoom(qreal zoom);
    // Fits the content to the viewport. Before the view is shown (a file
    // opened from the command line) its size is not known yet: the fit is
    // made when it is shown and on each resize (a window manager's
    // geometry) until the user zooms or pans.
    void fitToView();
    // Fits the content as fitToView does while its text stays readable;
    // below kReadableZoom, fits the largest group of connected cards
    // instead; when even that would be a speck (below kSpeckZoom), shows
    // the group's top left at kReadableZoom. What a model opens with.
    void fitToRead();

signals:
    void zoomChanged(qreal zoom);

protected:
    void wheelEvent(QWheelEvent *event) override;
    void keyPressEvent(QKeyEvent *event) override;
    void keyReleaseEvent(QKeyEvent *event) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void showEvent(QShowEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    void zoomBy(qreal factor);
    void fitNow();
    void fitGroupNow();

    DocumentScene *m_scene;
    bool m_panning = false;
    bool m_spaceHeld = false;
    QPoint m_panStart;
    bool m_fitPending = false;
    bool m_fitToRead = false; // the pending fit is fitToRead's
};

} // namespace docshape::ui::canvas
