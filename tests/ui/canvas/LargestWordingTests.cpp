// Issue 17 item 10: the card says when the largest document crosses the
// BSON limit in the words the CLI and the report use, with the assumption
// an unbounded document's "largest" rests on.
#include "support/TestPaths.h"

#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"

#include "estimate/Analysis.h"

#include <catch2/catch.hpp>

using namespace docshape;
using namespace docshape::ui;

TEST_CASE("an unbounded card's tooltip says when its largest document crosses 16 MiB, as the CLI does",
          "[ui][canvas]") {
    Document doc;
    REQUIRE(doc.load(QString::fromStdString(test::sourceDir() + "/resources/exercises/audit-history/start.docshape")));
    canvas::DocumentScene scene(&doc);
    const canvas::EntityItem *account = scene.cardOf("e1");
    REQUIRE(account);
    CHECK(account->badgeText().endsWith(QStringLiteral("max unbounded")));
    const CollectionStat &stat = doc.analysis().collections.front();
    const std::string sentence = largestCrossingText(stat, doc.analysis().maxDocumentBytes);
    REQUIRE_FALSE(sentence.empty());
    CHECK(sentence.find("nothing bounds history") != std::string::npos);
    CHECK(account->toolTip().contains(QString::fromStdString(sentence.substr(1))));

    // Bounding the array takes the estimate away: the maximum is exact and
    // never reaches the limit.
    Relationship history = doc.project().relationships.front();
    REQUIRE(history.fieldName == "history");
    history.maxChildren = 500;
    REQUIRE(doc.changeRelationship(history, QStringLiteral("bound"), QString()));
    CHECK_FALSE(scene.cardOf("e1")->toolTip().contains(QStringLiteral("crosses 16 MiB")));
}
