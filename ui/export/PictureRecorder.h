#pragma once

#include "report/Report.h"

#include <QPaintDevice>
#include <QSize>

#include <memory>

namespace docshape::ui::exporting {

// A paint device that keeps what is painted on it as paths and text
// (report::Picture), for the PDF report to draw with its own vectors:
// solid fills and strokes, and text as text. Gradients paint as their
// first colour; pixmaps and clipping are not kept (the canvas uses neither).
class PictureRecorder : public QPaintDevice {
public:
    explicit PictureRecorder(QSize size);
    ~PictureRecorder() override;

    QPaintEngine *paintEngine() const override;
    report::Picture take();

protected:
    int metric(PaintDeviceMetric metric) const override;

private:
    class Engine;
    QSize m_size;
    std::unique_ptr<Engine> m_engine;
};

} // namespace docshape::ui::exporting
