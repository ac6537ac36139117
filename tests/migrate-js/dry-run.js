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
const { makeStandIn } = require(path.join(process.env.HARNESS_DIR, "stand-in.js"));

const signatures = globalThis["@@@mdb.signatures@@@"];
if (!signatures || !signatures.Collection || !signatures.Database) {
  throw new Error("mongosh's signature table is missing: not running inside mongosh?");
}
const source = fs.readFileSync(process.env.MIGRATE_JS, "utf8");
const old = JSON.parse(fs.readFileSync(process.env.OLD_MODEL, "utf8"));
const existingCollections = old.entities.map((e) => e.collectionName || e.name);
const existingIndexes = [{ name: "_id_" }].concat(old.indexes.filter((i) => i.name).map((i) => ({ name: i.name })));

let failed = 0;
const runs = [["run", {}, false], ["resumed run", {}, true], ["dry run", { dryRun: true }, false],
  ["rollback", { rollback: true }, false]];
for (const [label, options, resumed] of runs) {
  const calls = [];
  try {
    new Function("db", "migrationOptions", "print", source)(makeStandIn({ signatures, ObjectId }, existingCollections, existingIndexes, calls, resumed), Object.assign({ pauseMs: 0 }, options), () => {});
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
