// Runs generated scripts (create.js and migrate.js) in mongosh --nodb against
// the recording stand-in for `db` (stand-in.js), for hostile-names.js. The
// scripts run as functions of the stand-in and of `pwned`, a function that a
// name which broke out of its string or comment would call: a script passes
// when it runs to the end without calling it.
//   SCRIPTS_MANIFEST  a JSON array of {script, oldModel, kind: "create"|"migrate"}
//   HARNESS_DIR       this folder
// Prints one JSON line per script: {script, ok, error, pwned, calls: [{cls, name, args}]}.
"use strict";
const fs = require("fs");
const path = require("path");
const { makeStandIn } = require(path.join(process.env.HARNESS_DIR, "stand-in.js"));

const signatures = globalThis["@@@mdb.signatures@@@"];
if (!signatures || !signatures.Collection || !signatures.Database) {
  throw new Error("mongosh's signature table is missing: not running inside mongosh?");
}
const manifest = JSON.parse(fs.readFileSync(process.env.SCRIPTS_MANIFEST, "utf8"));
const out = [];
for (const entry of manifest) {
  const source = fs.readFileSync(entry.script, "utf8");
  const old = JSON.parse(fs.readFileSync(entry.oldModel, "utf8"));
  const existingCollections = entry.kind === "create" ? [] : old.entities.map((e) => e.collectionName || e.name);
  const existingIndexes = [{ name: "_id_" }].concat((old.indexes || []).filter((i) => i.name).map((i) => ({ name: i.name })));
  const runs = entry.kind === "create" ? [[{}, false]] : [[{}, false], [{ dryRun: true }, false], [{ rollback: true }, false]];
  const result = { script: entry.script, ok: true, error: "", pwned: 0, calls: [] };
  const pwned = () => { result.pwned++; };
  for (const [options, resumed] of runs) {
    const calls = [];
    try {
      new Function("db", "migrationOptions", "print", "pwned", source)(
        makeStandIn({ signatures, ObjectId }, existingCollections, existingIndexes, calls, resumed),
        Object.assign({ pauseMs: 0 }, options), () => {}, pwned);
    } catch (e) {
      result.ok = false;
      result.error += `${JSON.stringify(options)}: ${e.message}\n`;
    }
    for (const c of calls) {
      result.calls.push({ cls: c.cls, name: c.name, args: EJSON.serialize(c.args) });
    }
  }
  out.push(JSON.stringify(result));
}
fs.writeFileSync(process.env.SCRIPTS_RESULTS, out.join("\n") + "\n");
