// Okular-style undo tests of the access-pattern command families: apply,
// snapshot, undo, compare, redo, compare.
#include "ui/support/UiTestHelpers.h"

#include "document/Document.h"

#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <functional>

using namespace docshape;
using namespace docshape::ui;

namespace {

void checkUndoRedo(Document &doc, const std::function<void()> &apply) {
    const std::string before = serializeProject(doc.project());
    const int count = doc.undoStack()->count();
    apply();
    REQUIRE(doc.undoStack()->count() == count + 1);
    const std::string after = serializeProject(doc.project());
    REQUIRE(after != before);
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    doc.undoStack()->redo();
    CHECK(serializeProject(doc.project()) == after);
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    doc.undoStack()->redo();
    CHECK(serializeProject(doc.project()) == after);
}

AccessPattern pattern(std::string id, std::string name) {
    AccessPattern q;
    q.id = std::move(id);
    q.name = std::move(name);
    q.entityId = "e1";
    q.operation = Operation::FindMany;
    q.equality = {"orderNumber"};
    q.frequencyPerSecond = 5;
    return q;
}

Project modelWithPatterns() {
    Project p = test::makeOrderModel();
    p.accessPatterns = {pattern("q1", "by number"), pattern("q2", "recent"), pattern("q3", "all")};
    return p;
}

} // namespace

TEST_CASE("adding an access pattern undoes and redoes exactly", "[ui][undo][panels]") {
    Document doc;
    doc.reset(modelWithPatterns(), QString());
    AccessPattern q = pattern("", "customer lookup");
    q.entityId = "e3";
    q.equality = {"email"};
    std::string id;
    checkUndoRedo(doc, [&] {
        auto added = doc.addAccessPattern(q);
        REQUIRE(added);
        id = *added;
    });
    CHECK(id == "q4");
    REQUIRE(doc.project().accessPatterns.size() == 4);
    CHECK(doc.project().accessPatterns.back().name == "customer lookup");
    CHECK(doc.undoStack()->text(doc.undoStack()->count() - 1) == QStringLiteral("Add access pattern customer lookup"));
}

TEST_CASE("removing an access pattern restores it in its row", "[ui][undo][panels]") {
    Document doc;
    doc.reset(modelWithPatterns(), QString());
    checkUndoRedo(doc, [&] { REQUIRE(doc.removeAccessPattern("q2")); });
    REQUIRE(doc.project().accessPatterns.size() == 2);
    doc.undoStack()->undo();
    REQUIRE(doc.project().accessPatterns.size() == 3);
    CHECK(doc.project().accessPatterns[1].id == "q2"); // back in the middle, not at the end
    CHECK_FALSE(doc.removeAccessPattern("nope"));
}

TEST_CASE("changing an access pattern undoes and redoes exactly", "[ui][undo][panels]") {
    Document doc;
    doc.reset(modelWithPatterns(), QString());
    SECTION("every column at once") {
        checkUndoRedo(doc, [&] {
            AccessPattern q = *doc.project().findAccessPattern("q2");
            q.sort = {{"orderNumber", -1}};
            q.range = {"createdAt"};
            q.limit = 20;
            q.kind = AccessKind::Write;
            q.operation = Operation::Update;
            q.latencyBudgetMs = 50;
            REQUIRE(doc.changeAccessPattern(q, QStringLiteral("Change")));
        });
    }
    SECTION("an unchanged value pushes nothing") {
        const int count = doc.undoStack()->count();
        REQUIRE(doc.changeAccessPattern(*doc.project().findAccessPattern("q1"), QStringLiteral("Change")));
        CHECK(doc.undoStack()->count() == count);
    }
    SECTION("a refused edit leaves model and stack unchanged") {
        const std::string before = serializeProject(doc.project());
        const int count = doc.undoStack()->count();
        AccessPattern q = *doc.project().findAccessPattern("q1");
        q.entityId = "no-such-entity";
        Status status = doc.changeAccessPattern(q, QStringLiteral("Change"));
        REQUIRE_FALSE(status);
        CHECK(status.error().toString().find("no-such-entity") != std::string::npos);
        CHECK(doc.undoStack()->count() == count);
        CHECK(serializeProject(doc.project()) == before);
    }
}

TEST_CASE("typing into one column merges, typing back makes the step obsolete", "[ui][undo][panels]") {
    Document doc;
    doc.reset(modelWithPatterns(), QString());
    const std::string before = serializeProject(doc.project());
    const int count = doc.undoStack()->count();
    AccessPattern q = *doc.project().findAccessPattern("q1");
    for (double f : {6.0, 60.0, 600.0}) {
        q.frequencyPerSecond = f;
        REQUIRE(doc.changeAccessPattern(q, QStringLiteral("Frequency"), QStringLiteral("frequency")));
    }
    CHECK(doc.undoStack()->count() == count + 1);
    CHECK(doc.project().findAccessPattern("q1")->frequencyPerSecond == 600);
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    doc.undoStack()->redo();

    // Another column is another step.
    q.latencyBudgetMs = 10;
    REQUIRE(doc.changeAccessPattern(q, QStringLiteral("Budget"), QStringLiteral("budget")));
    CHECK(doc.undoStack()->count() == count + 2);
    q.latencyBudgetMs = 0;
    REQUIRE(doc.changeAccessPattern(q, QStringLiteral("Budget"), QStringLiteral("budget")));
    // Back at the start of that step: it is dropped.
    CHECK(doc.undoStack()->count() == count + 1);
}
