// The Document recomputes the analysis for what each edit touched (issue
// 16): after every edit, undo and redo of a random series on each bundled
// example, its analysis equals analyze() of its project, the whole
// analysis done afresh; and the advice equals advise() done afresh. This
// checks the mapping from the edit's change event to what the analysis
// must measure and the advisor check again.
#include "advisor/Advisor.h"
#include "canvas/DocumentScene.h"
#include "canvas/EntityItem.h"
#include "document/Document.h"
#include "panels/AdviceSource.h"
#include "edit/ModelLookup.h"
#include "estimate/Analysis.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <QUndoStack>

#include <algorithm>
#include <random>
#include <set>
#include <string>
#include <vector>

using namespace docshape;
using namespace docshape::ui;

namespace {

template <typename T> const T &pick(const std::vector<T> &items, std::mt19937 &rng) {
    return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

std::vector<const Field *> fieldsOf(const Project &p) {
    std::vector<const Field *> out;
    const auto add = [&](auto &self, const std::vector<Field> &fields) -> void {
        for (const Field &f : fields) {
            out.push_back(&f);
            self(self, f.fields);
        }
    };
    for (const Entity &e : p.entities)
        add(add, e.fields);
    return out;
}

// One edit through the Document's API, as the inspector and the canvas make
// them; its result may be a refusal (an edit the model does not allow).
std::string randomEdit(Document &doc, std::mt19937 &rng) {
    const Project &p = doc.project();
    switch (std::uniform_int_distribution<int>(0, 12)(rng)) {
    case 0: {
        Field f = *pick(fieldsOf(p), rng);
        f.avgBytes = f.avgBytes * 1.5 + 1;
        f.maxBytes = std::max<std::uint64_t>(f.maxBytes, std::uint64_t(f.avgBytes) + 1);
        (void)doc.changeField(f, QStringLiteral("size"), QStringLiteral("avgBytes"));
        return "field size " + f.id;
    }
    case 1: {
        Entity e = pick(p.entities, rng);
        e.count = e.count * 2 + 5;
        (void)doc.changeEntity(e, QStringLiteral("count"), QStringLiteral("count"));
        return "entity count " + e.id;
    }
    case 2: {
        if (p.relationships.empty())
            return "none";
        Relationship r = pick(p.relationships, rng);
        r.avgChildren += 1;
        if (r.maxChildren && double(*r.maxChildren) < r.avgChildren)
            r.maxChildren = std::uint64_t(r.avgChildren) + 1;
        (void)doc.changeRelationship(r, QStringLiteral("average"), QStringLiteral("avgChildren"));
        return "relationship average " + r.id;
    }
    case 3: {
        if (p.indexes.empty())
            return "none";
        IndexSpec ix = pick(p.indexes, rng);
        ix.sparse = !ix.sparse;
        (void)doc.changeIndex(ix, QStringLiteral("sparse"), QStringLiteral("sparse"));
        return "index sparse " + ix.id;
    }
    case 4: {
        if (p.indexes.empty())
            return "none";
        const std::string id = pick(p.indexes, rng).id;
        (void)doc.removeIndex(id);
        return "index removed " + id;
    }
    case 5: {
        const std::string entity = pick(p.entities, rng).id;
        Field f;
        f.name = "extra" + std::to_string(p.entities.size() + p.indexes.size());
        f.avgBytes = 10;
        f.maxBytes = 30;
        (void)doc.addField(entity, "", f);
        return "field added to " + entity;
    }
    case 6: {
        const Entity &e = pick(p.entities, rng);
        (void)doc.renameEntity(e.id, QString::fromStdString(e.name + "X"));
        return "entity renamed " + e.id;
    }
    case 7:
        doc.undoStack()->undo();
        return "undo";
    case 8: {
        const std::string id = pick(fieldsOf(p), rng)->id;
        (void)doc.removeField(id);
        return "field removed " + id;
    }
    case 10: {
        if (p.accessPatterns.empty())
            return "none";
        AccessPattern q = pick(p.accessPatterns, rng);
        q.frequencyPerSecond = q.frequencyPerSecond * 3 + 40;
        (void)doc.changeAccessPattern(q, QStringLiteral("frequency"), QStringLiteral("frequency"));
        return "pattern frequency " + q.id;
    }
    case 11: {
        if (p.accessPatterns.empty())
            return "none";
        AccessPattern q = pick(p.accessPatterns, rng);
        q.equality.push_back(rng() % 2 ? "noSuchField" : "_id");
        (void)doc.changeAccessPattern(q, QStringLiteral("filter"), QStringLiteral("equality"));
        return "pattern filter " + q.id;
    }
    case 12: {
        if (p.accessPatterns.empty())
            return "none";
        if (rng() % 2) {
            AccessPattern q = pick(p.accessPatterns, rng);
            q.id.clear();
            q.name += " again";
            (void)doc.addAccessPattern(q);
            return "pattern added";
        }
        const std::string id = pick(p.accessPatterns, rng).id;
        (void)doc.removeAccessPattern(id);
        return "pattern removed " + id;
    }
    default:
        doc.undoStack()->redo();
        return "redo";
    }
}

} // namespace

TEST_CASE("after every edit, undo and redo the document's analysis is the whole analysis of its project, and each field's owner is found",
          "[ui][document][reanalyze]") {
    const std::vector<std::string> examples = test::examplePaths();
    REQUIRE(examples.size() >= 7);
    std::mt19937 rng(160);
    for (const std::string &path : examples) {
        Document doc;
        REQUIRE(doc.load(QString::fromStdString(path)));
        std::set<std::string> seen; // every field id the document has had
        for (int round = 0; round < 40; ++round) {
            const std::string what = randomEdit(doc, rng);
            INFO(path << ", round " << round << ": " << what);
            const Analysis full = analyze(doc.project());
            const Analysis &kept = doc.analysis();
            REQUIRE(kept.collections.size() == full.collections.size());
            for (std::size_t i = 0; i < full.collections.size(); ++i) {
                INFO("collection " << full.collections[i].name);
                CHECK(kept.collections[i] == full.collections[i]);
            }
            CHECK(kept.problems == full.problems);
            // The owner of every field, as a walk over the model finds it;
            // none for a field an edit or an undo took away.
            for (const Field *f : fieldsOf(doc.project()))
                seen.insert(f->id);
            for (const std::string &id : seen) {
                CHECK(doc.entityOfField(id) == edit::entityOfField(doc.project(), id));
                CHECK(doc.findField(id) == doc.project().findField(id));
            }
        }
    }
}

// The advice panels read carries over what an edit did not touch (the
// advisor's memo): read after every edit, or after several as while no
// panel shows advice, it equals advise() of the project done afresh. The
// canvas badges, updated for the collections measured again, are those of
// a scene drawn afresh, and each card holds the texts a fresh one draws.
TEST_CASE("after every edit, undo and redo the panels' advice is the whole advice of the project",
          "[ui][document][reanalyze][memo]") {
    const std::vector<std::string> examples = test::examplePaths();
    std::mt19937 rng(1606);
    int compared = 0;
    for (const std::string &path : examples) {
        Document doc;
        REQUIRE(doc.load(QString::fromStdString(path)));
        panels::AdviceSource source(&doc);
        canvas::DocumentScene scene(&doc); // follows the edits
        for (int round = 0; round < 40; ++round) {
            const std::string what = randomEdit(doc, rng);
            if (rng() % 3 == 0)
                continue; // read later, with the edits after it
            INFO(path << ", round " << round << ": " << what);
            const Advice full = advise(doc.project(), analyze(doc.project()));
            const Advice &kept = source.advice();
            REQUIRE(kept.findings.size() == full.findings.size());
            for (std::size_t i = 0; i < full.findings.size(); ++i) {
                INFO("finding " << full.findings[i].message());
                CHECK(kept.findings[i] == full.findings[i]);
            }
            REQUIRE(kept.worksheets.size() == full.worksheets.size());
            for (std::size_t i = 0; i < full.worksheets.size(); ++i)
                CHECK(kept.worksheets[i] == full.worksheets[i]);
            // Each card's size badge, as a scene drawn afresh shows it.
            canvas::DocumentScene fresh(&doc);
            for (const Entity &e : doc.project().entities) {
                INFO("card " << e.name);
                REQUIRE(scene.cardOf(e.id));
                REQUIRE(fresh.cardOf(e.id));
                CHECK(scene.cardOf(e.id)->badgeText() == fresh.cardOf(e.id)->badgeText());
                CHECK(scene.cardOf(e.id)->toolTip() == fresh.cardOf(e.id)->toolTip());
                // What it draws: a card keeps the laid-out texts of the
                // rows that did not change, and only of those.
                CHECK(scene.cardOf(e.id)->laidOutTexts() == fresh.cardOf(e.id)->laidOutTexts());
            }
            ++compared;
        }
    }
    CHECK(compared > 150);
}
