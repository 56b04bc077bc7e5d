#!/usr/bin/env python3
"""bench/let: what five lets cost `widgetc run` (issue 39's target: at most 1.2x).

usage: bench/let_bench.py [--copies 30] [--for 365d] [--runs 2] [--widgetc PATH]

Copies the examples of widgets/ (not the app manifest, not wishes.yaml's network source, as
`bench/run --examples` does) --copies times under new kinds, twice: as they are into
bench/out/let-plain/, and with five lets added into bench/out/let-five/: four computed once per
reload (over `param`, `data` and `family`-free values) and one per entry (over `entry`), each
read by a content field of its own (so each let is evaluated and rendered, as a real widget does).
Then times `widgetc run DIR --format json` over each (stdout to /dev/null, interleaved, best of
--runs by user+sys CPU under /usr/bin/time -v) and prints the ratio. CI does not run it.
"""
import os
import re
import subprocess
import sys

from examples_corpus import copy_examples, cpu_seconds, run_arguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FROM = "2026-01-01T00:00:00Z"

# Five lets every example can take: they read what every widget has.
LETS = """
let:
  sources: "size(data)"
  params: "size(param) * 100 / math.greatest(1, size(data) + 1)"
  label: "'sources: ' + string(let.sources) + ', params: ' + string(let.params)"
  big: "let.params > 50 ? 'many' : 'few'"
  later: "entry.date + duration('90m')"
"""
FIELDS = ["sources", "params", "label", "big", "later"]


def add_lets(text):
    """The example with the five lets and a content field reading each (block or flow content)."""
    flow = re.search(r"^content:[ \t]*\{(.*)\}[ \t]*$", text, re.M)
    extra = ", ".join(f'let_{f}: "{{{{let.{f}}}}}"' for f in FIELDS)
    if flow:
        text = text[: flow.start(1)] + flow.group(1).rstrip() + ", " + extra + text[flow.end(1):]
    else:
        m = re.search(r"^content:[ \t]*\n", text, re.M)
        if not m:
            raise SystemExit("let_bench: an example without content")
        block = "".join(f'  let_{f}: "{{{{let.{f}}}}}"\n' for f in FIELDS)
        text = text[: m.end()] + block + text[m.end():]
    return text + LETS


def make(dest, copies, with_lets):
    made = copy_examples(ROOT, dest, copies, (lambda stem, text: add_lets(text)) if with_lets else None)
    return [stem for stem, _ in made]


def timed(argv):
    return cpu_seconds(argv, "let_bench")


def main():
    args = run_arguments(ROOT).parse_args()
    dirs = {"plain": os.path.join(ROOT, "bench/out/let-plain"), "lets": os.path.join(ROOT, "bench/out/let-five")}
    made = make(dirs["plain"], args.copies, False)
    make(dirs["lets"], args.copies, True)
    print(f"== {len(made)} examples x {args.copies} copies, {args.length}, without and with five lets", flush=True)
    for label, dest in dirs.items():
        check = subprocess.run([args.widgetc, "validate", dest], capture_output=True, text=True)
        if check.returncode != 0:
            raise SystemExit(f"let_bench: the {label} copies do not validate\n{check.stdout[-3000:]}")
    best = {"plain": None, "lets": None}
    for i in range(args.runs):
        for label, dest in dirs.items():
            argv = [args.widgetc, "run", dest, "--from", FROM, "--for", args.length, "--tz", "UTC", "--format", "json", "--max-output", "64G"]
            t = timed(argv)
            print(f"   run {i + 1}: {label:5s} {t:7.2f} s CPU", flush=True)
            best[label] = t if best[label] is None else min(best[label], t)
    ratio = best["lets"] / best["plain"]
    print(f"== best CPU: without lets {best['plain']:.2f} s, with five lets {best['lets']:.2f} s: {ratio:.2f}x (target <= 1.2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
