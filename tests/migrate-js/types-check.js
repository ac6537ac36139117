// The TypeScript and Zod types of `docshape-cli types`, checked by their own
// toolchain on every bundled example:
//   node types-check.js DOCSHAPE_CLI EXAMPLES_DIR[:MORE_DIR...] WORK_DIR
// (the models of every directory: the bundled examples, and tests/data/types
// for what they do not hold, e.g. maps)
// 1. tsc --strict --noEmit (noUnusedLocals too) compiles every module, and a
//    file per example that assigns each collection's Zod-inferred document
//    type to its TypeScript interface: the two languages' types agree.
// 2. Every `sample --shape typical` and `--shape max` document, made into
//    what the Node.js driver returns (canonical Extended JSON → BSON →
//    BSON.deserialize with the driver's defaults), parses with the
//    collection's Zod schema.
// 3. Every `sample --break RULE` document gets the exported validator's
//    verdict (`docshape-cli validate`, the server's semantics; a bound the
//    model leaves to the application is not the validator's, nor the
//    types'), except where a JavaScript value cannot hold the rule: a number
//    of another numeric BSON type (int, long and double all arrive as
//    `number`). Those are counted and listed by rule, never passed silently.
// 4. Mongoose: every module passes node --check and loads; its model (on a
//    connection never opened) validates every sampled document
//    (validateSync) and gives every broken one the validator's verdict,
//    except wrong types, which Mongoose casts (counted, as above).
// 5. Every generated module (TypeScript, Zod, Mongoose) is as Prettier 3
//    leaves it with its defaults (prettier --check, no configuration file
//    read): the layout the issue asks for ("formatted as each language's
//    formatter would leave it"), and so a team's own prettier run does not
//    rewrite generated files.
"use strict";
const fs = require("fs");
const path = require("path");
const cp = require("child_process");
const Module = require("module");
const ts = require("typescript");
const { EJSON, BSON } = require("bson");
const mongoose = require("mongoose");

const [cli, examplesDir, workDir] = process.argv.slice(2);
if (!workDir) {
  console.error("usage: node types-check.js DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR");
  process.exit(2);
}
const nodeModules = path.dirname(path.dirname(require.resolve("typescript/package.json")));

let failures = 0;
function fail(what, message) {
  failures++;
  if (failures <= 60) console.log(`FAIL ${what}: ${message}`);
}

function run(args) {
  return cp.spawnSync(cli, args, { encoding: "utf8", maxBuffer: 1 << 28 });
}

function types(model, lang, out) {
  const r = run(["types", model, "--lang", lang, "--out", out]);
  if (r.status !== 0) throw new Error(`docshape-cli types ${model} --lang ${lang}: ${r.stderr}`);
  return fs.readdirSync(out).filter((f) => f.endsWith(".ts")).sort();
}

fs.rmSync(workDir, { recursive: true, force: true });
fs.mkdirSync(workDir, { recursive: true });
const examples = examplesDir.split(":").flatMap((dir) =>
  fs.readdirSync(dir).filter((f) => f.endsWith(".docshape")).sort().map((f) => path.join(dir, f)));

// 1. tsc over everything at once.
const modules = []; // {example, model, stem, zodFile}
for (const model of examples) {
  const name = path.basename(model, ".docshape");
  const dir = path.join(workDir, name);
  const plain = types(model, "typescript", path.join(dir, "ts"));
  const zod = types(model, "zod", path.join(dir, "zod"));
  const mongooseFiles = types(model, "mongoose", path.join(dir, "mongoose"));
  if (mongooseFiles.length !== 0) fail(name, "mongoose modules are .js files");
  const exported = run(["export", model, "--out", path.join(dir, "export")]);
  if (exported.status !== 0) fail(name, `docshape-cli export: ${exported.stderr}`);
  if (plain.join() !== zod.join()) fail(name, `typescript and zod wrote different files: ${plain} / ${zod}`);
  let agree = 'import { z } from "zod";\n';
  zod.forEach((f, i) => {
    const stem = f.slice(0, -3);
    agree += `import * as plain${i} from ${JSON.stringify("./ts/" + stem)};\n`;
    agree += `import * as zod${i} from ${JSON.stringify("./zod/" + stem)};\n`;
    modules.push({ example: name, model, stem, zodFile: path.join(dir, "zod", f),
      mongooseFile: path.join(dir, "mongoose", stem + ".js"), validator: path.join(dir, "export", "validators", stem + ".json") });
  });
  zod.forEach((f, i) => {
    agree += `export const agree${i}: plain${i}.CollectionDocument = null as unknown as z.infer<typeof zod${i}.documentSchema>;\n`;
  });
  fs.writeFileSync(path.join(dir, "agree.ts"), agree);
}
fs.writeFileSync(
  path.join(workDir, "tsconfig.json"),
  JSON.stringify({
    compilerOptions: {
      strict: true, noEmit: true, noUnusedLocals: true, noUnusedParameters: true, module: "commonjs",
      target: "es2020", moduleResolution: "node", types: [], baseUrl: ".", paths: { "*": [nodeModules + "/*"] },
    },
    include: ["**/*.ts"],
  }, null, 2),
);
const tsc = cp.spawnSync(process.execPath, [path.join(nodeModules, "typescript/bin/tsc"), "-p", workDir], { encoding: "utf8" });
if (tsc.status !== 0) fail("tsc --strict", (tsc.stdout + tsc.stderr).split("\n").slice(0, 40).join("\n"));
else console.log(`ok tsc --strict --noEmit: ${modules.length} collections of ${examples.length} examples, both languages and their agreement`);

// 5. prettier --check over every generated TypeScript and JavaScript file
// (agree.ts is this test's own).
const formatted = examples.flatMap((model) => {
  const dir = path.join(workDir, path.basename(model, ".docshape"));
  return ["ts", "zod", "mongoose"].flatMap((lang) =>
    fs.readdirSync(path.join(dir, lang)).sort().map((f) => path.join(dir, lang, f)));
});
const prettier = cp.spawnSync(process.execPath,
  [path.join(nodeModules, "prettier/bin/prettier.cjs"), "--check", "--no-config", "--no-editorconfig", "--ignore-path", "/dev/null", ...formatted],
  { encoding: "utf8", maxBuffer: 1 << 26 });
if (prettier.status !== 0) fail("prettier --check", (prettier.stdout + prettier.stderr).split("\n").slice(0, 40).join("\n"));
else console.log(`ok prettier --check: ${formatted.length} modules as Prettier ${require(path.join(nodeModules, "prettier/package.json")).version} leaves them`);

// 2 and 3: the Zod schemas at run time.
function load(file) {
  const out = ts.transpileModule(fs.readFileSync(file, "utf8"), {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 },
  }).outputText;
  const m = new Module(file, module);
  m.filename = file;
  m.paths = [nodeModules];
  m._compile(out, file);
  return m.exports;
}

// What the driver hands the application for one line of canonical EJSON.
function asDriverReturns(line) {
  return BSON.deserialize(BSON.serialize(EJSON.parse(line, { relaxed: false })));
}

function valueAt(doc, dotted) {
  let v = doc;
  for (const part of dotted.split(".")) {
    if (v === null || typeof v !== "object") return undefined;
    v = v[part];
  }
  return v;
}

// Each language's verdict on one document: null when it accepts it, else why.
function zodVerdict(schema) {
  return (doc) => {
    const result = schema.documentSchema.safeParse(doc);
    return result.success ? null : JSON.stringify(result.error.issues).slice(0, 300);
  };
}
const connection = mongoose.createConnection(); // never opened
function mongooseVerdict(file) {
  const checked = cp.spawnSync(process.execPath, ["--check", file], { encoding: "utf8" });
  if (checked.status !== 0) throw new Error(`node --check: ${checked.stderr}`);
  const Model = require(file).model(connection);
  return (doc) => {
    try {
      const error = new Model(doc).validateSync();
      if (!error) return null;
      // Mongoose's `required` refuses an empty string, which the validator
      // takes (the module's header says so): not held, and counted.
      const errors = Object.values(error.errors || {});
      if (errors.length && errors.every((e) => e.kind === "required" && e.value === "")) return { notHeld: "a required empty string" };
      return String(error.message).slice(0, 300);
    } catch (e) {
      return `${e.name}: ${e.message}`.slice(0, 300);
    }
  };
}

const tally = {};
for (const lang of ["Zod", "Mongoose"]) tally[lang] = { parsed: 0, refused: 0, accepted: 0, notHeld: {} };
for (const m of modules) for (const lang of ["Zod", "Mongoose"]) {
  const t = tally[lang];
  let verdict;
  let collection;
  try {
    if (lang === "Zod") {
      const schema = load(m.zodFile);
      verdict = zodVerdict(schema);
      collection = schema.collectionName;
    } else {
      verdict = mongooseVerdict(m.mongooseFile);
      collection = require(m.mongooseFile).collectionName;
    }
  } catch (e) {
    fail(`${m.example}/${m.stem} ${lang}`, `does not load: ${e.message}`);
    continue;
  }
  for (const shape of ["typical", "max"]) {
    const r = run(["sample", m.model, "--collection", collection, "--count", "40", "--seed", "7", "--shape", shape]);
    if (r.status !== 0) {
      fail(`${m.example}/${collection}`, `sample --shape ${shape}: ${r.stderr}`);
      continue;
    }
    r.stdout.split("\n").filter(Boolean).forEach((line, k) => {
      const why = verdict(asDriverReturns(line));
      t.parsed++;
      if (why && why.notHeld) t.notHeld[why.notHeld] = (t.notHeld[why.notHeld] || 0) + 1;
      else if (why) fail(`${m.example}/${collection} ${shape} document ${k + 1}, ${lang}`, why);
    });
  }
  for (const rule of ["missing-required", "wrong-type", "array-over-bound", "outside-enum"]) {
    const r = run(["sample", m.model, "--collection", collection, "--count", "20", "--seed", "11", "--break", rule]);
    if (r.status === 2) continue; // the collection has nothing this rule can break
    if (r.status !== 0) {
      fail(`${m.example}/${collection}`, `sample --break ${rule}: ${r.stderr}`);
      continue;
    }
    const where = [...r.stderr.matchAll(/document (\d+) breaks \S+ at (\S+)/g)].map((x) => x[2]);
    const docsFile = path.join(workDir, "broken.json");
    fs.writeFileSync(docsFile, r.stdout);
    const verdicts = run(["validate", "--schema", m.validator, docsFile, "--json"]).stdout.split("\n").filter(Boolean)
      .map((l) => JSON.parse(l).valid);
    r.stdout.split("\n").filter(Boolean).forEach((line, k) => {
      let why = verdict(asDriverReturns(line));
      if (why && why.notHeld) {
        // Refused for a reason the validator does not have: a refusal all
        // the same where the validator refuses, an acceptance where it accepts.
        if (verdicts[k] === false) {
          t.refused++;
          return;
        }
        t.notHeld[why.notHeld] = (t.notHeld[why.notHeld] || 0) + 1;
        why = null;
      }
      if (verdicts[k] === true) {
        // The validator accepts it (a bound it does not enforce): so must the types.
        t.accepted++;
        if (why)
          fail(`${m.example}/${collection} --break ${rule} document ${k + 1} at ${where[k]}`,
            `refused by ${lang}, accepted by the validator: ${why}`);
        return;
      }
      if (verdicts[k] !== false) {
        fail(`${m.example}/${collection} --break ${rule} document ${k + 1}`, "no verdict from docshape-cli validate");
        return;
      }
      if (why) {
        t.refused++;
        return;
      }
      const raw = valueAt(EJSON.parse(line, { relaxed: false }), where[k] || "");
      const numeric = raw !== null && typeof raw === "object" && ["Int32", "Long", "Double"].includes(raw._bsontype);
      if (rule === "wrong-type" && (numeric || lang === "Mongoose")) {
        const type = raw === null ? "null" : typeof raw === "object" ? raw._bsontype || raw.constructor.name : typeof raw;
        const key = lang === "Mongoose" ? `${rule}: a ${type} Mongoose casts to the path's type`
          : `${rule}: a ${raw._bsontype} where another numeric type belongs`;
        t.notHeld[key] = (t.notHeld[key] || 0) + 1;
      } else {
        fail(`${m.example}/${collection} --break ${rule} document ${k + 1} at ${where[k]}`, `accepted by ${lang}`);
      }
    });
  }
}
for (const [lang, t] of Object.entries(tally)) {
  console.log(`ok ${lang}: ${t.parsed} sampled documents accepted; ${t.refused} broken documents refused as the validator refuses them, ${t.accepted} accepted as it accepts them`);
  for (const [key, count] of Object.entries(t.notHeld)) console.log(`  not held: ${count} × ${key}`);
  if (t.parsed === 0 || t.refused === 0) fail(`${lang} coverage`, "no document was checked");
}
if (failures) {
  console.log(`${failures} failures`);
  process.exit(1);
}
