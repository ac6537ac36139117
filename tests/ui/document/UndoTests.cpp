// Okular-style undo tests: apply, snapshot, undo, compare, redo, compare,
// for each command family.
#include "ui/support/UiTestHelpers.h"

#include "document/Document.h"

#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <functional>
#include <vector>

using namespace docshape;
using namespace docshape::ui;

namespace {

void checkUndoRedo(Document &doc, const std::function<void()> &apply) {
    const std::string before = serializeProject(doc.project());
    const int count = doc.undoStack()->count();
    apply();
    REQUIRE(doc.undoStack()->count() == count + 1);
    REQUIRE(doc.isModified());
    const std::string after = serializeProject(doc.project());
    REQUIRE(after != before);
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    doc.undoStack()->redo();
    CHECK(serializeProject(doc.project()) == after);
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    doc.undoStack()->redo();
}

Document &freshDocument(Document &doc) {
    doc.reset(test::makeOrderModel(), QString());
    return doc;
}

} // namespace

TEST_CASE("entity commands undo and redo exactly", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    SECTION("add") {
        checkUndoRedo(doc, [&] { REQUIRE(doc.addEntity(QStringLiteral("Review"), {100, 200})); });
        CHECK(doc.undoStack()->text(doc.undoStack()->count() - 1) == QStringLiteral("Add entity Review"));
    }
    SECTION("remove cascades and comes back") {
        REQUIRE(doc.relate("e3", "e1", Cardinality::OneToMany, Representation::ReferenceFromChild));
        checkUndoRedo(doc, [&] { REQUIRE(doc.removeEntities({"e3"})); });
        CHECK(doc.project().relationships.empty());
    }
    SECTION("change") {
        checkUndoRedo(doc, [&] {
            Entity e = *doc.project().findEntity("e1");
            e.count = 123456;
            e.deletion = DeletionPolicy::SoftDelete;
            REQUIRE(doc.changeEntity(e, QStringLiteral("Change order"), QString()));
        });
    }
    SECTION("rename") { checkUndoRedo(doc, [&] { REQUIRE(doc.renameEntity("e1", QStringLiteral("Purchase"))); }); }
    SECTION("move") {
        checkUndoRedo(doc, [&] { doc.moveEntities({{"e1", {40, 80}}, {"e2", {600, 80}}}); });
    }
}

TEST_CASE("field commands undo and redo exactly", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    SECTION("add") {
        Field f;
        f.name = "status";
        f.avgBytes = 6;
        f.maxBytes = 10;
        checkUndoRedo(doc, [&] { REQUIRE(doc.addField("e1", {}, f)); });
    }
    SECTION("remove") { checkUndoRedo(doc, [&] { REQUIRE(doc.removeField("f2")); }); }
    SECTION("change type and bounds") {
        checkUndoRedo(doc, [&] {
            Field f = *doc.project().findField("f2");
            f.type = BsonType::Array;
            f.elementType = BsonType::String;
            f.avgCount = 2;
            f.maxCount = 5;
            REQUIRE(doc.changeField(f, QStringLiteral("Change name"), QString()));
        });
    }
}

TEST_CASE("relationship commands undo and redo exactly", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    SECTION("embed") {
        checkUndoRedo(doc, [&] { REQUIRE(doc.relate("e1", "e2", Cardinality::OneToFew, Representation::EmbedArray)); });
    }
    SECTION("change representation of an existing relationship") {
        REQUIRE(doc.relate("e1", "e2", Cardinality::OneToFew, Representation::EmbedArray));
        checkUndoRedo(doc, [&] {
            REQUIRE(doc.relate("e1", "e2", Cardinality::OneToOne, Representation::EmbedOne));
        });
        CHECK(doc.project().relationships.size() == 1);
    }
    SECTION("un-embed is one step") {
        REQUIRE(doc.relate("e1", "e2", Cardinality::OneToFew, Representation::EmbedArray));
        checkUndoRedo(doc, [&] { REQUIRE(doc.unembed("e2", {900, 100})); });
        CHECK(doc.project().findEntity("e2")->position.x == 900);
    }
    SECTION("remove") {
        auto id = doc.relate("e3", "e1", Cardinality::OneToMany, Representation::ReferenceFromChild);
        REQUIRE(id);
        checkUndoRedo(doc, [&] { REQUIRE(doc.removeRelationship(*id)); });
    }
    SECTION("change bound") {
        auto id = doc.relate("e1", "e2", Cardinality::OneToFew, Representation::EmbedArray);
        REQUIRE(id);
        checkUndoRedo(doc, [&] {
            Relationship r = *doc.project().findRelationship(*id);
            r.maxChildren = 50;
            REQUIRE(doc.changeRelationship(r, QStringLiteral("Change maximum"), QStringLiteral("maxChildren")));
        });
    }
}

TEST_CASE("replacing the whole project is one undoable step", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    Project other = doc.project();
    other.name = "recovered";
    other.entities.pop_back();
    checkUndoRedo(doc, [&] { REQUIRE(doc.replaceProject(other, QStringLiteral("Recover"))); });
}

TEST_CASE("typing into one property merges into one step, back to the start is no step", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    const std::string before = serializeProject(doc.project());
    const int count = doc.undoStack()->count();
    for (const char *name : {"o", "or", "ord", "orde", "order"}) {
        Field f = *doc.project().findField("f1");
        f.name = name;
        REQUIRE(doc.changeField(f, QStringLiteral("Change name"), QStringLiteral("name")));
    }
    CHECK(doc.undoStack()->count() == count + 1);
    CHECK(doc.project().findField("f1")->name == "order");
    doc.undoStack()->undo();
    CHECK(serializeProject(doc.project()) == before);
    doc.undoStack()->redo();

    // Typing back to the original value makes the merged command obsolete.
    Field f = *doc.project().findField("f1");
    f.name = "orderNumber";
    REQUIRE(doc.changeField(f, QStringLiteral("Change name"), QStringLiteral("name")));
    CHECK(doc.undoStack()->count() == count);
    CHECK(serializeProject(doc.project()) == before);
    CHECK_FALSE(doc.isModified());
}

TEST_CASE("an edit the validator refuses changes nothing and says why", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    const std::string before = serializeProject(doc.project());
    Field f = *doc.project().findField("f2");
    f.avgBytes = 100; // above maxBytes 32
    Status status = doc.changeField(f, QStringLiteral("Change average"), QStringLiteral("avgBytes"));
    REQUIRE_FALSE(status);
    CHECK_FALSE(status.error().message.empty());
    Field unnamed = *doc.project().findField("f2");
    unnamed.name.clear();
    CHECK_FALSE(doc.changeField(unnamed, QStringLiteral("Change name"), QStringLiteral("name")));
    CHECK(doc.undoStack()->count() == 0);
    CHECK(serializeProject(doc.project()) == before);
}

TEST_CASE("a file that fails to load changes nothing", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    REQUIRE(doc.addEntity(QStringLiteral("Review"), {}));
    const std::string before = serializeProject(doc.project());
    Status status = doc.load(QStringLiteral("/nonexistent/model.docshape"));
    CHECK_FALSE(status);
    CHECK(serializeProject(doc.project()) == before);
    CHECK(doc.undoStack()->count() == 1);
}

TEST_CASE("undo announces the reverse of what the edit announced, a project replacement included", "[ui][undo]") {
    Document doc;
    freshDocument(doc);
    std::vector<ChangeEvent> events;
    QObject::connect(&doc, &Document::changed, &doc, [&](const ChangeEvent &e) { events.push_back(e); });
    // Applies one edit, undoes and redoes it; returns what the edit announced.
    const auto roundTrip = [&](const std::function<void()> &apply) {
        events.clear();
        apply();
        REQUIRE(events.size() == 1);
        const ChangeEvent applied = events[0];
        doc.undoStack()->undo();
        REQUIRE(events.size() == 2);
        CHECK(events[1] == applied.reversed());
        doc.undoStack()->redo();
        REQUIRE(events.size() == 3);
        CHECK(events[2] == applied);
        return applied;
    };

    SECTION("a project replacement is a reset both ways, and undo brings the old project") {
        const Project before = doc.project();
        Project other = before;
        other.name = "recovered";
        other.entities.pop_back();
        const ChangeEvent applied =
            roundTrip([&] { REQUIRE(doc.replaceProject(other, QStringLiteral("Recover"))); });
        CHECK(applied.reset);
        CHECK(events[1].reset);
        doc.undoStack()->undo();
        CHECK(events.back().reset);
        CHECK(doc.project() == before);
    }
    SECTION("an added entity is removed on undo") {
        std::string id;
        const ChangeEvent applied = roundTrip([&] {
            auto added = doc.addEntity(QStringLiteral("Review"), {100, 200});
            REQUIRE(added);
            id = *added;
        });
        CHECK(applied == ChangeEvent(Change::entity(Change::Action::Added, id)));
        CHECK(events[1] == ChangeEvent(Change::entity(Change::Action::Removed, id)));
    }
    SECTION("a removal that cascades comes back in the reverse order") {
        REQUIRE(doc.relate("e3", "e1", Cardinality::OneToMany, Representation::ReferenceFromChild));
        const ChangeEvent applied = roundTrip([&] { REQUIRE(doc.removeEntities({"e3"})); });
        CHECK(applied.touches(Change::Object::Relationship));
        CHECK(applied.touches(Change::Object::Entity));
        CHECK_FALSE(applied.reset);
    }
    SECTION("a field change names the field and its entity") {
        const ChangeEvent applied = roundTrip([&] {
            Field f = *doc.project().findField("f2");
            f.maxBytes = 40;
            REQUIRE(doc.changeField(f, QStringLiteral("Change maximum"), QStringLiteral("maxBytes")));
        });
        REQUIRE(applied.changes.size() == 1);
        CHECK(applied.changes[0].object == Change::Object::Field);
        CHECK(applied.changes[0].id == "f2");
        CHECK(applied.changes[0].entityId == "e2");
        CHECK(applied.changes[0].action == Change::Action::Changed);
    }
}
