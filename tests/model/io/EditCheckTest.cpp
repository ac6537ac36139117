// EditCheck validates an edit by what it touched. validateProject is the
// rule it must agree with (the loader refuses exactly what it refuses), so
// every edit here, valid or not, is checked against it; the refusals come
// from validateProject's own rules (ValidateProjectTest).
#include "model/io/SampleProjects.h"
#include "support/ModelBuilders.h"

#include "io/ProjectFile.h"
#include "io/ProjectValidator.h"

#include <catch2/catch.hpp>

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

using namespace docshape;

namespace {

// The project with two embeddings and copied fields that the edits below
// rearrange: makeFullProject plus nothing, so that every rule has material.
Project base() { return test::makeFullProject(); }

// Returns whether the edit was valid.
bool expectAgreement(const Project &before, const EditScope &scope, const std::function<void(Project &)> &edit) {
    Project after = before;
    edit(after);
    const Status expected = validateProject(after);
    const Status got = EditCheck(before, scope).check(after);
    INFO("validateProject: " << (expected.ok() ? std::string("ok") : expected.error().toString()));
    REQUIRE(got.ok() == expected.ok());
    if (!expected.ok()) {
        CHECK(got.error().where == expected.error().where);
        CHECK(got.error().message == expected.error().message);
    }
    return expected.ok();
}

// Numerical Recipes LCG: the same edits on every platform.
struct Sequence {
    std::uint32_t state = 7;
    std::uint32_t next() { return (state = state * 1664525u + 1013904223u) >> 8; }
    std::size_t below(std::size_t n) { return n == 0 ? 0 : next() % n; }
};

std::vector<std::string> allFieldIds(const Project &p) {
    std::vector<std::string> ids;
    const std::function<void(const std::vector<Field> &)> walk = [&](const std::vector<Field> &fields) {
        for (const auto &f : fields) {
            ids.push_back(f.id);
            walk(f.fields);
        }
    };
    for (const auto &e : p.entities) {
        walk(e.fields);
        for (const auto &v : e.variants)
            walk(v.fields);
    }
    return ids;
}

Field *anyField(std::vector<Field> &fields, Sequence &random) {
    if (fields.empty())
        return nullptr;
    Field &f = fields[random.below(fields.size())];
    if (!f.fields.empty() && random.below(2) == 0)
        if (Field *nested = anyField(f.fields, random))
            return nested;
    return &f;
}

} // namespace

TEST_CASE("an edit checked by what it touched is refused exactly when validateProject refuses it", "[io][validate][edit]") {
    const Project original = base();
    REQUIRE(validateProject(original).ok());
    const std::vector<std::string> fieldIds = allFieldIds(original);
    Sequence random;
    const Representation representations[] = {
        Representation::EmbedOne, Representation::EmbedArray,  Representation::ReferenceFromChild,
        Representation::TwoWay,   Representation::Subset,      Representation::ExtendedReference,
        Representation::Bucket,   Representation::Junction,    Representation::ReferenceArrayInParent};
    int accepted = 0;
    int refused = 0;
    const auto count = [&](bool ok) { ++(ok ? accepted : refused); };
    for (int round = 0; round < 3000; ++round) {
        INFO("round " << round);
        const std::size_t kind = random.below(5);
        const std::uint32_t what = random.next();
        const auto pick = [&](std::size_t n) { return random.below(n); };
        const std::string otherEntity = original.entities[pick(original.entities.size())].id;
        const std::string someField = fieldIds[pick(fieldIds.size())];
        if (kind == 0) { // an entity's properties or its fields
            const std::size_t e = pick(original.entities.size());
            EditScope scope{.entities = {original.entities[e].id}};
            count(expectAgreement(original, scope, [&](Project &p) {
                Entity &entity = p.entities[e];
                switch (what % 9) {
                case 0: entity.name = p.entities[pick(p.entities.size())].name; break;
                case 1: entity.collectionName = p.entities[pick(p.entities.size())].name; break;
                case 2: entity.count = what % 3 == 0 ? -1 : 5; break;
                case 3: entity.name.clear(); break;
                case 4: // a new field, perhaps with an id or a name already in use
                    entity.fields.push_back(Field{.name = what % 2 ? "fresh" : (entity.fields.empty() ? "x" : entity.fields[0].name),
                                                  .id = what % 4 < 2 ? "fNew" : someField});
                    break;
                case 5: // a field leaves (its copies and sources may point at it)
                    if (!entity.fields.empty())
                        entity.fields.erase(entity.fields.begin() + std::ptrdiff_t(pick(entity.fields.size())));
                    break;
                case 6:
                    if (Field *f = anyField(entity.fields, random))
                        f->details.edit().duplicatedFrom = what % 3 == 0 ? "nowhere" : someField;
                    break;
                case 7:
                    if (Field *f = anyField(entity.fields, random)) {
                        f->avgBytes = double(what % 100);
                        f->maxBytes = what % 50;
                        f->type = what % 5 == 0 ? BsonType::Int : f->type;
                    }
                    break;
                case 8:
                    if (Field *f = anyField(entity.fields, random))
                        f->id = what % 2 ? someField : f->id + "x";
                    break;
                }
            }));
        } else if (kind == 1 && !original.relationships.empty()) { // a relationship
            const std::size_t r = pick(original.relationships.size());
            EditScope scope{.relationships = {original.relationships[r].id}};
            count(expectAgreement(original, scope, [&](Project &p) {
                Relationship &rel = p.relationships[r];
                switch (what % 6) {
                case 0: rel.representation = representations[pick(std::size(representations))]; break;
                case 1: rel.parentId = otherEntity; break;
                case 2: rel.childId = otherEntity; break;
                case 3: rel.copiedFieldIds.push_back(someField); break;
                case 4:
                    rel.avgChildren = double(what % 20);
                    rel.maxChildren = what % 3 == 0 ? std::nullopt : std::optional<std::uint64_t>(what % 15);
                    break;
                case 5: rel.fieldName = what % 2 ? "$bad" : "ok"; break;
                }
            }));
        } else if (kind == 2) { // a new relationship
            // The command names the id it adds, even one already in use.
            const std::string id = what % 7 == 0 ? original.relationships.front().id : "rNew";
            EditScope scope{.relationships = {id}};
            count(expectAgreement(original, scope, [&](Project &p) {
                Relationship rel;
                rel.id = id;
                rel.parentId = otherEntity;
                rel.childId = p.entities[pick(p.entities.size())].id;
                rel.representation = representations[pick(std::size(representations))];
                rel.avgChildren = 1;
                p.relationships.push_back(rel);
            }));
        } else if (kind == 3 && !original.indexes.empty()) { // an index
            const std::size_t i = pick(original.indexes.size());
            EditScope scope{.indexes = {original.indexes[i].id}};
            count(expectAgreement(original, scope, [&](Project &p) {
                IndexSpec &ix = p.indexes[i];
                switch (what % 4) {
                case 0: ix.entityId = otherEntity; break;
                case 1: ix.name = p.indexes[pick(p.indexes.size())].name; break;
                case 2: ix.keys.clear(); break;
                case 3: ix.keys.push_back({"other", what % 2 ? "1" : "sideways"}); break;
                }
            }));
        } else if (!original.accessPatterns.empty()) { // an access pattern
            const std::size_t q = pick(original.accessPatterns.size());
            EditScope scope{.accessPatterns = {original.accessPatterns[q].id}};
            count(expectAgreement(original, scope, [&](Project &p) {
                AccessPattern &pattern = p.accessPatterns[q];
                switch (what % 3) {
                case 0: pattern.entityId = what % 2 ? otherEntity : "nobody"; break;
                case 1: pattern.alsoReads.push_back(what % 2 ? otherEntity : "nobody"); break;
                case 2: pattern.equality.push_back(what % 2 ? "" : "a.b"); break;
                }
            }));
        }
    }
    // Both kinds of answer were exercised, many times.
    CHECK(accepted > 500);
    CHECK(refused > 500);
}

TEST_CASE("an edit is checked for what it touched, not for the rest of the project", "[io][validate][edit]") {
    // A problem outside the scope of the edit is not looked for: the check
    // reads the objects the edit touched and what refers to them.
    Project before = test::makeSmallProject();
    Entity broken;
    broken.id = "eBroken";
    broken.name = "Broken";
    broken.count = -5; // validateProject refuses this
    before.entities.push_back(broken);
    REQUIRE_FALSE(validateProject(before).ok());
    Project after = before;
    after.entities[0].count = 7;
    CHECK(EditCheck(before, {.entities = {after.entities[0].id}}).check(after).ok());
    // In scope, the same problem is refused with validateProject's words.
    const Status status = EditCheck(before, {.entities = {"eBroken"}}).check(after);
    REQUIRE_FALSE(status.ok());
    CHECK(status.error().message == validateProject(after).error().message);
}

TEST_CASE("typical refused edits name the problem as a load of the file would", "[io][validate][edit]") {
    const Project original = base();
    SECTION("a rename to another entity's name") {
        expectAgreement(original, {.entities = {original.entities[1].id}},
                        [&](Project &p) { p.entities[1].name = p.entities[0].name; });
    }
    SECTION("a field that another entity's field duplicates leaves") {
        // f1 is the source of customerName (makeFullProject).
        const Entity *owner = nullptr;
        for (const auto &e : original.entities)
            for (const auto &f : e.fields)
                if (f.id == "f1")
                    owner = &e;
        REQUIRE(owner);
        const std::string id = owner->id;
        expectAgreement(original, {.entities = {id}}, [&](Project &p) {
            auto &fields = p.findEntity(id)->fields;
            std::erase_if(fields, [](const Field &f) { return f.id == "f1"; });
        });
    }
    SECTION("a field id that is already used elsewhere") {
        expectAgreement(original, {.entities = {original.entities[0].id}}, [&](Project &p) {
            p.entities[0].fields.push_back(Field{.name = "copy", .id = p.entities.back().fields.front().id});
        });
    }
    SECTION("a reference turned into an embedding that closes a cycle") {
        // Order embeds Customer; Customer's reference to Order becomes an
        // embedding: Order embeds Customer embeds Order (validateProject's
        // cycle rule). The relationship keeps its ends, so only its
        // representation says that the embedding tree changed.
        Project p;
        p.name = "cycle";
        p.entities = {test::entity("e1", "Order", 100), test::entity("e2", "Customer", 10)};
        p.relationships = {test::relationship("r1", "e1", "e2", Representation::EmbedOne),
                           test::relationship("r2", "e2", "e1", Representation::ReferenceFromChild)};
        REQUIRE(validateProject(p).ok());
        CHECK_FALSE(expectAgreement(p, {.relationships = {"r2"}}, [](Project &edited) {
            edited.relationships[1].representation = Representation::EmbedOne;
        }));
    }
    SECTION("an embedding turned into a reference whose child's collection name is taken") {
        // Customer leaves Order and becomes a collection named "orders",
        // the name Order's collection already has.
        Project p;
        p.name = "collections";
        p.entities = {test::entity("e1", "Order", 100), test::entity("e2", "Customer", 10)};
        p.entities[0].collectionName = "orders";
        p.entities[1].collectionName = "orders";
        p.relationships = {test::relationship("r1", "e1", "e2", Representation::EmbedOne)};
        REQUIRE(validateProject(p).ok());
        CHECK_FALSE(expectAgreement(p, {.relationships = {"r1"}}, [](Project &edited) {
            edited.relationships[0].representation = Representation::ReferenceFromChild;
        }));
    }
    SECTION("an entity embedded in two places") {
        for (const auto &r : original.relationships) {
            if (r.representation != Representation::EmbedArray && r.representation != Representation::EmbedOne)
                continue;
            expectAgreement(original, {.relationships = {"rSecond"}}, [&](Project &p) {
                Relationship second = r;
                second.id = "rSecond";
                second.parentId = r.parentId == original.entities[0].id ? original.entities[1].id
                                                                         : original.entities[0].id;
                p.relationships.push_back(second);
            });
        }
    }
}
