#!/usr/bin/env python3
"""Interleaved A/B of whole commands by CPU time (getrusage of the child), for side-by-side ratios on a
shared machine. usage: bench/ab.py ROUNDS LABEL=COMMAND... (the first is the base; a command starting
with JOBS1 runs with WIDGETC_JOBS=1). Prints each round, then per label the median of its per-round
ratio to the base with min and max, and the load average before and after."""
import os, random, resource, subprocess, statistics, sys
def cpu(argv, env=None):
    r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
rounds = int(sys.argv[1]); pairs = []
for a in sys.argv[2:]:
    label, cmd = a.split("=", 1)
    pairs.append((label, cmd))
times = {l: [] for l, _ in pairs}
la = os.getloadavg()
for i in range(rounds):
    order = pairs[:]; random.shuffle(order)
    for l, cmd in order:
        env = dict(os.environ)
        if cmd.startswith("JOBS1 "):
            env["WIDGETC_JOBS"] = "1"; cmd = cmd[6:]
        times[l].append(cpu(cmd.split(), env))
    print(f"round {i+1}: " + ", ".join(f"{l} {times[l][-1]:.3f}" for l, _ in pairs), flush=True)
lb = os.getloadavg()
base = pairs[0][0]
for l, _ in pairs[1:]:
    r = [b / a for a, b in zip(times[base], times[l])]
    print(f"{l}/{base}: median {statistics.median(r):.3f} (min {min(r):.3f} max {max(r):.3f}); median cpu {statistics.median(times[base]):.3f} / {statistics.median(times[l]):.3f}")
print(f"load {la[0]:.1f} -> {lb[0]:.1f}")
