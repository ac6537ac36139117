// reanalyze (issue 16: the analysis recomputed for what an edit touched)
// equals analyze, the whole analysis, after every edit of a random series
// on each bundled example: field sizes and presence, counts and growth,
// relationship parameters (embedded arrays, extended references, subsets,
// buckets, references), indexes changed or removed, fields added, entities
// renamed. The oracle is the full analysis of the edited project.
#include "estimate/Analysis.h"
#include "io/ProjectFile.h"
#include "io/ProjectValidator.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <functional>
#include <random>
#include <string>
#include <vector>

using namespace docshape;

namespace {

struct FieldAt {
    Field *field;
    std::string entityId;
};

void collectFields(std::vector<Field> &fields, const std::string &entityId, std::vector<FieldAt> &out) {
    for (Field &f : fields) {
        out.push_back({&f, entityId});
        collectFields(f.fields, entityId, out);
    }
}

template <typename T> T &pick(std::vector<T> &items, std::mt19937 &rng) {
    return items[std::uniform_int_distribution<std::size_t>(0, items.size() - 1)(rng)];
}

// One random edit of `p`, and what it touched as the studio's Document
// reports it; false when the model has nothing of the kind to edit.
bool randomEdit(Project &p, std::mt19937 &rng, AnalysisChange &change, std::string &what) {
    change = {};
    switch (std::uniform_int_distribution<int>(0, 7)(rng)) {
    case 0: { // a field's size or presence
        std::vector<FieldAt> fields;
        for (Entity &e : p.entities)
            collectFields(e.fields, e.id, fields);
        if (fields.empty())
            return false;
        FieldAt &at = pick(fields, rng);
        Field &f = *at.field;
        if (hasByteLength(f.isArray() ? f.elementType : f.type)) {
            f.avgBytes = f.avgBytes * 1.5 + 1;
            if (f.maxBytes > 0 && f.maxBytes < f.avgBytes)
                f.maxBytes = std::uint64_t(f.avgBytes) + 1;
        } else if (f.isArray()) {
            f.avgCount += 1;
            if (f.maxCount && double(*f.maxCount) < f.avgCount)
                f.maxCount = std::uint64_t(f.avgCount) + 1;
        } else if (f.required) {
            f.required = false;
            f.presence = 0.5;
        } else {
            f.presence = f.presence / 2;
        }
        change.entities = {at.entityId};
        what = "field " + f.id;
        return true;
    }
    case 1: { // an entity's count and growth
        Entity &e = pick(p.entities, rng);
        e.count = e.count * 2 + 10;
        e.growthPerDay += 3;
        change.entities = {e.id};
        what = "entity " + e.id;
        return true;
    }
    case 2: { // a relationship's parameters
        if (p.relationships.empty())
            return false;
        Relationship &r = pick(p.relationships, rng);
        r.avgChildren += 1;
        if (r.maxChildren && double(*r.maxChildren) < r.avgChildren)
            r.maxChildren = std::uint64_t(r.avgChildren) + 1;
        if (r.subsetCount > 0)
            r.subsetCount += 1;
        change.entities = {r.parentId, r.childId};
        what = "relationship " + r.id;
        return true;
    }
    case 3: { // an index made unique or sparse
        if (p.indexes.empty())
            return false;
        IndexSpec &ix = pick(p.indexes, rng);
        if (ix.unique)
            ix.sparse = !ix.sparse;
        else
            ix.unique = true;
        change.indexes = {ix.id};
        what = "index " + ix.id;
        return true;
    }
    case 4: { // an index removed
        if (p.indexes.empty())
            return false;
        const std::size_t i = std::uniform_int_distribution<std::size_t>(0, p.indexes.size() - 1)(rng);
        change.indexes = {p.indexes[i].id};
        what = "index removed " + p.indexes[i].id;
        p.indexes.erase(p.indexes.begin() + std::ptrdiff_t(i));
        return true;
    }
    case 5: { // a field added
        Entity &e = pick(p.entities, rng);
        Field f;
        f.id = p.newId("f");
        f.name = "extra" + f.id;
        f.avgBytes = 12;
        f.maxBytes = 40;
        e.fields.push_back(f);
        change.entities = {e.id};
        what = "field added to " + e.id;
        return true;
    }
    case 6: { // an entity renamed
        Entity &e = pick(p.entities, rng);
        e.name += "X";
        change.entities = {e.id};
        what = "entity renamed " + e.id;
        return true;
    }
    default: { // a project setting: everything
        p.growthDays += 30;
        change.everything = true;
        what = "growth horizon";
        return true;
    }
    }
}

void requireSame(const Analysis &incremental, const Analysis &full) {
    REQUIRE(incremental.collections.size() == full.collections.size());
    for (std::size_t i = 0; i < full.collections.size(); ++i) {
        INFO("collection " << full.collections[i].name);
        CHECK(incremental.collections[i] == full.collections[i]);
    }
    CHECK(incremental.problems == full.problems);
    CHECK(incremental.problemsPerCollection == full.problemsPerCollection);
    CHECK(incremental.documentTargetBytes == full.documentTargetBytes);
    CHECK(incremental.maxDocumentBytes == full.maxDocumentBytes);
}

} // namespace

TEST_CASE("reanalyze after an edit equals the whole analysis, over random edits of every example",
          "[analysis][reanalyze]") {
    const std::vector<std::string> examples = test::examplePaths();
    REQUIRE(examples.size() >= 7);
    std::mt19937 rng(16);
    int edits = 0;
    for (const std::string &path : examples) {
        auto loaded = loadProject(path);
        REQUIRE(loaded.ok());
        Project p = std::move(*loaded);
        Analysis current = analyze(p);
        for (int round = 0; round < 60; ++round) {
            const Project before = p;
            AnalysisChange change;
            std::string what;
            if (!randomEdit(p, rng, change, what))
                continue;
            if (!validateProject(p)) { // an edit the studio would refuse
                p = before;
                current = analyze(p); // shapes refer to the project's objects
                continue;
            }
            INFO(path << ", round " << round << ": " << what);
            current = reanalyze(p, std::move(current), change);
            requireSame(current, analyze(p));
            ++edits;
        }
    }
    CHECK(edits > 300);
}
