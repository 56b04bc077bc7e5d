#!/usr/bin/env python3
"""Assembles the seed corpus of each widgetc-fuzz target (bench/fuzz calls it).

usage: bench/fuzz_seeds.py OUT_DIR [TARGET...]

Writes OUT_DIR/TARGET/NAME files from what the repository and ../shared/conformance hold:
widgets/, test fixtures, the JSON-Schema-Test-Suite, the Mustache spec, the YAML test suite,
plus the small checked-in sets under Fuzz/seeds/TARGET/. Inputs follow each target's format
(see Fuzz/widgetc-fuzz/Targets.swift): parts joined by a NUL byte where a target takes two.
Deterministic: the same sources give the same files (named by a hash of their bytes).
"""
import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONF = os.path.join(os.path.dirname(ROOT), "shared", "conformance")
MAX = 64 << 10


def read(path):
    with open(path, "rb") as f:
        return f.read()


def files(*patterns):
    out = []
    for p in patterns:
        out += sorted(glob.glob(os.path.join(ROOT, p), recursive=True))
    return [f for f in out if os.path.isfile(f)]


def conf_files(*patterns):
    out = []
    for p in patterns:
        out += sorted(glob.glob(os.path.join(CONF, p), recursive=True))
    return [f for f in out if os.path.isfile(f)]


def jdump(value):
    return json.dumps(value, ensure_ascii=False).encode()


def schema_suite():
    """(schema, data) of every test of the draft 2020-12 suite."""
    for path in conf_files("json-schema-test-suite/tests/draft2020-12/*.json"):
        try:
            groups = json.loads(read(path))
        except ValueError:
            continue
        for group in groups:
            for test in group.get("tests", []):
                yield group["schema"], test.get("data")


def patterns_in(value):
    if isinstance(value, dict):
        for k, v in value.items():
            if k == "pattern" and isinstance(v, str):
                yield v
            elif k == "patternProperties" and isinstance(v, dict):
                yield from v.keys()
            yield from patterns_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from patterns_in(v)


def strings_in(value):
    if isinstance(value, dict):
        for v in value.values():
            yield from strings_in(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings_in(v)
    elif isinstance(value, str):
        yield value


def seeds(target):
    yaml_widgets = files("widgets/*.yaml")
    yaml_fixtures = files("Tests/**/Fixtures/**/*.yaml", "Tests/**/Fixtures/**/*.yml")
    yaml_suite = conf_files("yaml-test-suite/*/in.yaml")
    json_sources = files("widgets/**/*.json", "widgets/*.xcstrings", "schemas/*.json", "Tests/**/Fixtures/**/*.json",
                         "Tests/**/Fixtures/**/*.xcstrings")
    checked_in = files(f"Fuzz/seeds/{target}/*")
    for f in checked_in:
        yield read(f)
    if target == "yaml":
        for f in yaml_widgets + yaml_fixtures + yaml_suite:
            yield read(f)
    elif target == "json":
        for f in json_sources + conf_files("yaml-test-suite/*/in.json"):
            yield read(f)
        for schema, data in schema_suite():
            yield jdump(data)
    elif target == "validate":
        for f in yaml_widgets + yaml_fixtures:
            yield read(f)
    elif target == "schema":
        for schema, data in schema_suite():
            yield jdump(schema) + b"\0" + jdump(data)
    elif target == "regex":
        pats = set()
        for schema, data in schema_suite():
            for p in patterns_in(schema):
                subject = data if isinstance(data, str) else json.dumps(data)
                yield p.encode() + b"\0" + subject.encode()
                pats.add(p)
        for f in files("schemas/*.json"):
            try:
                for p in patterns_in(json.loads(read(f))):
                    if p not in pats:
                        pats.add(p)
                        yield p.encode() + b"\0" + b"\x10" + b"ab1_ -:x"
            except ValueError:
                pass
    elif target == "template":
        for f in conf_files("mustache-spec/specs/*.json"):
            try:
                spec = json.loads(read(f))
            except ValueError:
                continue
            for test in spec.get("tests", []):
                yield test["template"].encode() + b"\0" + jdump(test.get("data"))
        context = {}
        for f in files("widgets/container/*.json"):
            try:
                context[os.path.basename(f)[:-5]] = json.loads(read(f))
            except ValueError:
                pass
        ctx = jdump({"data": context, "param": {"city": "Paris", "count": 3}, "entry": {"time": "09:00"}})
        for f in yaml_widgets:
            for m in re.finditer(rb'"([^"\n]*\{\{[^"\n]*)"', read(f)):
                yield m.group(1) + b"\0" + ctx
    elif target == "cron":
        for f in yaml_widgets + yaml_fixtures:
            for m in re.finditer(rb'cron:\s*"?([^"\n]+)"?', read(f)):
                yield m.group(1).strip()
    elif target == "run":
        for f in yaml_widgets:
            text = read(f)
            m = re.search(rb"file:\s*([\w.-]+\.json)", text)
            container = b""
            if m and os.path.exists(os.path.join(ROOT, "widgets/container", m.group(1).decode())):
                container = read(os.path.join(ROOT, "widgets/container", m.group(1).decode()))
            yield text + b"\0" + container
    elif target == "catalog":
        for f in files("widgets/*.xcstrings", "Tests/**/*.xcstrings"):
            yield read(f)
    elif target == "network":
        for f in files("widgets/container/*.json"):
            yield b"\n" + read(f)
            yield b"/0\n" + read(f)
    # plan and time: the checked-in seeds only (plans are compiled output: Fuzz/seeds/plan).


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    out = sys.argv[1]
    targets = sys.argv[2:] or ["yaml", "json", "schema", "regex", "template", "cron", "time", "validate", "run",
                               "plan", "catalog", "network"]
    for target in targets:
        directory = os.path.join(out, target)
        os.makedirs(directory, exist_ok=True)
        count = 0
        for data in seeds(target):
            if len(data) > MAX:
                continue
            name = hashlib.sha1(data).hexdigest()
            path = os.path.join(directory, name)
            if not os.path.exists(path):
                with open(path, "wb") as f:
                    f.write(data)
            count += 1
        print(f"{target}: {count} seeds in {directory}")


if __name__ == "__main__":
    main()
