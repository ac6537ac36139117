#!/usr/bin/python3
"""The Pydantic models of `docshape-cli types`, checked by pydantic itself.

Run with Debian's python3 (pydantic 1.10 and PyMongo's bson, from
packaging/debian-packages.txt):

  types_check.py examples DOCSHAPE_CLI EXAMPLES_DIR[:MORE_DIR...] WORK_DIR
      every bundled example's modules import; every `sample --shape typical`
      and `--shape max` document, read as PyMongo reads it
      (bson.json_util), parses into DOCUMENT_MODEL; every `sample --break
      RULE` document gets the exported validator's verdict (`docshape-cli
      validate`, the server's semantics), except where a Python value cannot
      hold the rule (int and long both arrive as int), counted by rule; and
      every module is as black (Debian's 23.1, its defaults) leaves it.
  types_check.py go DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR
      every example's Go package (--lang go) is as gofmt leaves it, passes
      go vet, and a program built against Debian's Go driver (GOPATH mode:
      nothing is fetched) decodes every `sample --shape typical` and
      `--shape max` document into the collection's document type and
      encodes it back to the same document (the bson tags and types hold
      every key and value).
  types_check.py java DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR [NODE_DIR]
      every example's records (--lang java) compile with javac -Xlint:all
      -Werror against Debian's Jakarta Bean Validation API and bson jars,
      and (with NODE_DIR, where tests/migrate-js's npm packages are) are as
      google-java-format leaves them.
  types_check.py javaformat NODE_DIR FILE...
      the same google-java-format check on FILEs.
  types_check.py tokens FILE...
      prints, per file, the Python tokenizer's tokens as JSON lines
      ({"file", "type", "string"}), for the hostile-name check.
  types_check.py collections FILE...
      imports each module (pydantic builds its models) and prints their
      COLLECTION_NAMEs as one JSON array.
"""
import importlib.util
import glob
import json
import os
import re
import subprocess
import sys
import tokenize

import pydantic
from bson import json_util
from bson.int64 import Int64

failures = 0


def fail(what, message):
    global failures
    failures += 1
    if failures <= 60:
        print(f"FAIL {what}: {message}")


def load(path, name):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def models(examples_dirs):
    """The .docshape files of each ':'-separated directory, sorted per directory."""
    out = []
    for d in examples_dirs.split(":"):
        out += [os.path.join(d, f) for f in sorted(os.listdir(d)) if f.endswith(".docshape")]
    return out


def value_at(doc, dotted):
    v = doc
    for part in dotted.split("."):
        if isinstance(v, dict):
            v = v.get(part)
        elif isinstance(v, list) and part.isdigit() and int(part) < len(v):
            v = v[int(part)]
        else:
            return None
    return v


def export_stem(collection):
    """exportFileStem (model/export/ExportBundle.h): the validator's file name."""
    stem = re.sub(r"[^A-Za-z0-9._-]", "_", collection)
    return "_" + stem[1:] if stem.startswith(".") else stem


def black_check(directories, what):
    """Every module is as Debian's black (its defaults: line length 88)
    leaves it: `black --check`, with no configuration file read."""
    # Files, not directories: black skips what .gitignore names (build/).
    files = sorted(os.path.join(d, f) for d in directories for f in os.listdir(d) if f.endswith(".py"))
    r = subprocess.run(["black", "--check", "--config", os.devnull, *files], capture_output=True, text=True)
    if r.returncode != 0:
        fail(what, "not as black leaves it:\n" + (r.stdout + r.stderr)[:4000])
    else:
        version = subprocess.run(["black", "--version"], capture_output=True, text=True).stdout.split("\n")[0]
        print(f"ok black --check ({version}): {len(files)} modules of {what}")


def examples(cli, examples_dir, work_dir):
    parsed = refused = accepted = 0
    not_held = {}
    written = []
    for model in models(examples_dir):
        name = os.path.basename(model)[: -len(".docshape")]
        out = os.path.join(work_dir, name)
        r = subprocess.run([cli, "types", model, "--lang", "pydantic", "--out", out], capture_output=True, text=True)
        if r.returncode != 0:
            fail(name, "docshape-cli types: " + r.stderr)
            continue
        written.append(out)
        exported = os.path.join(work_dir, name + "-export")
        r = subprocess.run([cli, "export", model, "--out", exported], capture_output=True, text=True)
        if r.returncode != 0:
            fail(name, "docshape-cli export: " + r.stderr)
            continue
        for py in sorted(f for f in os.listdir(out) if f.endswith(".py")):
            try:
                module = load(os.path.join(out, py), f"types_{name.replace('-', '_')}_{py[:-3]}")
            except Exception as e:  # what pydantic or Python refuse at import
                fail(f"{name}/{py}", f"does not import: {type(e).__name__}: {e}")
                continue
            collection = module.COLLECTION_NAME
            model_type = module.DOCUMENT_MODEL

            def check(doc):
                pydantic.parse_obj_as(model_type, doc)

            for shape in ("typical", "max"):
                r = subprocess.run(
                    [cli, "sample", model, "--collection", collection, "--count", "40", "--seed", "7", "--shape", shape],
                    capture_output=True, text=True)
                if r.returncode != 0:
                    fail(f"{name}/{collection}", f"sample --shape {shape}: {r.stderr}")
                    continue
                for k, line in enumerate(filter(None, r.stdout.split("\n"))):
                    parsed += 1
                    try:
                        check(json_util.loads(line))
                    except pydantic.ValidationError as e:
                        fail(f"{name}/{collection} {shape} document {k + 1}", str(e)[:400])
            for rule in ("missing-required", "wrong-type", "array-over-bound", "outside-enum"):
                r = subprocess.run(
                    [cli, "sample", model, "--collection", collection, "--count", "20", "--seed", "11", "--break", rule],
                    capture_output=True, text=True)
                if r.returncode == 2:
                    continue  # nothing in the collection this rule can break
                if r.returncode != 0:
                    fail(f"{name}/{collection}", f"sample --break {rule}: {r.stderr}")
                    continue
                where = [line.rsplit(" at ", 1)[1] for line in r.stderr.split("\n") if " breaks " in line]
                docs_file = os.path.join(work_dir, "broken.json")
                with open(docs_file, "w") as f:
                    f.write(r.stdout)
                validator = os.path.join(exported, "validators", export_stem(collection) + ".json")
                v = subprocess.run([cli, "validate", "--schema", validator, docs_file, "--json"],
                                   capture_output=True, text=True)
                verdicts = [json.loads(line)["valid"] for line in v.stdout.split("\n") if line]
                for k, line in enumerate(filter(None, r.stdout.split("\n"))):
                    doc = json_util.loads(line)
                    at = where[k] if k < len(where) else "?"
                    try:
                        check(doc)
                        ok = True
                    except pydantic.ValidationError as e:
                        ok, error = False, str(e)
                    if k >= len(verdicts):
                        fail(f"{name}/{collection} --break {rule} document {k + 1}", "no verdict from docshape-cli validate")
                        continue
                    if verdicts[k]:
                        # The validator accepts it (a bound it does not enforce): so must the model.
                        accepted += 1
                        if not ok:
                            fail(f"{name}/{collection} --break {rule} document {k + 1} at {at}",
                                 "refused by the pydantic model, accepted by the validator: " + error[:300])
                        continue
                    if not ok:
                        refused += 1
                        continue
                    raw = value_at(doc, where[k] if k < len(where) else "")
                    if rule == "wrong-type" and isinstance(raw, int) and not isinstance(raw, bool):
                        key = f"{rule}: {'a long' if isinstance(raw, Int64) else 'an int'} where the other belongs"
                        not_held[key] = not_held.get(key, 0) + 1
                    else:
                        fail(f"{name}/{collection} --break {rule} document {k + 1} at {at}",
                             "accepted by the pydantic model, refused by the validator")
    print(f"ok {parsed} sampled documents parsed by the pydantic models; {refused} broken documents refused "
          f"as the validator refuses them, {accepted} accepted as it accepts them")
    for key, count in sorted(not_held.items()):
        print(f"not held by Python values: {count} x {key}")
    if parsed == 0 or refused == 0:
        fail("coverage", "no document was checked")
    black_check(written, f"{len(written)} examples' modules")


def tokens(files):
    for path in files:
        with open(path, "rb") as f:
            for t in tokenize.tokenize(f.readline):
                print(json.dumps({"file": path, "type": tokenize.tok_name[t.exact_type], "string": t.string}))


GO_CHECK = r"""package main

import (
	"bufio"
	"fmt"
	"os"
	"reflect"

	"go.mongodb.org/mongo-driver/bson"

	models "%(package)s"
)

func same(line []byte, decoded interface{}) error {
	if err := bson.UnmarshalExtJSON(line, true, decoded); err != nil {
		return fmt.Errorf("decode: %%v", err)
	}
	got, err := bson.Marshal(decoded)
	if err != nil {
		return fmt.Errorf("encode: %%v", err)
	}
	var want bson.D
	if err := bson.UnmarshalExtJSON(line, true, &want); err != nil {
		return err
	}
	wantBytes, _ := bson.Marshal(want)
	var a, b bson.M
	if err := bson.Unmarshal(got, &a); err != nil {
		return err
	}
	if err := bson.Unmarshal(wantBytes, &b); err != nil {
		return err
	}
	if !reflect.DeepEqual(a, b) {
		return fmt.Errorf("round trip changed the document:\n got %%v\nwant %%v", a, b)
	}
	return nil
}

func main() {
	failures, documents := 0, 0
	check := func(file string, fresh func() interface{}) {
		f, err := os.Open(file)
		if err != nil {
			panic(err)
		}
		defer f.Close()
		scanner := bufio.NewScanner(f)
		scanner.Buffer(make([]byte, 1<<20), 1<<26)
		for k := 1; scanner.Scan(); k++ {
			documents++
			if err := same(scanner.Bytes(), fresh()); err != nil {
				failures++
				if failures <= 20 {
					fmt.Printf("FAIL %%s document %%d: %%v\n", file, k, err)
				}
			}
		}
	}
%(checks)s	fmt.Printf("%%d documents, %%d failures\n", documents, failures)
	if failures > 0 || documents == 0 {
		os.Exit(1)
	}
}
"""


def go(cli, examples_dir, work_dir):
    import re as _re
    import shutil
    shutil.rmtree(work_dir, ignore_errors=True)
    env = dict(os.environ, GOPATH=work_dir + ":/usr/share/gocode", GO111MODULE="off", GOFLAGS="",
               GOCACHE=os.path.join(work_dir, "cache"))
    total = 0
    for model in models(examples_dir):
        name = os.path.basename(model)[: -len(".docshape")].replace("-", "_")
        package = f"{name}/models"
        out = os.path.join(work_dir, "src", name, "models")
        r = subprocess.run([cli, "types", model, "--lang", "go", "--out", out], capture_output=True, text=True)
        if r.returncode != 0:
            fail(name, "docshape-cli types --lang go: " + r.stderr)
            continue
        r = subprocess.run(["gofmt", "-l", out], capture_output=True, text=True)
        if r.returncode != 0 or r.stdout.strip():
            fail(name, "not as gofmt leaves it: " + r.stdout + r.stderr)
        checks = ""
        for go_file in sorted(f for f in os.listdir(out) if f.endswith(".go")):
            source = open(os.path.join(out, go_file)).read()
            collection = _re.search(r'^const \w+Collection = ("(?:[^"\\]|\\.)*")$', source, _re.M)
            document = _re.search(r"^type (\w+Document) = ", source, _re.M)
            collection = json.loads(collection.group(1))
            samples = os.path.join(work_dir, "samples", name, go_file[:-3] + ".jsonl")
            os.makedirs(os.path.dirname(samples), exist_ok=True)
            with open(samples, "w") as f:
                for shape in ("typical", "max"):
                    r = subprocess.run([cli, "sample", model, "--collection", collection, "--count", "40", "--seed", "7",
                                        "--shape", shape], capture_output=True, text=True)
                    if r.returncode != 0:
                        fail(f"{name}/{collection}", f"sample --shape {shape}: {r.stderr}")
                    f.write(r.stdout)
            checks += f"\tcheck({json.dumps(samples)}, func() interface{{}} {{ return &models.{document.group(1)}{{}} }})\n"
        main = os.path.join(work_dir, "src", name, "check", "main.go")
        os.makedirs(os.path.dirname(main), exist_ok=True)
        with open(main, "w") as f:
            f.write(GO_CHECK % {"package": package, "checks": checks})
        r = subprocess.run(["go", "vet", package, f"{name}/check"], capture_output=True, text=True, env=env)
        if r.returncode != 0:
            fail(name, "go vet: " + r.stdout + r.stderr)
            continue
        r = subprocess.run(["go", "run", f"{name}/check"], capture_output=True, text=True, env=env)
        print(f"{name}: {r.stdout.strip().splitlines()[-1] if r.stdout.strip() else ''}")
        if r.returncode != 0:
            fail(name, "round trip: " + (r.stdout + r.stderr)[:3000])
        total += 1
    if total == 0:
        fail("coverage", "no example was checked")


JAVA_CLASSPATH = "/usr/share/java/jakarta-validation-api.jar:/usr/share/java/bson.jar"


def google_java_format(node_dir):
    """The google-java-format jar of the npm lockfile (the package
    google-java-format 2.0.0 bundles google-java-format 1.25.2, the last to
    run on Debian 12's JDK 17)."""
    lib = os.path.join(node_dir, "node_modules", "google-java-format", "lib")
    jars = sorted(glob.glob(os.path.join(lib, "google-java-format-*-all-deps.jar"))) if os.path.isdir(lib) else []
    if not jars:
        fail("google-java-format", f"no jar under {lib}: the npm packages of tests/migrate-js are not installed")
        return None
    return jars[-1]


def java(cli, examples_dir, work_dir, node_dir=None):
    import shutil
    shutil.rmtree(work_dir, ignore_errors=True)
    compiled = 0
    written = []
    for model in models(examples_dir):
        name = os.path.basename(model)[: -len(".docshape")]
        out = os.path.join(work_dir, name, "models")
        r = subprocess.run([cli, "types", model, "--lang", "java", "--out", out], capture_output=True, text=True)
        if r.returncode != 0:
            fail(name, "docshape-cli types --lang java: " + r.stderr)
            continue
        sources = sorted(os.path.join(out, f) for f in os.listdir(out) if f.endswith(".java"))
        written += sources
        r = subprocess.run(["javac", "-Xlint:all", "-Werror", "-d", os.path.join(work_dir, name, "classes"),
                            "-cp", JAVA_CLASSPATH] + sources, capture_output=True, text=True)
        if r.returncode != 0:
            fail(name, "javac: " + (r.stdout + r.stderr)[:3000])
            continue
        compiled += len(sources)
    print(f"ok javac -Xlint:all -Werror: {compiled} files")
    if compiled == 0:
        fail("coverage", "nothing was compiled")
    if node_dir is not None:
        java_format_check(node_dir, written, f"{len(written)} files")


def java_format_check(node_dir, files, what):
    """Every file is as google-java-format leaves it (its defaults: Google
    style, 100 columns, long strings reflowed, imports sorted)."""
    jar = google_java_format(node_dir)
    if jar is None or not files:
        return
    r = subprocess.run(["java", "-jar", jar, "--dry-run", "--set-exit-if-changed", *files], capture_output=True, text=True)
    if r.returncode != 0:
        fail("google-java-format", "not as it leaves them: " + (r.stdout + r.stderr)[:3000])
    else:
        print(f"ok google-java-format {os.path.basename(jar)[len('google-java-format-'):-len('-all-deps.jar')]}: {what}")


def collections(files):
    names = []
    for i, path in enumerate(files):
        names.append(load(path, f"hostile_types_{i}").COLLECTION_NAME)
    print(json.dumps(names))


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "examples":
        examples(*sys.argv[2:5])
    elif len(sys.argv) >= 5 and sys.argv[1] == "java":
        java(*sys.argv[2:6])
    elif len(sys.argv) >= 4 and sys.argv[1] == "javaformat":
        java_format_check(sys.argv[2], sys.argv[3:], f"{len(sys.argv) - 3} files")
    elif len(sys.argv) >= 5 and sys.argv[1] == "go":
        go(*sys.argv[2:5])
    elif len(sys.argv) >= 3 and sys.argv[1] == "tokens":
        tokens(sys.argv[2:])
    elif len(sys.argv) >= 2 and sys.argv[1] == "collections":
        collections(sys.argv[2:])
    else:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    if failures:
        print(f"{failures} failures")
        sys.exit(1)


if __name__ == "__main__":
    main()
