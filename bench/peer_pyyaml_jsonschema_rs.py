#!/usr/bin/env python3
"""Peer: PyYAML's C loader (libyaml) + jsonschema-rs (Rust), the whole corpus in one process.

usage: peer_pyyaml_jsonschema_rs.py SCHEMA DIR OUT.tsv
Writes one line per invalid file: "file<TAB>yaml|shape<TAB>first problem". Formats are annotations
(draft 2020-12's default), as in widgetc. PyYAML reads YAML 1.1: the corpus avoids values whose
meaning differs from YAML 1.2 (see gen_corpus.py).
"""

import json
import os
import sys

import jsonschema_rs
import yaml


def yaml_files(root):
    found = []
    for base, _, names in os.walk(root):
        for name in names:
            if name.endswith((".yaml", ".yml")):
                found.append(os.path.join(base, name))
    return sorted(found)


def main():
    schema_path, root, out_path = sys.argv[1:4]
    with open(schema_path, encoding="utf-8") as f:
        validator = jsonschema_rs.Draft202012Validator(json.load(f), validate_formats=False)
    loader = yaml.CSafeLoader
    invalid = []
    files = yaml_files(root)
    for path in files:
        rel = os.path.relpath(path, root)
        with open(path, "rb") as f:
            data = f.read()
        try:
            docs = list(yaml.load_all(data, Loader=loader))
        except yaml.YAMLError as e:
            invalid.append((rel, "yaml", str(e).replace("\n", " ")))
            continue
        for doc in docs:
            try:
                if validator.is_valid(doc):
                    continue
                error = next(validator.iter_errors(doc))
                invalid.append((rel, "shape", f"{error.instance_path}: {error.message}"))
            except ValueError as e:  # a YAML 1.1 value with no JSON counterpart (date, binary)
                invalid.append((rel, "yaml", f"not JSON data: {e}"))
            break
    with open(out_path, "w", encoding="utf-8") as f:
        for rel, layer, message in invalid:
            f.write(f"{rel}\t{layer}\t{message}\n")
    print(f"pyyaml-c+jsonschema-rs: {len(files)} files, {len(invalid)} invalid")


if __name__ == "__main__":
    main()
