// The Document's index methods (issue 16 item 3), Okular-style: apply,
// snapshot, undo, compare, redo, compare; and the change events that the
// views (a future Indexes panel among them) update from.
#include "ui/support/UiTestHelpers.h"

#include "document/Document.h"

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

using namespace docshape;
using namespace docshape::ui;

namespace {

void checkUndoRedo(Document &doc, const std::function<void()> &apply) {
    const Project before = doc.project();
    const int count = doc.undoStack()->count();
    apply();
    REQUIRE(doc.undoStack()->count() == count + 1);
    REQUIRE(doc.isModified());
    const Project after = doc.project();
    REQUIRE_FALSE(after == before);
    doc.undoStack()->undo();
    CHECK(doc.project() == before);
    doc.undoStack()->redo();
    CHECK(doc.project() == after);
    doc.undoStack()->undo();
    CHECK(doc.project() == before);
    doc.undoStack()->redo();
    CHECK(doc.project() == after);
}

IndexSpec index(std::string id, std::string entityId, std::string path, std::string kind = "1") {
    IndexSpec ix;
    ix.id = std::move(id);
    ix.entityId = std::move(entityId);
    ix.keys = {{std::move(path), std::move(kind)}};
    return ix;
}

Project modelWithIndexes() {
    Project p = test::makeOrderModel();
    p.indexes = {index("i1", "e1", "orderNumber"), index("i2", "e3", "email"),
                 index("i3", "e2", "quantity", "-1")};
    return p;
}

// The index stats the analysis has for the collection rooted at the entity.
std::vector<std::string> analysedIndexNames(const Document &doc, const std::string &entityId) {
    std::vector<std::string> names;
    if (const CollectionStat *stat = doc.collectionStatOf(entityId))
        for (const auto &ix : stat->indexes)
            names.push_back(ix.name);
    return names;
}

struct EventLog {
    std::vector<ChangeEvent> events;
    explicit EventLog(Document &doc) {
        QObject::connect(&doc, &Document::changed, &doc, [this](const ChangeEvent &e) { events.push_back(e); });
    }
};

} // namespace

TEST_CASE("adding an index undoes and redoes exactly, and the analysis follows", "[ui][undo][indexes]") {
    Document doc;
    doc.reset(modelWithIndexes(), QString());
    IndexSpec ix = index("", "e1", "orderNumber", "-1");
    ix.keys.push_back({"createdAt", "1"});
    ix.unique = true;
    std::string id;
    checkUndoRedo(doc, [&] {
        auto added = doc.addIndex(ix);
        REQUIRE(added);
        id = *added;
    });
    CHECK(id == "i4"); // a fresh id, not one in use
    REQUIRE(doc.project().indexes.size() == 4);
    CHECK(doc.project().indexes.back().id == "i4");
    CHECK(doc.project().indexes.back().unique);
    CHECK(doc.undoStack()->text(doc.undoStack()->count() - 1) ==
          QStringLiteral("Add index orderNumber_-1_createdAt_1"));
    // _id_ first, then the model's indexes of that collection.
    CHECK(analysedIndexNames(doc, "e1") ==
          std::vector<std::string>{"_id_", "orderNumber_1", "orderNumber_-1_createdAt_1"});
    doc.undoStack()->undo();
    CHECK(analysedIndexNames(doc, "e1") == std::vector<std::string>{"_id_", "orderNumber_1"});
}

TEST_CASE("removing an index restores it in its place", "[ui][undo][indexes]") {
    Document doc;
    doc.reset(modelWithIndexes(), QString());
    checkUndoRedo(doc, [&] { REQUIRE(doc.removeIndex("i2")); });
    REQUIRE(doc.project().indexes.size() == 2);
    CHECK(analysedIndexNames(doc, "e3") == std::vector<std::string>{"_id_"});
    doc.undoStack()->undo();
    REQUIRE(doc.project().indexes.size() == 3);
    CHECK(doc.project().indexes[1].id == "i2"); // back in the middle, not at the end
    CHECK(analysedIndexNames(doc, "e3") == std::vector<std::string>{"_id_", "email_1"});

    const int count = doc.undoStack()->count();
    Status status = doc.removeIndex("nope");
    REQUIRE_FALSE(status);
    CHECK(status.error().toString().find("nope") != std::string::npos);
    CHECK(doc.undoStack()->count() == count);
}

TEST_CASE("changing an index undoes and redoes exactly", "[ui][undo][indexes]") {
    Document doc;
    doc.reset(modelWithIndexes(), QString());
    SECTION("every property at once") {
        checkUndoRedo(doc, [&] {
            IndexSpec ix = *doc.project().findIndex("i2");
            ix.name = "byEmail";
            ix.keys = {{"email", "hashed"}};
            // Not sparse: the server refuses sparse with a partial filter
            // (index_catalog_impl.cpp, "cannot mix ... options"), and
            // Document refuses what the server refuses.
            ix.partialFilter = R"({"email":{"$exists":true}})";
            ix.partialSelectivity = 0.5;
            ix.expireAfterSeconds = 3600;
            ix.collation = Collation{"en", 2};
            REQUIRE(doc.changeIndex(ix, QStringLiteral("Change index")));
        });
        CHECK(analysedIndexNames(doc, "e3") == std::vector<std::string>{"_id_", "byEmail"});
    }
    SECTION("an unchanged value pushes nothing") {
        const int count = doc.undoStack()->count();
        REQUIRE(doc.changeIndex(*doc.project().findIndex("i1"), QStringLiteral("Change index")));
        CHECK(doc.undoStack()->count() == count);
    }
    SECTION("refused edits leave model and stack unchanged, and say where and what") {
        const Project before = doc.project();
        const int count = doc.undoStack()->count();
        IndexSpec noKeys = *doc.project().findIndex("i1");
        noKeys.keys.clear();
        Status status = doc.changeIndex(noKeys, QStringLiteral("Change index"));
        REQUIRE_FALSE(status);
        CHECK(status.error().toString().find("has no keys") != std::string::npos);

        // Two indexes of one collection cannot share a name (the server
        // refuses createIndexes with an existing name: IndexOptionsConflict).
        IndexSpec same = index("", "e1", "orderNumber");
        same.name = "orderNumber_1";
        auto added = doc.addIndex(same);
        REQUIRE_FALSE(added);
        CHECK(added.error().toString().find("orderNumber_1") != std::string::npos);

        IndexSpec nowhere = *doc.project().findIndex("i1");
        nowhere.entityId = "no-such-entity";
        status = doc.changeIndex(nowhere, QStringLiteral("Change index"));
        REQUIRE_FALSE(status);
        CHECK(status.error().toString().find("no-such-entity") != std::string::npos);

        CHECK(doc.undoStack()->count() == count);
        CHECK(doc.project() == before);
    }
}

TEST_CASE("typing into one index property merges, typing back makes the step obsolete", "[ui][undo][indexes]") {
    Document doc;
    doc.reset(modelWithIndexes(), QString());
    const Project before = doc.project();
    const int count = doc.undoStack()->count();
    IndexSpec ix = *doc.project().findIndex("i1");
    for (const char *name : {"b", "by", "byNumber"}) {
        ix.name = name;
        REQUIRE(doc.changeIndex(ix, QStringLiteral("Rename index"), QStringLiteral("name")));
    }
    CHECK(doc.undoStack()->count() == count + 1);
    CHECK(doc.project().findIndex("i1")->name == "byNumber");
    doc.undoStack()->undo();
    CHECK(doc.project() == before);
    doc.undoStack()->redo();

    // Another property is another step; back at its start, it is dropped.
    ix.partialSelectivity = 0.25;
    REQUIRE(doc.changeIndex(ix, QStringLiteral("Selectivity"), QStringLiteral("selectivity")));
    CHECK(doc.undoStack()->count() == count + 2);
    ix.partialSelectivity = 1;
    REQUIRE(doc.changeIndex(ix, QStringLiteral("Selectivity"), QStringLiteral("selectivity")));
    CHECK(doc.undoStack()->count() == count + 1);
}

TEST_CASE("index edits announce which index changed and how, and undo announces the reverse", "[ui][undo][indexes]") {
    Document doc;
    doc.reset(modelWithIndexes(), QString());
    EventLog log(doc);

    auto id = doc.addIndex(index("", "e2", "name"));
    REQUIRE(id);
    REQUIRE(log.events.size() == 1);
    CHECK(log.events[0] == ChangeEvent(Change::index(Change::Action::Added, *id)));
    doc.undoStack()->undo();
    CHECK(log.events.back() == ChangeEvent(Change::index(Change::Action::Removed, *id)));
    doc.undoStack()->redo();

    IndexSpec ix = *doc.project().findIndex("i3");
    ix.name = "byQuantity";
    REQUIRE(doc.changeIndex(ix, QStringLiteral("Rename index")));
    CHECK(log.events.back() == ChangeEvent(Change::index(Change::Action::Changed, "i3", Change::Name)));
    ix.unique = true;
    REQUIRE(doc.changeIndex(ix, QStringLiteral("Unique")));
    CHECK(log.events.back() == ChangeEvent(Change::index(Change::Action::Changed, "i3", Change::Other)));

    REQUIRE(doc.removeIndex("i1"));
    CHECK(log.events.back() == ChangeEvent(Change::index(Change::Action::Removed, "i1")));
    doc.undoStack()->undo();
    CHECK(log.events.back() == ChangeEvent(Change::index(Change::Action::Added, "i1")));
    for (const ChangeEvent &e : log.events) {
        CHECK_FALSE(e.reset);
        CHECK(e.affectsEstimates());
        CHECK_FALSE(e.affectsCollections());
    }
}
