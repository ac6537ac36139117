#include "export/DiagramExport.h"

#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "canvas/RelationshipItem.h"
#include "document/Document.h"
#include "export/PictureRecorder.h"
#include "util/Markup.h"

#include <QBuffer>
#include <QFontInfo>
#include <QGraphicsItem>
#include <QHash>
#include <QPainter>
#include <QSvgGenerator>

#include <cmath>
#include <set>

namespace docshape::ui::exporting {

namespace {

constexpr qreal kMargin = 16;

// Puts the scene in its exported state for the life of the object: only
// the chosen cards and the edges between them visible, nothing selected, no
// highlighted field, the chosen background; everything comes back after.
class ExportState {
public:
    ExportState(canvas::DocumentScene *scene, const std::set<std::string> &roots, bool all, bool transparent)
        : m_scene(scene), m_background(scene->backgroundBrush()) {
        const bool blocked = scene->blockSignals(true);
        m_selected = scene->selectedItems();
        scene->clearSelection();
        scene->blockSignals(blocked);
        for (QGraphicsItem *item : scene->items()) {
            if (item->parentItem())
                continue;
            bool show = true;
            if (item->type() == canvas::EntityItem::Type) {
                show = all || roots.count(static_cast<canvas::EntityItem *>(item)->entityId());
            } else if (item->type() == canvas::RelationshipItem::Type) {
                auto *edge = static_cast<canvas::RelationshipItem *>(item);
                show = all || (roots.count(edge->parentCard()->rootCard()->entityId()) &&
                               roots.count(edge->childCard()->rootCard()->entityId()));
            } else {
                show = false; // highlights, a link being dragged: the studio's state, not the model's
            }
            if (item->isVisible() && !show) {
                item->setVisible(false);
                m_hidden.push_back(item);
            }
        }
        const ObjectRef current = scene->currentObject();
        if (current.kind == ObjectRef::Kind::Field) {
            m_field = current.id;
            for (QGraphicsItem *item : scene->items())
                if (item->type() == canvas::EntityItem::Type)
                    static_cast<canvas::EntityItem *>(item)->setHighlightedField({});
        }
        scene->setBackgroundBrush(transparent ? QBrush(Qt::NoBrush) : QBrush(Qt::white));
    }
    ~ExportState() {
        m_scene->setBackgroundBrush(m_background);
        for (QGraphicsItem *item : m_hidden)
            item->setVisible(true);
        if (!m_field.empty())
            for (QGraphicsItem *item : m_scene->items())
                if (item->type() == canvas::EntityItem::Type)
                    static_cast<canvas::EntityItem *>(item)->setHighlightedField(m_field);
        const bool blocked = m_scene->blockSignals(true);
        for (QGraphicsItem *item : m_selected)
            item->setSelected(true);
        m_scene->blockSignals(blocked);
    }
    ExportState(const ExportState &) = delete;
    ExportState &operator=(const ExportState &) = delete;

    // The visible cards and edges, with a margin.
    QRectF frame() const {
        QRectF rect;
        for (QGraphicsItem *item : m_scene->items())
            if (!item->parentItem() && item->isVisible())
                rect |= item->sceneBoundingRect();
        if (rect.isEmpty())
            rect = QRectF(0, 0, 1, 1);
        // Whole scene units, so that the picture's size does not depend on
        // rounding elsewhere.
        const QRectF framed = rect.adjusted(-kMargin, -kMargin, kMargin, kMargin);
        return QRectF(QPointF(std::floor(framed.left()), std::floor(framed.top())),
                      QPointF(std::ceil(framed.right()), std::ceil(framed.bottom())));
    }

private:
    canvas::DocumentScene *m_scene;
    QBrush m_background;
    QList<QGraphicsItem *> m_selected;
    std::vector<QGraphicsItem *> m_hidden;
    std::string m_field;
};

// QSvgGenerator sizes the picture in millimetres and names fonts as the
// application asked for them ("Sans Serif", which only fontconfig knows).
// A browser or another renderer should see the same picture: the size in
// CSS pixels, and the family fontconfig chose, then the generic family.
//
// The title and description are the model's text, and QSvgGenerator writes
// what it is given there unescaped: they are written here instead, through
// the one markup writer. Characters XML cannot carry (control characters in
// a name the generator drew as text) become spaces, so that the file is
// well-formed XML whatever the model holds.
QByteArray portable(const QByteArray &svg, QSizeF size, std::string_view title, std::string_view description) {
    const std::string well = markup::wellFormed(std::string_view(svg.constData(), std::size_t(svg.size())));
    const std::string_view in(well);
    std::string out;
    out.reserve(in.size() + in.size() / 16 + title.size() + description.size());
    std::size_t from = 0;
    // The root's size: the first width and height, in millimetres.
    const std::size_t root = in.find("<svg width=\"");
    const std::size_t rootEnd = root == std::string_view::npos ? root : in.find('\n', root);
    if (rootEnd != std::string_view::npos) {
        out.append(in.substr(0, root));
        out += "<svg width=\"" + QString::number(size.width()).toStdString() + "\" height=\"" +
               QString::number(size.height()).toStdString() + "\"";
        from = rootEnd;
    }
    // The generator's own title and description, left empty, give way to ours.
    const std::size_t head = in.find("<title>", from);
    const std::size_t headEnd = head == std::string_view::npos ? head : in.find("</desc>", head);
    if (headEnd != std::string_view::npos && in.find('>', from) < head) {
        const std::size_t tagEnd = in.find('>', from) + 1;
        out.append(in.substr(from, tagEnd - from));
        out += "\n<title>";
        markup::appendText(out, title);
        out += "</title>\n<desc>";
        markup::appendText(out, description);
        out += "</desc>";
        from = headEnd + std::string_view("</desc>").size();
    }
    constexpr std::string_view kFamily = "font-family=\"";
    QHash<QByteArray, std::string> resolved;
    for (std::size_t at = in.find(kFamily, from); at != std::string_view::npos; at = in.find(kFamily, from)) {
        const std::size_t start = at + kFamily.size();
        const std::size_t end = in.find('"', start);
        if (end == std::string_view::npos)
            break;
        const QByteArray asked(in.data() + start, qsizetype(end - start));
        auto r = resolved.find(asked);
        if (r == resolved.end())
            r = resolved.insert(asked, (QFontInfo(QFont(QString::fromUtf8(asked))).family() +
                                        QStringLiteral(", sans-serif"))
                                           .toStdString());
        out.append(in.substr(from, start - from));
        out += *r;
        from = end;
    }
    out.append(in.substr(from));
    return QByteArray(out.data(), qsizetype(out.size()));
}

std::set<std::string> rootsOf(const Document &document, const std::vector<std::string> &collections) {
    std::set<std::string> roots;
    for (const auto &stat : document.analysis().collections)
        for (const auto &name : collections)
            if (stat.name == name && !stat.rootEntityId.empty())
                roots.insert(stat.rootEntityId);
    return roots;
}

} // namespace

DiagramExport::DiagramExport(canvas::DocumentScene *scene, DiagramOptions options)
    : m_scene(scene), m_options(std::move(options)) {}

Status DiagramExport::check() const {
    if (!(m_options.scale >= kMinScale && m_options.scale <= kMaxScale))
        return Error{"scale", "must be between " + QString::number(kMinScale).toStdString() + " and " +
                                  QString::number(kMaxScale).toStdString()};
    const auto &stats = m_scene->document()->analysis().collections;
    for (const auto &name : m_options.collections) {
        bool known = false;
        for (const auto &stat : stats)
            known = known || stat.name == name;
        if (!known)
            return Error{"collection '" + name + "'", "the model has no collection of this name"};
    }
    return {};
}

// The cards' positions come from the model file: a frame past any canvas
// (a card at x = 1e308, or one that makes the width infinite) is refused
// here, before a size is cast to an integer.
Status DiagramExport::checkFrame(const QRectF &source) {
    const bool finite = std::isfinite(source.left()) && std::isfinite(source.top()) && std::isfinite(source.width()) &&
                        std::isfinite(source.height());
    if (!finite || source.width() > kMaxExtent || source.height() > kMaxExtent)
        return Error{"diagram", "the cards span more than " + QString::number(kMaxExtent, 'f', 0).toStdString() +
                                    " units of the canvas; move them closer together (Layout in the studio)"};
    return {};
}

QRectF DiagramExport::sourceRect() const {
    const ExportState state(m_scene, rootsOf(*m_scene->document(), m_options.collections),
                            m_options.collections.empty(), m_options.transparent);
    return state.frame();
}

Result<QByteArray> DiagramExport::svg() const {
    if (Status ok = check(); !ok)
        return ok.error();
    const ExportState state(m_scene, rootsOf(*m_scene->document(), m_options.collections),
                            m_options.collections.empty(), m_options.transparent);
    const QRectF source = state.frame();
    if (Status ok = checkFrame(source); !ok)
        return ok.error();
    const QSizeF size = source.size() * m_options.scale;
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator generator;
    generator.setOutputDevice(&buffer);
    generator.setSize(size.toSize());
    generator.setViewBox(QRectF(QPointF(0, 0), size));
    generator.setResolution(96); // CSS pixels: one scene unit is one pixel at scale 1
    {
        QPainter painter(&generator);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        m_scene->render(&painter, QRectF(QPointF(0, 0), size), source, Qt::IgnoreAspectRatio);
    }
    const std::string &name = m_scene->document()->project().name;
    return portable(bytes, size, name, "The DocShape diagram of " + name);
}

Result<report::Picture> DiagramExport::picture() const {
    if (Status ok = check(); !ok)
        return ok.error();
    const ExportState state(m_scene, rootsOf(*m_scene->document(), m_options.collections),
                            m_options.collections.empty(), m_options.transparent);
    const QRectF source = state.frame();
    if (Status ok = checkFrame(source); !ok)
        return ok.error();
    PictureRecorder recorder(source.size().toSize());
    {
        QPainter painter(&recorder);
        painter.setRenderHint(QPainter::Antialiasing);
        m_scene->render(&painter, QRectF(QPointF(0, 0), source.size()), source, Qt::IgnoreAspectRatio);
    }
    return recorder.take();
}

Result<QImage> DiagramExport::image() const {
    if (Status ok = check(); !ok)
        return ok.error();
    const ExportState state(m_scene, rootsOf(*m_scene->document(), m_options.collections),
                            m_options.collections.empty(), m_options.transparent);
    const QRectF source = state.frame();
    if (Status ok = checkFrame(source); !ok)
        return ok.error();
    // Within the frame's bounds, the products below fit in a 64-bit integer.
    const qint64 w = qint64(std::ceil(source.width() * m_options.scale));
    const qint64 h = qint64(std::ceil(source.height() * m_options.scale));
    if (w > 32767 || h > 32767 || w * h * 4 > kMaxImageBytes) {
        const double fits = std::min({32767.0 / source.width(), 32767.0 / source.height(),
                                      std::sqrt(double(kMaxImageBytes) / 4 / (source.width() * source.height()))});
        return Error{"scale", "the picture would be " + std::to_string(w) + " x " + std::to_string(h) +
                                  " pixels, more than an image can hold here; a scale of at most " +
                                  QString::number(std::floor(fits * 100) / 100).toStdString() + " fits"};
    }
    QImage image(int(w), int(h), QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    // Painted at the scene's own 96 dpi, so that the scale is the painter's
    // alone: an image of higher resolution while painting would also grow
    // every font given in points, and text would scale twice.
    image.setDotsPerMeterX(3780);
    image.setDotsPerMeterY(3780);
    {
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        m_scene->render(&painter, QRectF(0, 0, double(w), double(h)), source, Qt::IgnoreAspectRatio);
    }
    // The file says the resolution that prints it at the scene's size.
    image.setDotsPerMeterX(qRound(3780 * m_options.scale));
    image.setDotsPerMeterY(qRound(3780 * m_options.scale));
    return image;
}

Result<QByteArray> DiagramExport::png() const {
    auto made = image();
    if (!made)
        return made.error();
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    if (!made->save(&buffer, "PNG"))
        return Error{"diagram", "the PNG could not be encoded"};
    return bytes;
}

} // namespace docshape::ui::exporting
