#include "migrate/MigrationPlan.h"

#include "util/JavaScriptText.h"

#include <nlohmann/json.hpp>

#include <string_view>

namespace docshape {

namespace {

using Json = nlohmann::ordered_json;

std::string jsString(std::string_view s) { return javascript::stringLiteral(s); }
using javascript::commentText;

// The helpers every step calls. Each honours options.dryRun (count, print,
// write nothing); the batched ones keep a progress marker per step in
// docshape_migrations, so a stopped run resumes after the last finished
// batch, and select documents by a guard (schemaVersion or the old shape),
// so a finished step finds nothing to do.
constexpr std::string_view kHelpers = R"js(const target = db.getSiblingDB(DATABASE);
const progress = target.getCollection("docshape_migrations");
const unfinished = [];

function check(result, what) {
  if (!result || (result.ok !== 1 && result.ok !== true && result.acknowledged !== true)) {
    throw new Error(`${what} failed: ${JSON.stringify(result)}`);
  }
  return result;
}

function collectionExists(name) {
  return target.getCollectionNames().includes(name);
}

function marker(step) {
  return progress.findOne({ _id: `${migrationId}:${step}` });
}

function saveMarker(step, fields) {
  check(progress.updateOne({ _id: `${migrationId}:${step}` },
    { $set: Object.assign({ updatedAt: new Date() }, fields) }, { upsert: true }), `progress of ${step}`);
}

function createCollection(name, spec) {
  if (collectionExists(name)) {
    print(`  ${name} exists already`);
  } else if (options.dryRun) {
    print(`  would create ${name}`);
  } else {
    check(target.createCollection(name, spec), `createCollection ${name}`);
    print(`  created ${name}`);
  }
}

function dropCollection(name) {
  if (!collectionExists(name)) {
    print(`  ${name} is gone already`);
  } else if (options.dryRun) {
    print(`  would drop ${name} (${target.getCollection(name).estimatedDocumentCount()} documents)`);
  } else {
    target.getCollection(name).drop();
    print(`  dropped ${name}`);
  }
}

function createIndexes(name, indexes) {
  const names = indexes.map((index) => index.name).join(", ");
  if (options.dryRun) {
    print(`  would build ${names} on ${name}`);
    return;
  }
  const command = { createIndexes: name, indexes: indexes };
  if (options.commitQuorum !== null && options.commitQuorum !== undefined) {
    command.commitQuorum = options.commitQuorum;
  }
  check(target.runCommand(command), `createIndexes ${name}`);
  print(`  built ${names} on ${name}`);
}

function dropIndexes(name, names) {
  const existing = collectionExists(name) ? target.getCollection(name).getIndexes().map((index) => index.name) : [];
  const present = names.filter((index) => existing.includes(index));
  if (present.length === 0) {
    print(`  ${names.join(", ")}: not on ${name}`);
  } else if (options.dryRun) {
    print(`  would drop ${present.join(", ")} from ${name}`);
  } else {
    check(target.runCommand({ dropIndexes: name, index: present }), `dropIndexes ${name}`);
    print(`  dropped ${present.join(", ")} from ${name}`);
  }
}

function setValidator(name, validator, level, action) {
  if (options.dryRun) {
    print(`  would set the validator of ${name}, validationLevel ${level}`);
    return;
  }
  check(target.runCommand({ collMod: name, validator: validator, validationLevel: level, validationAction: action }),
    `collMod ${name}`);
  print(`  ${name}: validator set, validationLevel ${level}`);
}

// The end of the read-both-versions window: strict again only when no
// document fails the new validator.
function restoreValidator(name, validator, level) {
  const failing = target.getCollection(name).countDocuments({ $nor: [validator] });
  if (failing > 0) {
    print(`  ${name}: ${failing} documents fail the v2 validator; validationLevel stays "moderate"`);
    unfinished.push(name);
  } else if (options.dryRun) {
    print(`  ${name}: every document passes the v2 validator; would set validationLevel ${level}`);
  } else {
    check(target.runCommand({ collMod: name, validationLevel: level }), `collMod ${name}`);
    print(`  ${name}: every document passes; validationLevel ${level}`);
  }
}

function countOverBound(name, pipeline, bound) {
  const over = target.getCollection(name).aggregate(pipeline).toArray();
  const parents = over.length > 0 ? over[0].parents : 0;
  if (parents > 0) {
    print(`  ${parents} parents have more than ${bound} ${name} documents; those beyond ${bound} are not embedded`);
  }
}

// Runs apply(collection, filter, ids, redo) over the documents that match the
// guard, options.batchSize at a time by _id range (lastId < _id <= upper),
// with a pause between batches and a progress marker before and after each.
// redo is true for the first batch after a stop inside a batch (the marker
// says it began and did not end). A second pass picks up documents an old
// release wrote behind the marker.
function inBatches(step, name, guard, apply) {
  const coll = target.getCollection(name);
  if (options.dryRun) {
    print(`  would touch ${coll.countDocuments(guard)} documents of ${name}`);
    return;
  }
  const state = marker(step);
  let lastId = state && !state.finished && state.lastId !== null ? state.lastId : undefined;
  let done = state && !state.finished ? state.done : 0;
  let redo = Boolean(state && !state.finished && state.begun);
  if (lastId !== undefined || redo) {
    print(`  resuming after _id ${lastId === undefined ? "(none)" : lastId} (${done} documents done)` +
      (redo ? "; the batch that stopped half-way is redone" : ""));
  }
  for (let pass = 0; pass < 2; pass++) {
    for (;;) {
      const range = lastId === undefined ? {} : { _id: { $gt: lastId } };
      const ids = coll.find({ $and: [guard, range] }, { _id: 1 }).sort({ _id: 1 }).limit(options.batchSize)
        .toArray().map((doc) => doc._id);
      if (ids.length === 0) {
        break;
      }
      const upper = ids[ids.length - 1];
      saveMarker(step, { lastId: lastId === undefined ? null : lastId, done: done, finished: false, begun: true });
      const changed = apply(coll, { $and: [guard, range, { _id: { $lte: upper } }] }, ids, redo);
      redo = false;
      done += ids.length;
      lastId = upper;
      saveMarker(step, { lastId: lastId, done: done, finished: false, begun: false });
      print(`  ${name}: ${done} documents, up to _id ${upper} (${changed} changed in this batch)`);
      if (options.pauseMs > 0) {
        sleep(options.pauseMs);
      }
    }
    if (coll.countDocuments(guard) === 0) {
      break;
    }
    lastId = undefined;
  }
  saveMarker(step, { lastId: null, done: done, finished: true, begun: false });
  print(`  ${name}: done, ${done} documents`);
}

function rewrite(step, name, guard, pipeline) {
  inBatches(step, name, guard, (coll, filter) =>
    check(coll.updateMany(filter, pipeline), `updateMany ${name}`).modifiedCount);
}

function aggregateInBatches(step, name, guard, stages) {
  inBatches(step, name, guard, (coll, filter, ids) => {
    coll.aggregate([{ $match: filter }].concat(stages)).toArray();
    return ids.length;
  });
}

// embed -> reference: per batch, the parents' elements inserted as children,
// then removed from the parents. A batch that stopped half-way is redone
// whole: first the children that point at its parents are deleted, those
// it inserted and any written there since (PLAN.md warns of it).
function extractInBatches(step, name, guard, stages, childName, backKey, field) {
  inBatches(step, name, guard, (coll, filter, ids, redo) => {
    if (redo) {
      check(target.getCollection(childName).deleteMany({ [backKey]: { $in: ids } }), `deleteMany ${childName}`);
    }
    coll.aggregate([{ $match: filter }].concat(stages)).toArray();
    return check(coll.updateMany(filter, [{ $unset: field }]), `updateMany ${name}`).modifiedCount;
  });
}
)js";

constexpr std::string_view kMain = R"js(
print(`DocShape migration ${migrationId}` + (options.dryRun ? " (dry run: counts only, writes nothing)" : "") +
  (options.rollback ? " (rollback)" : ""));
const selected = steps.filter((step) => options.only === null || options.only === undefined || step.id === options.only);
if (options.only !== null && options.only !== undefined && selected.length === 0) {
  throw new Error(`no step ${options.only}; the steps are ${steps.map((step) => step.id).join(", ")}`);
}
if (options.rollback) {
  for (const step of selected.slice().reverse()) {
    print(`rollback ${step.id}: ${step.title}`);
    if (step.rollback) {
      step.rollback(step.id);
    }
    if (step.irreversible) {
      print(`  not restored: ${step.irreversible}`);
    }
  }
} else {
  for (const step of selected) {
    print(`${step.id}: ${step.title}`);
    step.run(step.id);
  }
}
if (unfinished.length > 0) {
  print(`unfinished: ${unfinished.join(", ")} still have documents that fail the v2 validator (see PLAN.md)`);
}
)js";

} // namespace

std::string migrationScript(const MigrationPlan &plan) {
    std::string out;
    out += "// Migration generated by DocShape: \"" + commentText(plan.beforeName) + "\" to \"" +
           commentText(plan.afterName) + "\",\n// database \"" + commentText(plan.database) +
           "\". Read PLAN.md beside this file first: it says when to deploy what.\n"
           "//   mongosh URI migrate.js                                              run every step\n"
           "//   mongosh URI --eval 'var migrationOptions = {dryRun: true}' migrate.js  count only\n"
           "//   mongosh URI --eval 'var migrationOptions = {rollback: true}' migrate.js\n"
           "// Other options: batchSize, pauseMs (between batches), commitQuorum (null on a\n"
           "// standalone), only (one step id). Every step can run again: it touches only\n"
           "// documents still in the old shape, and resumes after its last finished batch.\n\n";
    Json defaults = {{"dryRun", false},
                     {"rollback", false},
                     {"batchSize", plan.options.batchSize},
                     {"pauseMs", plan.options.pauseMs},
                     {"commitQuorum", "votingMembers"},
                     {"only", nullptr}};
    out += "const options = Object.assign(" + defaults.dump() +
           ",\n  typeof migrationOptions === \"object\" && migrationOptions !== null ? migrationOptions : {});\n";
    out += "const migrationId = " + jsString(plan.migrationId) + ";\n";
    std::string helpers(kHelpers);
    const std::string placeholder = "DATABASE";
    helpers.replace(helpers.find(placeholder), placeholder.size(), jsString(plan.database));
    out += helpers;
    out += "\nconst steps = [];\n";
    for (const MigrationStep &s : plan.steps) {
        out += "\n// " + commentText(s.id) + ": " + commentText(s.title) + "\n";
        for (const auto &d : s.details)
            out += "//   " + commentText(d) + "\n";
        out += "steps.push({\n  id: " + jsString(s.id) + ",\n  title: " + jsString(s.title) + ",\n";
        out += "  run(STEP) {\n    " + s.script + "\n  },\n";
        if (s.rollbackScript.empty())
            out += "  rollback: null,\n";
        else
            out += "  rollback(STEP) {\n    " + s.rollbackScript + "\n  },\n";
        out += "  irreversible: " + (s.reversible ? std::string("null") : jsString(s.rollback)) + "\n});\n";
    }
    out += kMain;
    return out;
}

} // namespace docshape
