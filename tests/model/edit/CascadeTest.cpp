// Removals that cascade through the model, and their exact undo.
#include "model/io/SampleProjects.h"

#include "edit/Cascade.h"
#include "edit/ModelLookup.h"
#include "io/ProjectFile.h"

#include <catch2/catch.hpp>

#include <algorithm>

using namespace docshape;

namespace {

// Whether any object of the project still names the id.
bool referenced(const Project &p, const std::string &id) {
    for (const auto &r : p.relationships)
        if (r.parentId == id || r.childId == id ||
            std::find(r.copiedFieldIds.begin(), r.copiedFieldIds.end(), id) != r.copiedFieldIds.end())
            return true;
    for (const auto &q : p.accessPatterns)
        if (q.entityId == id || std::find(q.alsoReads.begin(), q.alsoReads.end(), id) != q.alsoReads.end())
            return true;
    for (const auto &ix : p.indexes)
        if (ix.entityId == id)
            return true;
    for (const auto &e : p.entities)
        for (const auto &fid : edit::fieldIdsOf(e))
            if (std::as_const(p).findField(fid)->details->duplicatedFrom == id)
                return true;
    return false;
}

} // namespace

TEST_CASE("removing each entity drops what refers to it, and restore gives the project back", "[edit][cascade]") {
    const Project original = test::makeFullProject();
    REQUIRE(validateProject(original).ok());
    for (const Entity &entity : original.entities) {
        INFO(entity.name);
        Project p = original;
        const std::vector<std::string> fieldIds = edit::fieldIdsOf(entity);
        const edit::Removal removal = edit::removeEntities(p, {entity.id});
        CHECK_FALSE(p.findEntity(entity.id));
        CHECK_FALSE(referenced(p, entity.id));
        for (const auto &id : fieldIds) {
            CHECK_FALSE(p.findField(id));
            CHECK_FALSE(referenced(p, id));
        }
        // Everything that went is named, the entity and its fields first.
        REQUIRE(removal.removedIds.size() >= 1 + fieldIds.size());
        CHECK(removal.removedIds.front() == entity.id);
        edit::restore(p, removal);
        CHECK(p == original);
    }
}

TEST_CASE("removing several entities at once restores their order", "[edit][cascade]") {
    const Project original = test::makeFullProject();
    std::vector<std::string> ids;
    for (std::size_t i = 0; i < original.entities.size(); i += 2)
        ids.push_back(original.entities[i].id);
    Project p = original;
    const edit::Removal removal = edit::removeEntities(p, ids);
    CHECK(p.entities.size() == original.entities.size() - ids.size());
    for (const auto &id : ids)
        CHECK_FALSE(referenced(p, id));
    edit::restore(p, removal);
    CHECK(p == original);
    // Unknown ids remove nothing.
    Project same = original;
    CHECK(edit::removeEntities(same, {"no-such-entity"}).empty());
    CHECK(same == original);
}

TEST_CASE("removing each field drops its copies and sources, and restore gives the project back", "[edit][cascade]") {
    const Project original = test::makeFullProject();
    std::vector<std::string> fieldIds;
    for (const auto &e : original.entities)
        for (const auto &id : edit::fieldIdsOf(e))
            fieldIds.push_back(id);
    REQUIRE(fieldIds.size() > 20);
    for (const auto &id : fieldIds) {
        INFO(id);
        Project p = original;
        const Field removedField = *original.findField(id);
        const edit::Removal removal = edit::removeField(p, id);
        for (const auto &gone : edit::fieldIdsOf(removedField)) {
            CHECK_FALSE(p.findField(gone));
            CHECK_FALSE(referenced(p, gone));
        }
        CHECK(removal.removedIds == edit::fieldIdsOf(removedField));
        edit::restore(p, removal);
        CHECK(p == original);
    }
}

TEST_CASE("removing an entity clears copies of its fields, and gives other fields no details", "[edit][cascade]") {
    Project p;
    Entity source;
    source.id = "e1";
    source.name = "Customer";
    source.fields.push_back(Field{.name = "name", .id = "f1"});
    Entity copier;
    copier.id = "e2";
    copier.name = "Order";
    Field copy{.name = "customerName", .id = "f2"};
    copy.details.edit().duplicatedFrom = "f1";
    copy.details.edit().duplication = Duplication::Snapshot;
    copier.fields.push_back(copy);
    copier.fields.push_back(Field{.name = "total", .id = "f3"});
    p.entities = {source, copier};
    const Project original = p;

    const edit::Removal removal = edit::removeEntities(p, {"e1"});
    REQUIRE(p.entities.size() == 1);
    const Field &copied = p.entities[0].fields[0];
    CHECK(copied.details->duplicatedFrom.empty());
    CHECK(copied.details->duplication == Duplication::None);
    // Reading a field's details to look for copies must not create them.
    CHECK_FALSE(p.entities[0].fields[1].details.isSet());
    CHECK(validateProject(p).ok());
    // Its value before the removal is kept, for undo.
    REQUIRE(removal.changedEntities.size() == 1);
    CHECK(removal.changedEntities[0] == original.entities[1]);
    edit::restore(p, removal);
    CHECK(p == original);
}
