"""What the benchmarks that run widgets/ share: the examples copied under new kinds, and the CPU
time of one command. Measured on the project's own examples, not a corpus written for the purpose."""
import argparse
import os
import re
import shutil
import subprocess


def copy_examples(root, dest, copies, transform=None, kind=None):
    """dest/: each widget of widgets/ (not app manifests, not network sources: wishes.yaml needs a
    scenario's answers) copied `copies` times as <stem>-cNN.yaml, with widgets/container and the
    catalogs. `transform(stem, text)` may rewrite a widget first; `kind(stem, text, i)` names each
    copy (default com.bench.<stem>.cNN). Returns the (stem, text) of each example copied."""
    src = os.path.join(root, "widgets")
    shutil.rmtree(dest, ignore_errors=True)
    os.makedirs(dest)
    shutil.copytree(os.path.join(src, "container"), os.path.join(dest, "container"))
    for name in os.listdir(src):
        if name.endswith(".xcstrings"):
            shutil.copy(os.path.join(src, name), dest)
    made = []
    for name in sorted(os.listdir(src)):
        if not name.endswith(".yaml"):
            continue
        stem = name[:-5]
        text = open(os.path.join(src, name), encoding="utf-8").read()
        if "app.schema.json" in text or re.search(r"^\s+url:\s*\"?https?://", text, re.M):
            continue
        if transform:
            text = transform(stem, text)
        made.append((stem, text))
        for i in range(copies):
            name_i = kind(stem, text, i) if kind else f"com.bench.{stem}.c{i:02d}"
            copy, k = re.subn(r"^kind: .*$", f"kind: {name_i}", text, count=1, flags=re.M)
            assert k == 1, name
            with open(os.path.join(dest, f"{stem}-c{i:02d}.yaml"), "w", encoding="utf-8") as f:
                f.write(copy)
    return made


def cpu_seconds(argv, tool):
    """User + system seconds of one run of argv (GNU time), its output discarded; exits naming
    `tool` when the command fails."""
    tv = f"/tmp/{tool}-time.txt"
    with open(os.devnull, "wb") as null:
        proc = subprocess.run(["/usr/bin/time", "-v", "-o", tv] + argv, stdout=null, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise SystemExit(f"{tool}: {' '.join(argv[:4])} ... exited {proc.returncode}\n{proc.stderr[-2000:].decode()}")
    text = open(tv).read()
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", text).group(1))
    sys_ = float(re.search(r"System time \(seconds\): ([\d.]+)", text).group(1))
    return user + sys_


def interleaved(pairs, runs, tool, target=None):
    """Times each (label, argv) of `pairs` once per round, `runs` rounds, in a random order per
    round (the load of a shared machine moves between runs: a ratio is read within a round).
    Prints each round and, for every label after the first, the median of its per-round ratio to
    the first label's time with the spread (min to max) and the load average before and after.
    Returns {label: [seconds per round]}."""
    import random
    import statistics
    times = {label: [] for label, _ in pairs}
    load_before = os.getloadavg()
    for i in range(runs):
        order = list(pairs)
        random.shuffle(order)
        for label, argv in order:
            times[label].append(cpu_seconds(argv, tool))
        print(f"   round {i + 1}: " + ", ".join(f"{label} {times[label][-1]:.2f} s" for label, _ in pairs), flush=True)
    load_after = os.getloadavg()
    base = pairs[0][0]
    for label, _ in pairs[1:]:
        ratios = [b / a for a, b in zip(times[base], times[label])]
        print(f"== {label} / {base}: median {statistics.median(ratios):.3f}x (min {min(ratios):.3f}, max {max(ratios):.3f}) "
              f"over {runs} rounds; median CPU {statistics.median(times[base]):.2f} s / {statistics.median(times[label]):.2f} s"
              + (f"; target <= {target}x" if target else ""))
    print(f"== load average (1, 5, 15 min): before {load_before[0]:.1f} {load_before[1]:.1f} {load_before[2]:.1f}, "
          f"after {load_after[0]:.1f} {load_after[1]:.1f} {load_after[2]:.1f}")
    return times


def run_arguments(root):
    """The options of a benchmark that runs the copied examples: how many copies, for how long,
    how many runs, and which widgetc (default: the release build)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--copies", type=int, default=30)
    ap.add_argument("--for", dest="length", default="365d")
    ap.add_argument("--runs", type=int, default=5, help="interleaved rounds (median and spread of the per-round ratio)")
    ap.add_argument("--widgetc", default=os.environ.get("WIDGETC", os.path.join(root, ".build/release/widgetc")))
    return ap
