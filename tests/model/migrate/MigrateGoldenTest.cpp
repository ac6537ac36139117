#include "diff/DiffReport.h"
#include "diff/ModelDiff.h"
#include "io/ProjectFile.h"
#include "migrate/MigrationPlan.h"
#include "support/Golden.h"
#include "support/TestPaths.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

// Golden files pin the diff, the script and the plan of each pair of models
// in tests/data/migrate/<case>/{old,new}.docshape:
//   expected/diff.txt, expected/migrate.js, expected/PLAN.md
// That the scripts really migrate is checked by tests/migrate-js (mingo over
// sample documents, then DocShape's evaluator against v2's validator), that
// they call the mongosh API rightly by its dry run. After an intended
// change, regenerate and review the diff:
//   DOCSHAPE_UPDATE_GOLDEN=1 build/tests/model_tests "[migrate][golden]"
using namespace docshape;
using namespace docshape::test;
namespace fs = std::filesystem;

namespace {

std::vector<fs::path> cases() {
    std::vector<fs::path> out;
    for (const auto &entry : fs::directory_iterator(dataPath("migrate")))
        if (entry.is_directory())
            out.push_back(entry.path());
    std::sort(out.begin(), out.end());
    return out;
}

void compareGolden(const fs::path &golden, const std::string &actual) {
    INFO(golden.string());
    if (updatingGolden()) {
        fs::create_directories(golden.parent_path());
        std::ofstream(golden, std::ios::binary) << actual;
        WARN("regenerated " << golden.string());
        return;
    }
    if (!fs::exists(golden))
        FAIL("missing golden file (run with DOCSHAPE_UPDATE_GOLDEN=1 to create it)");
    const std::string expected = readFile(golden.string());
    if (expected != actual)
        FAIL("differs, first at " << firstDifference(expected, actual));
}

} // namespace

TEST_CASE("the diff, script and plan of each migration case match their golden files", "[migrate][golden]") {
    const auto dirs = cases();
    // At least the cases the issue names: a required field with a default, a
    // rename, a type change, embed, extract, a subset, an index added and one
    // dropped; an extended reference that copies more; a reference that
    // becomes an extended reference and back; the seed's schemaVersion
    // exercise; arrays of copies and copies in embedded elements that copy
    // more; and new duplicated fields (lesson-135's order-line snapshots)
    // filled from their source; an array of ids that becomes an array of
    // copies, and back.
    for (const char *required : {"add-required-field", "rename-field", "change-type", "embed-referenced",
                                 "extract-embedded", "add-subset", "add-and-drop-index", "fill-copies",
                                 "reference-to-copy", "copy-to-reference", "schema-version", "fill-copies-nested",
                                 "fill-duplicates", "ids-to-copies", "copies-to-ids"})
        CHECK(std::any_of(dirs.begin(), dirs.end(), [&](const fs::path &d) { return d.filename() == required; }));
    for (const auto &dir : dirs) {
        INFO("case " << dir.filename().string());
        auto before = loadProject((dir / "old.docshape").string());
        auto after = loadProject((dir / "new.docshape").string());
        REQUIRE(before.ok());
        REQUIRE(after.ok());
        const ModelDiff diff = diffModels(*before, *after);
        CHECK(!diff.equal());
        compareGolden(dir / "expected" / "diff.txt", diffText(diff));
        auto plan = planMigration(*before, *after);
        INFO((plan ? std::string() : plan.error().toString()));
        REQUIRE(plan.ok());
        compareGolden(dir / "expected" / "migrate.js", migrationScript(*plan));
        compareGolden(dir / "expected" / "PLAN.md", migrationPlanText(*plan));
        // Deterministic: the same models give the same bytes.
        CHECK(migrationScript(*planMigration(*before, *after)) == migrationScript(*plan));
    }
}
