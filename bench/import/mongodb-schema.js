// The comparison for bench_import: mongodb-schema (what Compass uses) reads a
// mongoexport file of canonical Extended JSON, one document a line, and
// infers its schema. Full parse and inference, timed together, as DocShape's
// infer is timed. usage: node mongodb-schema.js FILE
const fs = require('fs');
const readline = require('readline');
const { EJSON } = require('bson');
const { parseSchema } = require('mongodb-schema');

async function* documents(path) {
  const lines = readline.createInterface({ input: fs.createReadStream(path), crlfDelay: Infinity });
  for await (const line of lines)
    if (line.length) yield EJSON.parse(line, { relaxed: false });
}

async function main() {
  const start = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const schema = await parseSchema(documents(process.argv[2]));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const used = process.cpuUsage(cpu);
  const cpuSeconds = (used.user + used.system) / 1e6;
  console.log(JSON.stringify({ seconds, cpuSeconds, documents: schema.count, fields: schema.fields.length }));
}
main().catch((e) => { console.error(e); process.exit(1); });
