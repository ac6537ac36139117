// A dry run of a generated migration in mongosh --nodb: the script runs to
// the end four times (a normal run, a run resumed after a stop inside a
// batch, {dryRun: true} and {rollback: true})
// against a recording stand-in for `db` that checks every call's name and
// argument shape against the mongosh API (shell-api.js). mongosh refuses to
// reassign its global `db`, so the script runs as a function of the stand-in
// (new Function('db', 'migrationOptions', source)), with mongosh's own BSON
// helpers (NumberInt, ObjectId, ...) and print/sleep.
//   MIGRATE_JS   the script
//   OLD_MODEL    the v1 model, for the collections and indexes the stand-in says exist
//   HARNESS_DIR  this folder
"use strict";
const fs = require("fs");
const path = require("path");
const { checkCall } = require(path.join(process.env.HARNESS_DIR, "shell-api.js"));

const signatures = globalThis["@@@mdb.signatures@@@"];
if (!signatures || !signatures.Collection || !signatures.Database) {
  throw new Error("mongosh's signature table is missing: not running inside mongosh?");
}
const source = fs.readFileSync(process.env.MIGRATE_JS, "utf8");
const old = JSON.parse(fs.readFileSync(process.env.OLD_MODEL, "utf8"));
const existingCollections = old.entities.map((e) => e.collectionName || e.name);
const existingIndexes = [{ name: "_id_" }].concat(old.indexes.filter((i) => i.name).map((i) => ({ name: i.name })));
const WRITES = new Set(["runCommand", "createCollection", "updateOne", "updateMany", "deleteMany", "drop"]);

// resumed: every progress marker says a batch began and did not end, so
// each batched step redoes its first batch (an extract deletes first).
function makeStandIn(calls, resumed) {
  const served = new Set();
  const record = (cls, method, args) => {
    const name = checkCall(signatures, cls, method, args);
    const merges = method === "aggregate" && args[0].some((stage) => "$merge" in stage);
    calls.push({ cls, method, name, write: WRITES.has(method) || merges, args });
  };
  const cursor = (docs) => {
    const c = {
      sort(...args) { record("Cursor", "sort", args); return c; },
      limit(...args) { record("Cursor", "limit", args); return c; },
      toArray(...args) { record("Cursor", "toArray", args); return docs; },
    };
    return c;
  };
  const collection = (name) => ({
    // One batch of one document per step, so that every batched call is made and checked once.
    find(...args) {
      record("Collection", "find", args);
      const filter = args[0] && Array.isArray(args[0].$and) ? args[0].$and[0] : args[0];
      const key = `${name}:${JSON.stringify(filter)}`;
      if (served.has(key)) return cursor([]);
      served.add(key);
      return cursor([{ _id: new ObjectId() }]);
    },
    findOne(...args) {
      record("Collection", "findOne", args);
      return resumed && name === "docshape_migrations" ? { _id: args[0]._id, lastId: null, done: 0, finished: false, begun: true } : null;
    },
    countDocuments(...args) { record("Collection", "countDocuments", args); return 0; },
    estimatedDocumentCount(...args) { record("Collection", "estimatedDocumentCount", args); return 0; },
    updateOne(...args) { record("Collection", "updateOne", args); return { acknowledged: true, matchedCount: 0, modifiedCount: 0, upsertedCount: 1 }; },
    updateMany(...args) { record("Collection", "updateMany", args); return { acknowledged: true, matchedCount: 1, modifiedCount: 1, upsertedCount: 0 }; },
    deleteMany(...args) { record("Collection", "deleteMany", args); return { acknowledged: true, deletedCount: 0 }; },
    aggregate(...args) {
      record("Collection", "aggregate", args);
      return { toArray(...a) { record("AggregationCursor", "toArray", a); return []; } };
    },
    getIndexes(...args) { record("Collection", "getIndexes", args); return existingIndexes; },
    drop(...args) { record("Collection", "drop", args); return true; },
  });
  const database = {
    getSiblingDB(...args) { record("Database", "getSiblingDB", args); return database; },
    getCollection(...args) { record("Database", "getCollection", args); return collection(args[0]); },
    getCollectionNames(...args) { record("Database", "getCollectionNames", args); return existingCollections.slice(); },
    createCollection(...args) { record("Database", "createCollection", args); return { ok: 1 }; },
    runCommand(...args) { record("Database", "runCommand", args); return { ok: 1 }; },
  };
  return database;
}

let failed = 0;
const runs = [["run", {}, false], ["resumed run", {}, true], ["dry run", { dryRun: true }, false],
  ["rollback", { rollback: true }, false]];
for (const [label, options, resumed] of runs) {
  const calls = [];
  try {
    new Function("db", "migrationOptions", "print", source)(makeStandIn(calls, resumed), Object.assign({ pauseMs: 0 }, options), () => {});
  } catch (e) {
    print(`FAIL ${label}: ${e.message}`);
    failed++;
    continue;
  }
  const writes = calls.filter((c) => c.write);
  if (options.dryRun && writes.length > 0) {
    print(`FAIL ${label}: wrote with ${writes.map((c) => c.name).join(", ")}`);
    failed++;
    continue;
  }
  const names = Array.from(new Set(calls.map((c) => `${c.cls}.${c.name}`))).sort();
  print(`ok ${label}: ${calls.length} calls checked, ${writes.length} writes (${names.join(" ")})`);
}
if (failed > 0) {
  throw new Error(`${failed} of ${runs.length} runs failed`);
}
