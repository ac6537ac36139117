#!/usr/bin/python3
"""The Pydantic models of `docshape-cli types`, checked by pydantic itself.

Run with Debian's python3 (pydantic 1.10 and PyMongo's bson, from
packaging/debian-packages.txt):

  types_check.py examples DOCSHAPE_CLI EXAMPLES_DIR WORK_DIR
      every bundled example's modules import; every `sample --shape typical`
      and `--shape max` document, read as PyMongo reads it
      (bson.json_util), parses into DOCUMENT_MODEL; every `sample --break
      RULE` document gets the exported validator's verdict (`docshape-cli
      validate`, the server's semantics), except where a Python value cannot
      hold the rule (int and long both arrive as int), counted by rule.
  types_check.py tokens FILE...
      prints, per file, the Python tokenizer's tokens as JSON lines
      ({"file", "type", "string"}), for the hostile-name check.
  types_check.py collections FILE...
      imports each module (pydantic builds its models) and prints their
      COLLECTION_NAMEs as one JSON array.
"""
import importlib.util
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


def examples(cli, examples_dir, work_dir):
    parsed = refused = accepted = 0
    not_held = {}
    for file in sorted(f for f in os.listdir(examples_dir) if f.endswith(".docshape")):
        model = os.path.join(examples_dir, file)
        name = file[: -len(".docshape")]
        out = os.path.join(work_dir, name)
        r = subprocess.run([cli, "types", model, "--lang", "pydantic", "--out", out], capture_output=True, text=True)
        if r.returncode != 0:
            fail(name, "docshape-cli types: " + r.stderr)
            continue
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


def tokens(files):
    for path in files:
        with open(path, "rb") as f:
            for t in tokenize.tokenize(f.readline):
                print(json.dumps({"file": path, "type": tokenize.tok_name[t.exact_type], "string": t.string}))


def collections(files):
    names = []
    for i, path in enumerate(files):
        names.append(load(path, f"hostile_types_{i}").COLLECTION_NAME)
    print(json.dumps(names))


def main():
    if len(sys.argv) >= 5 and sys.argv[1] == "examples":
        examples(*sys.argv[2:5])
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
