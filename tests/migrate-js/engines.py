#!/usr/bin/env python3
"""Which packages of an npm lockfile refuse a node version.

    engines.py LOCKFILE [NODE_VERSION]

Reads every package's `engines.node` in LOCKFILE (package-lock.json,
lockfileVersion 2 or 3) and checks it against NODE_VERSION, by default the
lowest version the root package's own `engines.node` accepts (">=18.19" is
18.19.0): the oldest node the lockfile claims to run on. Prints each package
whose range refuses that version and exits 1 if there is one, 0 if every
package accepts it. npm only warns about such a package (EBADENGINE) and
installs it anyway; the package then fails at run time, so the lockfile is
checked here instead.

The ranges are node-semver's: `||` alternatives, space-separated comparators
(<, <=, >, >=, =), hyphen ranges, x-ranges (1, 1.2, 1.x, *), tilde and caret.
Pre-release tags are ignored: node releases have none.
"""
import json
import re
import sys

INF = float("inf")


def parse_partial(text):
    """'18.19' -> [18, 19, None]; 'x', '*', '' -> [None, None, None]."""
    text = text.strip().lstrip("v=").split("+", 1)[0].split("-", 1)[0]
    parts = [] if text in ("", "*", "x", "X") else text.split(".")
    if len(parts) > 3:
        raise ValueError(f"not a version: {text!r}")
    out = []
    for p in parts:
        if p in ("x", "X", "*"):
            break
        if not p.isdigit():
            raise ValueError(f"not a version: {text!r}")
        out.append(int(p))
    return out + [None] * (3 - len(out))


def fill(v):
    return tuple(0 if x is None else x for x in v)


def bump(v):
    """The first version past a partial one: 1.2 -> 1.3.0, 1 -> 2.0.0."""
    n = sum(1 for x in v if x is not None)
    if n == 0:
        return (INF, 0, 0)
    head = list(v[:n])
    head[-1] += 1
    return tuple(head + [0] * (3 - n))


def comparator(op, text):
    """One comparator as a list of (op, version) bounds on full versions."""
    v = parse_partial(text)
    n = sum(1 for x in v if x is not None)
    if op in ("", "="):
        return [] if n == 0 else [(">=", fill(v)), ("<", bump(v))]
    if op == ">=":
        return [(">=", fill(v))]
    if op == ">":
        return [(">", fill(v))] if n == 3 else [(">=", bump(v))] if n else [("<", (0, 0, 0))]
    if op == "<":
        return [("<", fill(v))]
    if op == "<=":
        return [("<=", fill(v))] if n == 3 else [("<", bump(v))] if n else []
    if op == "~":
        if n == 0:
            return []
        return [(">=", fill(v)), ("<", bump(v[:2] + [None]) if n >= 2 else bump(v))]
    if op == "^":
        if n == 0:
            return []
        # The upper bound bumps the first non-zero part given (or the last given).
        given = [x for x in v if x is not None]
        i = next((k for k, x in enumerate(given) if x != 0), len(given) - 1)
        return [(">=", fill(v)), ("<", bump(given[: i + 1] + [None] * (2 - i)))]
    raise ValueError(f"unknown operator {op!r}")


COMPARATOR = re.compile(r"(<=|>=|<|>|=|~>|~|\^)?\s*(v?[0-9xX*][^\s]*|(?=\s|$))")


def parse_range(text):
    """A range as a list of alternatives, each a list of (op, version) bounds."""
    alternatives = []
    for alt in text.split("||"):
        alt = alt.strip()
        bounds = []
        hyphen = re.fullmatch(r"(\S+)\s+-\s+(\S+)", alt)
        if hyphen:
            bounds += comparator(">=", hyphen.group(1))
            bounds += comparator("<=", hyphen.group(2))
        else:
            pos = 0
            while pos < len(alt):
                if alt[pos].isspace():
                    pos += 1
                    continue
                m = COMPARATOR.match(alt, pos)
                if not m or m.end() == pos:
                    raise ValueError(f"cannot read the range {text!r}")
                op = m.group(1) or ""
                bounds += comparator("~" if op == "~>" else op, m.group(2))
                pos = m.end()
        alternatives.append(bounds)
    return alternatives


def satisfies(version, text):
    v = fill(parse_partial(version))
    tests = {">=": lambda a, b: a >= b, ">": lambda a, b: a > b, "<": lambda a, b: a < b,
             "<=": lambda a, b: a <= b}
    return any(all(tests[op](v, b) for op, b in alt) for alt in parse_range(text))


def lowest(text):
    """The lowest full version a range accepts (of each alternative's lower bounds)."""
    candidates = []
    for alt in parse_range(text):
        lows = [b for op, b in alt if op == ">="] + [(b[0], b[1], b[2] + 1) for op, b in alt if op == ">"]
        low = max(lows) if lows else (0, 0, 0)
        if all({">=": low >= b, ">": low > b, "<": low < b, "<=": low <= b}[op] for op, b in alt):
            candidates.append(low)
    if not candidates:
        raise ValueError(f"the range {text!r} accepts no version")
    return ".".join(str(x) for x in min(candidates))


def node_range(engines):
    if isinstance(engines, dict):
        return engines.get("node")
    if isinstance(engines, list):  # old packages: ["node >= 0.8"]
        for entry in engines:
            m = re.match(r"\s*node\s*(.*)", entry)
            if m:
                return m.group(1)
    return None


def main(argv):
    if len(argv) not in (2, 3):
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as f:
        lock = json.load(f)
    packages = lock.get("packages")
    if not packages:
        print(f"{argv[1]}: no `packages` (lockfileVersion 2 or 3 is needed)", file=sys.stderr)
        return 2
    root = node_range(packages.get("", {}).get("engines"))
    if len(argv) == 3:
        version = argv[2].lstrip("v")
    elif root:
        version = lowest(root)
    else:
        print(f"{argv[1]}: the root package has no engines.node; give NODE_VERSION", file=sys.stderr)
        return 2
    refused = []
    checked = 0
    for key, pkg in sorted(packages.items()):
        if key == "":
            continue
        wanted = node_range(pkg.get("engines"))
        if wanted is None:
            continue
        checked += 1
        if not satisfies(version, wanted):
            name = key.rsplit("node_modules/", 1)[-1]
            refused.append(f"{name}@{pkg.get('version', '?')} ({key}): node {wanted}")
    for line in refused:
        print(f"refuses node {version}: {line}")
    print(f"{len(packages) - 1} packages, {checked} with engines.node, "
          f"{len(refused)} refuse node {version}")
    return 1 if refused else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
