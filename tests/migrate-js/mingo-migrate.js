// The pipelines really migrate: a generated migration runs, in mongosh
// --nodb, against an in-memory database whose queries, updates and
// aggregations are executed by mingo (an independent JavaScript
// implementation of MongoDB's query and aggregation language), over
// `docshape-cli sample` documents of v1. Every migrated document must then
// pass v2's exported validator under DocShape's evaluator (`docshape-cli
// validate --schema`), and a second run of the script must change nothing.
//   CASE_DIR      tests/data/migrate/<case> (old.docshape, new.docshape)
//   WORK_DIR      a scratch folder
//   DOCSHAPE_CLI  the docshape-cli binary
//   HARNESS_DIR   this folder; NODE_PATH finds mingo
//
// What mingo does not do, and what stands in for it here:
// - BSON types: mingo computes on JavaScript values. Documents keep
//   mongosh's BSON objects (Int32, Long, Double, Decimal128, ObjectId), which
//   mingo copies, compares and hashes through their toString(); the $type
//   expression is taught their names, and a $convert result gets the BSON type
//   its `to` names (the server's contract), mingo computing the value.
//   Query $type does not know them, so a conversion's guard matches every
//   document here (the step then rewrites values it already converted, to
//   the same values).
// - $jsonSchema: mingo has no evaluator; countDocuments({$nor: [{$jsonSchema}]})
//   asks DocShape's (docshape-cli validate), as the script's end-of-window check does.
// - _id on insert: a document $merge inserts without _id gets a new
//   ObjectId, as the server gives it.
// - Sample documents are generated per collection, so a child's reference to
//   its parent is pointed at a real parent (round robin) before the run.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync, spawnSync } = require("child_process");
const { Context } = require("mingo/core");
const { Query } = require("mingo/query");
const { Aggregator } = require("mingo/aggregator");
const { updateMany, updateOne } = require("mingo/updater");
const expressionOps = require("mingo/operators/expression");
const pipelineOps = require("mingo/operators/pipeline");
const queryOps = require("mingo/operators/query");
const accumulatorOps = require("mingo/operators/accumulator");
const projectionOps = require("mingo/operators/projection");
const windowOps = require("mingo/operators/window");

const cli = process.env.DOCSHAPE_CLI;
const caseDir = process.env.CASE_DIR;
const work = process.env.WORK_DIR;
const oldModel = path.join(caseDir, "old.docshape");
const newModel = path.join(caseDir, "new.docshape");
fs.mkdirSync(work, { recursive: true });

function runCli(args) {
  return execFileSync(cli, args, { encoding: "utf8", maxBuffer: 64 << 20 });
}

// --- mingo, taught BSON type names -------------------------------------------
const BSON_TYPE_NAMES = { Int32: "int", Long: "long", Double: "double", Decimal128: "decimal", ObjectId: "objectId",
  Binary: "binData", Timestamp: "timestamp", BSONRegExp: "regex", MinKey: "minKey", MaxKey: "maxKey" };
const { evalExpr } = require("mingo/core");
function retype(value, to) {
  if (typeof value !== "number") return value;
  switch (to) {
    case "int": return new Int32(value);
    case "long": return Long.fromNumber(value);
    case "double": return new Double(value);
    case "decimal": return Decimal128.fromString(String(value));
    default: return value;
  }
}
// mingo's arithmetic takes JavaScript numbers only (it refuses, or skips,
// mongosh's Int32, Long, Double and Decimal128): the arithmetic operators and
// accumulators get their arguments as numbers. Exact for the integers of
// sample documents (below 2^53); the results reach documents through a
// $convert, which gives them the BSON type its `to` names.
const NUMBER_TYPES = new Set(["Int32", "Long", "Double", "Decimal128"]);
function asNumbers(v) {
  if (v && typeof v === "object" && NUMBER_TYPES.has(v._bsontype)) return Number(v.toString());
  if (Array.isArray(v)) return v.map(asNumbers);
  if (v && typeof v === "object" && !v._bsontype && !(v instanceof Date)) {
    const out = {};
    for (const k of Object.keys(v)) out[k] = asNumbers(v[k]);
    return out;
  }
  return v;
}
const arithmetic = {};
for (const name of ["$add", "$subtract", "$multiply", "$divide"]) {
  arithmetic[name] = (obj, expr, options) =>
    expressionOps[name](obj, asNumbers(evalExpr(obj, expr, options)).map((v) => ({ $literal: v })), options);
}
const accumulators = {};
for (const name of ["$sum", "$avg", "$min", "$max"]) {
  accumulators[name] = (collection, expr, options) => accumulatorOps[name](asNumbers(collection), expr, options);
}
const context = Context.init({
  accumulator: Object.assign({}, accumulatorOps, accumulators),
  expression: Object.assign({}, expressionOps, arithmetic, {
    $type(obj, expr, options) {
      const v = evalExpr(obj, expr, options);
      if (v && typeof v === "object" && BSON_TYPE_NAMES[v._bsontype]) return BSON_TYPE_NAMES[v._bsontype];
      return expressionOps.$type(obj, expr, options);
    },
    $convert(obj, expr, options) {
      const failed = { failed: true };
      const result = expressionOps.$convert(obj, Object.assign({}, expr, { onError: { $literal: failed } }), options);
      if (result === failed) {
        return expressionOps.$convert(obj, { input: { $literal: null }, to: expr.to, onNull: expr.onError }, options);
      }
      const input = evalExpr(obj, expr.input, options);
      if (input === null || input === undefined) return result;
      return retype(result, evalExpr(obj, expr.to, options));
    },
  }),
  pipeline: pipelineOps,
  projection: projectionOps,
  query: queryOps,
  window: windowOps,
});

// --- the in-memory database --------------------------------------------------
function makeDatabase(collections, jsonSchemaCheck, counters) {
  const resolver = (name) => {
    if (!collections.has(name)) collections.set(name, []);
    return collections.get(name);
  };
  const options = () => ({ context, collectionResolver: resolver });
  const giveIds = () => {
    for (const docs of collections.values()) for (const d of docs) if (d._id === undefined) {
      const rest = Object.assign({}, d);
      for (const k of Object.keys(d)) delete d[k];
      Object.assign(d, { _id: new ObjectId() }, rest);
    }
  };
  const cursor = (docs) => {
    let sorted = docs;
    const c = {
      sort(spec) { sorted = new Aggregator([{ $sort: spec }], options()).run(sorted); return c; },
      limit(n) { sorted = sorted.slice(0, n); return c; },
      toArray() { return sorted; },
    };
    return c;
  };
  const matching = (name, filter) => {
    const docs = resolver(name);
    if (filter && Array.isArray(filter.$nor) && filter.$nor.length === 1 && filter.$nor[0].$jsonSchema) {
      return jsonSchemaCheck(filter.$nor[0].$jsonSchema, docs);
    }
    const q = new Query(filter || {}, options());
    return docs.filter((d) => q.test(d));
  };
  const collection = (name) => ({
    find(filter, projection) {
      let docs = matching(name, filter);
      if (projection) docs = docs.map((d) => new Query({}, options()).find([d], projection).all()[0]);
      return cursor(docs);
    },
    findOne(filter) { return matching(name, filter)[0] || null; },
    countDocuments(filter) { return matching(name, filter).length; },
    estimatedDocumentCount() { return resolver(name).length; },
    updateOne(filter, update, opts) {
      const docs = resolver(name);
      const r = updateOne(docs, filter, update, {}, options());
      if (r.matchedCount === 0 && opts && opts.upsert) {
        docs.push(Object.assign({ _id: filter._id }, update.$set || {}));
      }
      return { acknowledged: true, matchedCount: r.matchedCount, modifiedCount: r.modifiedCount };
    },
    updateMany(filter, update) {
      const r = updateMany(resolver(name), filter, update, {}, options());
      if (name !== "docshape_migrations") counters.modified += r.modifiedCount;
      return { acknowledged: true, matchedCount: r.matchedCount, modifiedCount: r.modifiedCount };
    },
    deleteMany(filter) {
      const docs = resolver(name);
      const q = new Query(filter, options());
      const keep = docs.filter((d) => !q.test(d));
      const deleted = docs.length - keep.length;
      docs.splice(0, docs.length, ...keep);
      counters.modified += deleted;
      return { acknowledged: true, deletedCount: deleted };
    },
    aggregate(pipeline) {
      const out = new Aggregator(pipeline, options()).run(resolver(name));
      giveIds();
      return { toArray: () => out };
    },
    getIndexes() { return [{ name: "_id_" }]; },
    drop() { collections.delete(name); return true; },
  });
  const database = {
    getSiblingDB() { return database; },
    getCollection(name) { return collection(name); },
    getCollectionNames() { return Array.from(collections.keys()); },
    createCollection(name) { resolver(name); return { ok: 1 }; },
    runCommand() { return { ok: 1 }; },
  };
  return database;
}

// --- DocShape's evaluator -----------------------------------------------------
let schemaFiles = 0;
function failingDocs(schema, docs) {
  const schemaFile = path.join(work, `schema-${++schemaFiles}.json`);
  const docsFile = path.join(work, `docs-${schemaFiles}.jsonl`);
  fs.writeFileSync(schemaFile, EJSON.stringify(schema, { relaxed: false }));
  fs.writeFileSync(docsFile, docs.map((d) => EJSON.stringify(d, { relaxed: false })).join("\n") + "\n");
  const r = spawnSync(cli, ["validate", "--schema", schemaFile, docsFile, "--json"], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`docshape-cli validate: ${r.stderr}`);
  const results = r.stdout.split("\n").filter((l) => l.trim().length > 0).map((l) => JSON.parse(l));
  if (results.length !== docs.length) throw new Error(`docshape-cli validate judged ${results.length} of ${docs.length} documents`);
  return results.filter((res) => !res.valid).map((res) => Object.assign({ errors: res.errors }, { doc: docs[res.index] })).map((x) => x.doc);
}

// --- the case ----------------------------------------------------------------
const analysis = JSON.parse(runCli(["analyze", oldModel, "--json"]));
const collections = new Map();
for (const c of analysis.collections) {
  const lines = runCli(["sample", oldModel, "--collection", c.name, "--count", "12", "--seed", "7"]).trim().split("\n");
  collections.set(c.name, lines.filter((l) => l.length > 0).map((l) => EJSON.parse(l, { relaxed: false })));
}
const old = JSON.parse(fs.readFileSync(oldModel, "utf8"));
const entityCollection = (id) => {
  const e = old.entities.find((x) => x.id === id);
  return e ? e.collectionName || e.name : null;
};
// Every subdocument of `value` (itself included), through arrays.
function eachObject(value, visit) {
  if (Array.isArray(value)) {
    value.forEach((v) => eachObject(v, visit));
  } else if (value && typeof value === "object" && !value._bsontype && !(value instanceof Date)) {
    visit(value);
    Object.values(value).forEach((v) => eachObject(v, visit));
  }
}
// The subdocuments, in every collection, that hold the key `name`.
function holdersOf(name, docsByCollection) {
  const out = [];
  for (const docs of docsByCollection.values()) eachObject(docs, (o) => { if (Object.hasOwn(o, name)) out.push(o); });
  return out;
}
for (const r of old.relationships) {
  const key = r.representation === "subset" || r.representation === "twoWay" ? r.backFieldName : r.fieldName;
  const rep = r.representation || "referenceFromChild";
  if (!["referenceFromChild", "subset"].includes(rep) || !key) continue;
  const parents = collections.get(entityCollection(r.parentId));
  if (!parents) continue;
  // A child embedded in another entity's documents holds the reference
  // wherever it is embedded.
  const children = collections.get(entityCollection(r.childId)) || holdersOf(key, collections);
  children.forEach((child, i) => { child[key] = parents[i % parents.length]._id; });
}

// An array of ids names real documents.
for (const r of old.relationships) {
  if (r.representation !== "referenceArrayInParent") continue;
  const sources = collections.get(entityCollection(r.childId));
  if (!sources || sources.length === 0) continue;
  let i = 0;
  for (const holder of collections.get(entityCollection(r.parentId)) || []) {
    if (Array.isArray(holder[r.fieldName])) holder[r.fieldName] = holder[r.fieldName].map(() => sources[i++ % sources.length]._id);
  }
}

// An extended reference's copy names a real source document, as the
// application writes it: one copy or an array of them, in the holder's
// documents or in a document embedded there.
for (const r of old.relationships) {
  if (r.representation !== "extendedReference") continue;
  const sources = collections.get(entityCollection(r.childId));
  if (!sources || sources.length === 0) continue;
  let i = 0;
  for (const holder of holdersOf(r.fieldName, collections)) {
    const copies = Array.isArray(holder[r.fieldName]) ? holder[r.fieldName] : [holder[r.fieldName]];
    for (const copy of copies) {
      if (copy && typeof copy === "object" && !Array.isArray(copy)) copy._id = sources[i++ % sources.length]._id;
    }
  }
}

const migrateDir = path.join(work, "migration");
runCli(["migrate", oldModel, newModel, "--out", migrateDir, "--batch-size", "5"]);
const source = fs.readFileSync(path.join(migrateDir, "migrate.js"), "utf8");
const exportDir = path.join(work, "export");
runCli(["export", newModel, "--out", exportDir]);

const snapshot = () => JSON.stringify(Array.from(collections.entries())
  .filter(([name]) => name !== "docshape_migrations")
  .map(([name, docs]) => [name, docs.map((d) => EJSON.stringify(d, { relaxed: false }))]));

const initial = snapshot();
const rewrites = /(rewrite|aggregateInBatches|extractInBatches)\(STEP,/.test(source);
const counters = { modified: 0 };
const db1 = makeDatabase(collections, failingDocs, counters);
const log = [];
const scriptPrint = (...args) => log.push(args.join(" "));
const runScript = () => new Function("db", "migrationOptions", "print", source)(db1, { pauseMs: 0 }, scriptPrint);
runScript();
const afterFirst = snapshot();
const firstModified = counters.modified;
counters.modified = 0;
log.push("-- second run");
runScript();
const afterSecond = snapshot();

let failures = 0;
if (rewrites && afterFirst === initial) {
  print("FAIL: the script has rewrite steps, and the first run changed no document");
  failures++;
}
if (afterFirst !== afterSecond || counters.modified !== 0) {
  print(`FAIL: the second run changed ${counters.modified} documents`);
  failures++;
}

const analysis2 = JSON.parse(runCli(["analyze", newModel, "--json"]));
let checked = 0;
for (const c of analysis2.collections) {
  const docs = collections.get(c.name) || [];
  const stem = c.name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\./, "_");
  const schema = EJSON.parse(fs.readFileSync(path.join(exportDir, "validators", `${stem}.json`), "utf8"), { relaxed: false });
  const bad = failingDocs(schema, docs);
  checked += docs.length;
  fs.writeFileSync(path.join(work, `${stem}.migrated.jsonl`), docs.map((d) => EJSON.stringify(d, { relaxed: false })).join("\n") + "\n");
  if (docs.length === 0) {
    print(`FAIL: ${c.name} has no documents after the migration`);
    failures++;
  }
  if (bad.length > 0) {
    print(`FAIL: ${bad.length} of ${docs.length} ${c.name} documents fail the v2 validator, e.g. ${EJSON.stringify(bad[0], { relaxed: false })}`);
    failures++;
  }
}
// A key an extended reference copies in v2 and not in v1 holds its
// source's value (not a default). A reference that became an extended
// reference (the holder's id of the source, the ends of the relationship
// the other way round) gets every copied key from its source.
const niu = JSON.parse(fs.readFileSync(newModel, "utf8"));
const isReference = (r) => (r.representation || "referenceFromChild") === "referenceFromChild" ||
  (r.representation === "twoWay" && r.cardinality !== "manyToMany");
const counterpart = (copy, others, copyVersion) => others.find((r) => isReference(r) && r.childId === copy.parentId &&
  r.parentId === copy.childId && (r.id === copy.id ||
    (!copyVersion.relationships.some((x) => x.id === r.id) && !others.some((x) => x.id === copy.id))));
const initialDocs = new Map(JSON.parse(initial).map(([name, docs]) => [name, docs.map((d) => EJSON.parse(d, { relaxed: false }))]));
const sameValue = (a, b) => EJSON.stringify(a, { relaxed: false }) === EJSON.stringify(b, { relaxed: false });
for (const r2 of niu.relationships) {
  if (r2.representation !== "extendedReference") continue;
  const r1 = old.relationships.find((r) => r.id === r2.id && r.representation === "extendedReference");
  const reference = r1 ? null : counterpart(r2, old.relationships, niu);
  if (!r1 && !reference) continue;
  const source = niu.entities.find((e) => e.id === r2.childId);
  const copied = (r2.copiedFieldIds || []).length > 0 ? r2.copiedFieldIds : source.fields.map((f) => f.id);
  const added = copied.filter((id) => !r1 || !(r1.copiedFieldIds || []).includes(id))
    .map((id) => source.fields.find((f) => f.id === id).name);
  if (reference) {
    // The copy's _id is what the reference held.
    const before = initialDocs.get(entityCollection(r2.parentId)) || [];
    let kept = 0;
    for (const p of collections.get(entityCollection(r2.parentId)) || []) {
      const was = before.find((d) => sameValue(d._id, p._id));
      if (!was || was[reference.fieldName] === undefined) continue;
      if (!p[r2.fieldName] || !sameValue(p[r2.fieldName]._id, was[reference.fieldName]) || p[reference.fieldName] !== undefined) {
        print(`FAIL: ${EJSON.stringify(p._id)} had ${reference.fieldName} ${EJSON.stringify(was[reference.fieldName])} and now has ${EJSON.stringify(p)}`);
        failures++;
      }
      kept++;
    }
    if (kept === 0) {
      print(`FAIL: no v1 document held the reference ${reference.fieldName}`);
      failures++;
    }
    print(`ok: ${kept} references ${reference.fieldName} became copies ${r2.fieldName} with the same _id`);
  }
  const sources = collections.get(entityCollection(r2.childId)) || [];
  let compared = 0;
  const holders = holdersOf(r2.fieldName, new Map(Array.from(collections).filter(([name]) => name !== "docshape_migrations")));
  for (const p of holders) {
    for (const copy of Array.isArray(p[r2.fieldName]) ? p[r2.fieldName] : [p[r2.fieldName]]) {
      if (!copy || typeof copy !== "object") continue;
      const from = sources.find((d) => sameValue(d._id, copy._id));
      for (const name of added) {
        compared++;
        if (!from || !sameValue(copy[name], from[name])) {
          print(`FAIL: ${r2.fieldName}.${name} of ${EJSON.stringify(copy._id)} is ${EJSON.stringify(copy[name])}, its source has ${from ? EJSON.stringify(from[name]) : "no document"}`);
          failures++;
        }
      }
    }
  }
  if (added.length > 0 && compared === 0) {
    print(`FAIL: no copy of ${r2.fieldName} was found to compare with its source`);
    failures++;
  }
  if (added.length > 0) print(`ok: ${compared} filled copies of ${r2.fieldName} hold their source's values`);
}

// A field v2 adds that duplicates another entity's field (duplicatedFrom),
// beside a reference to that entity's document: it holds the value of the
// document the reference names.
const fieldsOf = (model) => model.entities.flatMap((e) => e.fields.map((fld) => ({ entity: e, field: fld })));
for (const { entity, field } of fieldsOf(niu)) {
  if (!field.duplicatedFrom || fieldsOf(old).some((x) => x.field.id === field.id)) continue;
  const source = fieldsOf(niu).find((x) => x.field.id === field.duplicatedFrom);
  const ref = old.relationships.find((r) => (r.representation || "referenceFromChild") === "referenceFromChild" &&
    r.parentId === source.entity.id && r.childId === entity.id);
  if (!ref) continue;
  const sources = collections.get(entityCollection(source.entity.id)) || [];
  let compared = 0;
  for (const holder of holdersOf(ref.fieldName, new Map(Array.from(collections).filter(([name]) => name !== "docshape_migrations")))) {
    const from = sources.find((d) => sameValue(d._id, holder[ref.fieldName]));
    compared++;
    if (!from || !sameValue(holder[field.name], from[source.field.name])) {
      print(`FAIL: ${field.name} beside ${ref.fieldName} ${EJSON.stringify(holder[ref.fieldName])} is ${EJSON.stringify(holder[field.name])}, its source has ${from ? EJSON.stringify(from[source.field.name]) : "no document"}`);
      failures++;
    }
  }
  if (compared === 0) {
    print(`FAIL: no ${entity.name} holds ${ref.fieldName}, so ${field.name} was not compared with its source`);
    failures++;
  }
  print(`ok: ${compared} copies ${field.name} hold their ${source.entity.name}'s ${source.field.name}`);
}

// An array of ids <-> an array of copies (the same relationship): the
// copies' _id values are the ids, in their order; new copies hold their
// source's values; the other shape is gone.
for (const r2 of niu.relationships) {
  const r1 = old.relationships.find((r) => r.id === r2.id);
  if (!r1) continue;
  const toCopies = r1.representation === "referenceArrayInParent" && r2.representation === "extendedReference";
  const toIds = r1.representation === "extendedReference" && r2.representation === "referenceArrayInParent";
  if (!toCopies && !toIds) continue;
  const source = niu.entities.find((e) => e.id === r2.childId);
  const sources = collections.get(entityCollection(r2.childId)) || [];
  const copied = toCopies ? ((r2.copiedFieldIds || []).length > 0 ? r2.copiedFieldIds : source.fields.map((x) => x.id))
    .map((id) => source.fields.find((x) => x.id === id).name) : [];
  const before = initialDocs.get(entityCollection(r2.parentId)) || [];
  let compared = 0;
  for (const p of collections.get(entityCollection(r2.parentId)) || []) {
    const was = before.find((d) => sameValue(d._id, p._id));
    if (!was || !Array.isArray(was[r1.fieldName])) continue;
    const wasIds = toCopies ? was[r1.fieldName] : was[r1.fieldName].map((c) => c._id);
    const nowIds = toCopies ? (p[r2.fieldName] || []).map((c) => c._id) : p[r2.fieldName];
    if (!sameValue(nowIds, wasIds) || p[r1.fieldName] !== undefined) {
      print(`FAIL: ${EJSON.stringify(p._id)} had ${r1.fieldName} ${EJSON.stringify(was[r1.fieldName])} and now has ${EJSON.stringify(p)}`);
      failures++;
    }
    for (const copy of toCopies ? p[r2.fieldName] || [] : []) {
      const from = sources.find((d) => sameValue(d._id, copy._id));
      for (const name of copied) {
        if (!from || !sameValue(copy[name], from[name])) {
          print(`FAIL: ${r2.fieldName}.${name} of ${EJSON.stringify(copy._id)} is ${EJSON.stringify(copy[name])}, its source has ${from ? EJSON.stringify(from[name]) : "no document"}`);
          failures++;
        }
      }
    }
    compared += wasIds.length;
  }
  if (compared === 0) {
    print(`FAIL: no v1 document held ${r1.fieldName} elements to compare`);
    failures++;
  }
  print(`ok: ${compared} ${r1.fieldName} elements became ${r2.fieldName} elements with the same _id, in order`);
}

// Extended reference -> reference: the reference is the copy's _id, and
// the copy is gone.
for (const r1 of old.relationships) {
  if (r1.representation !== "extendedReference") continue;
  const r2 = counterpart(r1, niu.relationships, old);
  if (!r2) continue;
  const before = initialDocs.get(entityCollection(r1.parentId)) || [];
  let kept = 0;
  for (const p of collections.get(entityCollection(r1.parentId)) || []) {
    const was = before.find((d) => sameValue(d._id, p._id));
    if (!was || !was[r1.fieldName]) continue;
    if (!sameValue(p[r2.fieldName], was[r1.fieldName]._id) || p[r1.fieldName] !== undefined) {
      print(`FAIL: ${EJSON.stringify(p._id)} had the copy ${EJSON.stringify(was[r1.fieldName])} and now has ${EJSON.stringify(p)}`);
      failures++;
    }
    kept++;
  }
  if (kept === 0) {
    print(`FAIL: no v1 document held the copy ${r1.fieldName}`);
    failures++;
  }
  print(`ok: ${kept} copies ${r1.fieldName} became references ${r2.fieldName} to the same _id`);
}

// Computed fields: each value the plan computes ("compute `P` as TEXT (its
// computedFrom)" in PLAN.md) equals TEXT evaluated here in plain
// JavaScript over the migrated document: arithmetic over keys (* and /
// before + and -, parentheses), and sum, average, min, max or count of the
// elements of one array. The result converted to the field's type (a long or
// an int truncated: the manual, $toLong and $toInt, "Double: Returns
// truncated value"); no result: no key.
function evaluateComputed(text, doc, type) {
  const get = (d, p) => p.split(".").reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), d);
  const num = (v) => (v === undefined || v === null ? null : Number(v.toString()));
  let words = text.match(/[+\-*\/()]|[^\s+\-*\/()]+/g);
  const aggs = { sum: "sum", total: "sum", average: "avg", avg: "avg", mean: "avg", min: "min", minimum: "min",
    max: "max", maximum: "max", count: "count", number: "count" };
  let agg = null;
  if (words.length >= 2 && words[1].toLowerCase() === "of") {
    agg = aggs[words[0].toLowerCase()];
    words = words.slice(2);
  }
  if (agg === "count") return Array.isArray(get(doc, words[0])) ? get(doc, words[0]).length : 0;
  // The array the keys go through: the longest prefix of a key that is an array here.
  let array = null;
  if (agg) {
    for (const w of words) {
      const parts = w.split(".");
      for (let i = 1; i <= parts.length && !array; i++) {
        if (Array.isArray(get(doc, parts.slice(0, i).join(".")))) array = parts.slice(0, i).join(".");
      }
    }
  }
  const evaluate = (element) => {
    let at = 0;
    const value = (w) => {
      if (/^[0-9.]+$/.test(w)) return Number(w);
      if (array && w.startsWith(array + ".")) return num(get(element, w.slice(array.length + 1)));
      if (array && w === array) return num(element);
      return num(get(doc, w));
    };
    const factor = () => {
      const w = words[at++];
      if (w === "(") { const v = sum(); at++; return v; }
      return value(w);
    };
    const product = () => {
      let v = factor();
      while (words[at] === "*" || words[at] === "/") {
        const op = words[at++];
        const r = factor();
        v = v === null || r === null ? null : op === "*" ? v * r : r === 0 ? null : v / r;
      }
      return v;
    };
    const sum = () => {
      let v = product();
      while (words[at] === "+" || words[at] === "-") {
        const op = words[at++];
        const r = product();
        v = v === null || r === null ? null : op === "+" ? v + r : v - r;
      }
      return v;
    };
    return sum();
  };
  let result;
  if (!agg) {
    result = evaluate(null);
  } else {
    const elements = array ? get(doc, array) || [] : [];
    const values = elements.map(evaluate).filter((v) => typeof v === "number");
    if (agg === "sum") result = values.reduce((a, b) => a + b, 0);
    else if (values.length === 0) result = null;
    else if (agg === "avg") result = values.reduce((a, b) => a + b, 0) / values.length;
    else result = values.reduce((a, b) => (agg === "min" ? Math.min(a, b) : Math.max(a, b)));
  }
  if (result === null || Number.isNaN(result)) return undefined;
  return type === "long" || type === "int" ? Math.trunc(result) : result;
}
{
  const plan = fs.readFileSync(path.join(migrateDir, "PLAN.md"), "utf8");
  let collection = null;
  const fieldType = (collectionName, dotted) => {
    // The v2 field at this path of the collection's root entity.
    const entity = niu.entities.find((e) => (e.collectionName || "") === collectionName);
    let fields = entity ? entity.fields : [];
    let field = null;
    for (const name of dotted.split(".")) {
      field = (fields || []).find((f) => f.name === name);
      fields = field ? field.fields : [];
    }
    return field ? field.type || "string" : null;
  };
  for (const line of plan.split("\n")) {
    const step = /^### \S+: Rewrite the documents of `([^`]+)`/.exec(line);
    if (step) collection = step[1];
    const computed = /^- compute `([^`]+)` as (.*) \(its computedFrom\)/.exec(line);
    if (!computed || !collection) continue;
    const [, target, text] = computed;
    const type = fieldType(collection, target);
    let compared = 0;
    for (const d of collections.get(collection) || []) {
      const parent = target.includes(".") ? target.split(".").slice(0, -1).join(".") : null;
      if (parent && (d[parent.split(".")[0]] === undefined)) continue; // no subdocument to hold it
      const expected = evaluateComputed(text, d, type);
      const got = target.split(".").reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), d);
      const same = expected === undefined ? got === undefined : got !== undefined && got !== null && Number(got.toString()) === expected;
      if (!same) {
        print(`FAIL: ${collection} ${EJSON.stringify(d._id)}: ${target} is ${EJSON.stringify(got)}, ${text} gives ${expected}`);
        failures++;
      }
      compared++;
    }
    if (compared === 0) {
      print(`FAIL: no ${collection} document holds ${target} to compare`);
      failures++;
    }
    print(`ok: ${compared} ${collection} documents hold ${target} = ${text}`);
  }
}

// Embed -> reference, stopped and resumed: a stop inside a batch (after its
// children were inserted, before the parents' $unset) and a second run give
// every embedded element one child, none twice; then an old release adds
// an element to a moved parent, and a third run moves it and keeps the
// children moved before.
const extract = /extractInBatches\(STEP, ("[^"]*"),[\s\S]*?\n      ("[^"]*"), ("[^"]*"), ("[^"]*")\);/.exec(source);
if (extract) {
  const [parentName, childName, , field] = extract.slice(1).map((x) => JSON.parse(x));
  const fresh = new Map(JSON.parse(initial).map(([name, docs]) => [name, docs.map((d) => EJSON.parse(d, { relaxed: false }))]));
  const elements = (docs) => docs.reduce((n, d) => n + (Array.isArray(d[field]) ? d[field].length : d[field] ? 1 : 0), 0);
  const expected = elements(fresh.get(parentName)) + (fresh.get(childName) || []).length;
  const base = makeDatabase(fresh, failingDocs, { modified: 0 });
  let unsets = 0;
  const stopping = Object.assign({}, base, {
    getSiblingDB() { return stopping; },
    getCollection(name) {
      const c = base.getCollection(name);
      if (name !== parentName) return c;
      return Object.assign({}, c, {
        updateMany(filter, update) {
          if (Array.isArray(update) && update.length === 1 && update[0].$unset === field && ++unsets === 2) {
            throw new Error("stopped inside the second batch");
          }
          return c.updateMany(filter, update);
        },
      });
    },
  });
  const run = (database) => new Function("db", "migrationOptions", "print", source)(database, { pauseMs: 0 }, scriptPrint);
  let stopped = false;
  try {
    run(stopping);
  } catch (e) {
    stopped = /stopped inside/.test(String(e));
  }
  log.push("-- resumed after a stop");
  run(base);
  const children = () => (fresh.get(childName) || []).length;
  if (!stopped) {
    print(`FAIL: the stop inside the second ${parentName} batch did not happen`);
    failures++;
  } else if (children() !== expected) {
    print(`FAIL: after a stop and a resume, ${childName} has ${children()} documents; the v1 ${parentName} embedded ${expected}`);
    failures++;
  }
  const moved = fresh.get(parentName).find((d) => d[field] === undefined);
  const was = JSON.parse(initial).find(([name]) => name === parentName)[1]
    .map((d) => EJSON.parse(d, { relaxed: false })).find((d) => d[field] && (!Array.isArray(d[field]) || d[field].length > 0));
  if (moved && was) {
    moved[field] = Array.isArray(was[field]) ? [was[field][0]] : was[field];
    log.push("-- an old release wrote one more element");
    run(base);
    if (children() !== expected + 1) {
      print(`FAIL: after an old release added one element and a third run, ${childName} has ${children()} documents, not ${expected + 1}`);
      failures++;
    } else {
      print(`ok: stopped inside a batch, resumed, then one more element moved: ${children()} ${childName} documents, none twice, none lost`);
    }
  }
}

if (failures > 0) {
  print(log.join("\n"));
  throw new Error(`${failures} checks failed (documents in ${work})`);
}
print(`ok: ${checked} migrated documents in ${analysis2.collections.length} collections pass the v2 validator; ` +
  (rewrites ? `the first run changed them (${firstModified} by updateMany), the second nothing` : "no document step"));
