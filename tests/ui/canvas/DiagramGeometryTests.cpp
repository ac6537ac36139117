// Issue 17 item 2: every bundled example's diagram has no clipped label, no
// label over a field and no edge crossing a card; edges end on the side of
// the card, at the row of the field that holds the reference.
#include "support/TestPaths.h"

#include "canvas/CanvasStyle.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "canvas/GraphLayout.h"
#include "canvas/RelationshipItem.h"
#include "document/Document.h"

#include <catch2/catch.hpp>

#include <filesystem>

using namespace docshape;
using namespace docshape::ui;
using namespace docshape::ui::canvas;

namespace {

graph::Box toBox(const QRectF &r) { return {r.x(), r.y(), r.width(), r.height()}; }

std::vector<std::string> exampleFiles() {
    std::vector<std::string> files;
    for (const auto &entry : std::filesystem::directory_iterator(test::examplesDir()))
        if (entry.path().extension() == ".docshape")
            files.push_back(entry.path().string());
    std::sort(files.begin(), files.end());
    return files;
}

// The diagram as drawn: checks every edge and label against every card.
void checkGeometry(DocumentScene &scene, const Document &doc) {
    std::vector<const EntityItem *> roots;
    for (const auto &e : doc.project().entities)
        if (const EntityItem *card = scene.cardOf(e.id); card && !card->isEmbedded())
            roots.push_back(card);
    std::vector<std::pair<std::string, QRectF>> labels;
    for (const auto &r : doc.project().relationships) {
        const RelationshipItem *edge = scene.edgeOf(r.id);
        if (!edge)
            continue; // drawn inside its parent's card
        INFO("edge " << edge->label().toStdString());
        const graph::Route &route = edge->route();
        CHECK(route.routed);
        REQUIRE(route.bezier.size() >= 10);
        // Between the two stubs that leave the cards the curve crosses no
        // card at all, its own cards included.
        const std::vector<graph::Point> middle(route.bezier.begin() + 3, route.bezier.end() - 3);
        const std::vector<graph::Point> line = graph::flatten(middle);
        for (const EntityItem *card : roots) {
            INFO("card " << card->name().toStdString());
            CHECK_FALSE(graph::crosses(line, toBox(card->mapRectToScene(card->cardRect()).adjusted(0.5, 0.5, -0.5, -0.5))));
        }
        // The ends: on a side of the card, at the row of the field that
        // holds the reference (a crow's foot on the edge, not the corner).
        const auto checkEnd = [&](const EntityItem *card, const std::string &key, graph::Point at) {
            const QRectF row = card->mapRectToScene(card->edgeRowRect(key));
            CHECK(at.y == Approx(row.center().y()));
            EntityItem *root = const_cast<EntityItem *>(card)->rootCard();
            const QRectF outer = root->mapRectToScene(root->cardRect());
            CHECK(at.y > outer.top() + 7);
            CHECK(at.y < outer.bottom() - 7);
            const QRectF own = card->mapRectToScene(card->cardRect());
            const bool onSide = std::abs(at.x - own.left()) < 0.5 || std::abs(at.x - own.right()) < 0.5;
            CHECK(onSide);
        };
        checkEnd(edge->parentCard(), edge->parentKey(), route.tail);
        checkEnd(edge->childCard(), edge->childKey(), route.head);
        if (!edge->parentKey().empty())
            CHECK(edge->parentCard()->edgeRowRect(edge->parentKey()).top() > 0); // a row, not the header
        if (!edge->childKey().empty())
            CHECK(edge->childCard()->edgeRowRect(edge->childKey()).top() > 0);

        // The label: placed, whole (not elided, inside what the item
        // repaints), over no card and no other label.
        const QRectF label = edge->labelRect();
        CHECK_FALSE(label.isEmpty());
        if (label.isEmpty())
            continue;
        CHECK(label.width() >= CanvasStyle::get().rowMetrics.horizontalAdvance(edge->label()));
        CHECK(edge->boundingRect().contains(label));
        for (const EntityItem *card : roots) {
            INFO("card " << card->name().toStdString());
            CHECK_FALSE(label.intersects(card->mapRectToScene(card->cardRect())));
        }
        for (const auto &[other, rect] : labels) {
            INFO("other label " << other);
            CHECK_FALSE(label.intersects(rect));
        }
        labels.emplace_back(edge->label().toStdString(), label);
    }
}

} // namespace

TEST_CASE("every bundled example's diagram: edges around cards, labels in the clear", "[ui][canvas][geometry]") {
    const auto files = exampleFiles();
    REQUIRE(files.size() >= 3);
    for (const auto &path : files) {
        INFO(path);
        Document doc;
        REQUIRE(doc.load(QString::fromStdString(path)));
        DocumentScene scene(&doc);
        checkGeometry(scene, doc);
    }
}

TEST_CASE("every bundled example after Auto-layout keeps the same geometry", "[ui][canvas][geometry]") {
    for (const auto &path : exampleFiles()) {
        INFO(path);
        Document doc;
        REQUIRE(doc.load(QString::fromStdString(path)));
        DocumentScene scene(&doc);
        // Every card on one diagonal, overlapping its neighbours.
        std::vector<std::pair<std::string, CanvasPosition>> scrambled;
        for (std::size_t i = 0; i < doc.project().entities.size(); ++i)
            scrambled.emplace_back(doc.project().entities[i].id, CanvasPosition{double(i) * 30, double(i) * 30});
        doc.moveEntities(scrambled);
        const int steps = doc.undoStack()->count();
        scene.autoLayout();
        CHECK(doc.undoStack()->count() == steps + 1); // one undo step
        // No two cards overlap.
        std::vector<QRectF> cards;
        for (const auto &e : doc.project().entities)
            if (const EntityItem *card = scene.cardOf(e.id); card && !card->isEmbedded())
                cards.push_back(card->mapRectToScene(card->cardRect()));
        for (std::size_t i = 0; i < cards.size(); ++i)
            for (std::size_t j = i + 1; j < cards.size(); ++j)
                CHECK_FALSE(cards[i].intersects(cards[j]));
        checkGeometry(scene, doc);
    }
}

