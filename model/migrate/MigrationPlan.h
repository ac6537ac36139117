#pragma once

#include "core/Project.h"
#include "util/Result.h"

#include <cstdint>
#include <string>
#include <vector>

namespace docshape {

// The assumptions a plan states its costs under, and the batching of the
// script it writes (each can be changed on the command line).
struct MigrationOptions {
    std::uint64_t batchSize = 1000;   // documents per batch, by _id range
    std::uint64_t pauseMs = 100;      // between batches, so the rewrite leaves room for the application
    double writeRate = 1000;          // documents rewritten per second (an assumption)
    double indexRate = 100000;        // index entries built per second (an assumption)
};

enum class StepKind {
    CreateCollection, // a collection v2 has and v1 has not, with its validator
    CreateIndexes,    // new or changed indexes, before any rewrite; after it, those on keys it writes
    RelaxValidator,   // the v2 validator at validationLevel "moderate"
    Rewrite,          // an update pipeline over the documents of one collection
    Embed,            // reference -> embed: $lookup into the parent, $merge
    Extract,          // embed -> reference: $unwind + $project + $merge into the new collection, $unset in the parent
    Subset,           // the parent's copy of its newest children: $lookup + $merge
    FillCopies,       // keys an extended reference copies in v2 and not in v1, and new fields that duplicate
                      // another entity's field (duplicatedFrom): from their source document
    ReferenceToCopy,  // reference -> extended reference: the copy filled from the referenced document, the id key removed
    CopyToReference,  // extended reference -> reference: the copy's _id kept as the reference, the copy removed
    RestoreValidator, // back to the model's validationLevel once every document passes
    DropIndexes,      // indexes v2 no longer has, last
    DropCollection,   // collections v2 no longer has (now embedded or removed), last
    Check,            // counts, before anything is written, and stops the run when a decision is missing
};

// What a step costs, from the estimation model of both versions.
struct StepCost {
    double documents = 0;     // documents written (rewritten, inserted) or removed
    double bytes = 0;         // bytes of those documents, whole (a rewrite writes the whole document)
    double indexEntries = 0;  // index entries built or rewritten
    double documentsRead = 0; // documents read but not written (checks, $lookup sources)
    double seconds = 0;       // at the options' write and index rates, with the pauses
};

struct MigrationStep {
    StepKind kind = StepKind::Rewrite;
    std::string id;         // stable, also the key of its progress marker: "3-rewrite-orders"
    std::string collection; // the collection it works on
    std::string title;
    std::vector<std::string> details; // what it does, one line each (PLAN.md bullets)
    StepCost cost;
    // How the step is undone, or, when it cannot be, why not in plain words.
    bool reversible = true;
    std::string rollback;
    // JavaScript: the body of the step's run() and rollback() in migrate.js
    // (calls of the script's helpers); rollbackScript is empty when the step
    // is not reversible.
    std::string script;
    std::string rollbackScript;
};

struct MigrationPlan {
    std::string beforeName;
    std::string afterName;
    std::string database;
    std::string migrationId; // names the progress markers: "<v1 name> -> <v2 name>"
    MigrationOptions options;
    std::vector<MigrationStep> steps; // in the order that keeps the application running
    // Collections whose v2 entity has a schemaVersion: "name (version N)".
    std::vector<std::string> versioned;
    // Changes the script does not make, and assumptions it had to take
    // (a type default for a new required field), one sentence each.
    std::vector<std::string> warnings;
};

// The migration from `before` to `after` (both valid): new collections and
// indexes first, validators relaxed to moderate, document rewrites (then
// the non-unique indexes on keys they write) and representation changes
// batched by _id, validators restored, old indexes
// and collections dropped last. An Error when a value the script must write
// cannot be (a default that is not a value of its field's type, a validator
// that cannot be exported, a required key of an embedded, extracted or
// copied document with no source and no default): its place and the choices.
Result<MigrationPlan> planMigration(const Project &before, const Project &after, const MigrationOptions &options = {});

// migrate.js: valid mongosh JavaScript, deterministic, ending with a newline.
// Run with `mongosh URI migrate.js`; `--eval 'var migrationOptions = {...}'`
// before the file sets dryRun, rollback, batchSize, pauseMs, commitQuorum,
// only (a step id).
std::string migrationScript(const MigrationPlan &plan);

// PLAN.md: the order of work (the read-both-versions window), each step with
// its cost and rollback, what cannot be rolled back, how to run the script.
std::string migrationPlanText(const MigrationPlan &plan);

} // namespace docshape
