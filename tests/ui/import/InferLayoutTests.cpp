// Issue 35 item 5: `docshape-cli infer` writes its model laid out, so that
// the studio and `diagram` draw it with no card over another. The
// importer's own grid knows nothing of the cards' sizes: a collection of
// many keys runs over the one below it.
#include "commands/Cli.h"
#include "commands/DrawingCommands.h"
#include "support/TestPaths.h"

#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

using namespace docshape;

namespace {

// Root cards of the drawn model that overlap another.
int overlaps(const std::string &model) {
    cli::OffscreenCanvas canvas;
    REQUIRE(canvas.load(model));
    std::vector<QRectF> cards;
    for (const auto &e : canvas.document().project().entities)
        if (auto *card = canvas.scene()->cardOf(e.id); card && !card->isEmbedded())
            cards.push_back(card->sceneBoundingRect());
    int n = 0;
    for (std::size_t i = 0; i < cards.size(); ++i)
        for (std::size_t j = i + 1; j < cards.size(); ++j)
            n += cards[i].intersects(cards[j]) ? 1 : 0;
    return n;
}

int infer(const std::vector<std::string> &args) {
    std::istringstream in;
    std::ostringstream out, err;
    const int code = cli::run(args, {in, out, err});
    INFO(err.str());
    return code;
}

} // namespace

TEST_CASE("infer writes the model laid out with no card over another", "[ui][import][cli]") {
    const std::string dir = test::makeTempDir("infer-layout");
    {
        std::ofstream wide(dir + "/wide.json");
        for (int d = 0; d < 30; ++d) {
            wide << "{";
            for (int k = 0; k < 40; ++k)
                wide << (k ? "," : "") << "\"key" << k << "\":" << d * k;
            wide << "}\n";
        }
    }
    std::vector<std::string> args = {"infer", dir + "/wide.json"};
    for (const char *name : {"a", "b", "c", "d", "e"}) {
        std::ofstream small(dir + "/" + name + ".json");
        small << "{\"name\":\"x\"}\n";
        args.push_back(dir + "/" + name + ".json");
    }
    args.push_back("--out");

    // The importer's grid: the wide collection's card covers the one below it.
    cli::setModelLayout(nullptr);
    args.push_back(dir + "/grid.docshape");
    REQUIRE(infer(args) == cli::kOk);
    CHECK(overlaps(dir + "/grid.docshape") > 0);

    // As docshape-cli runs it: laid out.
    cli::setModelLayout(&cli::layOutModel);
    args.back() = dir + "/laid-out.docshape";
    REQUIRE(infer(args) == cli::kOk);
    CHECK(overlaps(dir + "/laid-out.docshape") == 0);
    cli::setModelLayout(nullptr);
}
