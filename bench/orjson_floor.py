#!/usr/bin/env python3
"""The byte floor of `widgetc run --format ndjson --out FILE`: orjson writing the same run objects.

usage: orjson_floor.py NDJSON OUT
Reads widgetc's ndjson (one run object a line) and, for each line, parses it with orjson outside
the clock, then times only orjson.dumps of the object and the write of its bytes and a newline to
OUT (a buffered file, as widgetc's --out writes). Prints one JSON object: cpu (also split into user
and sys, from getrusage) and wall seconds of the timed part, runs, entries (and per rule: the kind's fourth label, as bench/run names them),
bytes written, and how many lines orjson wrote byte-identical to widgetc's.
"""
import collections
import os
import resource
import sys
import time

import orjson


def rule_of(kind):
    parts = kind.split(".")
    return parts[3] if len(parts) > 4 and parts[0] == "com" and parts[1] == "bench" else kind


def main():
    src, dst = sys.argv[1], sys.argv[2]
    cpu = wall = user = system = 0.0
    runs = written = same = 0
    entries = collections.Counter()
    with open(src, "rb") as f, open(dst + ".tmp", "wb") as out:
        for line in f:
            line = line.rstrip(b"\n")
            obj = orjson.loads(line)
            entries[rule_of(obj["kind"])] += sum(len(r["entries"]) for r in obj["reloads"])
            c0, w0, t0 = time.process_time(), time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
            data = orjson.dumps(obj)
            out.write(data)
            out.write(b"\n")
            cpu += time.process_time() - c0
            wall += time.perf_counter() - w0
            t1 = resource.getrusage(resource.RUSAGE_SELF)
            user += t1.ru_utime - t0.ru_utime
            system += t1.ru_stime - t0.ru_stime
            runs += 1
            written += len(data) + 1
            same += data == line
        c0, w0, t0 = time.process_time(), time.perf_counter(), resource.getrusage(resource.RUSAGE_SELF)
        out.flush()
        cpu += time.process_time() - c0
        wall += time.perf_counter() - w0
        t1 = resource.getrusage(resource.RUSAGE_SELF)
        user += t1.ru_utime - t0.ru_utime
        system += t1.ru_stime - t0.ru_stime
    os.replace(dst + ".tmp", dst)
    print(orjson.dumps(dict(cpu=cpu, user=user, sys=system, wall=wall, runs=runs, entries=dict(entries), bytes=written,
                            identical_lines=same)).decode())


if __name__ == "__main__":
    main()
