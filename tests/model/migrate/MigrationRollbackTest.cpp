#include "migrate/MigrationPlan.h"
#include "support/MigrateCases.h"

#include <catch2/catch.hpp>

#include <algorithm>

// Issue 36: a rollback is a migration too. What a plan cannot undo, or
// refuses to decide, it says before anything runs, in the words tested
// here; that the scripts really restore v1 is checked by tests/migrate-js
// (every case is rolled back over its migrated documents).
using namespace docshape;
using namespace docshape::test;

namespace {

MigrationPlan planOf(const std::string &name) {
    auto plan = planMigration(loadMigrateCase(name + "/old.docshape"), loadMigrateCase(name + "/new.docshape"));
    INFO((plan ? std::string() : plan.error().toString()));
    REQUIRE(plan.ok());
    return std::move(*plan);
}

const MigrationStep *stepOf(const MigrationPlan &plan, StepKind kind, const std::string &titlePart = {}) {
    for (const auto &s : plan.steps)
        if (s.kind == kind && s.title.find(titlePart) != std::string::npos)
            return &s;
    return nullptr;
}

std::size_t indexOf(const MigrationPlan &plan, const MigrationStep *step) {
    return static_cast<std::size_t>(step - plan.steps.data());
}

bool says(const MigrationStep &s, const std::string &text) {
    return std::any_of(s.details.begin(), s.details.end(),
                       [&](const std::string &d) { return d.find(text) != std::string::npos; });
}

} // namespace

TEST_CASE("an extract is rolled back by moving the children back before their collection goes", "[migrate]") {
    const MigrationPlan plan = planOf("extract-tenant");
    const MigrationStep *extract = stepOf(plan, StepKind::Extract);
    const MigrationStep *create = stepOf(plan, StepKind::CreateCollection);
    REQUIRE(extract);
    REQUIRE(create);
    CHECK(extract->reversible);
    CHECK(extract->rollbackScript.find("embedBackInBatches(") == 0);
    // The collection the extract filled is dropped only once it is empty.
    CHECK(create->rollbackScript == "dropCreatedCollection(\"bids\");");
    // The child's required tenantId is its parent's.
    CHECK(says(*extract, "`tenantId` = the parent's `tenantId` (the same name and type)"));
    CHECK(extract->script.find("tenantId: \"$tenantId\"") != std::string::npos);
    CHECK(says(*extract, "safe under live writes"));
}

TEST_CASE("a flattened subdocument is rolled back by its dotted paths, and loses nothing", "[migrate]") {
    const MigrationPlan plan = planOf("flatten-profile");
    const MigrationStep *rewrite = stepOf(plan, StepKind::Rewrite);
    REQUIRE(rewrite);
    CHECK(rewrite->reversible);
    CHECK(says(*rewrite, "remove the subdocument `profile`, whose keys moved"));
    CHECK(rewrite->rollbackScript.find("\"profile.displayName\"") != std::string::npos);
    // Only documents in the v2 shape are rolled back.
    CHECK(rewrite->rollbackScript.find("displayName: {\n              $exists: true") != std::string::npos);
}

TEST_CASE("a rename with a type change converts back before it renames back", "[migrate]") {
    const MigrationPlan plan = planOf("rename-retype");
    const MigrationStep *rewrite = stepOf(plan, StepKind::Rewrite);
    REQUIRE(rewrite);
    CHECK(rewrite->reversible);
    const std::string &back = rewrite->rollbackScript;
    const auto convert = back.find("to: \"int\"");
    const auto rename = back.find("mileageKm: {");
    REQUIRE(convert != std::string::npos);
    REQUIRE(rename != std::string::npos);
    CHECK(convert < rename);
}

TEST_CASE("a unique index changed under its name is built beside the old one, which goes after", "[migrate]") {
    const MigrationPlan plan = planOf("unique-index-change");
    const MigrationStep *build = stepOf(plan, StepKind::CreateIndexes);
    REQUIRE(build);
    CHECK(build->script.find("replaceIndex(\"users\"") == 0);
    CHECK(build->script.find("name: \"email_unique_2\"") != std::string::npos);
    CHECK(says(*build, "the new definition is built as `email_unique_2`, then `email_unique` is dropped, so "
                       "uniqueness is enforced throughout"));
    CHECK(build->rollbackScript.find("replaceIndex(\"users\"") == 0);
    CHECK(build->rollbackScript.find("name: \"email_unique\"") != std::string::npos);
    CHECK(std::any_of(plan.warnings.begin(), plan.warnings.end(), [](const std::string &w) {
        return w.find("name it `email_unique_2` in the model") != std::string::npos;
    }));
    CHECK_FALSE(stepOf(plan, StepKind::DropIndexes));
}

TEST_CASE("a computed field over a new subset is computed after the subset", "[migrate]") {
    const MigrationPlan plan = planOf("computed-over-subset");
    const MigrationStep *subset = stepOf(plan, StepKind::Subset);
    const MigrationStep *compute = stepOf(plan, StepKind::Rewrite, "Compute the fields of `products`");
    REQUIRE(subset);
    REQUIRE(compute);
    CHECK(indexOf(plan, subset) < indexOf(plan, compute));
    CHECK(says(*compute, "compute `recentReviewCount` as count of recentReviews"));
    CHECK(compute->reversible);
}

TEST_CASE("a renamed enum value is mapped, and mapped back", "[migrate]") {
    const MigrationPlan plan = planOf("enum-rename");
    const MigrationStep *rewrite = stepOf(plan, StepKind::Rewrite);
    REQUIRE(rewrite);
    CHECK(says(*rewrite, "replace the values of `status` that v2 renames: \"dropped\" → \"withdrawn\""));
    // The designer confirms the mapping: the plan (and the Compare panel) says how it was read.
    CHECK(std::find(plan.warnings.begin(), plan.warnings.end(),
                    "enrollments.status: \"dropped\" is taken as renamed to \"withdrawn\" (the same place in v1's "
                    "and v2's enumValues), and the documents holding it get \"withdrawn\"; if \"dropped\" was "
                    "removed instead, put \"withdrawn\" at another place in v2's list, and the plan asks what those "
                    "documents get.") != plan.warnings.end());
    CHECK(rewrite->reversible);
    CHECK(rewrite->rollbackScript.find("\"withdrawn\"") != std::string::npos);
}

TEST_CASE("a removed enum value is counted first and needs a decision, which cannot be undone", "[migrate]") {
    const MigrationPlan plan = planOf("enum-remove");
    REQUIRE_FALSE(plan.steps.empty());
    const MigrationStep &check = plan.steps.front();
    CHECK(check.kind == StepKind::Check);
    CHECK(check.script == "checkRemovedValues(\"enrollments\", \"status\", [\n      \"waitlisted\"\n    ], [\n      \"enrolled\",\n"
                          "      \"dropped\",\n      \"completed\"\n    ]);");
    const MigrationStep *replace = stepOf(plan, StepKind::Rewrite, "that v2 no longer allows");
    REQUIRE(replace);
    CHECK_FALSE(replace->reversible);
    CHECK(replace->rollback == "cannot be undone: the documents that held \"waitlisted\" in `enrollments.status` hold "
                               "the value chosen for it, and which ones did is not recorded");
    CHECK(migrationPlanText(plan).find("`migrationOptions.replaceValues`") != std::string::npos);
    const std::string script = migrationScript(plan);
    CHECK(script.find("which v2 no longer allows; ") != std::string::npos);
}

TEST_CASE("text read as a date goes back in the form v1's pattern accepts", "[migrate]") {
    const MigrationPlan toDate = planOf("string-to-date");
    const MigrationStep *rewrite = stepOf(toDate, StepKind::Rewrite);
    REQUIRE(rewrite);
    CHECK(rewrite->reversible);
    CHECK(rewrite->rollbackScript.find("format: \"%Y-%m-%dT%H:%M:%SZ\"") != std::string::npos);

    const MigrationPlan toText = planOf("date-to-string");
    const MigrationStep *back = stepOf(toText, StepKind::Rewrite);
    REQUIRE(back);
    CHECK(back->script.find("format: \"%Y-%m-%dT%H:%M:%SZ\"") != std::string::npos);
    CHECK_FALSE(back->reversible);
    CHECK(back->rollback == "only in part: `listedAt` is written as text in the form \"%Y-%m-%dT%H:%M:%SZ\", which its "
                            "v2 pattern asks for: the milliseconds of each date are dropped, and the rollback cannot "
                            "bring them back");
}

TEST_CASE("a narrowed bound is counted first and needs a decision, and fitting cannot be undone", "[migrate]") {
    const MigrationPlan plan = planOf("narrow-bounds");
    REQUIRE_FALSE(plan.steps.empty());
    const MigrationStep &check = plan.steps.front();
    CHECK(check.kind == StepKind::Check);
    CHECK(check.script.find("checkBounds(\"authors\", \"bio\"") == 0);
    CHECK(check.script.find("longer than 100 characters (v2's maxLength)") != std::string::npos);
    CHECK(says(check, "\"fit\" (they are brought within the bound, which cannot be undone) or \"leave\""));
    const MigrationStep *fit = stepOf(plan, StepKind::Rewrite, "Fit the values of `bio`");
    REQUIRE(fit);
    CHECK_FALSE(fit->reversible);
    CHECK(fit->rollback == "cannot be undone: in `authors.bio`, the text beyond 100 characters cut; what was beyond "
                           "the bound is gone");
    CHECK(migrationScript(plan).find("run with migrationOptions.outOfBounds = ") != std::string::npos);
}

TEST_CASE("an extracted document's required key with no source is refused with its place and the choices",
          "[migrate]") {
    Project before = loadMigrateCase("extract-tenant/old.docshape");
    const Project after = loadMigrateCase("extract-tenant/new.docshape");
    before.entities[0].fields[0].name = "tenant"; // the parent's tenantId no longer matches by name
    auto plan = planMigration(before, after);
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "bids.tenantId");
    CHECK(plan.error().message == "required in v2, and has no source in `auctions.bids` or its parent and no default: "
                                  "state a duplicatedFrom that names a field of `auctions` (copied from the parent), a "
                                  "defaultValue, or make it optional");
    // Stated, it is copied from the parent.
    Project stated = after;
    stated.entities[1].fields[0].details.edit().duplicatedFrom = "f24";
    auto copied = planMigration(before, stated);
    REQUIRE(copied.ok());
    const MigrationStep *extract = stepOf(*copied, StepKind::Extract);
    REQUIRE(extract);
    CHECK(says(*extract, "`tenantId` = the parent's `tenant` (its duplicatedFrom)"));
}

TEST_CASE("an embed is rolled back from the embedded copies, and its collection dropped only once verified",
          "[migrate]") {
    const MigrationPlan plan = planOf("embed-referenced");
    const MigrationStep *embed = stepOf(plan, StepKind::Embed);
    const MigrationStep *drop = stepOf(plan, StepKind::DropCollection);
    REQUIRE(embed);
    REQUIRE(drop);
    CHECK(embed->rollbackScript.find("extractInBatches(STEP + \":rollback\", \"orders\"") == 0);
    CHECK_FALSE(embed->reversible);
    CHECK(embed->rollback.find("the `lineItems` documents' own _id values are not embedded and do not come back") !=
          std::string::npos);
    CHECK(drop->script.find("dropEmbeddedCollection(\"lineItems\", \"orders\", \"orderId\", \"items\"") == 0);
    CHECK(says(*drop, "copy, verify, then remove"));
    CHECK(drop->rollbackScript.find("createCollection(\"lineItems\"") == 0);
    CHECK(drop->rollback.find("made again, empty, with its v1 validator and indexes") != std::string::npos);
}

// Every refusal and every "cannot be undone" the planners write, in their
// words, on evolutions of the cases made here by hand.
TEST_CASE("a required key of embedded elements with no source is refused with its place and the choices",
          "[migrate]") {
    const Project before = loadMigrateCase("embed-referenced/old.docshape");
    Project after = loadMigrateCase("embed-referenced/new.docshape");
    Field shipped;
    shipped.id = "f90";
    shipped.name = "shippedAt";
    shipped.type = BsonType::Date; // no value of its type to make up
    after.entities[1].fields.push_back(shipped);
    auto plan = planMigration(before, after);
    REQUIRE_FALSE(plan.ok());
    CHECK(plan.error().where == "orders.items.shippedAt");
    CHECK(plan.error().message == "required in v2, and has no source in the `lineItems` documents embedded and no "
                                  "default: state its defaultValue, or make it optional");
}

TEST_CASE("a refreshed subset cannot be undone by the script, which says how to refresh it back", "[migrate]") {
    const Project before = loadMigrateCase("add-subset/new.docshape");
    Project after = before;
    after.relationships[0].subsetCount = 5;
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const MigrationStep *subset = stepOf(*plan, StepKind::Subset);
    REQUIRE(subset);
    CHECK(subset->title == "Refresh the subset `products.recentReviews`");
    CHECK_FALSE(subset->reversible);
    CHECK(subset->rollback == "`docshape-cli migrate NEW OLD` refreshes the subset at its old size");
}

TEST_CASE("text in no single form converted to a date cannot come back as it was", "[migrate]") {
    Project before = loadMigrateCase("string-to-date/old.docshape");
    const Project after = loadMigrateCase("string-to-date/new.docshape");
    before.entities[0].fields[1].details.edit().pattern.reset();
    const MigrationPlan plan = [&] {
        auto p = planMigration(before, after);
        REQUIRE(p.ok());
        return std::move(*p);
    }();
    const MigrationStep *rewrite = stepOf(plan, StepKind::Rewrite);
    REQUIRE(rewrite);
    CHECK_FALSE(rewrite->reversible);
    CHECK(rewrite->rollback == "only in part: `listedAt` converted from string to date converts back to the server's "
                               "text form (\"2024-03-15T10:20:30.000Z\"): text written in another form does not come "
                               "back as it was (v1's pattern names no single form)");
}

TEST_CASE("an optional key made required is filled, and the rollback says the filled values stay", "[migrate]") {
    const Project before = loadMigrateCase("add-required-field/new.docshape");
    Project after = before;
    after.entities[0].fields[3].required = true; // giftNote
    after.entities[0].fields[3].details.edit().defaultValue = "none";
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const MigrationStep *rewrite = stepOf(*plan, StepKind::Rewrite);
    REQUIRE(rewrite);
    CHECK(says(*rewrite, "fill `giftNote` with \"none\" where it is missing (now required)"));
    CHECK_FALSE(rewrite->reversible);
    CHECK(rewrite->rollback == "only in part: `giftNote` was filled where missing; the filled values cannot be told "
                               "from values written since, and stay");
}

TEST_CASE("a removed key is named as data the rollback cannot restore", "[migrate]") {
    const Project before = loadMigrateCase("add-required-field/new.docshape");
    Project after = before;
    after.entities[0].fields.erase(after.entities[0].fields.begin() + 1); // totalPaise
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const MigrationStep *rewrite = stepOf(*plan, StepKind::Rewrite);
    REQUIRE(rewrite);
    CHECK(says(*rewrite, "remove `totalPaise`"));
    CHECK_FALSE(rewrite->reversible);
    CHECK(rewrite->rollback == "only in part: `totalPaise` is removed: its values are gone and cannot be restored "
                               "(take a backup, e.g. mongodump, before this step)");
}

TEST_CASE("a new required key without a default is filled with a value of its type, and the plan names the choices",
          "[migrate]") {
    const Project before = loadMigrateCase("add-required-field/old.docshape");
    Project after = loadMigrateCase("add-required-field/new.docshape");
    after.entities[0].fields[2].details.edit().defaultValue.reset(); // status, an enum
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    CAPTURE(plan->warnings);
    CHECK(std::find(plan->warnings.begin(), plan->warnings.end(),
                    "orders.status is new and required, and states no defaultValue: documents that lack it get "
                    "\"placed\"; to choose, state a defaultValue, copy it from a field (duplicatedFrom), or make it "
                    "optional and leave it to the application.") != plan->warnings.end());
}

TEST_CASE("copies whose copied key v2 no longer has cannot be filled again by the rollback", "[migrate]") {
    const Project before = loadMigrateCase("copies-to-ids/old.docshape");
    Project after = loadMigrateCase("copies-to-ids/new.docshape");
    after.entities[0].fields.erase(after.entities[0].fields.begin()); // Product.name, which the copies hold
    auto plan = planMigration(before, after);
    REQUIRE(plan.ok());
    const MigrationStep *step = stepOf(*plan, StepKind::CopyToReference);
    REQUIRE(step);
    CHECK_FALSE(step->reversible);
    CHECK(step->rollback == "cannot be rolled back by the script: a copied key has no source field in v2");
    CHECK(step->rollbackScript.empty());
}
