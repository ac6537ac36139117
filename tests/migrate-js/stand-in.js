// The recording stand-in for `db` that generated scripts run against in
// mongosh --nodb: every call's name and argument shape is checked against the
// mongosh API (shell-api.js) and recorded in `calls`. `existingCollections`
// and `existingIndexes` are what the stand-in says the database holds.
"use strict";
const path = require("path");
const { checkCall } = require(path.join(process.env.HARNESS_DIR, "shell-api.js"));

const WRITES = new Set(["runCommand", "createCollection", "updateOne", "updateMany", "deleteMany", "drop"]);

// resumed: every progress marker says a batch began and did not end, so
// each batched step redoes its first batch (an extract deletes first).
// `shell` holds what the stand-in takes from mongosh: its signature table
// (signatures) and the ObjectId constructor.
function makeStandIn(shell, existingCollections, existingIndexes, calls, resumed) {
  const { signatures, ObjectId } = shell;
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

module.exports = { makeStandIn };
