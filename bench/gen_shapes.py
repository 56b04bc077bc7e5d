#!/usr/bin/env python3
"""Generate bench/validate's other corpus shapes: `examples` and `styles`. All files are valid.

- examples: the widget files of widgets/ (the app manifest aside) copied --copies times (default
  900: 9,900 files), each copy under a new kind (`<kind>.copyNNNN`), with widgets/'s container data
  (container/) and string catalog beside them, so every copy validates as it does in widgets/.
- styles: --count files (default 10000) from gen_corpus.py's valid widgets, written in the styles
  the simple-form reader once declined: most (80%) carry a block scalar description (`description: |`,
  a few `>`), and a quarter anchor their placeholder and alias it as their snapshot
  (`placeholder: &sample ...`, `snapshot: *sample`). Deterministic for a given --seed.

Either writes OUT/widgets/ and OUT/MANIFEST.tsv (every file `valid`), as gen_corpus.py does, so
run_bench.py reads it unchanged. Standard library only.
"""

import argparse
import os
import random
import re
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen_corpus  # noqa: E402

HEADER = "file\tcategory\tkind\tshape_invalid\ttheme\trule\tnote"


def fresh(wdir):
    if os.path.isdir(wdir):
        shutil.rmtree(wdir)
    os.makedirs(wdir)


def examples(root, out, copies):
    src = os.path.join(root, "widgets")
    wdir = os.path.join(out, "widgets")
    fresh(wdir)
    shutil.copytree(os.path.join(src, "container"), os.path.join(wdir, "container"))
    for name in os.listdir(src):
        if name.endswith(".xcstrings"):
            shutil.copy(os.path.join(src, name), wdir)
    kind_line = re.compile(r"^kind:[ \t]*(\S+)", re.M)
    widgets = []
    for name in sorted(os.listdir(src)):
        if not name.endswith(".yaml"):
            continue
        text = open(os.path.join(src, name), encoding="utf-8").read()
        if kind_line.search(text):          # an app manifest has no kind: not a widget
            widgets.append((name, text))
    rows = [HEADER]
    for i in range(1, copies + 1):
        for name, text in widgets:
            copy = kind_line.sub(lambda m: f"kind: {m.group(1)}.copy{i:04d}", text, count=1)
            file = f"c{i:04d}-{name}"
            with open(os.path.join(wdir, file), "w", encoding="utf-8") as f:
                f.write(copy)
            rows.append(f"{file}\tvalid\t-\tno\texamples\t-\t{name}")
    return rows


def block_description(rng):
    lines = rng.sample(gen_corpus.SENTENCES, rng.randint(2, 4))
    style = "|" if rng.random() < 0.85 else ">"
    return [f"description: {style}"] + ["  " + s for s in lines]


def styles(out, count, seed):
    rng = random.Random(seed)
    wdir = os.path.join(out, "widgets")
    fresh(wdir)
    rows = [HEADER]
    for i in range(1, count + 1):
        builder = gen_corpus.Builder(rng, i)
        doc, theme, rule = builder.widget()
        block = rng.random() < 0.80
        anchored = rng.random() < 0.25
        if anchored:
            doc.pop("snapshot", None)
            if "placeholder" not in doc:    # before content, where authors put it
                sample = {k: builder.placeholder_value(v) for k, v in list(doc["content"].items())[:3]}
                doc = {k2: v2 for k, v in doc.items()
                       for k2, v2 in ([("placeholder", sample), (k, v)] if k == "content" else [(k, v)])}
        text = gen_corpus.to_yaml(doc, rng)
        lines = text.split("\n")
        notes = []
        if block:
            at = next(n for n, line in enumerate(lines) if line.startswith("description:"))
            lines[at:at + 1] = block_description(rng)
            notes.append("block-scalar")
        if anchored:
            at = next(n for n, line in enumerate(lines) if line.startswith("placeholder:"))
            lines[at] = "placeholder: &sample" + lines[at][len("placeholder:"):]
            end = next(n for n in range(at + 1, len(lines))
                       if lines[n] and not lines[n].startswith(" "))
            lines.insert(end, "snapshot: *sample")
            notes.append("anchor-alias")
        file = f"s{i:05d}.yaml"
        with open(os.path.join(wdir, file), "w", encoding="utf-8") as f:
            f.write("\n".join(lines))
        rows.append(f"{file}\tvalid\t-\tno\t{theme}\t{rule}\t{' '.join(notes)}")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shape", required=True, choices=["examples", "styles"])
    ap.add_argument("--out", required=True, help="corpus directory (widgets/ and MANIFEST.tsv go there)")
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                    help="the repository (examples are read from ROOT/widgets)")
    ap.add_argument("--copies", type=int, default=900, help="examples: copies of each widget")
    ap.add_argument("--count", type=int, default=10000, help="styles: number of files")
    ap.add_argument("--seed", type=int, default=20261129)
    a = ap.parse_args()
    rows = examples(a.root, a.out, a.copies) if a.shape == "examples" else styles(a.out, a.count, a.seed)
    with open(os.path.join(a.out, "MANIFEST.tsv"), "w", encoding="utf-8") as f:
        f.write("\n".join(rows) + "\n")
    notes = [r.split("\t")[-1] for r in rows[1:]]
    size = sum(os.path.getsize(os.path.join(a.out, "widgets", r.split("\t")[0])) for r in rows[1:])
    extra = ""
    if a.shape == "styles":
        extra = (f"; block scalar {sum('block-scalar' in n for n in notes)}, "
                 f"anchor and alias {sum('anchor-alias' in n for n in notes)}")
    print(f"corpus ({a.shape}): {len(rows) - 1} files in {os.path.join(a.out, 'widgets')}, {size / 1e6:.1f} MB{extra}")


if __name__ == "__main__":
    main()
