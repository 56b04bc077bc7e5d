#!/usr/bin/env python3
"""The peer of bench/cron-rate: Python's croniter generating the same cron fire times.

For each expression: the first --per-pass fire times in [from, until) on the zone's local clock, once untimed
(writing the first --dump instants, epoch seconds, to DIR/croniter-K.txt), then repeated passes
under time.process_time() until --min-instants and --min-seconds. Prints one JSON line per
expression, like cron-rate. Needs croniter (bench/.venv).

croniter is given a start datetime aware of the zone (zoneinfo) and asked for floats (epoch
seconds), its fastest return type; day_or=True is Vixie's rule for two restricted day fields.
"""

import argparse
import datetime
import json
import os
import time
import zoneinfo

from croniter import croniter


def instant(text):
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def one_pass(expr, start, until, per_pass, keep=None, keep_limit=0):
    """The first per_pass fire times in [start, until): (count, sum of epoch seconds)."""
    it = croniter(expr, start, ret_type=float, day_or=True)
    count, total = 0, 0
    while count < per_pass:
        t = it.get_next(float)
        if t >= until:
            break
        if keep is not None and len(keep) < keep_limit:
            keep.append(int(t))
        count += 1
        total += int(t)
    return count, total


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--zone", default="America/New_York")
    ap.add_argument("--from", dest="start", default="2026-01-01T00:00:00Z")
    ap.add_argument("--until", default="2046-01-01T00:00:00Z")
    ap.add_argument("--min-instants", type=int, default=100_000)
    ap.add_argument("--min-seconds", type=float, default=1.0)
    ap.add_argument("--per-pass", type=int, default=20_000, help="at most this many instants per pass")
    ap.add_argument("--dump", type=int, default=0)
    ap.add_argument("--dump-dir", default=".")
    ap.add_argument("expressions", nargs="+")
    a = ap.parse_args()
    zone = zoneinfo.ZoneInfo(a.zone)
    start = datetime.datetime.fromtimestamp(instant(a.start), zone)
    until = instant(a.until)
    for k, expr in enumerate(a.expressions):
        first = []
        per_pass, _ = one_pass(expr, start, until, max(a.per_pass, a.dump), first, a.dump)
        if a.dump:
            with open(os.path.join(a.dump_dir, f"croniter-{k}.txt"), "w") as f:
                f.writelines(f"{t}\n" for t in first)
        instants, passes, checksum = 0, 0, 0
        began = time.process_time()
        seconds = 0.0
        while per_pass and (instants < a.min_instants or seconds < a.min_seconds):
            count, total = one_pass(expr, start, until, a.per_pass)
            instants += count
            checksum += total
            passes += 1
            seconds = time.process_time() - began
        print(json.dumps({"expr": expr, "zone": a.zone, "perPass": per_pass, "passes": passes,
                          "instants": instants, "cpuSeconds": seconds,
                          "perSecond": instants / seconds if seconds else 0, "checksum": checksum}), flush=True)


if __name__ == "__main__":
    main()
