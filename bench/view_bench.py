#!/usr/bin/env python3
"""bench/view: what render trees add to `widgetc run` (issue 30's target: at most 1.25x).

usage: bench/view_bench.py [--copies 30] [--for 365d] [--runs 5] [--widgetc PATH]

Copies the examples of widgets/ (not the app manifest, not wishes.yaml's network source, as
`bench/run --examples` does) --copies times under new kinds into bench/out/view-examples/. An
example without a `view` gets a stand-in face, appended: a vstack with a text per content
field (two lines at most) and a divider (docs/views.md), so the trees have the size of a real face.
Then times `widgetc run DIR --format json` with and without `--view` (stdout to /dev/null,
user+sys CPU under /usr/bin/time -v), both once per round in a random order, --runs rounds, and
prints the median of the per-round ratios with its spread and the load average. CI does not run it.
"""
import os
import re
import subprocess
import sys

from examples_corpus import copy_examples, interleaved, run_arguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FROM = "2026-01-01T00:00:00Z"


def content_fields(text):
    """The keys of the top-level `content:` mapping (block or flow)."""
    m = re.search(r"^content:[ \t]*\{(.*)\}[ \t]*$", text, re.M)
    if m:
        return re.findall(r"(\w+)\s*:", m.group(1))
    m = re.search(r"^content:[ \t]*\n((?:[ \t]+.*\n|[ \t]*#.*\n|\n)+)", text, re.M)
    if not m:
        return []
    return re.findall(r"^  (\w+):", m.group(1), re.M)


def stand_in_face(fields):
    lines = ["", "view:", "  vstack:"]
    for f in fields:
        lines += [f"    - text: \"{{{{{f}}}}}\"", "      lineLimit: 2"]
    lines += ["    - divider: {}", "  alignment: leading", "  padding: 12", ""]
    return "\n".join(lines)


def make(dest, copies):
    faced = []

    def with_face(stem, text):
        if re.search(r"^view:", text, re.M):
            return text
        faced.append(stem)
        return text + stand_in_face(content_fields(text))

    made = copy_examples(ROOT, dest, copies, with_face)
    return [stem for stem, _ in made], len(faced)


def main():
    args = run_arguments(ROOT).parse_args()
    dest = os.path.join(ROOT, "bench/out/view-examples")
    made, faced = make(dest, args.copies)
    print(f"== {len(made)} examples x {args.copies} copies ({faced} with a stand-in face), {args.length}", flush=True)
    check = subprocess.run([args.widgetc, "validate", dest], capture_output=True, text=True)
    if check.returncode != 0:
        raise SystemExit(f"view_bench: the copies do not validate\n{check.stdout[-3000:]}")
    base = [args.widgetc, "run", dest, "--from", FROM, "--for", args.length, "--tz", "UTC", "--format", "json", "--max-output", "64G"]
    interleaved([("plain", base), ("view", base + ["--view"])], args.runs, "view_bench", target=1.25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
