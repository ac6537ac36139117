#include "io/ProjectFile.h"
#include "migrate/MigrationPlan.h"
#include "migrate/planners/PlanContext.h"
#include "support/MigrateCases.h"
#include "support/TestPaths.h"
#include "util/Prng.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>

using namespace docshape;
using namespace docshape::test;

namespace {

std::size_t position(const MigrationPlan &plan, StepKind kind) {
    for (std::size_t i = 0; i < plan.steps.size(); ++i)
        if (plan.steps[i].kind == kind)
            return i;
    return plan.steps.size();
}

} // namespace

// The order that keeps the application running (issue 20; seed
// start-from-the-queries.txt, "Migrations"): indexes before the rewrites
// that the new release's queries need, the validator relaxed before any
// rewrite and restored after the last, old indexes and collections last.
TEST_CASE("a plan builds indexes first, rewrites inside the moderate window, drops last", "[migrate]") {
    Project before = loadMigrateCase("extract-embedded/old.docshape");
    Project after = loadMigrateCase("extract-embedded/new.docshape");
    // Add a dropped index and a dropped field to the same pair.
    before.indexes.push_back({"i9", "title_1", "e1", {{"title", "1"}}});
    after.entities[0].fields.erase(after.entities[0].fields.begin() + 1); // publishedAt
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const std::size_t indexes = position(*plan, StepKind::CreateIndexes);
    const std::size_t relax = position(*plan, StepKind::RelaxValidator);
    const std::size_t rewrite = position(*plan, StepKind::Rewrite);
    const std::size_t extract = position(*plan, StepKind::Extract);
    const std::size_t restore = position(*plan, StepKind::RestoreValidator);
    const std::size_t drop = position(*plan, StepKind::DropIndexes);
    REQUIRE(drop < plan->steps.size());
    CHECK(indexes < relax);
    CHECK(relax < rewrite);
    CHECK(relax < extract);
    CHECK(rewrite < restore);
    CHECK(extract < restore);
    CHECK(restore < drop);
    // Removing a field cannot be undone, and the plan says so.
    const MigrationStep &r = plan->steps[rewrite];
    CHECK_FALSE(r.reversible);
    CHECK(r.rollback.find("`publishedAt` is removed") != std::string::npos);
    CHECK(migrationPlanText(*plan).find("cannot be restored") != std::string::npos);
}

TEST_CASE("a rewrite's cost is its collection's documents at the v2 size, at the stated rate", "[migrate]") {
    const Project before = loadMigrateCase("add-required-field/old.docshape");
    const Project after = loadMigrateCase("add-required-field/new.docshape");
    MigrationOptions options;
    options.writeRate = 500;
    options.batchSize = 1000;
    options.pauseMs = 100;
    auto plan = planMigration(before, after, options);
    REQUIRE(plan.ok());
    const auto it = std::find_if(plan->steps.begin(), plan->steps.end(),
                                 [](const MigrationStep &s) { return s.kind == StepKind::Rewrite; });
    REQUIRE(it != plan->steps.end());
    // 500,000 orders (the model's count); v2's average document, by
    // bsonspec.org 1.1 (type byte, key and NUL, payload): 4 + 1 + _id
    // (1+4 +12) + orderNumber (1+12 +4+12+1) + totalPaise (1+11 +8) + status
    // (1+7 +4+6+1) + giftNote at presence 0.1 (0.1 * (1+9 +4+40+1))
    // = 91 + 5.5 = 96.5 bytes.
    CHECK(it->cost.documents == 500000);
    CHECK(it->cost.bytes == Approx(500000 * 96.5));
    // 500,000 / 500 per second, plus 500 batches of 100 ms.
    CHECK(it->cost.seconds == Approx(1000 + 50));
}

TEST_CASE("a default that is not a value of its field's type is refused with its place", "[migrate]") {
    const Project before = loadMigrateCase("add-required-field/old.docshape");
    Project after = loadMigrateCase("add-required-field/new.docshape");
    after.entities[0].fields[1].details.edit().minimum.reset();
    Field count;
    count.id = "f9";
    count.name = "itemCount";
    count.type = BsonType::Int;
    count.details.edit().defaultValue = "three";
    after.entities[0].fields.push_back(count);
    auto plan = planMigration(before, after);
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "orders.itemCount");
    CHECK(plan.error().message.find("three") != std::string::npos);
}

TEST_CASE("the same model twice needs no migration", "[migrate]") {
    const Project p = loadMigrateCase("embed-referenced/new.docshape");
    auto plan = planMigration(p, p);
    REQUIRE(plan.ok());
    CHECK(plan->steps.empty());
    CHECK(migrationPlanText(*plan).find("Nothing to do") != std::string::npos);
}

// Extracting an embedded array keeps only what the v2 child document has a
// place for; the rest goes with the parent's $unset, and the plan says so
// (issue 20: "a plain statement where it cannot [be reversed] (a dropped
// field)"), and says how it stays safe under the application's writes.
TEST_CASE("an extract that leaves an element's key behind names it as data loss", "[migrate]") {
    Project before = loadMigrateCase("extract-embedded/old.docshape");
    Project after = loadMigrateCase("extract-embedded/new.docshape");
    auto &comment = after.entities[1].fields;
    comment.erase(std::find_if(comment.begin(), comment.end(), [](const Field &f) { return f.name == "text"; }));
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const std::size_t extract = position(*plan, StepKind::Extract);
    REQUIRE(extract < plan->steps.size());
    const auto &details = plan->steps[extract].details;
    auto says = [&](const std::string &text) {
        return std::any_of(details.begin(), details.end(),
                           [&](const std::string &d) { return d.find(text) != std::string::npos; });
    };
    CHECK(says("**data loss**: `posts.comments.text` has no place in the v2 `comments` document"));
    CHECK_FALSE(says("`posts.comments.author` has no place"));
    CHECK(says("safe under live writes"));
    CHECK_FALSE(plan->steps[extract].reversible);
    CHECK(plan->steps[extract].rollback.find("only in part: the keys v2 has no place for are gone") == 0);
    CHECK(migrationPlanText(*plan).find("**data loss**: `posts.comments.text`") != std::string::npos);
}

// Seed lesson-135: an order line's product name and price are snapshots of
// the product. A v2 that adds them fills them from the product the line's
// reference names, never with a made-up default; a copy with no reference to
// its source beside it stays under "Not done by the script".
TEST_CASE("new duplicated fields are filled from the document the reference beside them names", "[migrate]") {
    const Project before = loadMigrateCase("fill-duplicates/old.docshape");
    const Project after = loadMigrateCase("fill-duplicates/new.docshape");
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    std::vector<const MigrationStep *> fills;
    for (const auto &s : plan->steps)
        if (s.kind == StepKind::FillCopies)
            fills.push_back(&s);
    REQUIRE(fills.size() == 2); // one per reference: orders.customerId, orders.items.productId
    CHECK(fills[0]->script.find("localField: \"customerId\"") != std::string::npos);
    CHECK(fills[1]->script.find("localField: \"items.productId\"") != std::string::npos);
    CHECK(fills[1]->script.find("\"$$source.pricePaise\"") != std::string::npos);
    CHECK(fills[1]->reversible);
    // No rewrite gives them a default: nothing else changed, so there is none.
    CHECK(position(*plan, StepKind::Rewrite) == plan->steps.size());
    const auto &w = plan->warnings;
    CHECK(std::none_of(w.begin(), w.end(), [](const std::string &x) { return x.find("pricePaise") != std::string::npos; }));
    REQUIRE(w.size() == 1);
    CHECK(w.front().find("orders.items.customerEmail duplicates `email` of `customers`") == 0);
}

// An array of copies, and a copy inside each element of an embedded array,
// that copy one more key: the key comes from each copy's own source document.
TEST_CASE("copies in arrays and in embedded elements that copy more are filled, each from its source", "[migrate]") {
    const Project before = loadMigrateCase("fill-copies-nested/old.docshape");
    const Project after = loadMigrateCase("fill-copies-nested/new.docshape");
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    CHECK(plan->warnings.empty());
    std::vector<const MigrationStep *> fills;
    for (const auto &s : plan->steps)
        if (s.kind == StepKind::FillCopies)
            fills.push_back(&s);
    // Nothing writes a default into a copy: nothing else changed, so no rewrite.
    CHECK(position(*plan, StepKind::Rewrite) == plan->steps.size());
    REQUIRE(fills.size() == 2);
    const std::string all = fills[0]->script + fills[1]->script;
    CHECK(all.find("localField: \"items.product._id\"") != std::string::npos);
    CHECK(all.find("localField: \"promotions._id\"") != std::string::npos);
    CHECK(all.find("\"$$source.percentOff\"") != std::string::npos);
    CHECK(all.find("\"$$source.pricePaise\"") != std::string::npos);
}

// An array of copies that becomes an array of ids keeps each copy's _id, in
// order; what a snapshot copied is gone with it, and the plan says so
// (issue 20: a plain statement where a step cannot be reversed).
TEST_CASE("an array of snapshot copies that becomes an array of ids names the data loss", "[migrate]") {
    Project before = loadMigrateCase("copies-to-ids/old.docshape");
    const Project after = loadMigrateCase("copies-to-ids/new.docshape");
    auto synced = planMigration(before, after);
    REQUIRE(synced.ok());
    const std::size_t at = position(*synced, StepKind::CopyToReference);
    REQUIRE(at < synced->steps.size());
    CHECK(synced->steps[at].reversible);
    CHECK(synced->steps[at].script.find("\"$$c._id\"") != std::string::npos);
    before.relationships[0].copySemantics = Duplication::Snapshot;
    auto snapshot = planMigration(before, after);
    REQUIRE(snapshot.ok());
    const MigrationStep &s = snapshot->steps[position(*snapshot, StepKind::CopyToReference)];
    CHECK_FALSE(s.reversible);
    CHECK(std::any_of(s.details.begin(), s.details.end(),
                      [](const std::string &d) { return d.rfind("**data loss**", 0) == 0; }));
    CHECK(snapshot->warnings.empty());
}

// Issue 36: every difference is planned or refused. An enum value removed
// from, or a bound narrowed on, a field inside an array of subdocuments is
// neither counted nor replaced by the script (it writes the decision at the
// top of a document only), so the plan is refused with the field and the
// choices rather than left to a warning.
TEST_CASE("a removed enum value of a field inside an array is refused with the field and the choices", "[migrate]") {
    Project before = loadMigrateCase("rename-field/old.docshape");
    Project after = loadMigrateCase("rename-field/old.docshape");
    after.name = "Orders v2";
    before.entities[0].fields[2].fields[0].details.edit().enumValues = {"a", "b", "c"};
    after.entities[0].fields[2].fields[0].details.edit().enumValues = {"a", "b"};
    auto plan = planMigration(before, after);
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "orders.items.sku");
    const std::string &m = plan.error().message;
    CHECK(m.find("v2 no longer allows \"c\"") != std::string::npos);
    CHECK(m.find("inside an array") != std::string::npos);
    CHECK(m.find("keep \"c\" in v2's enumValues") != std::string::npos);
    CHECK(m.find("rename each to a value v2 adds") != std::string::npos);
    CHECK(m.find("replace them by hand before this migration") != std::string::npos);
}

TEST_CASE("a renamed enum value of a field inside an array is mapped at its depth", "[migrate]") {
    Project before = loadMigrateCase("rename-field/old.docshape");
    Project after = loadMigrateCase("rename-field/old.docshape");
    after.name = "Orders v2";
    before.entities[0].fields[2].fields[0].details.edit().enumValues = {"a", "b", "c"};
    after.entities[0].fields[2].fields[0].details.edit().enumValues = {"a", "b", "d"};
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const std::size_t rewrite = position(*plan, StepKind::Rewrite);
    REQUIRE(rewrite < plan->steps.size());
    const MigrationStep &s = plan->steps[rewrite];
    CHECK(std::find(s.details.begin(), s.details.end(),
                    "replace the values of `items.sku` that v2 renames: \"c\" → \"d\"") != s.details.end());
    CHECK(s.script.find("$$e") != std::string::npos); // through each element of the array
}

TEST_CASE("a narrowed bound of a field inside an array is refused with the field and the choices", "[migrate]") {
    Project before = loadMigrateCase("rename-field/old.docshape");
    Project after = loadMigrateCase("rename-field/old.docshape");
    after.name = "Orders v2";
    before.entities[0].fields[2].fields[1].details.edit().maximum = 1000;
    after.entities[0].fields[2].fields[1].details.edit().maximum = 10;
    auto plan = planMigration(before, after);
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "orders.items.quantity");
    const std::string &m = plan.error().message;
    CHECK(m.find("v2 narrows the bounds of this field (above ") != std::string::npos);
    CHECK(m.find("(v2's maximum))") != std::string::npos);
    CHECK(m.find("inside an array") != std::string::npos);
    CHECK(m.find("keep v1's bound in v2") != std::string::npos);
    CHECK(m.find("bring the values within it by hand") != std::string::npos);
}

// Issue 36 item 4: the plan says, for every step that writes documents,
// how it keeps the writes the application makes meanwhile (one update
// pipeline per document, copy-verify-remove, or copies only) and what the
// application may do.
TEST_CASE("every step that writes documents says how it keeps the application's writes", "[migrate]") {
    std::vector<std::filesystem::path> dirs;
    for (const auto &entry : std::filesystem::directory_iterator(dataPath("migrate")))
        if (entry.is_directory())
            dirs.push_back(entry.path());
    std::sort(dirs.begin(), dirs.end());
    int writing = 0;
    for (const auto &dir : dirs) {
        const std::string name = dir.filename().string();
        auto plan = planMigration(loadMigrateCase(name + "/old.docshape"), loadMigrateCase(name + "/new.docshape"));
        REQUIRE(plan.ok());
        for (const MigrationStep &s : plan->steps) {
            switch (s.kind) {
            case StepKind::Rewrite:
            case StepKind::Embed:
            case StepKind::Extract:
            case StepKind::Subset:
            case StepKind::FillCopies:
            case StepKind::ReferenceToCopy:
            case StepKind::CopyToReference: {
                ++writing;
                INFO(name << ": " << s.title);
                auto says = [&](const char *text) {
                    return std::any_of(s.details.begin(), s.details.end(),
                                       [&](const std::string &d) { return d.find(text) != std::string::npos; });
                };
                CHECK(says(", safe under live writes: "));
                CHECK(says("meanwhile"));
                break;
            }
            default:
                break;
            }
        }
    }
    CHECK(writing >= 30);
}

namespace {

// The position of the step that builds the index named `name`.
std::size_t builds(const MigrationPlan &plan, const std::string &name) {
    for (std::size_t i = 0; i < plan.steps.size(); ++i)
        if (plan.steps[i].kind == StepKind::CreateIndexes &&
            plan.steps[i].title.find("`" + name + "`") != std::string::npos)
            return i;
    return plan.steps.size();
}

bool mentions(const MigrationStep &s, const std::string &text) {
    return std::any_of(s.details.begin(), s.details.end(),
                       [&](const std::string &d) { return d.find(text) != std::string::npos; });
}

} // namespace

// Issue 36, "Order by dependency": an index on a key the rewrite writes in
// every document is built after it (one pass instead of an entry kept up
// per document rewritten); an index on keys the rewrite leaves alone, and a
// unique index (uniqueness holds from the new release's first write), before.
TEST_CASE("an index on a backfilled key is built after the rewrite, an unrelated one before", "[migrate]") {
    const Project before = loadMigrateCase("add-required-field/old.docshape");
    Project after = loadMigrateCase("add-required-field/new.docshape");
    after.indexes.push_back({"i1", "", "e1", {{"status", "1"}, {"totalPaise", "-1"}}});
    after.indexes.push_back({"i2", "", "e1", {{"totalPaise", "1"}}});
    IndexSpec unique{"i3", "", "e1", {{"orderNumber", "1"}, {"status", "1"}}};
    unique.unique = true;
    after.indexes.push_back(unique);
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const std::size_t rewrite = position(*plan, StepKind::Rewrite);
    const std::size_t relax = position(*plan, StepKind::RelaxValidator);
    REQUIRE(rewrite < plan->steps.size());
    const std::size_t backfilled = builds(*plan, "status_1_totalPaise_-1");
    const std::size_t unrelated = builds(*plan, "totalPaise_1");
    const std::size_t uniqueAt = builds(*plan, "orderNumber_1_status_1");
    REQUIRE(backfilled < plan->steps.size());
    REQUIRE(unrelated < plan->steps.size());
    REQUIRE(uniqueAt < plan->steps.size());
    CHECK(rewrite < backfilled);
    CHECK(unrelated < relax);
    CHECK(uniqueAt < relax);
    CHECK(uniqueAt == unrelated); // one step for the indexes built before
    CHECK(backfilled + 1 == position(*plan, StepKind::RestoreValidator));
    CHECK(mentions(plan->steps[backfilled], "cheaper, one pass over the rewritten documents instead of index "
                                            "maintenance per document"));
    CHECK(mentions(plan->steps[uniqueAt], "`orderNumber_1_status_1` is unique"));
    CHECK_FALSE(mentions(plan->steps[unrelated], "cheaper"));
    CHECK(migrationPlanText(*plan).find("The new indexes on keys the rewrites write, right after them") !=
          std::string::npos);
    // The rollback runs the steps in reverse: the index goes before the
    // rewrite is undone, which then keeps no entry of it up.
    const std::string script = migrationScript(*plan);
    CHECK(script.find(plan->steps[rewrite].id) < script.find(plan->steps[backfilled].id));
    CHECK(plan->steps[backfilled].rollbackScript.find("dropIndexes(") != std::string::npos);
}

TEST_CASE("an index on a renamed key is built after the rewrite, which does not count its entries", "[migrate]") {
    Project before = loadMigrateCase("rename-field/old.docshape");
    Project after = loadMigrateCase("rename-field/new.docshape");
    before.indexes.push_back({"i1", "", "e1", {{"customerName", "1"}}});
    after.indexes.push_back({"i1", "", "e1", {{"buyerName", "1"}}});
    after.indexes.push_back({"i2", "", "e1", {{"orderNumber", "1"}}});
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const std::size_t rewrite = position(*plan, StepKind::Rewrite);
    const std::size_t renamed = builds(*plan, "buyerName_1");
    const std::size_t unrelated = builds(*plan, "orderNumber_1");
    REQUIRE(renamed < plan->steps.size());
    REQUIRE(unrelated < plan->steps.size());
    CHECK(unrelated < rewrite);
    CHECK(rewrite < renamed);
    CHECK(mentions(plan->steps[renamed], "which writes `buyerName` in every document"));
    // The rewrite keeps up no entry of an index built after it; the index
    // is built once, from the rewritten documents.
    CHECK(plan->steps[rewrite].cost.indexEntries == 0);
    CHECK(plan->steps[renamed].cost.indexEntries > 0);
    // The old index on the v1 name goes last, as before.
    CHECK(position(*plan, StepKind::DropIndexes) > renamed);
}

// A field computed from a subset is written by its own step after the
// subset, not by the document rewrite: an index on it is not built after
// the rewrite on the claim that the rewrite writes it.
TEST_CASE("an index on a field computed after a subset is not ordered by the document rewrite", "[migrate]") {
    Project before = loadMigrateCase("computed-over-subset/old.docshape");
    Project after = loadMigrateCase("computed-over-subset/new.docshape");
    after.entities[0].fields[0].name = "title"; // a renamed key: the document rewrite has a step
    after.indexes.push_back({"i7", "", "e1", {{"recentReviewCount", "-1"}}});
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const std::size_t computed = builds(*plan, "recentReviewCount_-1");
    REQUIRE(computed < plan->steps.size());
    CHECK_FALSE(mentions(plan->steps[computed], "which writes"));
    CHECK(computed < position(*plan, StepKind::Rewrite));
}

TEST_CASE("a path set answers as pathsOverlap over every path does", "[migrate][paths]") {
    // PathSet replaces a scan of the written paths per index key; on random
    // dotted paths over a small alphabet (so that prefixes, equal paths and
    // near misses such as "a.b" against "a.bc" are common) it must agree.
    docshape::Prng rng(36);
    const auto randomPath = [&] {
        std::string p;
        const auto parts = 1 + rng.below(3);
        for (std::uint64_t i = 0; i < parts; ++i)
            p += (i ? "." : "") + std::string(1 + rng.below(2), char('a' + rng.below(3)));
        return p;
    };
    for (int round = 0; round < 300; ++round) {
        std::vector<std::string> paths;
        const auto n = rng.below(6);
        for (std::uint64_t i = 0; i < n; ++i)
            paths.push_back(randomPath());
        const docshape::migration::PathSet set(paths);
        for (int k = 0; k < 20; ++k) {
            const std::string key = randomPath();
            const bool expected = std::any_of(paths.begin(), paths.end(), [&](const std::string &p) {
                return docshape::migration::pathsOverlap(key, p);
            });
            INFO(key);
            CHECK(set.overlaps(key) == expected);
        }
    }
}
