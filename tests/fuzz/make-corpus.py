#!/usr/bin/env python3
"""Writes the seed corpora of tests/fuzz/corpus/<target>/ from the repository's
examples, malformed files, conformance cases and small dumps. Run from the
repository root; re-running rewrites the seeds (names are content hashes, so
inputs a fuzzing run added beside them are kept)."""
import glob, gzip, hashlib, json, os, sys

root = os.getcwd()
out = os.path.join(root, "tests/fuzz/corpus")

def put(target, data):
    d = os.path.join(out, target)
    os.makedirs(d, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    name = hashlib.sha1(data).hexdigest()[:16]
    with open(os.path.join(d, name), "wb") as f:
        f.write(data)

def read(p):
    with open(p, "rb") as f:
        return f.read()

def small(p, limit=64 * 1024):
    return os.path.getsize(p) <= limit

for p in sorted(glob.glob("resources/examples/*.docshape") + glob.glob("tests/data/malformed/*")):
    if os.path.isfile(p) and small(p, 256 * 1024):
        put("fuzz_project", read(p))

# The script writers: each example alone, and each migration case's two
# versions separated by a NUL byte.
for p in sorted(glob.glob("resources/examples/*.docshape")):
    if small(p, 256 * 1024):
        put("fuzz_scripts", read(p))
for d in sorted(glob.glob("tests/data/migrate/*/")):
    old, new = os.path.join(d, "old.docshape"), os.path.join(d, "new.docshape")
    if os.path.isfile(old) and os.path.isfile(new) and small(old) and small(new):
        put("fuzz_scripts", read(old) + b"\0" + read(new))

shared = os.path.join(root, "../shared/conformance/jsonschema")
if not os.path.isdir(shared):
    shared = "/work/shared/conformance/jsonschema"
for p in sorted(glob.glob(os.path.join(shared, "*.jsonl"))):
    for line in open(p, encoding="utf-8"):
        line = line.strip()
        if not line:
            continue
        case = json.loads(line)
        schema = json.dumps(case["schema"], separators=(",", ":"))
        doc = json.dumps(case.get("doc", {"a": 1}), separators=(",", ":"))
        put("fuzz_schema", schema + "\0" + doc)
        put("fuzz_extjson", doc)

exports = sorted(glob.glob("tests/data/import/export/*") + glob.glob("tests/data/import/sources/*.jsonl"))
for p in exports:
    if not small(p):
        continue
    data = read(p)
    put("fuzz_import_json", data)
    if p.endswith(".gz"):
        put("fuzz_import_gzip", data)
        data = gzip.decompress(data)
        put("fuzz_import_json", data)
    # The first lines on their own, for the Extended JSON reader.
    for line in data.split(b"\n")[:20]:
        if line.strip():
            put("fuzz_extjson", line)

for p in sorted(glob.glob("tests/data/import/dump/**/*.bson*", recursive=True)):
    if not small(p, 256 * 1024):
        continue
    data = read(p)
    if p.endswith(".gz"):
        put("fuzz_import_gzip", data)
        data = gzip.decompress(data)
    else:
        put("fuzz_import_gzip", gzip.compress(data, mtime=0))
    put("fuzz_import_bson", data)
    put("fuzz_validate_bson", data)

print("corpus:", {t: len(os.listdir(os.path.join(out, t))) for t in sorted(os.listdir(out))})
