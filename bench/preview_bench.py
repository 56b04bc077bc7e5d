#!/usr/bin/env python3
"""bench/preview: a day's preview of every example (issue 30's target: under 1 s).

usage: bench/preview_bench.py [--runs 3] [--widgetc PATH]

Times `widgetc preview` over a day (from 2026-11-29T08:00 in each widget's zone, 24 h, as
bench/preview-shots renders them), best of --runs by wall time and CPU (user+sys, /usr/bin/time -v):
  - every example of widgets/ in one page (`widgetc preview widgets …`): the figure the target is for;
  - each example alone, with its first scenarios/NAME-*.json when there is one.
Prints one line per page (wall, CPU, the page's size) and the slowest. The page goes to a
temporary directory. CI does not run it.
"""
import argparse
import glob
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FROM = "2026-11-29T08:00"


def timed(argv):
    """(wall seconds, CPU seconds) of one run; exits naming the command when it fails."""
    with tempfile.NamedTemporaryFile(suffix=".time") as tv:
        start = time.perf_counter()
        proc = subprocess.run(["/usr/bin/time", "-v", "-o", tv.name] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        wall = time.perf_counter() - start
        text = open(tv.name).read()
    if proc.returncode != 0:
        raise SystemExit(f"preview_bench: {' '.join(argv[:3])} ... exited {proc.returncode}\n{proc.stderr[-2000:].decode()}")
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", text).group(1))
    sys_ = float(re.search(r"System time \(seconds\): ([\d.]+)", text).group(1))
    return wall, user + sys_


def best(argv, runs):
    results = [timed(argv) for _ in range(runs)]
    return min(r[0] for r in results), min(r[1] for r in results)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--widgetc", default=os.environ.get("WIDGETC", os.path.join(ROOT, ".build/release/widgetc")))
    args = ap.parse_args()
    widgets = os.path.join(ROOT, "widgets")
    out_dir = tempfile.mkdtemp(prefix="preview-bench-")
    pages = [("every example", [widgets])]
    for path in sorted(glob.glob(os.path.join(widgets, "*.yaml"))):
        name = os.path.basename(path)[:-5]
        scenarios = sorted(glob.glob(os.path.join(widgets, "scenarios", f"{name}-*.json")))
        pages.append((name, [path] + (["--scenario", scenarios[0]] if scenarios else [])))
    print(f"== widgetc preview, {FROM} + 24h, best of {args.runs} ({args.widgetc})", flush=True)
    slowest = (0.0, "")
    for label, inputs in pages:
        page = os.path.join(out_dir, re.sub(r"\W", "-", label) + ".html")
        argv = [args.widgetc, "preview"] + inputs + ["--from", FROM, "--for", "24h", "--out", page]
        wall, cpu = best(argv, args.runs)
        size = os.path.getsize(page)
        print(f"   {label:14s} {wall:6.3f} s wall {cpu:6.3f} s CPU {size / 1024:8.0f} KiB", flush=True)
        if label != "every example":
            slowest = max(slowest, (wall, label))
    print(f"== slowest single example: {slowest[1]} {slowest[0]:.3f} s (target: every example under 1 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
