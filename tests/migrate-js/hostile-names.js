// Hostile names through everything DocShape writes as code or markup (issues
// 43 and 45). The models are made here, from the bundled examples, with
// names drawn from pieces that break out of a string, a comment or an
// element when they are written raw: quotes, backticks, "${", line
// terminators (U+2028, U+2029 among them), "*/", "</script>", "<!--", tags
// with event attributes, entities, "]]>", control characters, other scripts'
// letters. Each model has a twin of the same structure whose names are plain
// ("n 1", "n 2", ...).
//
//   node hostile-names.js scripts CLI EXAMPLES WORK COUNT SEED
//     docshape-cli export and migrate (example -> hostile model): each
//     script parses (node --check, and acorn as a whole program); its code
//     tokens (everything but strings, templates' text and comments) are
//     the same multiset as its plain twin's, so no name reached a code
//     position; run in mongosh --nodb against the recording stand-in
//     (run-scripts.js) it calls only what the mongosh API has, never the
//     `pwned` a breakout would call, and creates exactly the collections its
//     twin creates, under the hostile names.
//   node hostile-names.js markup CLI EXAMPLES WORK COUNT SEED
//     docshape-cli report (HTML) and diagram (SVG): the HTML parses (parse5,
//     the WHATWG parsing algorithm) with no script, frame, object, form or
//     base element, no on* attribute, no link but to the report's own
//     anchors, the Content-Security-Policy meta, and the title as typed;
//     the SVG is well-formed (xmllint), with no script, foreignObject,
//     on* attribute or outside link, and the model's name as its title;
//     headless chromium's --dump-dom shows that nothing in the page ran.
//   node hostile-names.js types CLI EXAMPLES WORK COUNT SEED
//     docshape-cli types in TypeScript, Zod, Mongoose, Pydantic, Go and
//     Java: tsc --strict compiles every hostile TypeScript module and
//     prettier --check finds every TypeScript and JavaScript one as it lays
//     them out (black --check every Python one, google-java-format every
//     Java one), gofmt
//     and go vet take every Go package, javac every Java file; their code
//     tokens (TypeScript's own scanner, JavaScript's too; Python's
//     tokenize; Go's go/scanner; javac's parse tree) are the plain twin's, identifiers made
//     from names counted as identifiers, so no name reached a code position
//     but as an identifier of its ASCII letters; the modules load (Zod in
//     node, pydantic in Debian's python3) and say the hostile collection
//     names exactly.
//
// NODE_PATH has the npm packages (run.sh install); HARNESS_DIR is this folder.
"use strict";
const fs = require("fs");
const path = require("path");
const cp = require("child_process");
const acorn = require("acorn");
const parse5 = require("parse5");

const [mode, cli, examplesDir, workDir, countText, seedText] = process.argv.slice(2);
if (!["scripts", "markup", "types"].includes(mode) || !cli || !examplesDir || !workDir) {
  console.error("usage: node hostile-names.js scripts|markup|types CLI EXAMPLES WORK COUNT SEED");
  process.exit(2);
}
const count = Number(countText || 20);
let seed = Number(seedText || 1) >>> 0;

// mulberry32: a small seeded generator, so that a failure can be replayed.
function random() {
  seed = (seed + 0x6d2b79f5) >>> 0;
  let t = seed;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const pick = (list) => list[Math.floor(random() * list.length)];

const PWN = 'document.documentElement.setAttribute("data-pwned","yes")';
const PIECES = [
  '"', "'", "`", "${pwned()}", "\\", "*/", "/*", "//", "\u2028", "\u2029", "\r", "\n", "\r\n", "\t",
  "</script>", "<script>pwned()</script>", `<script>${PWN}</script>`, "<!--", "-->", "]]>", "<![CDATA[",
  `<img src=x onerror='${PWN}'>`, "<svg onload=pwned()>", '" onmouseover="pwned()', "' onfocus='pwned()",
  "&amp;", "&#60;", "&lt;b&gt;", "</title>", "</desc>", "</text>", "<style>", "javascript:pwned()",
  '");pwned();("', "');pwned();('", "`+pwned()+`", "\npwned()//", "\u2028pwned()\u2028", "*/pwned()/*",
  "\u0007", "\u001b", "\u007f", "\u0085", "\ufeff", "\u200b", "é", "名前", "😀", "Ω", "a", "Z", "_", " ",
  // javac reads a backslash-u escape before anything else, in comments too.
  "\\u000a", "\\u0022);",
];

// A name from 1 to 4 pieces and a few letters, always with a character that
// is not an identifier's, so that it is written as a string like its twin.
function hostileName(kind) {
  for (;;) {
    let name = "";
    const n = 1 + Math.floor(random() * 4);
    for (let i = 0; i < n; ++i) name += pick(PIECES) + pick(["", "x", "Order", "q"]);
    name += "-" + Math.floor(random() * 1000);
    // What the model itself refuses (a collection name with '$', a field
    // name with '.' or a leading '$') is the reader's business, not this test's.
    if ((kind === "collection" || kind === "field") && name.includes("$")) continue;
    if (kind === "field" && name.includes(".")) continue;
    return name;
  }
}

// The model `example` with every name and text replaced by `namer(kind)`,
// and a hostile field with a hostile description added to each entity.
function mutate(example, namer) {
  const m = structuredClone(example);
  m.name = namer("text");
  m.description = namer("text");
  (m.entities || []).forEach((e, i) => {
    e.name = namer("collection");
    if (e.collectionName) e.collectionName = namer("collection");
    e.description = namer("text");
    e.fields = e.fields || [];
    e.fields.push({ id: `hostile-field-${i}`, name: namer("field"), avgBytes: 12, maxBytes: 60, description: namer("text") });
  });
  for (const r of m.relationships || []) {
    if (r.name) r.name = namer("text");
    if (r.junctionName) r.junctionName = namer("collection");
  }
  for (const q of m.accessPatterns || []) {
    q.name = namer("text");
    if (q.description) q.description = namer("text");
  }
  for (const ix of m.indexes || []) ix.name = namer("index");
  for (const d of m.decisions || []) {
    d.title = namer("text");
    d.text = namer("text");
  }
  return m;
}

function run(command, args, options = {}) {
  return cp.spawnSync(command, args, Object.assign({ encoding: "utf8", maxBuffer: 1 << 28 }, options));
}

let failures = 0;
function fail(what, message) {
  failures++;
  console.log(`FAIL ${what}: ${message}`);
}

const examples = fs.readdirSync(examplesDir).filter((f) => f.endsWith(".docshape")).sort()
  .map((f) => ({ file: path.join(examplesDir, f), model: JSON.parse(fs.readFileSync(path.join(examplesDir, f), "utf8")) }));

// The hostile model of variant `v` and its plain twin, both accepted by the
// reader (a hostile name it refuses is drawn again).
function variant(v) {
  const example = examples[v % examples.length];
  const dir = path.join(workDir, `v${v}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  let plainCount = 0;
  const plain = mutate(example.model, () => `n ${++plainCount}`);
  fs.writeFileSync(path.join(dir, "plain.docshape"), JSON.stringify(plain, null, 2));
  const refusals = [];
  for (let attempt = 0; attempt < 20; ++attempt) {
    const names = [];
    const hostile = mutate(example.model, (kind) => {
      const name = hostileName(kind);
      names.push(name);
      return name;
    });
    const file = path.join(dir, "hostile.docshape");
    fs.writeFileSync(file, JSON.stringify(hostile, null, 2));
    const analyzed = run(cli, ["analyze", file]);
    if (analyzed.status === 0) {
      const plainNames = Array.from({ length: names.length }, (_, i) => `n ${i + 1}`);
      return { v, dir, example, hostile, plain, names, hostileOf: new Map(plainNames.map((p, i) => [p, names[i]])) };
    }
    refusals.push(analyzed.stderr.trim());
  }
  fail(`variant ${v}`, `the reader refused 20 hostile models of ${example.file}:\n${refusals.join("\n")}`);
  return null;
}

// Everything but the text of strings, templates and comments, in order of
// kind: a name that reached a code position adds or changes a token here.
function codeTokens(source) {
  const tokens = [];
  for (const t of acorn.tokenizer(source, { ecmaVersion: "latest", sourceType: "script", allowHashBang: true })) {
    const label = t.type.label;
    if (label === "string" || label === "template" || label === "num") tokens.push(label);
    else if (label === "regexp") tokens.push(`regexp:${t.value.pattern}/${t.value.flags}`);
    else tokens.push(t.value === undefined ? label : `${label}:${t.value}`);
  }
  return tokens.sort();
}

function sameTokens(what, hostileFile, plainFile) {
  const hostile = fs.readFileSync(hostileFile, "utf8");
  const checked = run(process.execPath, ["--check", hostileFile]);
  if (checked.status !== 0) return fail(what, `node --check: ${checked.stderr}`);
  try {
    acorn.parse(hostile, { ecmaVersion: "latest", sourceType: "script" });
  } catch (e) {
    return fail(what, `acorn: ${e.message}`);
  }
  const a = codeTokens(hostile);
  const b = codeTokens(fs.readFileSync(plainFile, "utf8"));
  const extra = a.filter((t) => !b.includes(t));
  const missing = b.filter((t) => !a.includes(t));
  if (a.length !== b.length || extra.length || missing.length || a.some((t, i) => t !== b[i])) {
    fail(what, `code tokens differ from the plain twin's (${a.length} against ${b.length}); ` +
      `only in the hostile script: ${JSON.stringify(extra.slice(0, 10))}, only in the twin's: ${JSON.stringify(missing.slice(0, 10))}`);
  }
}

function scripts() {
  const manifest = [];
  const pairs = [];
  for (let v = 0; v < count; ++v) {
    const x = variant(v);
    if (!x) continue;
    for (const side of ["hostile", "plain"]) {
      const model = path.join(x.dir, `${side}.docshape`);
      const exported = run(cli, ["export", model, "--out", path.join(x.dir, `${side}-export`)]);
      if (exported.status !== 0) fail(`variant ${v} ${side} export`, exported.stderr);
      const migrated = run(cli, ["migrate", x.example.file, model, "--out", path.join(x.dir, `${side}-migrate`)]);
      if (migrated.status !== 0) fail(`variant ${v} ${side} migrate`, migrated.stderr);
      manifest.push({ script: path.join(x.dir, `${side}-export/mongosh/create.js`), oldModel: x.example.file, kind: "create" });
      manifest.push({ script: path.join(x.dir, `${side}-migrate/migrate.js`), oldModel: x.example.file, kind: "migrate" });
    }
    for (const [what, file] of [["create.js", "export/mongosh/create.js"], ["migrate.js", "migrate/migrate.js"]])
      sameTokens(`variant ${v} ${what}`, path.join(x.dir, `hostile-${file}`), path.join(x.dir, `plain-${file}`));
    pairs.push(x);
  }
  const manifestFile = path.join(workDir, "scripts.json");
  const resultsFile = path.join(workDir, "results.jsonl");
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const mongosh = path.join(process.env.NODE_PATH, ".bin", "mongosh");
  const ran = run(mongosh, ["--nodb", "--quiet", path.join(__dirname, "run-scripts.js")], {
    env: Object.assign({}, process.env, { SCRIPTS_MANIFEST: manifestFile, SCRIPTS_RESULTS: resultsFile }),
  });
  if (ran.status !== 0) return fail("mongosh", ran.stdout + ran.stderr);
  const results = new Map(fs.readFileSync(resultsFile, "utf8").trim().split("\n").map((l) => JSON.parse(l))
    .map((r) => [r.script, r]));
  for (const x of pairs) {
    const created = {};
    for (const side of ["hostile", "plain"]) {
      for (const file of [`${side}-export/mongosh/create.js`, `${side}-migrate/migrate.js`]) {
        const r = results.get(path.join(x.dir, file));
        if (!r) { fail(`variant ${x.v} ${file}`, "did not run"); continue; }
        if (!r.ok) fail(`variant ${x.v} ${file}`, r.error);
        if (r.pwned) fail(`variant ${x.v} ${file}`, `called pwned() ${r.pwned} times: a name broke out`);
      }
      const r = results.get(path.join(x.dir, `${side}-export/mongosh/create.js`));
      created[side] = r ? r.calls.filter((c) => c.name === "createCollection").map((c) => c.args[0]).sort() : [];
    }
    // The literals carry the names exactly: the hostile script creates the
    // twin's collections, each under its hostile name.
    const expected = created.plain.map((p) => x.hostileOf.get(p) ?? p).sort();
    if (JSON.stringify(created.hostile) !== JSON.stringify(expected))
      fail(`variant ${x.v} create.js`, `created ${JSON.stringify(created.hostile)}, expected ${JSON.stringify(expected)}`);
  }
  console.log(`${pairs.length} hostile models of ${examples.length} examples: ${manifest.length} scripts checked`);
}

// What a text becomes in markup after parsing: the writer turns characters
// XML cannot carry into spaces, and parsers read CR and CR LF as LF.
function asParsed(text) {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffe\uffff]/g, " ").replace(/\r\n?/g, "\n");
}

const FORBIDDEN = new Set(["script", "iframe", "frame", "frameset", "object", "embed", "applet", "base", "link", "form",
  "input", "button", "textarea", "foreignobject", "animate", "set", "use", "image", "audio", "video", "source"]);
const LINKS = new Set(["href", "src", "xlink:href", "action", "formaction", "data", "poster", "srcset"]);

// Every element and attribute of a parse5 tree.
function checkTree(what, node, found) {
  if (node.tagName) {
    if (FORBIDDEN.has(node.tagName.toLowerCase())) fail(what, `a <${node.tagName}> element`);
    for (const a of node.attrs || []) {
      const name = (a.prefix ? `${a.prefix}:` : "") + a.name.toLowerCase();
      if (name.startsWith("on")) fail(what, `an event attribute ${name}="${a.value}" on <${node.tagName}>`);
      if (LINKS.has(name) && !a.value.startsWith("#")) fail(what, `a link ${name}="${a.value}" on <${node.tagName}>`);
      if (name === "data-pwned") fail(what, "data-pwned: the page ran a name's script");
      if (name === "http-equiv") found.csp = found.csp || (a.value === "Content-Security-Policy");
      if (name === "http-equiv" && a.value.toLowerCase() === "refresh") fail(what, "a refresh");
    }
    if (node.tagName === "title" && !found.title) found.title = (node.childNodes || []).map((c) => c.value || "").join("");
  }
  for (const child of node.childNodes || []) checkTree(what, child, found);
  if (node.content) checkTree(what, node.content, found);
}

function checkHtml(what, html, title) {
  const found = {};
  checkTree(what, parse5.parse(html), found);
  if (!found.csp) fail(what, "no Content-Security-Policy meta");
  if (found.title !== asParsed(title)) fail(what, `title ${JSON.stringify(found.title)}, expected ${JSON.stringify(asParsed(title))}`);
}

function xpath(file, expression) {
  const r = run("xmllint", ["--xpath", expression, file]);
  return r.stdout.trim();
}

function checkSvg(what, file, name) {
  const wellFormed = run("xmllint", ["--noout", file]);
  if (wellFormed.status !== 0) return fail(what, `not well-formed XML: ${wellFormed.stderr}`);
  const bad = xpath(file, "count(//*[local-name()='script' or local-name()='foreignObject' or local-name()='iframe'])" +
    " + count(//@*[starts-with(translate(local-name(),'ON','on'),'on')])" +
    " + count(//@*[local-name()='href' and not(starts-with(.,'#'))])");
  if (bad !== "0") fail(what, `${bad} script elements, event attributes or outside links`);
  const title = xpath(file, "string(/*[local-name()='svg']/*[local-name()='title'])");
  // xmllint prints the string with its own trailing line break trimmed above.
  if (title !== asParsed(name).trim() && title !== asParsed(name)) fail(what, `title ${JSON.stringify(title)}, expected ${JSON.stringify(asParsed(name))}`);
}

function chromium() {
  for (const name of ["chromium", "chromium-browser"]) if (run("sh", ["-c", `command -v ${name}`]).status === 0) return name;
  return "";
}

// The DOM after the page ran, as headless chromium dumps it: the root keeps
// exactly the attributes it was written with, and nothing says data-pwned.
function checkInBrowser(what, browser, file, rootAttributes) {
  const profile = fs.mkdtempSync(path.join(workDir, "chromium-"));
  const r = run("timeout", ["120", browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync", `--user-data-dir=${profile}`,
    "--dump-dom", `file://${file}`]);
  if (r.status !== 0 || !r.stdout.includes("<")) return fail(what, `chromium: ${r.status} ${r.stderr.slice(-2000)}`);
  const doc = parse5.parse(r.stdout);
  // A script that ran set data-pwned on an element (checkTree fails on it).
  checkTree(what, doc, {});
  const root = doc.childNodes.find((n) => n.tagName === "html");
  const attributes = root ? root.attrs.map((a) => `${a.name}=${a.value}`).sort().join(" ") : "";
  if (rootAttributes !== null && attributes !== rootAttributes) fail(what, `the root's attributes became ${attributes}`);
}

function markup() {
  const browser = chromium();
  if (!browser) fail("chromium", "not installed (Debian package chromium, in packaging/debian-packages.txt)");
  const cases = [];
  // The report of issue 45: a model named to set data-pwned when opened.
  const regression = path.join(workDir, "regression");
  fs.mkdirSync(regression, { recursive: true });
  const evil = structuredClone(examples.find((e) => e.file.endsWith("order-aggregate.docshape")) || examples[0]);
  evil.model.name = `Evil <script>${PWN}</script>`;
  fs.writeFileSync(path.join(regression, "hostile.docshape"), JSON.stringify(evil.model, null, 2));
  cases.push({ v: "issue 45", dir: regression, name: evil.model.name, browser: true });
  for (let v = 0; v < count; ++v) {
    const x = variant(v);
    if (x) cases.push({ v, dir: x.dir, name: x.hostile.name, browser: v < 2 });
  }
  for (const c of cases) {
    const model = path.join(c.dir, "hostile.docshape");
    const html = path.join(c.dir, "report.html");
    const svg = path.join(c.dir, "diagram.svg");
    const report = run(cli, ["report", model, "--out", html, "--date", "2025-01-31"]);
    if (report.status !== 0) { fail(`${c.v} report`, report.stderr); continue; }
    const diagram = run(cli, ["diagram", model, "--out", svg]);
    if (diagram.status !== 0) { fail(`${c.v} diagram`, diagram.stderr); continue; }
    checkHtml(`${c.v} report.html`, fs.readFileSync(html, "utf8"), `Design review: ${c.name}`);
    checkSvg(`${c.v} diagram.svg`, svg, c.name);
    if (c.browser && browser) {
      checkInBrowser(`${c.v} report.html in chromium`, browser, html, "lang=en");
      checkInBrowser(`${c.v} diagram.svg in chromium`, browser, svg, null);
    }
  }
  console.log(`${cases.length} hostile models: report.html and diagram.svg checked`);
}

// TypeScript's scanner over a module: string and template text, comments
// and trivia left out, identifiers as one kind (their text is made from a
// name's ASCII letters by design), every other token by its text. A comma
// just before a closing bracket is left out too: the modules are laid out
// as prettier lays them out, so a longer name can break a list across lines
// and add its trailing comma, which is layout, not code; so is the leading
// `|` of a union broken one alternative per line.
function typeScriptTokens(ts, source) {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, true, ts.LanguageVariant.Standard, source);
  const tokens = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind === ts.SyntaxKind.StringLiteral || kind === ts.SyntaxKind.NoSubstitutionTemplateLiteral) tokens.push("string");
    else if (kind === ts.SyntaxKind.Identifier) tokens.push("identifier");
    else if (kind === ts.SyntaxKind.Unknown) tokens.push(`unknown:${scanner.getTokenText()}`);
    else tokens.push(scanner.getTokenText());
  }
  return tokens.filter((t, i) => !(t === "," && [")", "]", "}", ">"].includes(tokens[i + 1])) &&
    !(t === "|" && ["=", ":", "(", "<", ","].includes(tokens[i - 1]))).sort();
}

function sameList(what, a, b) {
  if (a.length === b.length && a.every((t, i) => t === b[i])) return;
  const extra = a.filter((t) => !b.includes(t));
  const missing = b.filter((t) => !a.includes(t));
  fail(what, `code tokens differ from the plain twin's (${a.length} against ${b.length}); ` +
    `only in the hostile module: ${JSON.stringify(extra.slice(0, 10))}, only in the twin's: ${JSON.stringify(missing.slice(0, 10))}`);
}

// The files `docshape-cli types` wrote, in its order (the derivation's, the
// same for a model and its twin).
function typesFiles(model, lang, out) {
  const r = run(cli, ["types", model, "--lang", lang, "--out", out]);
  if (r.status !== 0) {
    fail(`${model} types --lang ${lang}`, r.stderr);
    return [];
  }
  return r.stdout.split("\n").slice(1).map((l) => l.trim()).filter(Boolean).map((f) => path.join(out, f));
}

function types() {
  const ts = require("typescript");
  const python = "/usr/bin/python3";
  const checker = path.join(__dirname, "types_check.py");
  const tsFiles = [];
  const pyPairs = [];
  const expectedNames = []; // [file, expected collectionName]
  const hostileOfByVariant = new Map();
  const otherPairs = [];
  const formatted = []; // every hostile TypeScript, Zod and Mongoose module
  let pairs = 0;
  for (let v = 0; v < count; ++v) {
    const x = variant(v);
    if (!x) continue;
    pairs++;
    hostileOfByVariant.set(v, x.hostileOf);
    for (const lang of ["typescript", "zod", "mongoose", "pydantic", "go", "java"]) {
      const hostile = typesFiles(path.join(x.dir, "hostile.docshape"), lang, path.join(x.dir, `hostile-${lang}`));
      const plain = typesFiles(path.join(x.dir, "plain.docshape"), lang, path.join(x.dir, `plain-${lang}`));
      if (hostile.length !== plain.length) {
        fail(`variant ${v} ${lang}`, `${hostile.length} modules against the twin's ${plain.length}`);
        continue;
      }
      if (lang === "go" || lang === "java") {
        otherPairs.push({ lang, v, hostile, plain, dir: path.join(x.dir, `hostile-${lang}`), hostileOf: x.hostileOf });
        continue;
      }
      hostile.forEach((file, i) => {
        if (lang === "pydantic") {
          pyPairs.push([file, plain[i], v]);
          return;
        }
        if (lang !== "mongoose") tsFiles.push(file);
        formatted.push(file);
        sameList(`variant ${v} ${lang} ${path.basename(file)}`, typeScriptTokens(ts, fs.readFileSync(file, "utf8")),
          typeScriptTokens(ts, fs.readFileSync(plain[i], "utf8")));
        if (lang === "zod" || lang === "mongoose") {
          const source = fs.readFileSync(plain[i], "utf8");
          const m = /^(?:export )?const collectionName = ("(?:[^"\\]|\\.)*");$/m.exec(source);
          const plainName = m ? JSON.parse(m[1]) : "";
          expectedNames.push([file, x.hostileOf.get(plainName) ?? plainName, v]);
        }
      });
    }
  }
  // tsc --strict over every hostile module at once.
  const tsconfig = path.join(workDir, "tsconfig.json");
  const nodeModules = path.dirname(path.dirname(require.resolve("typescript/package.json")));
  fs.writeFileSync(tsconfig, JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, noUnusedLocals: true, module: "commonjs", target: "es2020",
      moduleResolution: "node", types: [], baseUrl: ".", paths: { "*": [nodeModules + "/*"] } },
    files: tsFiles,
  }));
  const tsc = run(process.execPath, [path.join(nodeModules, "typescript/bin/tsc"), "-p", tsconfig]);
  if (tsc.status !== 0) fail("tsc --strict", (tsc.stdout + tsc.stderr).slice(0, 4000));
  // Laid out as prettier lays them out even with hostile names (quotes
  // chosen as prettier chooses them, long names breaking lines).
  const prettier = run(process.execPath, [path.join(nodeModules, "prettier/bin/prettier.cjs"), "--check", "--no-config",
    "--no-editorconfig", "--ignore-path", "/dev/null", ...formatted]);
  if (prettier.status !== 0) fail("prettier --check", (prettier.stdout + prettier.stderr).slice(0, 4000));
  // The Zod modules run, and name their hostile collections.
  const Module = require("module");
  for (const [file, expected, v] of expectedNames) {
    try {
      let exported;
      if (file.endsWith(".js")) {
        exported = require(file);
        exported.model(require("mongoose").createConnection()); // builds the schemas and discriminators
      } else {
        const js = ts.transpileModule(fs.readFileSync(file, "utf8"), { compilerOptions: { module: ts.ModuleKind.CommonJS } }).outputText;
        const m = new Module(file, module);
        m.paths = [nodeModules];
        m._compile(js, file);
        exported = m.exports;
      }
      if (exported.collectionName !== expected)
        fail(`variant ${v} ${path.basename(file)}`, `collectionName ${JSON.stringify(exported.collectionName)}, expected ${JSON.stringify(expected)}`);
    } catch (e) {
      fail(`variant ${v} ${path.basename(file)}`, `does not load: ${e.message}`);
    }
  }
  // Python: the tokenizer's tokens, and the modules imported by pydantic.
  const all = pyPairs.flatMap(([h, p]) => [h, p]);
  const tokenized = run(python, [checker, "tokens", ...all]);
  // ... and as black leaves them.
  const black = run("black", ["--check", "--config", "/dev/null", ...all]);
  if (black.status !== 0) fail("black --check", (black.stdout + black.stderr).slice(0, 4000));
  if (tokenized.status !== 0) fail("python tokenize", tokenized.stderr.slice(0, 4000));
  const byFile = new Map();
  const keywords = new Set(JSON.parse(run(python, ["-c", "import keyword, json; print(json.dumps(keyword.kwlist))"]).stdout));
  for (const line of tokenized.stdout.split("\n").filter(Boolean)) {
    const t = JSON.parse(line);
    if (!byFile.has(t.file)) byFile.set(t.file, []);
    if (t.type === "COMMENT" || t.type === "NL" || t.type === "ENCODING") continue;
    byFile.get(t.file).push(t.type === "STRING" ? "STRING" : t.type === "NAME" && !keywords.has(t.string) ? "NAME" : `${t.type}:${t.string}`);
  }
  // Layout left out as for TypeScript: the modules are laid out as black
  // lays them out, which may add a trailing comma before a closing bracket
  // and make an assignment's optional parentheses visible (`X = (`).
  const layoutFree = (tokens) => {
    const out = [];
    const dropped = [];
    tokens.forEach((t, i) => {
      if (t === "COMMA:," && ["RPAR:)", "RSQB:]", "RBRACE:}"].includes(tokens[i + 1])) return;
      if (["LPAR:(", "LSQB:[", "LBRACE:{"].includes(t)) {
        dropped.push(t === "LPAR:(" && tokens[i - 1] === "EQUAL:=");
        if (dropped[dropped.length - 1]) return;
      }
      if (["RPAR:)", "RSQB:]", "RBRACE:}"].includes(t) && dropped.pop()) return;
      out.push(t);
    });
    return out.sort();
  };
  for (const [h, p, v] of pyPairs)
    sameList(`variant ${v} pydantic ${path.basename(h)}`, layoutFree(byFile.get(h) || []), layoutFree(byFile.get(p) || []));
  const imported = run(python, [checker, "collections", ...pyPairs.map(([h]) => h)]);
  if (imported.status !== 0) fail("pydantic import", (imported.stdout + imported.stderr).slice(0, 4000));
  else {
    const names = JSON.parse(imported.stdout);
    const plainNames = JSON.parse(run(python, [checker, "collections", ...pyPairs.map(([, p]) => p)]).stdout);
    pyPairs.forEach(([h, , v], i) => {
      const expected = hostileOfByVariant.get(v).get(plainNames[i]) ?? plainNames[i];
      if (names[i] !== expected) fail(`variant ${v} ${path.basename(h)}`, `COLLECTION_NAME ${JSON.stringify(names[i])}, expected ${JSON.stringify(expected)}`);
    });
  }
  // Go: go/scanner's tokens against the twin's, gofmt and go vet.
  const goEnv = Object.assign({}, process.env, { GO111MODULE: "off", GOPATH: "/usr/share/gocode", GOFLAGS: "",
    GOCACHE: path.join(workDir, "go-cache") });
  const goPairs = otherPairs.filter((p) => p.lang === "go");
  const goTool = path.join(workDir, "gotokens");
  const built = run("go", ["build", "-o", goTool, path.join(__dirname, "gotokens.go")], { env: goEnv });
  if (built.status !== 0) fail("go build gotokens.go", built.stderr.slice(0, 3000));
  const goTokens = run(goTool, goPairs.flatMap((p) => [...p.hostile, ...p.plain]));
  if (goTokens.status !== 0) fail("go/scanner", goTokens.stderr.slice(0, 3000));
  const goByFile = new Map();
  for (const line of goTokens.stdout.split("\n").filter(Boolean)) {
    const t = JSON.parse(line);
    if (!goByFile.has(t.file)) goByFile.set(t.file, []);
    goByFile.get(t.file).push(t.token);
  }
  const timing = { start: Date.now() };
  for (const p of goPairs) {
    p.hostile.forEach((h, i) => sameList(`variant ${p.v} go ${path.basename(h)}`, (goByFile.get(h) || []).sort(), (goByFile.get(p.plain[i]) || []).sort()));
    const fmt = run("gofmt", ["-l", p.dir]);
    if (fmt.status !== 0 || fmt.stdout.trim()) fail(`variant ${p.v} gofmt`, fmt.stdout + fmt.stderr);
    const vet = run("go", ["vet", "."], { cwd: p.dir, env: goEnv });
    if (vet.status !== 0) fail(`variant ${p.v} go vet`, (vet.stdout + vet.stderr).slice(0, 3000));
  }
  timing.go = Date.now() - timing.start;
  // Java: javac's parse tree against the twin's, the COLLECTION constant, javac.
  const javaPairs = otherPairs.filter((p) => p.lang === "java");
  const kinds = run("java", [path.join(__dirname, "JavaKinds.java"), ...javaPairs.flatMap((p) => [...p.hostile, ...p.plain])]);
  if (kinds.status !== 0) fail("javac parse", kinds.stderr.slice(0, 3000));
  const javaByFile = new Map(kinds.stdout.split("\n").filter(Boolean).map((l) => JSON.parse(l)).map((k) => [k.file, k]));
  for (const p of javaPairs) {
    p.hostile.forEach((h, i) => {
      const a = javaByFile.get(h);
      const b = javaByFile.get(p.plain[i]);
      if (!a || !b) return fail(`variant ${p.v} java ${path.basename(h)}`, "not parsed");
      if (a.errors) fail(`variant ${p.v} java ${path.basename(h)}`, `${a.errors} parse errors`);
      sameList(`variant ${p.v} java ${path.basename(h)}`, a.kinds.split(" "), b.kinds.split(" "));
      const expected = p.hostileOf.get(b.collection) ?? b.collection;
      if (a.collection !== expected) fail(`variant ${p.v} java ${path.basename(h)}`, `COLLECTION ${JSON.stringify(a.collection)}, expected ${JSON.stringify(expected)}`);
    });
    const javac = run("javac", ["-Xlint:all", "-Werror", "-proc:none", "-d", path.join(p.dir, "..", "java-classes"),
      "-cp", "/usr/share/java/jakarta-validation-api.jar:/usr/share/java/bson.jar", ...p.hostile]);
    if (javac.status !== 0) fail(`variant ${p.v} javac`, (javac.stdout + javac.stderr).slice(0, 3000));
  }
  // ... laid out as google-java-format lays them out.
  const javaFormat = run(python, [path.join(__dirname, "types_check.py"), "javaformat", path.dirname(nodeModules),
    ...javaPairs.flatMap((p) => p.hostile)]);
  if (javaFormat.status !== 0) fail("google-java-format", (javaFormat.stdout + javaFormat.stderr).slice(0, 3000));
  timing.java = Date.now() - timing.start - timing.go;
  console.log(`${pairs} hostile models of ${examples.length} examples: ${tsFiles.length} TypeScript and Zod modules, ${expectedNames.length} Zod and Mongoose modules loaded, ${pyPairs.length} Python modules, ${goPairs.length} Go packages (vet: ${timing.go} ms), ${javaPairs.length} Java packages (javac: ${timing.java} ms) checked`);
}

fs.mkdirSync(workDir, { recursive: true });
if (mode === "scripts") scripts();
else if (mode === "types") types();
else markup();
if (failures > 0) {
  console.log(`${failures} failures`);
  process.exit(1);
}
console.log("0 failures");
