#!/usr/bin/env python3
"""Interleaved A/B of `widgetc lsp`'s CPU time per edit, for side-by-side ratios on a shared machine.
usage: bench/lsp_ab.py ROUNDS FILE A B LABEL=WIDGETC... (the first binary is the base; A and B as for
lsp_drive.py: a line of FILE and what it becomes). Each round runs every binary, in random order, for
2,000 edits and for 2, and counts (CPU(2000) - CPU(2)) / 1998 as the cost of an edit after start-up.
Prints each round, then per label the median of its per-round ratio to the base with min and max,
and the load average before and after."""
import os, random, statistics, subprocess, sys
rounds, path, a, b = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
binaries = dict(arg.split("=", 1) for arg in sys.argv[5:])
drive = os.path.join(os.path.dirname(os.path.abspath(__file__)), "lsp_drive.py")
def cpu(binary, n):
    out = subprocess.run([sys.executable, drive, binary, path, str(n), a, b], capture_output=True, text=True, check=True)
    return float(out.stdout)
per_edit = {label: [] for label in binaries}
load_before = os.getloadavg()
for r in range(rounds):
    order = list(binaries); random.shuffle(order)
    for label in order:
        per_edit[label].append((cpu(binaries[label], 2000) - cpu(binaries[label], 2)) / 1998 * 1e6)
    print(f"round {r + 1}: " + ", ".join(f"{l} {per_edit[l][-1]:.1f} us" for l in binaries), flush=True)
base = next(iter(binaries))
for label in list(binaries)[1:]:
    ratios = [y / x for x, y in zip(per_edit[base], per_edit[label])]
    print(f"{label}/{base}: median {statistics.median(ratios):.3f} (min {min(ratios):.3f} max {max(ratios):.3f}); "
          f"median us per edit {statistics.median(per_edit[base]):.1f} / {statistics.median(per_edit[label]):.1f}")
print(f"load {load_before[0]:.1f} -> {os.getloadavg()[0]:.1f}")
