#!/usr/bin/env python3
"""bench/plan_ab.py: plan load + one timeline, two versions side by side (issue 34's plan-load row).

usage: bench/plan_ab.py ROUNDS BASE_PLAN_BENCH BASE_PLANS NEW_PLAN_BENCH NEW_PLANS CONTAINER

Each version's `plan-bench --runs 200` on the plans that version compiles (the same widgets), both
once per round in a random order; per round the median of the per-plan ratios (new / base) of the
medians, for load + one timeline and for the timeline alone; then the median of the rounds with
their spread and the load average. CI does not run it.
"""
import glob
import os
import random
import statistics
import subprocess
import sys


def medians(exe, plans_dir, container):
    plans = sorted(glob.glob(plans_dir + "/*.plan.json"))
    out = subprocess.run([exe, "--runs", "200", "--container", container] + plans, capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines()[1:]:
        f = line.split("\t")
        if len(f) == 5:
            found[f[0]] = (float(f[1]), float(f[3]))
    return found


def main():
    if len(sys.argv) != 7:
        raise SystemExit(__doc__)
    rounds = int(sys.argv[1])
    versions = {"base": (sys.argv[2], sys.argv[3]), "new": (sys.argv[4], sys.argv[5])}
    container = sys.argv[6]
    print("load average before:", " ".join(f"{x:.1f}" for x in os.getloadavg()))
    both, alone = [], []
    for r in range(rounds):
        order = list(versions)
        random.shuffle(order)
        got = {v: medians(*versions[v], container) for v in order}
        both.append(statistics.median(got["new"][k][0] / got["base"][k][0] for k in got["base"]))
        alone.append(statistics.median(got["new"][k][1] / got["base"][k][1] for k in got["base"]))
        print(f"round {r + 1}: load + one timeline {both[-1]:.3f}x, timeline alone {alone[-1]:.3f}x", flush=True)
    print(f"== load + one timeline {statistics.median(both):.3f}x ({min(both):.3f} to {max(both):.3f}); "
          f"timeline alone {statistics.median(alone):.3f}x ({min(alone):.3f} to {max(alone):.3f}) over {rounds} rounds")
    print("load average after:", " ".join(f"{x:.1f}" for x in os.getloadavg()))


if __name__ == "__main__":
    main()
