#!/usr/bin/env python3
"""bench/let: what five lets cost `widgetc run` (issue 39's target: at most 1.2x).

usage: bench/let_bench.py [--copies 30] [--for 365d] [--runs 5] [--widgetc PATH]

Copies the examples of widgets/ (not the app manifest, not wishes.yaml's network source, as
`bench/run --examples` does) --copies times under new kinds, twice: as they are into
bench/out/let-plain/, and with five lets added into bench/out/let-five/: four computed once per
reload (over `param`, `data` and `family`-free values) and one per entry (over `entry`), each
read by a content field of its own (so each let is evaluated and rendered, as a real widget does).
Then times `widgetc run DIR --format json` over each (stdout to /dev/null, user+sys CPU under
/usr/bin/time -v), both once per round in a random order, --runs rounds, and prints the median of
the per-round ratios with its spread and the load average. CI does not run it.
"""
import os
import re
import subprocess
import sys

from examples_corpus import copy_examples, interleaved, run_arguments

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FROM = "2026-01-01T00:00:00Z"

# Five lets every example can take: they read what every widget has. Named apart from the
# examples' own lets (several examples have a `let:` block: the five join it).
LETS = {
    "benchSources": "size(data)",
    "benchParams": "size(param) * 100 / math.greatest(1, size(data) + 1)",
    "benchLabel": "'sources: ' + string(let.benchSources) + ', params: ' + string(let.benchParams)",
    "benchBig": "let.benchParams > 50 ? 'many' : 'few'",
    "benchLater": "entry.date + duration('90m')",
}


def add_lets(text):
    """The example with the five lets and a content field reading each (block or flow content)."""
    flow = re.search(r"^content:[ \t]*\{(.*)\}[ \t]*$", text, re.M)
    extra = ", ".join(f'{name}: "{{{{let.{name}}}}}"' for name in LETS)
    if flow:
        text = text[: flow.start(1)] + flow.group(1).rstrip() + ", " + extra + text[flow.end(1):]
    else:
        m = re.search(r"^content:[ \t]*\n", text, re.M)
        if not m:
            raise SystemExit("let_bench: an example without content")
        block = "".join(f'  {name}: "{{{{let.{name}}}}}"\n' for name in LETS)
        text = text[: m.end()] + block + text[m.end():]
    lines = "".join(f'  {name}: "{expr}"\n' for name, expr in LETS.items())
    own = re.search(r"^let:[ \t]*\n", text, re.M)
    if own:
        return text[: own.end()] + lines + text[own.end():]
    return text + "\nlet:\n" + lines


def make(dest, copies, with_lets):
    made = copy_examples(ROOT, dest, copies, (lambda stem, text: add_lets(text)) if with_lets else None)
    return [stem for stem, _ in made]


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
    argv = lambda dest: [args.widgetc, "run", dest, "--from", FROM, "--for", args.length, "--tz", "UTC", "--format", "json", "--max-output", "64G"]
    interleaved([("plain", argv(dirs["plain"])), ("lets", argv(dirs["lets"]))], args.runs, "let_bench", target=1.2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
