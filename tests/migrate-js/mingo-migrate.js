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
//   query $type is taught them too, so a conversion's guard and its
//   rollback's find the values of the BSON type they name.
// - $jsonSchema: mingo has no evaluator; countDocuments({$nor: [{$jsonSchema}]})
//   asks DocShape's (docshape-cli validate), as the script's end-of-window check does.
// - _id on insert: a document $merge inserts without _id gets a new
//   ObjectId, as the server gives it.
// - Sample documents are generated per collection, so a child's reference to
//   its parent is pointed at a real parent (round robin) before the run.
//
// What the server does and is done here too:
// - Validators: each collection holds the validator, validationLevel and
//   validationAction of v1 (docshape-cli export OLD) until the script's
//   createCollection or collMod changes them. An insert ($merge) and an
//   update (updateOne, updateMany, $merge) of a document that fails it is
//   refused as the server refuses it with validationAction "error": the
//   write is undone and the statement throws. "moderate" checks an update
//   only where the document passed before.
// - Indexes: createIndexes and dropIndexes keep each collection's list
//   (v1's to begin with); a name taken by another definition, a key pattern
//   taken under another name, a unique index the data violates and an index
//   that is not there are refused as the server refuses them. A non-unique
//   index the first run built whose keys a later update of the run changes
//   fails the case: it should have been built after that rewrite.
//
// The rollback is a migration too: after the forward checks the script runs
// with {rollback: true} over the migrated documents; every v1 document must
// then equal its original (values, BSON types, array order, and key order,
// which the server keeps), pass v1's validator, and the collections hold v1's
// indexes. A loss the plan declares is allowed only where the case says so
// (expected/rollback-losses.txt: one line "<collection>.<path>\t<text PLAN.md
// must contain>"). A second rollback changes nothing.
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
  query: Object.assign({}, queryOps, {
    $type(selector, value, options) {
      const names = Array.isArray(value) ? value : [value];
      const otherwise = queryOps.$type(selector, value, options);
      const at = (v, keys) => {
        if (keys.length === 0) return [v];
        if (Array.isArray(v)) return v.flatMap((e) => at(e, keys));
        return v && typeof v === "object" && !v._bsontype ? at(v[keys[0]], keys.slice(1)) : [];
      };
      return (obj) => {
        const values = at(obj, selector.split("."));
        const bson = values.filter((v) => v && typeof v === "object" && BSON_TYPE_NAMES[v._bsontype]);
        if (bson.length === 0) return otherwise(obj);
        return bson.some((v) => names.includes(BSON_TYPE_NAMES[v._bsontype]) ||
          (names.includes("number") && NUMBER_TYPES.has(v._bsontype)));
      };
    },
  }),
  window: windowOps,
});

// --- the in-memory database --------------------------------------------------
const ejson = (v) => EJSON.stringify(v, { relaxed: false });
// The server's refusal of a write, with the code it gives.
function refused(code, message) {
  const e = new Error(message);
  e.code = code;
  return e;
}
const INDEX_OPTIONS = ["unique", "sparse", "partialFilterExpression", "expireAfterSeconds", "collation"];
const sameIndexDefinition = (a, b) => ejson(a.key) === ejson(b.key) &&
  INDEX_OPTIONS.every((o) => ejson(a[o] === undefined ? null : a[o]) === ejson(b[o] === undefined ? null : b[o]));
function makeDatabase(collections, jsonSchemaCheck, counters, meta) {
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
  // The documents of `name` a write changed or inserted, judged by the
  // collection's validator as the server judges them; on a refusal the
  // collection gets its documents of `before` back and the write throws.
  const enforce = (name, before, what) => {
    const v = meta.validators.get(name);
    if (!v || v.level === "off") return;
    const was = new Map(before.map((text) => [ejson(EJSON.parse(text, { relaxed: false })._id), text]));
    const docs = resolver(name);
    const changed = docs.filter((d) => was.get(ejson(d._id)) !== ejson(d));
    const olds = changed.map((d) => was.get(ejson(d._id))).filter((t) => t !== undefined);
    const failedBefore = v.level === "moderate"
      ? new Set(jsonSchemaCheck(v.schema, olds.map((t) => EJSON.parse(t, { relaxed: false }))).map((d) => ejson(d._id)))
      : new Set();
    const judged = changed.filter((d) => !failedBefore.has(ejson(d._id)));
    if (judged.length === 0) return;
    const bad = jsonSchemaCheck(v.schema, judged);
    if (bad.length === 0) return;
    meta.refusals.push(`${what} on ${name}: ${bad.length} documents fail its validator, e.g. ${ejson(bad[0])}`);
    if (v.action !== "error") return;
    docs.splice(0, docs.length, ...before.map((text) => EJSON.parse(text, { relaxed: false })));
    throw refused(121, `Document failed validation (${what} on ${name}): ${ejson(bad[0])}`);
  };
  const texts = (name) => resolver(name).map((d) => ejson(d));
  // A count or an aggregation of the script that reads more of a collection
  // than a batch without an _id range (or a batch's ids) is a full scan of
  // the primary at full speed: the checks read at the rewrite's pace.
  const unthrottled = (name, what, filter) => {
    if (name === "docshape_migrations" || resolver(name).length <= batchSize) return;
    const text = ejson(filter || {});
    if (/"_id":\{"\$lte"/.test(text) || (filter && filter._id !== undefined) || /"\$in":\[\{"\$oid"/.test(text)) return;
    meta.scans.push(`${meta.phase}: ${what} on ${name} ${text}`);
  };
  const uniqueGaps = (name) => {
    if (!meta.mustStayUnique.has(name)) return;
    const unique = (meta.indexes.get(name) || []).filter((ix) => ix.unique);
    if (unique.length === 0) meta.gaps.push(`${name} had no unique index after a statement of the ${meta.phase}`);
  };
  const buildIndex = (name, spec) => {
    const list = meta.indexes.get(name) || [];
    const same = list.find((ix) => ix.name === spec.name);
    if (same) {
      if (sameIndexDefinition(same, spec)) return;
      throw refused(86, `An existing index has the same name as the requested index: ${ejson(same)} on ${name}`);
    }
    const clash = list.find((ix) => ejson(ix.key) === ejson(spec.key) &&
      ejson(ix.partialFilterExpression || null) === ejson(spec.partialFilterExpression || null) &&
      ejson(ix.collation || null) === ejson(spec.collation || null));
    if (clash) throw refused(85, `Index already exists with a different name: ${clash.name} on ${name}`);
    if (spec.unique) {
      const keys = Object.keys(spec.key);
      const within = spec.partialFilterExpression ? new Query(spec.partialFilterExpression, options()) : null;
      const seen = new Set();
      for (const d of resolver(name)) {
        if (within && !within.test(d)) continue;
        const get = (p) => p.split(".").reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), d);
        const value = ejson(keys.map((k) => (get(k) === undefined ? null : get(k))));
        if (seen.has(value)) throw refused(11000, `E11000 duplicate key error building ${spec.name} on ${name}: ${value}`);
        seen.add(value);
      }
    }
    meta.indexes.set(name, list.concat([spec]));
    meta.indexChanges.push(`${meta.phase}: built ${spec.name} on ${name}`);
  };
  // A non-unique index the first run built, whose keys a later update
  // rewrites: each document's entry is kept up one by one, where building
  // the index after the rewrite is one pass (issue 36, Build 2). A unique
  // index is built first on purpose (uniqueness from the new release's
  // first write).
  const keptUp = (name, before) => {
    if (meta.phase !== "first run" || name === "docshape_migrations") return;
    const docs = resolver(name);
    const get = (d, p) => p.split(".").reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), d);
    for (const ix of meta.indexes.get(name) || []) {
      if (ix.unique || !meta.indexChanges.includes(`first run: built ${ix.name} on ${name}`)) continue;
      let changed = 0;
      before.forEach((text, i) => {
        const was = EJSON.parse(text, { relaxed: false });
        if (docs[i] && Object.keys(ix.key).some((k) => ejson(get(was, k) ?? null) !== ejson(get(docs[i], k) ?? null))) changed++;
      });
      const at = `${ix.name} on ${name}`;
      if (changed > 0) meta.upkeep.set(at, (meta.upkeep.get(at) || 0) + changed);
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
  const failsSchema = (f) => f && Array.isArray(f.$nor) && f.$nor.length === 1 && f.$nor[0].$jsonSchema;
  const matching = (name, filter) => {
    const docs = resolver(name);
    if (failsSchema(filter)) {
      return jsonSchemaCheck(filter.$nor[0].$jsonSchema, docs);
    }
    // {$and: [..., {$nor: [{$jsonSchema}]}]}: the rest by mingo, the schema by DocShape's evaluator.
    if (filter && Array.isArray(filter.$and) && filter.$and.some(failsSchema)) {
      const schema = filter.$and.find(failsSchema).$nor[0].$jsonSchema;
      const rest = new Query({ $and: filter.$and.filter((f) => !failsSchema(f)).concat([{}]) }, options());
      return jsonSchemaCheck(schema, docs.filter((d) => rest.test(d)));
    }
    const q = new Query(filter || {}, options());
    return docs.filter((d) => q.test(d));
  };
  // What a query returns is a copy, as the server sends one: a later write
  // must not show through a document the script already holds.
  const copyOf = (d) => EJSON.parse(ejson(d), { relaxed: false });
  const collection = (name) => ({
    find(filter, projection) {
      let docs = matching(name, filter);
      if (projection) docs = docs.map((d) => new Query({}, options()).find([d], projection).all()[0]);
      return cursor(docs.map(copyOf));
    },
    findOne(filter, projection) {
      const d = matching(name, filter)[0] || null;
      return d && copyOf(projection ? new Query({}, options()).find([d], projection).all()[0] : d);
    },
    countDocuments(filter) {
      unthrottled(name, "countDocuments", filter);
      return matching(name, filter).length;
    },
    insertOne(doc) {
      const before = texts(name);
      resolver(name).push(copyOf(doc));
      enforce(name, before, "insertOne");
      return { acknowledged: true, insertedId: doc._id };
    },
    estimatedDocumentCount() { return resolver(name).length; },
    updateOne(filter, update, opts) {
      const docs = resolver(name);
      const before = texts(name);
      const r = updateOne(docs, filter, update, {}, options());
      if (r.matchedCount === 0 && opts && opts.upsert) {
        docs.push(Object.assign({ _id: filter._id }, update.$set || {}));
      }
      enforce(name, before, "updateOne");
      if (name !== "docshape_migrations") counters.modified += r.modifiedCount;
      return { acknowledged: true, matchedCount: r.matchedCount, modifiedCount: r.modifiedCount };
    },
    updateMany(filter, update) {
      const before = texts(name);
      const r = updateMany(resolver(name), filter, update, {}, options());
      enforce(name, before, "updateMany");
      keptUp(name, before);
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
      unthrottled(name, "aggregate", (pipeline[0] || {}).$match);
      const last = pipeline[pipeline.length - 1] || {};
      const into = last.$merge ? (typeof last.$merge.into === "string" ? last.$merge.into : last.$merge.into.coll) : null;
      const before = into ? texts(into) : null;
      const out = new Aggregator(pipeline, options()).run(resolver(name));
      giveIds();
      if (into) {
        enforce(into, before, `$merge from ${name}`);
        const after = texts(into);
        const was = new Set(before);
        counters.modified += after.filter((t) => !was.has(t)).length;
      }
      return { toArray: () => out };
    },
    getIndexes() { return [{ v: 2, key: { _id: 1 }, name: "_id_" }].concat(meta.indexes.get(name) || []); },
    drop() {
      if (collections.has(name)) counters.modified += collections.get(name).length;
      collections.delete(name);
      meta.validators.delete(name);
      meta.indexes.delete(name);
      return true;
    },
  });
  const database = {
    getSiblingDB() { return database; },
    getCollection(name) { return collection(name); },
    getCollectionNames() { return Array.from(collections.keys()); },
    createCollection(name, spec) {
      if (collections.has(name)) throw refused(48, `Collection ${name} already exists`);
      resolver(name);
      if (spec && spec.validator) {
        meta.validators.set(name, { schema: spec.validator.$jsonSchema, level: spec.validationLevel || "strict",
          action: spec.validationAction || "error" });
      }
      return { ok: 1 };
    },
    runCommand(command) {
      if (command.collMod !== undefined) {
        const name = command.collMod;
        const v = Object.assign({ schema: null, level: "strict", action: "error" }, meta.validators.get(name) || {});
        if (command.validator) v.schema = command.validator.$jsonSchema;
        if (command.validationLevel) v.level = command.validationLevel;
        if (command.validationAction) v.action = command.validationAction;
        if (v.schema) meta.validators.set(name, v);
      } else if (command.createIndexes !== undefined) {
        resolver(command.createIndexes);
        for (const spec of command.indexes) buildIndex(command.createIndexes, spec);
        uniqueGaps(command.createIndexes);
      } else if (command.dropIndexes !== undefined) {
        const name = command.dropIndexes;
        const names = Array.isArray(command.index) ? command.index : [command.index];
        for (const n of names) {
          const list = meta.indexes.get(name) || [];
          if (!list.some((ix) => ix.name === n)) throw refused(27, `index not found with name [${n}] on ${name}`);
          meta.indexes.set(name, list.filter((ix) => ix.name !== n));
          meta.indexChanges.push(`${meta.phase}: dropped ${n} from ${name}`);
        }
        uniqueGaps(name);
      }
      return { ok: 1 };
    },
  };
  return database;
}

// --- DocShape's evaluator -----------------------------------------------------
let schemaFiles = 0;
// Judged once per schema and document: the validator is asked at every write.
const judgements = new Map();
function failingDocs(schema, docs) {
  const key = ejson(schema);
  if (!judgements.has(key)) judgements.set(key, new Map());
  const known = judgements.get(key);
  const texts = docs.map((d) => ejson(d));
  const fresh = Array.from(new Set(texts.filter((t) => !known.has(t))));
  if (fresh.length > 0) {
    const bad = new Set(judge(schema, fresh.map((t) => EJSON.parse(t, { relaxed: false }))).map((d) => ejson(d)));
    for (const t of fresh) known.set(t, !bad.has(t));
  }
  return docs.filter((d, i) => !known.get(texts[i]));
}
function judge(schema, docs) {
  const schemaFile = path.join(work, `schema-${++schemaFiles}.json`);
  const docsFile = path.join(work, `docs-${schemaFiles}.jsonl`);
  fs.writeFileSync(schemaFile, EJSON.stringify(schema, { relaxed: false }));
  fs.writeFileSync(docsFile, docs.map((d) => EJSON.stringify(d, { relaxed: false })).join("\n") + "\n");
  const r = spawnSync(cli, ["validate", "--schema", schemaFile, docsFile, "--json"], { encoding: "utf8", maxBuffer: 64 << 20 });
  if (r.status !== 0 && r.status !== 1) throw new Error(`docshape-cli validate: ${r.stderr}`);
  const results = r.stdout.split("\n").filter((l) => l.trim().length > 0).map((l) => JSON.parse(l));
  if (results.length !== docs.length) throw new Error(`docshape-cli validate judged ${results.length} of ${docs.length} documents`);
  // "index" counts from 1, as the lines of the file do.
  return results.filter((res) => !res.valid).map((res) => docs[res.index - 1]);
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
// documents or in a document embedded there. A copy kept in step with its
// source (not a snapshot) holds the source's values, as the application
// keeps it.
for (const r of old.relationships) {
  if (r.representation !== "extendedReference") continue;
  const sources = collections.get(entityCollection(r.childId));
  if (!sources || sources.length === 0) continue;
  const source = old.entities.find((e) => e.id === r.childId);
  const kept = r.copySemantics === "snapshot" || !source ? [] : source.fields
    .filter((f) => (r.copiedFieldIds || []).length === 0 || r.copiedFieldIds.includes(f.id)).map((f) => f.name);
  let i = 0;
  for (const holder of holdersOf(r.fieldName, collections)) {
    const copies = Array.isArray(holder[r.fieldName]) ? holder[r.fieldName] : [holder[r.fieldName]];
    for (const copy of copies) {
      if (!copy || typeof copy !== "object" || Array.isArray(copy)) continue;
      const from = sources[i++ % sources.length];
      copy._id = from._id;
      for (const name of kept) if (Object.hasOwn(copy, name) && from[name] !== undefined) copy[name] = from[name];
    }
  }
}

// The indexes and validators v1 installed, as docshape-cli export writes them.
const exportOldDir = path.join(work, "export-v1");
runCli(["export", oldModel, "--out", exportOldDir]);
const stemOf = (name) => name.replace(/[^A-Za-z0-9._-]/g, "_").replace(/^\./, "_");
const readExport = (dir, kind, name) => {
  const file = path.join(dir, kind, `${stemOf(name)}.json`);
  return fs.existsSync(file) ? EJSON.parse(fs.readFileSync(file, "utf8"), { relaxed: false }) : null;
};
const rootEntity = (model, collectionName) =>
  model.entities.find((e) => (e.collectionName || e.name) === collectionName && !e.timeSeries);
function versionMeta(model, dir, names) {
  const meta = { validators: new Map(), indexes: new Map() };
  for (const name of names) {
    const schema = readExport(dir, "validators", name);
    const root = rootEntity(model, name);
    if (schema) {
      meta.validators.set(name, { schema, level: (root && root.validationLevel) || "strict",
        action: (root && root.validationAction) || "error" });
    }
    meta.indexes.set(name, (readExport(dir, "indexes", name) || []).filter((ix) => ix.name !== "_id_"));
  }
  return meta;
}
const v1Meta = versionMeta(old, exportOldDir, analysis.collections.map((c) => c.name));
const newVersion = JSON.parse(fs.readFileSync(newModel, "utf8"));
const analysisNew = JSON.parse(runCli(["analyze", newModel, "--json"]));
// Collections where both versions hold a unique index: one must hold at
// every moment of the migration and of its rollback.
const uniqueIn = (m) => new Set(Array.from(m.indexes).filter(([, list]) => list.some((ix) => ix.unique)).map(([n]) => n));
function freshMeta() {
  const v2Unique = uniqueIn(versionMeta(newVersion, path.join(work, "export"), analysisNew.collections.map((c) => c.name)));
  return {
    validators: new Map(Array.from(v1Meta.validators, ([n, v]) => [n, Object.assign({}, v)])),
    indexes: new Map(Array.from(v1Meta.indexes, ([n, list]) => [n, list.slice()])),
    mustStayUnique: new Set(Array.from(uniqueIn(v1Meta)).filter((n) => v2Unique.has(n))),
    refusals: [], gaps: [], indexChanges: [], scans: [], upkeep: new Map(), phase: "first run",
  };
}

const migrateDir = path.join(work, "migration");
// The script's batch: no count may read more of a collection at once.
const batchSize = 5;
runCli(["migrate", oldModel, newModel, "--out", migrateDir, "--batch-size", String(batchSize)]);
const source = fs.readFileSync(path.join(migrateDir, "migrate.js"), "utf8");
const exportDir = path.join(work, "export");
runCli(["export", newModel, "--out", exportDir]);

const snapshot = () => JSON.stringify(Array.from(collections.entries())
  .filter(([name]) => name !== "docshape_migrations")
  .map(([name, docs]) => [name, docs.map((d) => EJSON.stringify(d, { relaxed: false }))]));

const initial = snapshot();
const rewrites = /(rewrite|aggregateInBatches|extractInBatches)\(STEP,/.test(source);
const counters = { modified: 0 };
const meta = freshMeta();
let failures = 0;
{
  const bad = [];
  for (const [name, v] of meta.validators) bad.push(...failingDocs(v.schema, collections.get(name) || []).map((d) => `${name} ${ejson(d)}`));
  if (bad.length > 0) {
    print(`FAIL: ${bad.length} v1 sample documents fail v1's validator before the migration, e.g. ${bad[0]}`);
    failures++;
  }
}
const db1 = makeDatabase(collections, failingDocs, counters, meta);
const log = [];
const scriptPrint = (...args) => log.push(args.join(" "));
// A case whose migration needs a decision: expected/refusal.txt holds what a
// run without it must stop with (before it writes anything), and
// expected/options.json the migrationOptions that state the decision, which
// every run below is given.
const expectedFile = (name) => path.join(caseDir, "expected", name);
const caseOptions = fs.existsSync(expectedFile("options.json")) ? JSON.parse(fs.readFileSync(expectedFile("options.json"), "utf8")) : {};
const runScript = (extra) => new Function("db", "migrationOptions", "print", source)(db1,
  Object.assign({ pauseMs: 0 }, caseOptions, extra || {}), scriptPrint);
if (fs.existsSync(expectedFile("refusal.txt"))) {
  const wanted = fs.readFileSync(expectedFile("refusal.txt"), "utf8").trim();
  const indexesBefore = ejson(Array.from(meta.indexes));
  const validatorsBefore = ejson(Array.from(meta.validators));
  let message = null;
  try {
    new Function("db", "migrationOptions", "print", source)(db1, { pauseMs: 0 }, scriptPrint);
  } catch (e) {
    message = e.message;
  }
  if (message === null || !message.includes(wanted)) {
    print(`FAIL: without ${JSON.stringify(caseOptions)}, the run should stop with "${wanted}"; it ` +
      (message === null ? "ran to the end" : `stopped with "${message}"`));
    failures++;
  } else if (snapshot() !== initial || ejson(Array.from(meta.indexes)) !== indexesBefore ||
             ejson(Array.from(meta.validators)) !== validatorsBefore) {
    print(`FAIL: the run stopped with "${wanted}" after it had written`);
    failures++;
  } else {
    print(`ok: without a decision the run stops before it writes: ${message}`);
  }
  log.push("-- with the decision " + JSON.stringify(caseOptions));
}
// A run that throws (a refused write, a failed check) is a failure with its
// message; the checks after it still run over what it left.
const attempt = (label, run) => {
  try {
    run();
    return true;
  } catch (e) {
    print(`FAIL: the ${label} threw: ${e.message}`);
    failures++;
    return false;
  }
};
// The dry run counts what each step would touch and writes nothing. It
// reads no count that says nothing before the run: the end-of-window
// validator check (every v1 document fails v2 then) and an embed's
// verification ($lookup of each child's parent: no child is in its parent
// yet); and every count it makes goes a batch at a time (meta.scans).
{
  meta.phase = "dry run";
  const reads = [];
  const watching = Object.assign({}, db1, {
    getSiblingDB() { return watching; },
    getCollection(name) {
      const c = db1.getCollection(name);
      return Object.assign({}, c, {
        countDocuments(filter) { reads.push(`countDocuments on ${name} ${ejson(filter)}`); return c.countDocuments(filter); },
        aggregate(pipeline) { reads.push(`aggregate on ${name} ${ejson(pipeline)}`); return c.aggregate(pipeline); },
      });
    },
  });
  const state = () => snapshot() + ejson(Array.from(meta.validators)) + ejson(Array.from(meta.indexes));
  const before = state();
  if (attempt("dry run", () => new Function("db", "migrationOptions", "print", source)(watching,
    Object.assign({ pauseMs: 0 }, caseOptions, { dryRun: true }), scriptPrint))) {
    const pointless = reads.filter((r) => r.includes('"$jsonSchema"') || r.includes('"$lookup"'));
    if (state() !== before) {
      print("FAIL: the dry run changed documents, validators or indexes");
      failures++;
    } else if (pointless.length > 0) {
      print(`FAIL: the dry run made ${pointless.length} reads that say nothing before the run, e.g. ${pointless[0].slice(0, 300)}`);
      failures++;
    } else {
      print(`ok: the dry run wrote nothing and made ${reads.length} counts, none that says nothing before the run`);
    }
  }
  meta.phase = "first run";
}
attempt("first run", () => runScript());
const afterFirst = snapshot();
const firstModified = counters.modified;
counters.modified = 0;
log.push("-- second run");
meta.phase = "second run";
const indexesAfterFirst = meta.indexChanges.length;
attempt("second run", () => runScript());
const afterSecond = snapshot();
if (meta.indexChanges.length !== indexesAfterFirst) {
  print(`FAIL: the second run changed indexes: ${meta.indexChanges.slice(indexesAfterFirst).join("; ")}`);
  failures++;
}
if (meta.upkeep.size > 0) {
  print(`FAIL: indexes the script built before a rewrite of their keys were kept up entry by entry (build them after it): ${Array.from(meta.upkeep, ([at, n]) => `${at} (${n} documents)`).join("; ")}`);
  failures++;
}
if (rewrites && afterFirst === initial) {
  print("FAIL: the script has rewrite steps, and the first run changed no document");
  failures++;
}
if (afterFirst !== afterSecond || counters.modified !== 0) {
  print(`FAIL: the second run changed ${counters.modified} documents`);
  failures++;
}

const analysis2 = analysisNew;
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
// The indexes v2 defines are there (a changed index may carry a new name:
// the server cannot build it under the name the old one holds).
const v2Meta = versionMeta(newVersion, exportDir, analysis2.collections.map((c) => c.name));
const describeIndex = (ix) => `${ix.name} ${ejson(Object.fromEntries(Object.entries(ix).filter(([k]) => k !== "name" && k !== "v")))}`;
function compareIndexes(label, expected, names, byName) {
  for (const name of names) {
    const want = expected.indexes.get(name) || [];
    const have = meta.indexes.get(name) || [];
    const lacking = want.filter((w) => !have.some((h) => sameIndexDefinition(h, w) && (!byName || h.name === w.name)));
    const extra = have.filter((h) => !want.some((w) => sameIndexDefinition(h, w) && (!byName || h.name === w.name)));
    if (lacking.length > 0 || extra.length > 0) {
      print(`FAIL: ${label}, ${name} lacks [${lacking.map(describeIndex).join("; ")}] and has [${extra.map(describeIndex).join("; ")}]`);
      failures++;
    }
  }
}
compareIndexes("after the migration", v2Meta, analysis2.collections.map((c) => c.name), false);
// A collection v2 no longer has is gone after the migration.
for (const c of analysis.collections) {
  if (analysis2.collections.some((x) => x.name === c.name) || !collections.has(c.name)) continue;
  print(`FAIL: after the migration, ${c.name} (not a v2 collection) is still there with ${collections.get(c.name).length} documents`);
  failures++;
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
    const step = /^### \S+: (?:Rewrite the documents|Compute the fields) of `([^`]+)`/.exec(line);
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

// Embed -> reference, stopped and resumed: a stop inside a batch (after
// children were inserted, before their parent's $unset) and a second run give
// every embedded element one child, none twice; then an old release adds
// an element to a moved parent, and a third run moves it and keeps the
// children moved before.
const extract = /extractInBatches\(STEP, ("[^"]*"),[\s\S]*?\n      ("[^"]*"), ("[^"]*"), ("[^"]*")(?:, (?:true|false))?\);/.exec(source);
if (extract) {
  const [parentName, childName, , field] = extract.slice(1).map((x) => JSON.parse(x));
  const fresh = new Map(JSON.parse(initial).map(([name, docs]) => [name, docs.map((d) => EJSON.parse(d, { relaxed: false }))]));
  const elements = (docs) => docs.reduce((n, d) => n + (Array.isArray(d[field]) ? d[field].length : d[field] ? 1 : 0), 0);
  const expected = elements(fresh.get(parentName)) + (fresh.get(childName) || []).length;
  const base = makeDatabase(fresh, failingDocs, { modified: 0 }, freshMeta());
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
        updateOne(filter, update, opts) {
          if (update && update.$unset && Object.hasOwn(update.$unset, field) && ++unsets === 2) {
            throw new Error("stopped inside the second batch");
          }
          return c.updateOne(filter, update, opts);
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
  attempt("run resumed after a stop", () => run(base));
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
    // Through Extended JSON: mingo compares only values of its own realm,
    // and an array written here is of mongosh's.
    moved[field] = EJSON.parse(ejson(Array.isArray(was[field]) ? [was[field][0]] : was[field]), { relaxed: false });
    log.push("-- an old release wrote one more element");
    attempt("run after an old release wrote one more element", () => run(base));
    if (children() !== expected + 1) {
      print(`FAIL: after an old release added one element and a third run, ${childName} has ${children()} documents, not ${expected + 1}`);
      failures++;
    } else {
      print(`ok: stopped inside a batch, resumed, then one more element moved: ${children()} ${childName} documents, none twice, none lost`);
    }
  }
}

// --- concurrent writes ---------------------------------------------------------
// The application keeps writing while the script runs: after each of the
// script's statements on a collection the old release pushes an element to
// an embedded array of v1 (a copy of one the sample holds, so valid in both
// versions) and sets a string field of v1 under its v1 path, whether v2
// keeps it there or renames or moves it (through subdocuments). The
// elements, in the parents' arrays and in the collection they move to, must
// number those of v1 plus those pushed (none lost, none twice), and every
// field keep the last value written: after the run under its v2 path, or
// under its v1 path where the write came after the document's rewrite (a
// second run moves it); after the rollback under its v1 path. A write the
// validator refuses is reported (the application sees the error), not lost.
// The rollback is raced the same way over migrated documents, by both
// releases: the old one as above, the new one inserting a document into a
// collection an array moved to (a copy of one there, the v2 shape).
function raceScript(rollback) {
  const fresh = new Map(JSON.parse(initial).map(([name, docs]) => [name, docs.map((d) => EJSON.parse(d, { relaxed: false }))]));
  const cmeta = freshMeta();
  cmeta.phase = rollback ? "migration before a concurrent rollback" : "concurrent run";
  const base = makeDatabase(fresh, failingDocs, { modified: 0 }, cmeta);
  const label = rollback ? "concurrent rollback" : "concurrent run";
  if (rollback) {
    try {
      new Function("db", "migrationOptions", "print", source)(base, Object.assign({ pauseMs: 0 }, caseOptions), scriptPrint);
    } catch (e) {
      print(`FAIL: the migration before the concurrent rollback threw: ${e.message}`);
      failures++;
      return;
    }
    cmeta.phase = "concurrent rollback";
  }
  const inserts = [];
  const pushes = [];
  const sets = new Map();
  const refusedWrites = [];
  const arrays = old.relationships.filter((r) => r.representation === "embedArray" && r.fieldName)
    .map((r) => ({ collection: entityCollection(r.parentId), field: r.fieldName, childId: r.childId }))
    .filter((a) => (initialDocs.get(a.collection) || []).some((d) => Array.isArray(d[a.field]) && d[a.field].length > 0));
  const stringFields = [];
  for (const e1 of old.entities) {
    const e2 = newVersion.entities.find((e) => e.id === e1.id);
    // The old release writes only collections v1 has.
    if (!e2 || (e1.collectionName || e1.name) !== (e2.collectionName || e2.name) ||
        !analysis.collections.some((c) => c.name === (e1.collectionName || e1.name))) continue;
    // The required fields of an entity, through required subdocuments, by id,
    // with their dotted paths.
    const required = (fields, prefix, out) => {
      for (const f of fields) {
        if (f.required === false) continue;
        out.set(f.id, { f, path: prefix + f.name });
        if ((f.type || "string") === "object" && Array.isArray(f.fields)) required(f.fields, prefix + f.name + ".", out);
      }
      return out;
    };
    const plain = (f) => f && (f.type || "string") === "string" && !f.pattern && !f.enumValues && !f.computedFrom && !f.duplicatedFrom;
    const v2Fields = required(e2.fields, "", new Map());
    for (const [id, one] of required(e1.fields, "", new Map())) {
      const two = v2Fields.get(id);
      // Kept under one name at the top, or renamed or moved.
      if (!two || !plain(one.f) || !plain(two.f) || (one.path === two.path && one.path.includes("."))) continue;
      stringFields.push({ collection: e1.collectionName || e1.name, field: one.path, now: two.path });
    }
  }
  // A reference the child holds in v1 is pointed at another parent: in v2
  // it is the same reference, or the _id of a copy of the parent.
  for (const r1 of old.relationships) {
    if ((r1.representation || "referenceFromChild") !== "referenceFromChild" || !r1.fieldName) continue;
    const holder = entityCollection(r1.childId);
    const targets = entityCollection(r1.parentId);
    const r2 = newVersion.relationships.find((r) => r.id === r1.id);
    if (!r2 || !holder || !targets || !analysis.collections.some((c) => c.name === holder) ||
        (initialDocs.get(targets) || []).length < 2) continue;
    let now = null;
    if ((r2.representation || "referenceFromChild") === "referenceFromChild" && r2.childId === r1.childId) now = r2.fieldName;
    if (r2.representation === "extendedReference" && r2.parentId === r1.childId && r2.childId === r1.parentId) now = `${r2.fieldName}._id`;
    if (now) stringFields.push({ collection: holder, field: r1.fieldName, now, targets });
  }
  // An array of ids the parent holds in v1 gets one more id: in v2 it is the
  // same array, or the _id values of the copies that replace it. In the
  // rollback only where the array is there (a push that makes the array on
  // a document of the v2 shape cannot be told from a replacement).
  for (const r1 of old.relationships) {
    if (r1.representation !== "referenceArrayInParent" || !r1.fieldName) continue;
    const holder = entityCollection(r1.parentId);
    const targets = entityCollection(r1.childId);
    const r2 = newVersion.relationships.find((r) => r.id === r1.id);
    if (!r2 || !holder || !targets || !analysis.collections.some((c) => c.name === holder) ||
        (initialDocs.get(targets) || []).length === 0 || r2.parentId !== r1.parentId || r2.childId !== r1.childId) continue;
    if (r2.representation === "referenceArrayInParent") stringFields.push({ collection: holder, field: r1.fieldName, now: r2.fieldName, targets, push: true });
    if (r2.representation === "extendedReference") stringFields.push({ collection: holder, field: r1.fieldName, now: r2.fieldName, targets, push: true, ids: true });
  }
  let turn = 0;
  const childCollectionOf = (a) => {
    const name = (newVersion.entities.find((e) => e.id === a.childId) || {}).collectionName;
    return name && name !== a.collection ? name : null;
  };
  const elementCount = (a) => (fresh.get(a.collection) || []).reduce((n, d) => n + (Array.isArray(d[a.field]) ? d[a.field].length : 0), 0) +
    (childCollectionOf(a) ? (fresh.get(childCollectionOf(a)) || []).length : 0);
  const before = arrays.map(elementCount);
  // A value the old release set must hold until the harness itself sets
  // that field of that document again: checked after every statement, so
  // that a later write cannot hide a loss.
  const setsCount = { all: 0, renamed: 0 };
  const lostSets = [];
  const at = (doc, dotted) => dotted.split(".").reduce((v, k) => (v && typeof v === "object" ? v[k] : undefined), doc);
  const verifySets = (after) => {
    for (const [key, { value, ids }] of sets) {
      const [collection, id, field, now] = key.split("\u0000");
      const doc = (fresh.get(collection) || []).find((d) => ejson(d._id) === id);
      const same = (v) => v !== undefined && ejson(v) === ejson(value);
      const idsOf = (v) => (Array.isArray(v) ? v.map((c) => (c && typeof c === "object" ? c._id : c)) : v);
      if (doc && (same(at(doc, field)) || (!rollback && same(ids ? idsOf(at(doc, now)) : at(doc, now))))) continue;
      lostSets.push(`${collection}.${field}` + (field !== now ? ` (v2: ${now})` : "") + ` of ${id}: ${ejson(value)} ` +
        `written, ${doc ? ejson(rollback ? at(doc, field) : at(doc, now)) : "no document"} found after ${after}`);
      sets.delete(key);
    }
  };
  const interleave = (after) => {
    verifySets(after);
    const k = turn++;
    const writer = base.getCollection.bind(base);
    if (arrays.length > 0) {
      const a = arrays[k % arrays.length];
      const parents = fresh.get(a.collection) || [];
      const template = (initialDocs.get(a.collection) || []).find((d) => Array.isArray(d[a.field]) && d[a.field].length > 0);
      const parent = parents[k % parents.length];
      if (template && parent) {
        try {
          writer(a.collection).updateOne({ _id: parent._id }, { $push: { [a.field]: EJSON.parse(ejson(template[a.field][0]), { relaxed: false }) } });
          pushes.push(a);
        } catch (e) {
          refusedWrites.push(`push to ${a.collection}.${a.field}: ${e.message}`);
        }
      }
    }
    if (rollback && arrays.length > 0) {
      const a = arrays[k % arrays.length];
      const childName = childCollectionOf(a);
      const children = childName ? fresh.get(childName) || [] : [];
      if (children.length > 0) {
        const copy = EJSON.parse(ejson(children[k % children.length]), { relaxed: false });
        copy._id = new ObjectId();
        try {
          writer(childName).insertOne(copy);
          inserts.push(a);
        } catch (e) {
          refusedWrites.push(`insert into ${childName}: ${e.message}`);
        }
      }
    }
    if (stringFields.length > 0) {
      const f = stringFields[k % stringFields.length];
      // Highest _id first, every field in turn on one document: the
      // documents the script's batches (by _id range) reach last, so that
      // each field's first writes land before their rewrite.
      const docs = writer(f.collection).find({}, { _id: 1 }).sort({ _id: -1 }).toArray();
      const doc = docs[Math.floor(k / stringFields.length) % Math.max(docs.length, 1)];
      if (doc) {
        // A reference names another parent than the one it names now.
        const parents = f.targets ? fresh.get(f.targets) || [] : [];
        const live = () => (fresh.get(f.collection) || []).find((d) => ejson(d._id) === ejson(doc._id)) || {};
        const held = f.targets ? live()[f.field] : undefined;
        const value = f.push ? parents[k % parents.length]._id
          : f.targets ? parents.map((p) => p._id).filter((id) => ejson(id) !== ejson(held))[k % (parents.length - 1)]
            : `concurrent ${k}`;
        if (f.push && rollback && !Array.isArray(held)) return;
        try {
          writer(f.collection).updateOne({ _id: doc._id }, f.push ? { $push: { [f.field]: value } } : { $set: { [f.field]: value } });
          // A push: the array it made is what must stay.
          const kept = f.push ? EJSON.parse(ejson(live()[f.field]), { relaxed: false }) : value;
          sets.set(`${f.collection}\u0000${ejson(doc._id)}\u0000${f.field}\u0000${f.now}`, { value: kept, ids: Boolean(f.ids) });
          setsCount.all++;
          if (f.field !== f.now) setsCount.renamed++;
        } catch (e) {
          refusedWrites.push(`set ${f.collection}.${f.field}: ${e.message}`);
        }
      }
    }
  };
  const racing = Object.assign({}, base, {
    getSiblingDB() { return racing; },
    getCollection(name) {
      const c = base.getCollection(name);
      if (name === "docshape_migrations") return c;
      const wrapped = {};
      for (const method of Object.keys(c)) {
        wrapped[method] = (...args) => {
          const result = c[method](...args);
          interleave(`${name}.${method}`);
          return result;
        };
      }
      return wrapped;
    },
  });
  if (arrays.length > 0 || stringFields.length > 0) {
    log.push(`-- ${label}`);
    let stopped = null;
    try {
      new Function("db", "migrationOptions", "print", source)(racing, Object.assign({ pauseMs: 0 }, caseOptions, rollback ? { rollback: true } : {}), scriptPrint);
    } catch (e) {
      stopped = e.message;
    }
    if (stopped) {
      print(`FAIL: with concurrent writes, the ${label} threw: ${stopped}`);
      failures++;
    }
    const elementsWrong = [];
    arrays.forEach((a, i) => {
      const wanted = before[i] + pushes.filter((p) => p === a).length + inserts.filter((p) => p === a).length;
      const now = elementCount(a);
      if (now !== wanted) elementsWrong.push(`${a.collection}.${a.field}` + (childCollectionOf(a) ? ` and ${childCollectionOf(a)}` : "") +
        ` hold ${now} elements, not ${wanted} (${before[i]} of v1, ${pushes.filter((p) => p === a).length} pushed` +
        (rollback ? ` and ${inserts.filter((p) => p === a).length} inserted by the new release` : "") + ")");
    });
    verifySets("the end");
    const overwritten = lostSets.length;
    if (elementsWrong.length > 0 || overwritten > 0) {
      print(`FAIL: with concurrent writes during the ${label}, ${elementsWrong.join("; ") || "every element is there once"}; ` +
        `${overwritten} of ${setsCount.all} field writes were lost` + (overwritten > 0 ? `, e.g. ${lostSets.slice(0, 3).join("; ")}` : ""));
      failures++;
    } else {
      print(`ok: ${pushes.length} elements pushed` + (rollback ? `, ${inserts.length} documents inserted by the new release` : "") +
        ` and ${setsCount.all} fields set (${setsCount.renamed} under a v1 path v2 changes)` +
        ` while the ${label} ran are all there, once`);
    }
    if (refusedWrites.length > 0) print(`note: the validator refused ${refusedWrites.length} old-release writes (the application sees them), e.g. ${refusedWrites[0]}`);
    // What the old release wrote behind the run, a second run (without
    // writes) migrates: then every document passes v2's validator. A write
    // the run left beside its v2 value must not be stuck there.
    if (!rollback && !stopped) {
      try {
        new Function("db", "migrationOptions", "print", source)(base, Object.assign({ pauseMs: 0 }, caseOptions), scriptPrint);
        for (const c of analysisNew.collections) {
          const v = v2Meta.validators.get(c.name);
          const docs = fresh.get(c.name) || [];
          const bad = v ? failingDocs(v.schema, docs) : [];
          if (bad.length > 0) {
            print(`FAIL: after the concurrent run and a second run, ${bad.length} of ${docs.length} ${c.name} documents ` +
              `fail v2's validator, e.g. ${ejson(bad[0])}`);
            failures++;
          }
        }
      } catch (e) {
        print(`FAIL: the run after the concurrent run threw: ${e.message}`);
        failures++;
      }
    }
    // Every write raced was valid in v1, so a rollback that kept them and
    // lost nothing else leaves every document valid under v1's validator
    // (a kept write must not take the rest of its subdocument with it).
    if (rollback) {
      const lossesFile = path.join(caseDir, "expected", "rollback-losses.txt");
      const declared = fs.existsSync(lossesFile) ? fs.readFileSync(lossesFile, "utf8") : "";
      for (const [name, v] of v1Meta.validators) {
        if (declared.split("\n").some((l) => l.startsWith(`${name}.`))) continue;
        const docs = fresh.get(name) || [];
        const bad = failingDocs(v.schema, docs);
        if (bad.length > 0) {
          print(`FAIL: after the ${label}, ${bad.length} of ${docs.length} ${name} documents fail v1's validator, e.g. ${ejson(bad[0])}`);
          failures++;
        }
      }
    }
  }
}
raceScript(false);
raceScript(true);

// --- the rollback ------------------------------------------------------------
// Key order aside: the canonical Extended JSON of a value with every
// subdocument's keys sorted (array order kept).
function sortedKeys(v) {
  if (Array.isArray(v)) return v.map(sortedKeys);
  if (v && typeof v === "object") {
    const out = {};
    for (const k of Object.keys(v).sort()) out[k] = sortedKeys(v[k]);
    return out;
  }
  return v;
}
const canonical = (d) => JSON.stringify(sortedKeys(JSON.parse(ejson(d))));
function withoutPath(doc, dotted) {
  const copy = EJSON.parse(ejson(doc), { relaxed: false });
  const drop = (v, names) => {
    if (Array.isArray(v)) { v.forEach((e) => drop(e, names)); return; }
    if (!v || typeof v !== "object" || v._bsontype) return;
    if (names.length === 1) delete v[names[0]];
    else drop(v[names[0]], names.slice(1));
  };
  drop(copy, dotted.split("."));
  return copy;
}
{
  const planText = fs.readFileSync(path.join(migrateDir, "PLAN.md"), "utf8");
  const lossesFile = path.join(caseDir, "expected", "rollback-losses.txt");
  const declared = fs.existsSync(lossesFile) ? fs.readFileSync(lossesFile, "utf8").split("\n").filter((l) => l.trim())
    .map((l) => { const [where, text] = l.split("\t"); return { collection: where.split(".")[0], path: where.split(".").slice(1).join("."), text }; }) : [];
  for (const d of declared) {
    if (!d.text || !planText.includes(d.text)) {
      print(`FAIL: the case allows the rollback to lose ${d.collection}.${d.path}, and PLAN.md does not say "${d.text}"`);
      failures++;
    } else {
      print(`ok: PLAN.md says before anything runs that ${d.collection}.${d.path} is not restored: "${d.text}"`);
    }
  }
  meta.phase = "rollback";
  log.push("-- rollback");
  counters.modified = 0;
  attempt("rollback", () => runScript({ rollback: true }));
  const afterRollback = snapshot();
  const v1Names = analysis.collections.map((c) => c.name);
  let restored = 0;
  for (const name of v1Names) {
    const losses = declared.filter((d) => d.collection === name);
    const strip = (d) => losses.reduce((doc, l) => withoutPath(doc, l.path), d);
    const was = initialDocs.get(name) || [];
    const now = collections.get(name) || [];
    // Documents whose _id the plan says does not come back are matched by
    // the rest of their content.
    const idOf = losses.some((l) => l.path === "_id") ? (d) => canonical(strip(d)) : (d) => ejson(d._id);
    const nowById = new Map();
    for (const d of now) nowById.set(idOf(d), (nowById.get(idOf(d)) || []).concat([d]));
    const take = (d) => {
      const list = nowById.get(idOf(d)) || [];
      return list.length > 0 ? list.shift() : undefined;
    };
    let missing = 0, differ = 0, reordered = 0, example = null, orderExample = null;
    for (const d of was) {
      const n = take(d);
      if (!n) { missing++; continue; }
      if (canonical(strip(n)) !== canonical(strip(d))) {
        differ++;
        if (!example) example = `${ejson(d)} came back as ${ejson(n)}`;
      } else if (ejson(strip(n)) !== ejson(strip(d))) {
        reordered++;
        if (!orderExample) orderExample = `${ejson(d)} came back as ${ejson(n)}`;
      } else {
        restored++;
      }
    }
    const extra = Array.from(nowById.values()).reduce((n, list) => n + list.length, 0);
    if (missing > 0 || differ > 0 || extra > 0) {
      print(`FAIL: after the rollback, ${name} lacks ${missing} of its ${was.length} v1 documents, has ${extra} others, ` +
        `and ${differ} differ from their v1 original` + (example ? `, e.g. ${example}` : ""));
      failures++;
    }
    if (reordered > 0) {
      print(`FAIL: after the rollback, ${reordered} ${name} documents hold their v1 values with their keys in another order, ` +
        `e.g. ${orderExample}`);
      failures++;
    }
    const v = v1Meta.validators.get(name);
    if (v) {
      const bad = failingDocs(v.schema, now);
      if (bad.length > 0 && losses.length === 0) {
        print(`FAIL: after the rollback, ${bad.length} of ${now.length} ${name} documents fail v1's validator, e.g. ${ejson(bad[0])}`);
        failures++;
      }
      const installed = meta.validators.get(name);
      if (!installed || ejson(installed.schema) !== ejson(v.schema) || installed.level !== v.level || installed.action !== v.action) {
        print(`FAIL: after the rollback, ${name} has ` + (installed ? `validationLevel ${installed.level}` +
          (ejson(installed.schema) === ejson(v.schema) ? " with v1's validator" : " with another validator than v1's") : "no validator") +
          `; v1 has its validator at ${v.level}`);
        failures++;
      }
    }
  }
  compareIndexes("after the rollback", v1Meta, v1Names, true);
  for (const [name, docs] of collections) {
    if (name === "docshape_migrations" || v1Names.includes(name) || docs.length === 0) continue;
    print(`FAIL: after the rollback, ${name} (not a v1 collection) still holds ${docs.length} documents`);
    failures++;
  }
  if (meta.scans.length > 0) {
    print(`FAIL: ${meta.scans.length} counts or aggregations read a whole collection unthrottled, e.g. ${meta.scans[0]}`);
    failures++;
  }
  if (meta.gaps.length > 0) {
    print(`FAIL: uniqueness went unenforced: ${Array.from(new Set(meta.gaps)).join("; ")}`);
    failures++;
  }
  log.push("-- second rollback");
  meta.phase = "second rollback";
  counters.modified = 0;
  const indexesBefore = meta.indexChanges.length;
  attempt("second rollback", () => runScript({ rollback: true }));
  if (snapshot() !== afterRollback || counters.modified !== 0 || meta.indexChanges.length !== indexesBefore) {
    print(`FAIL: a second rollback changed ${counters.modified} documents` +
      (meta.indexChanges.length !== indexesBefore ? ` and indexes (${meta.indexChanges.slice(indexesBefore).join("; ")})` : ""));
    failures++;
  }
  print(`ok: the rollback ran; ${restored} v1 documents came back exactly`);
  if (meta.refusals.length > 0) print(`refused writes:\n  ${meta.refusals.join("\n  ")}`);
}

if (failures > 0) {
  print(log.join("\n"));
  throw new Error(`${failures} checks failed (documents in ${work})`);
}
print(`ok: ${checked} migrated documents in ${analysis2.collections.length} collections pass the v2 validator; ` +
  (rewrites ? `the first run changed them (${firstModified} by updateMany), the second nothing` : "no document step"));
