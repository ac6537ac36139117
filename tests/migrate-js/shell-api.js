// The mongosh API calls a DocShape migration script may make, and the shape
// of their arguments, from the MongoDB manual (mongosh methods and database
// commands, v7.0):
//   db.getSiblingDB(<database>), db.getCollection(<name>), db.getCollectionNames(),
//   db.createCollection(<name>, <options>), db.runCommand(<command>)
//   db.collection.find(<query>, <projection>, <options>), .findOne(<query>, <projection>, <options>),
//   .countDocuments(<query>, <options>), .estimatedDocumentCount(<options>),
//   .updateOne(<filter>, <update>, <options>), .updateMany(<filter>, <update>, <options>),
//   .deleteMany(<filter>, <options>), .aggregate(<pipeline>, <options>), .getIndexes(), .drop(<options>)
//   cursor.sort(<sort>), cursor.limit(<number>), cursor.toArray()
//   createIndexes: {createIndexes: <collection>, indexes: [{key, name, ...}], commitQuorum: <int|string>}
//   dropIndexes: {dropIndexes: <collection>, index: <string|document|array of strings>}
//   collMod: {collMod: <collection>, validator: <document>, validationLevel: "off"|"strict"|"moderate",
//             validationAction: "error"|"warn"}
//   An update pipeline "contains only the following aggregation stages: $addFields, $set,
//   $project, $unset, $replaceRoot, $replaceWith" (db.collection.updateMany).
// Method names are also checked against mongosh's own signature table
// (globalThis["@@@mdb.signatures@@@"]), so a name mongosh does not have fails.
"use strict";

const isObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);
const isDocument = (v) => isObject(v) && v._bsontype === undefined;

const UPDATE_STAGES = ["$addFields", "$set", "$project", "$unset", "$replaceRoot", "$replaceWith"];
const AGGREGATE_STAGES = ["$match", "$lookup", "$project", "$set", "$addFields", "$unset", "$unwind", "$replaceWith",
  "$replaceRoot", "$group", "$count", "$sort", "$limit", "$merge"];

function fail(what, message) {
  throw new Error(`${what}: ${message}`);
}

function checkStages(what, stages, allowed) {
  if (!Array.isArray(stages) || stages.length === 0) fail(what, "a pipeline is a non-empty array of stages");
  stages.forEach((stage, i) => {
    if (!isDocument(stage) || Object.keys(stage).length !== 1) fail(what, `stage ${i} must have exactly one key`);
    const name = Object.keys(stage)[0];
    if (!allowed.includes(name)) fail(what, `stage ${i} is ${name}, not one of ${allowed.join(", ")}`);
    if (name === "$merge" && i !== stages.length - 1) fail(what, "$merge must be the last stage");
    if (name === "$merge" && (!isDocument(stage.$merge) || typeof stage.$merge.into !== "string")) {
      fail(what, "$merge needs {into: <collection>}");
    }
    if (name === "$lookup") {
      const l = stage.$lookup;
      if (!isDocument(l) || typeof l.from !== "string" || typeof l.as !== "string") fail(what, "$lookup needs from and as");
    }
  });
}

function checkUpdate(what, update) {
  if (Array.isArray(update)) {
    checkStages(what, update, UPDATE_STAGES);
  } else if (!isDocument(update) || Object.keys(update).some((k) => !k.startsWith("$"))) {
    fail(what, "an update is a pipeline or a document of update operators");
  }
}

const COMMANDS = {
  createIndexes(cmd) {
    if (typeof cmd.createIndexes !== "string") fail("createIndexes", "the collection name is a string");
    if (!Array.isArray(cmd.indexes) || cmd.indexes.length === 0) fail("createIndexes", "indexes is a non-empty array");
    for (const ix of cmd.indexes) {
      if (!isDocument(ix) || !isDocument(ix.key) || typeof ix.name !== "string") fail("createIndexes", "each index has key and name");
    }
    if ("commitQuorum" in cmd && typeof cmd.commitQuorum !== "string" && typeof cmd.commitQuorum !== "number") {
      fail("createIndexes", "commitQuorum is an integer or a string");
    }
    return ["createIndexes", "indexes", "commitQuorum", "writeConcern", "comment"];
  },
  dropIndexes(cmd) {
    if (typeof cmd.dropIndexes !== "string") fail("dropIndexes", "the collection name is a string");
    const ix = cmd.index;
    if (!(typeof ix === "string" || isDocument(ix) || (Array.isArray(ix) && ix.every((n) => typeof n === "string")))) {
      fail("dropIndexes", "index is a string, a document or an array of strings");
    }
    return ["dropIndexes", "index", "writeConcern", "comment"];
  },
  collMod(cmd) {
    if (typeof cmd.collMod !== "string") fail("collMod", "the collection name is a string");
    if ("validator" in cmd && !isDocument(cmd.validator)) fail("collMod", "validator is a document");
    if ("validationLevel" in cmd && !["off", "strict", "moderate"].includes(cmd.validationLevel)) {
      fail("collMod", `validationLevel ${cmd.validationLevel}`);
    }
    if ("validationAction" in cmd && !["error", "warn"].includes(cmd.validationAction)) {
      fail("collMod", `validationAction ${cmd.validationAction}`);
    }
    return ["collMod", "validator", "validationLevel", "validationAction", "expireAfterSeconds", "writeConcern", "comment"];
  },
};

function checkCommand(cmd) {
  if (!isDocument(cmd) || Object.keys(cmd).length === 0) fail("runCommand", "a command is a document");
  const name = Object.keys(cmd)[0];
  const check = COMMANDS[name];
  if (!check) fail("runCommand", `unexpected command ${name}`);
  const allowed = check(cmd);
  for (const key of Object.keys(cmd)) {
    if (!allowed.includes(key)) fail(name, `unknown field ${key}`);
  }
  return name;
}

// [optional?, predicate] per argument.
const doc = [false, isDocument];
const optDoc = [true, isDocument];
const SHAPES = {
  Database: {
    getSiblingDB: [[false, (v) => typeof v === "string" && v.length > 0]],
    getCollection: [[false, (v) => typeof v === "string" && v.length > 0]],
    getCollectionNames: [],
    createCollection: [[false, (v) => typeof v === "string"], optDoc],
    runCommand: [doc],
  },
  Collection: {
    find: [optDoc, optDoc, optDoc],
    findOne: [optDoc, optDoc, optDoc],
    countDocuments: [optDoc, optDoc],
    estimatedDocumentCount: [optDoc],
    updateOne: [doc, [false, (v) => Array.isArray(v) || isDocument(v)], optDoc],
    updateMany: [doc, [false, (v) => Array.isArray(v) || isDocument(v)], optDoc],
    deleteMany: [doc, optDoc],
    aggregate: [[false, Array.isArray], optDoc],
    getIndexes: [],
    drop: [optDoc],
  },
  Cursor: {
    sort: [doc],
    limit: [[false, (v) => typeof v === "number" && Number.isInteger(v) && v >= 0]],
    toArray: [],
  },
  AggregationCursor: {
    toArray: [],
  },
};

function checkCall(signatures, cls, method, args) {
  const what = `${cls === "Database" ? "db" : cls === "Collection" ? "db.collection" : "cursor"}.${method}`;
  const sig = signatures && signatures[cls];
  if (sig && !(method in sig.attributes)) fail(what, `mongosh's ${cls} has no method ${method}`);
  const shape = SHAPES[cls][method];
  if (!shape) fail(what, "not a call a migration should make");
  if (args.length > shape.length) fail(what, `${args.length} arguments, at most ${shape.length}`);
  shape.forEach(([optional, ok], i) => {
    if (i >= args.length || args[i] === undefined) {
      if (!optional) fail(what, `argument ${i + 1} is required`);
    } else if (!ok(args[i])) {
      fail(what, `argument ${i + 1} has the wrong shape: ${JSON.stringify(args[i])}`);
    }
  });
  if (method === "updateOne" || method === "updateMany") checkUpdate(what, args[1]);
  if (method === "aggregate") checkStages(what, args[0], AGGREGATE_STAGES);
  if (method === "runCommand") return checkCommand(args[0]);
  return method;
}

module.exports = { checkCall, checkStages, UPDATE_STAGES, isDocument };
