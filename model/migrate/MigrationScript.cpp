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

// reference -> embed, the last step: the children are dropped only once each
// is, as it is now, in its parent's copy (an old release may have written
// one since it was embedded); otherwise they are counted and kept.
function dropEmbeddedCollection(name, parentName, backKey, field, element, many) {
  if (!collectionExists(name)) {
    print(`  ${name} is gone already`);
    return;
  }
  if (options.dryRun) {
    // Before the embed step no child is in its parent yet: counting them says nothing.
    print(`  would drop ${name} once each of its documents is found, as it is, in its parent's ${field}`);
    return;
  }
  const copy = { $let: { vars: { c: "$$ROOT" }, in: element } };
  const held = { $arrayElemAt: [{ $ifNull: ["$__parent." + field, []] }, 0] };
  const inParent = many ? { $in: [copy, { $ifNull: [held, []] }] } : { $eq: [copy, held] };
  const count = countInBatches(name, {}, undefined, [
    { $lookup: { from: parentName, localField: backKey, foreignField: "_id", as: "__parent" } },
    { $match: { $expr: { $not: [inParent] } } }]);
  if (count > 0 && !options.dropUnembedded) {
    print(`  ${name}: ${count} documents are not, as they are now, in their parent's ${field}; not dropped ` +
      `(run the embed step again with {reembed: true}, or this step with {dropUnembedded: true} to drop them anyway)`);
    unfinished.push(name);
    return;
  }
  dropCollection(name);
}

// The rollback of a collection the migration created: dropped only once it
// is empty (every document the migration put there has been moved back);
// otherwise it stays, and the run says how many documents it still holds.
function dropCreatedCollection(name) {
  if (!collectionExists(name)) {
    print(`  ${name} is gone already`);
    return;
  }
  if (!isEmpty(name)) {
    print(`  ${name} still holds about ${target.getCollection(name).estimatedDocumentCount()} documents that were ` +
      `not moved back; not dropped`);
    unfinished.push(name);
  } else if (options.dryRun) {
    print(`  would drop ${name} (empty)`);
  } else {
    target.getCollection(name).drop();
    print(`  dropped ${name} (empty)`);
  }
}

// Stops the run before it writes anything when documents hold an enum value
// v2 no longer allows and migrationOptions.replaceValues does not say what
// they become (or says a value v2 does not allow).
function checkRemovedValues(name, path, removed, allowed) {
  const chosen = ((options.replaceValues || {})[`${name}.${path}`]) || {};
  const questions = [];
  for (const value of removed) {
    const count = countInBatches(name, { [path]: value });
    const decided = chosen[value];
    if (decided !== undefined && !allowed.includes(decided)) {
      questions.push(`${name}.${path}: the value chosen for ${JSON.stringify(value)}, ${JSON.stringify(decided)}, ` +
        `is not one v2 allows (${allowed.map((v) => JSON.stringify(v)).join(", ")})`);
    } else if (count > 0 && decided === undefined) {
      questions.push(`${name}.${path}: ${count} documents hold ${JSON.stringify(value)}, which v2 no longer allows; ` +
        `run with migrationOptions.replaceValues = {${JSON.stringify(`${name}.${path}`)}: {${JSON.stringify(value)}: ` +
        `<one of ${allowed.map((v) => JSON.stringify(v)).join(", ")}>}}, or keep ${JSON.stringify(value)} in v2's enumValues`);
    } else {
      print(`  ${name}.${path}: ${count} documents hold ${JSON.stringify(value)}` +
        (decided === undefined ? "" : `; they get ${JSON.stringify(decided)}`));
    }
  }
  if (questions.length === 0) {
    return;
  }
  if (options.dryRun) {
    questions.forEach((q) => print(`  decision needed: ${q}`));
    return;
  }
  throw new Error(`decision needed before anything is written: ${questions.join("; ")}`);
}

// The enum values v2 removed, replaced as migrationOptions.replaceValues says.
function replaceValues(step, name, path, removed) {
  const chosen = ((options.replaceValues || {})[`${name}.${path}`]) || {};
  const branches = removed.filter((value) => chosen[value] !== undefined)
    .map((value) => ({ case: { $eq: ["$" + path, { $literal: value }] }, then: { $literal: chosen[value] } }));
  if (branches.length === 0) {
    print(`  no document holds a removed value`);
    return;
  }
  rewrite(step, name, { [path]: { $in: removed.filter((value) => chosen[value] !== undefined) } },
    [{ $set: { [path]: { $switch: { branches: branches, default: "$" + path } } } }]);
}

// Stops the run before it writes anything when documents are out of a bound
// v2 narrows and migrationOptions.outOfBounds does not say, for the field,
// "fit" (brought within it by the fitting step) or "leave" (they stay, and
// fail the v2 validator).
function checkBounds(name, path, checks) {
  const key = `${name}.${path}`;
  const decided = (options.outOfBounds || {})[key];
  const questions = [];
  for (const c of checks) {
    const count = countInBatches(name, c.filter);
    if (count === 0) {
      print(`  ${key}: no document is ${c.text}`);
    } else if ((decided === "fit" && c.fit) || decided === "leave") {
      print(`  ${key}: ${count} documents are ${c.text}; ` +
        (decided === "fit" ? `fitted later (${c.fit})` : "left as they are (they fail the v2 validator)"));
    } else {
      questions.push(`${key}: ${count} documents are ${c.text}; run with migrationOptions.outOfBounds = ` +
        `{${JSON.stringify(key)}: ${c.fit ? `"fit" (${c.fit}) or ` : ""}"leave" (they stay, failing the v2 ` +
        `validator)}, or fix them first, or keep v1's bound in v2`);
    }
  }
  if (questions.length === 0) {
    return;
  }
  if (options.dryRun) {
    questions.forEach((q) => print(`  decision needed: ${q}`));
    return;
  }
  throw new Error(`decision needed before anything is written: ${questions.join("; ")}`);
}

function fitBounds(step, name, path, guard, pipeline) {
  if ((options.outOfBounds || {})[`${name}.${path}`] !== "fit") {
    print(`  ${name}.${path}: not fitted (migrationOptions.outOfBounds does not say "fit")`);
    return;
  }
  rewrite(step, name, guard, pipeline);
}

// A changed index: the new definition built first under its own name, then
// the old one dropped, so that what the old one enforced (uniqueness) holds
// until the new one does. Run again, it finds the new one built and the old
// one gone, and does nothing.
function replaceIndex(name, build, drop) {
  createIndexes(name, build);
  dropIndexes(name, drop);
}

function sameIndex(built, index) {
  const text = (value) => JSON.stringify(value === undefined || value === false ? null : value);
  return ["key", "unique", "sparse", "partialFilterExpression", "expireAfterSeconds", "collation"]
    .every((option) => text(built[option]) === text(index[option]));
}

// A definition the server cannot hold beside the old one (same keys, filter
// and collation): the old one dropped, then the new one built; nothing when
// it is built already.
function rebuildIndex(name, indexes) {
  const existing = collectionExists(name) ? target.getCollection(name).getIndexes() : [];
  const stale = indexes.filter((index) => existing.some((built) => built.name === index.name && !sameIndex(built, index)));
  if (stale.length > 0) {
    dropIndexes(name, stale.map((index) => index.name));
  }
  createIndexes(name, indexes);
}

function createIndexes(name, indexes) {
  // An index already built under its name with its keys is not built again
  // (a run after a finished one); another definition under the name is left
  // to the server to refuse.
  const existing = collectionExists(name) ? target.getCollection(name).getIndexes() : [];
  indexes = indexes.filter((index) => !existing.some((built) => built.name === index.name && sameIndex(built, index)));
  if (indexes.length === 0) {
    print(`  already built on ${name}`);
    return;
  }
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

// The documents of `name` that match `filter`, counted options.batchSize at
// a time by _id range (each batch's ids read from the _id index), with the
// pause between batches: a check reads the collection at the rewrite's pace
// rather than in one unthrottled scan of the primary. With `enough`, it
// stops once that many are found; with `stages`, it counts what they leave
// of each batch.
function countInBatches(name, filter, enough, stages) {
  const coll = target.getCollection(name);
  let found = 0;
  let lastId;
  for (;;) {
    const range = lastId === undefined ? {} : { _id: { $gt: lastId } };
    const ids = coll.find({ $and: [{}, range] }, { _id: 1 }).sort({ _id: 1 }).limit(options.batchSize).toArray()
      .map((doc) => doc._id);
    if (ids.length === 0) {
      return found;
    }
    const upper = ids[ids.length - 1];
    const batch = { $and: [range, { _id: { $lte: upper } }, filter] };
    if (stages) {
      const counted = coll.aggregate([{ $match: batch }].concat(stages, [{ $count: "n" }])).toArray();
      found += counted.length > 0 ? counted[0].n : 0;
    } else {
      found += coll.countDocuments(batch);
    }
    if (enough !== undefined && found >= enough) {
      return found;
    }
    lastId = upper;
    if (options.pauseMs > 0 && ids.length === options.batchSize) {
      sleep(options.pauseMs);
    }
  }
}

// Whether a collection holds a document, reading at most one.
function isEmpty(name) {
  return target.getCollection(name).findOne({}, { _id: 1 }) === null;
}

// The end of the read-both-versions window: strict again only when no
// document fails the new validator.
function restoreValidator(name, validator, level) {
  if (options.dryRun) {
    // Before the rewrites every v1 document fails it: counting them says nothing.
    print(`  ${name}: would check that no document fails the v2 validator, then set validationLevel ${level}`);
    return;
  }
  const failing = countInBatches(name, { $nor: [validator] });
  if (failing > 0) {
    print(`  ${name}: ${failing} documents fail the v2 validator; validationLevel stays "moderate"`);
    unfinished.push(name);
  } else {
    check(target.runCommand({ collMod: name, validationLevel: level }), `collMod ${name}`);
    print(`  ${name}: every document passes; validationLevel ${level}`);
  }
}

// The parents with more than `bound` documents of `name` pointing at them
// by `backKey`, counted one batch of parents at a time.
function countOverBound(name, parentName, backKey, bound) {
  const parents = target.getCollection(parentName);
  const children = target.getCollection(name);
  let over = 0;
  let lastId;
  for (;;) {
    const range = lastId === undefined ? {} : { _id: { $gt: lastId } };
    const ids = parents.find({ $and: [{}, range] }, { _id: 1 }).sort({ _id: 1 }).limit(options.batchSize).toArray()
      .map((doc) => doc._id);
    if (ids.length === 0) {
      break;
    }
    const counted = children.aggregate([{ $match: { [backKey]: { $in: ids } } },
      { $group: { _id: "$" + backKey, n: { $sum: 1 } } }, { $match: { n: { $gt: bound } } }, { $count: "parents" }]).toArray();
    over += counted.length > 0 ? counted[0].parents : 0;
    lastId = ids[ids.length - 1];
    if (options.pauseMs > 0 && ids.length === options.batchSize) {
      sleep(options.pauseMs);
    }
  }
  if (over > 0) {
    print(`  ${over} parents have more than ${bound} ${name} documents; those beyond ${bound} are not embedded`);
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
    print(`  would touch ${countInBatches(name, guard)} documents of ${name}`);
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
    if (countInBatches(name, guard, 1) === 0) {
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

// embed -> reference, one parent at a time: its elements, as they were
// read, inserted as children under _id values chosen here (and kept in the
// progress marker first), then the elements removed from the parent only
// where the parent still holds exactly what was copied. A parent the
// application changed in between keeps its elements and loses the copies,
// and the next pass moves it again; a run stopped in between deletes, on
// resume, only the children it had inserted for a parent that still holds
// the elements. Nothing the application writes is deleted or lost.
function extractInBatches(step, name, guard, element, childName, backKey, field, many) {
  const children = target.getCollection(childName);
  const pending = `${step}:parent`;
  inBatches(step, name, guard, (coll, filter, ids, redo) => {
    const half = redo ? marker(pending) : null;
    if (half && half.parent !== undefined && half.parent !== null && !half.removed &&
        coll.countDocuments({ _id: half.parent, [field]: { $exists: true } }) > 0) {
      check(children.deleteMany({ _id: { $in: half.ids } }), `deleteMany ${childName}`);
    }
    let moved = 0;
    for (const parent of coll.find(filter, { _id: 1, [field]: 1 }).toArray()) {
      const value = parent[field];
      if (value === undefined) {
        continue;
      }
      const count = many ? (Array.isArray(value) ? value.length : 0) : 1;
      const childIds = Array.from({ length: count }, () => new ObjectId());
      saveMarker(pending, { parent: parent._id, ids: childIds, removed: false });
      const exact = { _id: parent._id, [field]: value };
      const made = Object.assign({ _id: many ? { $arrayElemAt: [{ $literal: childIds }, "$__index"] } : { $literal: childIds[0] } },
        element);
      const stages = many ? [{ $unwind: { path: "$" + field, includeArrayIndex: "__index" } }] : [];
      if (count > 0) {
        coll.aggregate([{ $match: exact }].concat(stages, [{ $replaceWith: made },
          { $merge: { into: childName, whenMatched: "fail", whenNotMatched: "insert" } }])).toArray();
      }
      const removed = check(coll.updateOne(exact, { $unset: { [field]: "" } }), `updateOne ${name}`);
      if (removed.modifiedCount === 1) {
        moved++;
      } else if (count > 0) {
        check(children.deleteMany({ _id: { $in: childIds } }), `deleteMany ${childName}`);
      }
      saveMarker(pending, { parent: null, ids: [], removed: true });
    }
    return moved;
  });
}

// reference -> embed, the rollback of an extract, one parent at a time: the
// children that point at it, in _id order, put back as its elements (before
// any the old release added there since), then those children, and only
// those, deleted. The parent is written only where it still is as it was
// read. A rollback stopped between the two is told by the progress marker:
// the copy was made, so only the deletion is redone.
function embedBackInBatches(step, name, element, childName, backKey, field, many, empty) {
  if (!collectionExists(childName)) {
    print(`  ${childName} is gone: nothing to move back`);
    return;
  }
  const children = target.getCollection(childName);
  const pending = `${step}:parent`;
  const half = options.dryRun ? null : marker(pending);
  if (half && half.parent !== undefined && half.parent !== null && half.copied) {
    check(children.deleteMany({ _id: { $in: half.ids } }), `deleteMany ${childName}`);
    saveMarker(pending, { parent: null, ids: [], copied: false });
  }
  inBatches(step, name, {}, (coll, filter, ids) => {
    let moved = 0;
    for (const id of ids) {
      const own = children.find({ [backKey]: id }).sort({ _id: 1 }).toArray();
      const parent = coll.findOne({ _id: id }, { _id: 1, [field]: 1 });
      if (!parent || (own.length === 0 && (parent[field] !== undefined || empty === null))) {
        continue;
      }
      if (!many && own.length > 1) {
        print(`  ${name} ${id}: ${own.length} ${childName} documents for one embedded document; left as they are`);
        unfinished.push(name);
        continue;
      }
      const exact = { _id: id, [field]: parent[field] === undefined ? { $exists: false } : parent[field] };
      const back = { $map: { input: { $literal: own }, as: "c", in: element } };
      const value = many ? { $concatArrays: [back, { $ifNull: ["$" + field, []] }] }
        : (own.length === 0 ? { $literal: empty } : { $arrayElemAt: [back, 0] });
      const ownIds = own.map((child) => child._id);
      saveMarker(pending, { parent: id, ids: ownIds, copied: false });
      const put = check(coll.updateOne(exact, [{ $set: { [field]: own.length === 0 ? { $literal: empty } : value } }]),
        `updateOne ${name}`);
      if (put.modifiedCount === 1 && ownIds.length > 0) {
        saveMarker(pending, { parent: id, ids: ownIds, copied: true });
        check(children.deleteMany({ _id: { $in: ownIds } }), `deleteMany ${childName}`);
        moved += ownIds.length;
      }
      saveMarker(pending, { parent: null, ids: [], copied: false });
    }
    return moved;
  });
  if (!options.dryRun && !isEmpty(childName)) {
    print(`  ${childName}: about ${children.estimatedDocumentCount()} documents were not moved back (a parent changed meanwhile, or is gone); run the rollback again`);
  }
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
