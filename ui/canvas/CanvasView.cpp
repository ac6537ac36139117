#include "canvas/CanvasView.h"

#include "canvas/DocumentScene.h"

#include <QKeyEvent>
#include <QScrollBar>
#include <QWheelEvent>

#include <algorithm>

namespace docshape::ui::canvas {

namespace {
constexpr qreal kMinZoom = 0.02;
constexpr qreal kMaxZoom = 4.0;
} // namespace

CanvasView::CanvasView(DocumentScene *scene, QWidget *parent)
    : QGraphicsView(scene, parent), m_scene(scene) {
    setObjectName(QStringLiteral("canvas"));
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(RubberBandDrag);
    setTransformationAnchor(AnchorUnderMouse);
    setResizeAnchor(AnchorViewCenter);
    // Items paint with their own pens and brushes; with thousands of cards
    // the saved painter state and antialias margins are measurable.
    setOptimizationFlags(DontSavePainterState | DontAdjustForAntialiasing);
    setViewportUpdateMode(MinimalViewportUpdate);
    setFocusPolicy(Qt::StrongFocus);
}

void CanvasView::zoomBy(qreal factor) {
    m_fitPending = false;
    const qreal target = std::clamp(zoom() * factor, kMinZoom, kMaxZoom);
    const qreal f = target / zoom();
    scale(f, f);
    emit zoomChanged(zoom());
}

void CanvasView::zoomIn() { zoomBy(1.25); }
void CanvasView::zoomOut() { zoomBy(1 / 1.25); }

void CanvasView::resetZoom() {
    m_fitPending = false;
    setTransform(QTransform());
    emit zoomChanged(zoom());
}

void CanvasView::setZoom(qreal target) {
    m_fitPending = false;
    const ViewportAnchor anchor = transformationAnchor();
    setTransformationAnchor(AnchorViewCenter);
    const qreal f = std::clamp(target, kMinZoom, kMaxZoom) / zoom();
    scale(f, f);
    setTransformationAnchor(anchor);
    emit zoomChanged(zoom());
}

void CanvasView::fitToView() {
    m_fitToRead = false;
    m_fitPending = !isVisible();
    if (!m_fitPending)
        fitNow();
}

void CanvasView::fitToRead() {
    m_fitToRead = true;
    m_fitPending = !isVisible();
    if (!m_fitPending)
        fitGroupNow();
}

void CanvasView::showEvent(QShowEvent *event) {
    QGraphicsView::showEvent(event);
    if (m_fitPending)
        m_fitToRead ? fitGroupNow() : fitNow();
}

void CanvasView::resizeEvent(QResizeEvent *event) {
    QGraphicsView::resizeEvent(event);
    if (m_fitPending && isVisible())
        m_fitToRead ? fitGroupNow() : fitNow();
}

void CanvasView::fitNow() {
    QRectF rect = m_scene->contentRect();
    if (rect.isEmpty())
        rect = QRectF(0, 0, 800, 600);
    rect.adjust(-40, -40, 40, 40);
    setSceneRect(m_scene->itemsBoundingRect().united(rect).adjusted(-2000, -2000, 2000, 2000));
    fitInView(rect, Qt::KeepAspectRatio);
    if (zoom() > 1.0)
        resetZoom();
    centerOn(rect.center());
    emit zoomChanged(zoom());
}

void CanvasView::fitGroupNow() {
    // fitNow and setZoom end a pending fit; a resize before the user acts
    // fits again.
    const bool pending = m_fitPending;
    fitNow();
    if (zoom() < kReadableZoom) {
        QRectF group = m_scene->largestGroupRect();
        if (!group.isEmpty()) {
            group.adjust(-40, -40, 40, 40);
            fitInView(group, Qt::KeepAspectRatio);
            if (zoom() > 1.0)
                setTransform(QTransform());
            if (zoom() < kSpeckZoom) {
                const qreal f = kReadableZoom / zoom();
                scale(f, f);
                // The group's top left, where a layered layout starts.
                const QSizeF seen = QSizeF(viewport()->size()) / kReadableZoom;
                centerOn(group.topLeft() + QPointF(seen.width() / 2, seen.height() / 2));
            } else {
                centerOn(group.center());
            }
            emit zoomChanged(zoom());
        }
    }
    m_fitPending = pending;
}

void CanvasView::wheelEvent(QWheelEvent *event) {
    m_fitPending = false;
    if (event->modifiers() & Qt::ControlModifier) {
        const int delta = event->angleDelta().y();
        if (delta != 0)
            zoomBy(delta > 0 ? 1.15 : 1 / 1.15);
        event->accept();
        return;
    }
    QGraphicsView::wheelEvent(event);
}

void CanvasView::keyPressEvent(QKeyEvent *event) {
    if (event->key() == Qt::Key_Delete || event->key() == Qt::Key_Backspace) {
        m_scene->deleteSelection();
        event->accept();
        return;
    }
    // Arrows move the selected cards (Shift: by one point); with nothing
    // selected they scroll, as in any view.
    const bool arrow = event->key() == Qt::Key_Left || event->key() == Qt::Key_Right ||
                       event->key() == Qt::Key_Up || event->key() == Qt::Key_Down;
    if (arrow && !(event->modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier))) {
        const double step = event->modifiers() & Qt::ShiftModifier ? 1 : 10;
        const double dx = event->key() == Qt::Key_Left ? -step : event->key() == Qt::Key_Right ? step : 0;
        const double dy = event->key() == Qt::Key_Up ? -step : event->key() == Qt::Key_Down ? step : 0;
        if (m_scene->nudgeSelection(dx, dy)) {
            event->accept();
            return;
        }
    }
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = true;
        viewport()->setCursor(Qt::OpenHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void CanvasView::keyReleaseEvent(QKeyEvent *event) {
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        m_spaceHeld = false;
        viewport()->unsetCursor();
        event->accept();
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void CanvasView::mousePressEvent(QMouseEvent *event) {
    m_fitPending = false;
    if (event->button() == Qt::MiddleButton || (m_spaceHeld && event->button() == Qt::LeftButton)) {
        m_panning = true;
        m_panStart = event->position().toPoint();
        viewport()->setCursor(Qt::ClosedHandCursor);
        event->accept();
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void CanvasView::mouseMoveEvent(QMouseEvent *event) {
    if (m_panning) {
        const QPoint delta = event->position().toPoint() - m_panStart;
        m_panStart = event->position().toPoint();
        horizontalScrollBar()->setValue(horizontalScrollBar()->value() - delta.x());
        verticalScrollBar()->setValue(verticalScrollBar()->value() - delta.y());
        event->accept();
        return;
    }
    QGraphicsView::mouseMoveEvent(event);
}

void CanvasView::mouseReleaseEvent(QMouseEvent *event) {
    if (m_panning) {
        m_panning = false;
        viewport()->setCursor(m_spaceHeld ? Qt::OpenHandCursor : Qt::ArrowCursor);
        event->accept();
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

} // namespace docshape::ui::canvas
