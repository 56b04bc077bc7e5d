#!/usr/bin/env python3
"""Time each tool over the corpus, compare which files each finds invalid, print the tables.

Called by bench/validate once everything is installed and built; standard library only.
Each tool runs over the whole corpus in one process (check-jsonschema in as few as the command line
allows) under /usr/bin/time -v, best of N: wall time from the best run, peak RSS the largest of all.
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time


def parse_args():
    ap = argparse.ArgumentParser()
    for name in ["root", "out", "corpus", "schema", "floor", "widgetc", "ajv-path", "venv", "only"]:
        ap.add_argument("--" + name, default="")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--ratio-rounds", type=int, default=15)
    ap.add_argument("--cj-runs", type=int, default=1)
    ap.add_argument("--cj-subset", type=int, default=0)
    return ap.parse_args()


class Measure:
    def __init__(self, label):
        self.label = label
        self.seconds = None
        self.cpu = None
        self.peak_kb = 0
        self.files = 0
        self.note = ""


def timed(argv, cwd, stdout_path, env=None):
    """One run under /usr/bin/time -v: (wall seconds, cpu seconds, peak kB, exit status)."""
    tv = stdout_path + ".time"
    start = time.perf_counter()
    with open(stdout_path, "wb") as out, open(stdout_path + ".err", "wb") as err:
        proc = subprocess.run(["/usr/bin/time", "-v", "-o", tv] + argv, cwd=cwd, stdout=out, stderr=err, env=env)
    wall = time.perf_counter() - start
    text = open(tv, encoding="utf-8", errors="replace").read()
    def field(name):
        m = re.search(re.escape(name) + r":\s*([0-9.]+)", text)
        return float(m.group(1)) if m else 0.0
    cpu = field("User time (seconds)") + field("System time (seconds)")
    status = int(field("Exit status"))
    if "Command terminated by signal" in text:
        status = 128 + int(re.search(r"signal (\d+)", text).group(1))
    return wall, cpu, int(field("Maximum resident set size (kbytes)")), status


def run_tool(m, batches, runs, ok_status=(0, 1)):
    """batches: list of (argv, cwd, stdout path, env); the times of one run's batches add up."""
    for _ in range(runs):
        wall_sum = cpu_sum = 0.0
        for argv, cwd, path, env in batches:
            wall, cpu, peak, status = timed(argv, cwd, path, env)
            if status not in ok_status:
                err = open(path + ".err", encoding="utf-8", errors="replace").read()[-2000:]
                raise RuntimeError(f"{m.label}: exit status {status}\n{err}")
            wall_sum += wall
            cpu_sum += cpu
            m.peak_kb = max(m.peak_kb, peak)
        if m.seconds is None or wall_sum < m.seconds:
            m.seconds, m.cpu = wall_sum, cpu_sum


def corpus_files(corpus):
    wdir = os.path.join(corpus, "widgets")
    return sorted(f for f in os.listdir(wdir) if f.endswith((".yaml", ".yml")))


def read_manifest(corpus):
    rows = {}
    with open(os.path.join(corpus, "MANIFEST.tsv"), encoding="utf-8") as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            cols = dict(zip(header, line.rstrip("\n").split("\t")))
            rows[cols["file"]] = cols
    return rows


def read_invalid_tsv(path):
    """file -> (layer, message) from a peer's output."""
    found = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            parts = line.rstrip("\n").split("\t", 2)
            if len(parts) == 3 and parts[0] not in found:
                found[parts[0]] = (parts[1], parts[2])
    return found


def widgetc_invalid(path, wdir):
    """file -> (code, message) for each file with an error in widgetc's --format json output."""
    with open(path, encoding="utf-8") as f:
        report = json.load(f)
    found = {}
    for d in report.get("diagnostics", []):
        if d.get("severity") != "error":
            continue
        name = d.get("file", "")
        rel = os.path.relpath(os.path.abspath(name), wdir) if name else "?"
        if rel not in found:
            found[rel] = (d.get("code", ""), f"{d.get('line')}:{d.get('column')} {d.get('pointer', '')} {d.get('message', '')}")
    return found, report


def check_jsonschema_invalid(paths):
    found = {}
    for path in paths:
        with open(path, encoding="utf-8") as f:
            report = json.load(f)
        for e in report.get("parse_errors", []):
            found.setdefault(e["filename"], ("yaml", e.get("message", "")))
        for e in report.get("errors", []):
            found.setdefault(e["filename"], ("shape", f"{e.get('path')}: {e.get('message')}"))
    return found


def mb(kb):
    return kb / 1024.0


def main():
    a = parse_args()
    only = set(filter(None, a.only.split(",")))
    wanted = lambda name: not only or name in only
    wdir = os.path.join(a.corpus, "widgets")
    files = corpus_files(a.corpus)
    n = len(files)
    manifest = read_manifest(a.corpus)
    res = os.path.join(a.out, "results")
    os.makedirs(res, exist_ok=True)
    measures, invalid, skipped = [], {}, []
    counts = {c: sum(1 for r in manifest.values() if r["category"] == c) for c in ("yaml", "shape", "semantic")}
    size = sum(os.path.getsize(os.path.join(wdir, f)) for f in files)
    print(f"== corpus: {n} files, {size / 1e6:.1f} MB, {sum(counts.values())} intended invalid ("
          + ", ".join(f"{c} {k}" for c, k in counts.items()) + ")")
    print(f"== machine: {os.cpu_count()} cores; best of {a.runs} (check-jsonschema: {a.cj_runs}); timing now")

    def attempt(label, key, fn):
        if not wanted(key):
            return
        print(f"   {label} ...", end="", flush=True)
        m = Measure(label)
        m.files = n
        try:
            fn(m)
        except Exception as e:  # one broken tool must not hide the others' figures
            print(" failed")
            skipped.append(f"{label}: {e}")
            return
        print(f" {m.seconds:.2f} s")
        measures.append((key, m))

    floor_key = None
    if a.floor:
        def floor(m):
            run_tool(m, [([a.floor, "--errors", os.path.join(res, "floor.errors.tsv"), wdir], a.out,
                          os.path.join(res, "floor.out"), None)], a.runs, ok_status=(0,))
            m.note = open(os.path.join(res, "floor.out")).read().strip()
        attempt("libyaml events (floor, C)", "floor", floor)
        floor_key = "floor"

    if a.widgetc:
        def widgetc_full(m):
            path = os.path.join(res, "widgetc.json")
            run_tool(m, [([a.widgetc, "validate", "--format", "json", wdir], a.root, path, None)], a.runs)
            invalid["widgetc"], report = widgetc_invalid(path, wdir)
            m.note = f"{report.get('errors')} errors, {report.get('warnings')} warnings in {report.get('files')} files"
        attempt("widgetc validate (3 layers)", "widgetc", widgetc_full)

        # The same on one thread: the work per core, comparable with the single-threaded floor.
        def widgetc_one_thread(m):
            path = os.path.join(res, "widgetc-1.json")
            env = dict(os.environ, WIDGETC_JOBS="1")
            run_tool(m, [([a.widgetc, "validate", "--format", "json", wdir], a.root, path, env)], a.runs)
            m.note = "WIDGETC_JOBS=1"
        attempt("widgetc validate, one thread", "widgetc-1", widgetc_one_thread)

        def widgetc_schema(m):
            path = os.path.join(res, "widgetc-schema.json")
            run_tool(m, [([a.widgetc, "validate", "--schema", a.schema, "--format", "json", wdir], a.root, path, None)], a.runs)
            invalid["widgetc-schema"], report = widgetc_invalid(path, wdir)
            m.note = f"{report.get('errors')} errors in {report.get('files')} files"
        attempt("widgetc validate --schema", "widgetc-schema", widgetc_schema)
    elif wanted("widgetc") or wanted("widgetc-schema"):
        skipped.append("widgetc: not built (--no-widgetc)")

    bench = os.path.dirname(os.path.abspath(__file__))
    if a.ajv_path:
        def ajv(m):
            env = dict(os.environ, NODE_PATH=a.ajv_path)
            path = os.path.join(res, "ajv.tsv")
            strict = subprocess.run(["node", os.path.join(bench, "peer_ajv.js"), a.schema, wdir, path, "--strict"],
                                    env=env, capture_output=True, text=True)
            m.note = strict.stdout.strip().replace("\n", " | ")
            run_tool(m, [(["node", os.path.join(bench, "peer_ajv.js"), a.schema, wdir, path], a.out,
                          os.path.join(res, "ajv.out"), env)], a.runs, ok_status=(0,))
            invalid["ajv"] = read_invalid_tsv(path)
        attempt("js-yaml + ajv 8 (2020-12)", "ajv", ajv)
    elif wanted("ajv"):
        skipped.append("ajv: ajv 8 with js-yaml not available")

    py = os.path.join(a.venv, "bin", "python")
    if os.path.exists(py):
        def pyyaml(m):
            path = os.path.join(res, "pyyaml.tsv")
            run_tool(m, [([py, os.path.join(bench, "peer_pyyaml_jsonschema_rs.py"), a.schema, wdir, path], a.out,
                          os.path.join(res, "pyyaml.out"), None)], a.runs, ok_status=(0,))
            invalid["pyyaml"] = read_invalid_tsv(path)
        attempt("PyYAML C loader + jsonschema-rs", "pyyaml", pyyaml)

        cj = os.path.join(a.venv, "bin", "check-jsonschema")

        def check_jsonschema(m):
            chosen = files[:a.cj_subset] if 0 < a.cj_subset < n else files
            # As few processes as the command line allows (names are short: cwd is the corpus).
            limit = max(16384, os.sysconf("SC_ARG_MAX") // 4)
            batches, current, size = [], [], 0
            for f in chosen:
                if current and size + len(f) + 1 > limit:
                    batches.append(current)
                    current, size = [], 0
                current.append(f)
                size += len(f) + 1
            batches.append(current)
            outs = [os.path.join(res, f"check-jsonschema.{i}.json") for i in range(len(batches))]
            argv0 = [cj, "--schemafile", a.schema, "--disable-formats", "*", "-o", "json"]
            run_tool(m, [(argv0 + b, wdir, o, None) for b, o in zip(batches, outs)], a.cj_runs)
            invalid["check-jsonschema"] = check_jsonschema_invalid(outs)
            m.files = len(chosen)
            m.note = f"{len(batches)} process(es)"
            if len(chosen) < n:
                m.note += f"; {len(chosen)} files timed, seconds extrapolated x{n / len(chosen):.1f}"
                m.seconds *= n / len(chosen)
                m.cpu *= n / len(chosen)
        if os.path.exists(cj):
            attempt("check-jsonschema", "check-jsonschema", check_jsonschema)
        elif wanted("check-jsonschema"):
            skipped.append("check-jsonschema: not installed in the venv")
    elif wanted("pyyaml") or wanted("check-jsonschema"):
        skipped.append(f"Python peers: no venv at {a.venv}")

    ratios = interleaved_ratios(a, wdir) if a.floor and a.widgetc and wanted("floor") and wanted("widgetc") else None
    report_table(measures, floor_key, n)
    report_targets(measures, ratios)
    report_agreement(invalid, manifest, files, a)
    report_floor_vs_manifest(res, manifest, wanted("floor"))
    if skipped:
        print("\n== skipped or failed")
        for s in skipped:
            print("   " + s)


def interleaved_ratios(a, wdir):
    """CPU time of widgetc over the floor's, in rounds of floor, widgetc (all threads), widgetc on one
    thread, back to back in random order: the medians of the per-round ratios. On a shared machine the load moves
    between separate best-of-N runs; within a round all three see about the same machine."""
    if a.ratio_rounds <= 0:
        return None
    # Not `timed()`: /usr/bin/time reports CPU in hundredths of a second, and the floor takes about
    # 0.2 s; the ratios read with it came out 0.3x to 0.4x higher than with getrusage here.
    def cpu(argv, env=None):
        import resource
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        return (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
    print(f"   interleaved CPU rounds ({a.ratio_rounds}) ...", end="", flush=True)
    one = dict(os.environ, WIDGETC_JOBS="1")
    all_threads, one_thread = [], []
    import random
    runs = {"floor": ([a.floor, wdir], None), "all": ([a.widgetc, "validate", "--format", "json", wdir], None),
            "one": ([a.widgetc, "validate", "--format", "json", wdir], one)}
    for _ in range(a.ratio_rounds):
        # In random order: whichever runs first after another tool pays for it (caches, frequency).
        order = list(runs)
        random.shuffle(order)
        took = {k: cpu(*runs[k]) for k in order}
        all_threads.append(took["all"] / took["floor"])
        one_thread.append(took["one"] / took["floor"])
    print(" done")
    import statistics
    return {"all": (statistics.median(all_threads), min(all_threads), max(all_threads)),
            "one": (statistics.median(one_thread), min(one_thread), max(one_thread))}


def report_table(measures, floor_key, n):
    floor = dict(measures).get(floor_key)
    print("\n== times (wall clock of the best run; peak = max resident set size; x floor: wall and CPU ratios,"
          " the CPU one steadier on a shared machine)")
    print(f"   {'tool':34} {'seconds':>8} {'cpu s':>7} {'files/s':>9} {'peak MB':>8} {'x floor':>8} {'(cpu)':>7}")
    for key, m in measures:
        ratio = f"{m.seconds / floor.seconds:8.1f}" if floor and floor.seconds else "       -"
        cpu_ratio = f"{m.cpu / floor.cpu:7.1f}" if floor and floor.cpu else "      -"
        print(f"   {m.label:34} {m.seconds:8.2f} {m.cpu:7.2f} {n / m.seconds:9.0f} {mb(m.peak_kb):8.1f} {ratio} {cpu_ratio}")
    for key, m in measures:
        if m.note:
            print(f"   note, {m.label}: {m.note}")


def report_targets(measures, ratios=None):
    d = dict(measures)
    if "widgetc" not in d:
        return
    w = d["widgetc"]
    print("\n== targets")
    if ratios:
        median, low, high = ratios["all"]
        print(f"   {'PASS' if median <= 1.5 else 'FAIL'}  widgetc validate's CPU time, all threads, at most 1.5x the floor's: "
              f"{median:.2f}x (median of interleaved rounds, {low:.2f} to {high:.2f})")
        median, low, high = ratios["one"]
        print(f"         the same on one thread: {median:.2f}x ({low:.2f} to {high:.2f})")
    if "floor" in d:
        ratio = w.seconds / d["floor"].seconds
        print(f"   {'PASS' if ratio <= 2 else 'FAIL'}  widgetc validate within 2x of the floor: {ratio:.2f}x "
              f"(wall clock, {os.cpu_count()} cores)")
        if "widgetc-1" in d and d["floor"].cpu:
            one = d["widgetc-1"]
            print(f"   {'PASS' if one.cpu / d['floor'].cpu <= 2 else 'FAIL'}  the same on one thread, CPU time: "
                  f"{one.cpu / d['floor'].cpu:.2f}x (the floor is single-threaded; this is the work per core)")
    peers = [(k, m) for k, m in measures if k in ("ajv", "pyyaml", "check-jsonschema")]
    if peers:
        fastest = min(peers, key=lambda km: km[1].seconds)
        print(f"   {'PASS' if w.seconds < fastest[1].seconds else 'FAIL'}  ahead of every peer "
              f"(fastest peer {fastest[1].label}: {fastest[1].seconds:.2f} s)")
    print(f"   {'PASS' if mb(w.peak_kb) < 32 else 'FAIL'}  peak memory under 32 MB: {mb(w.peak_kb):.1f} MB")


def report_agreement(invalid, manifest, files, a):
    expected_shape = {f for f, r in manifest.items() if r["shape_invalid"] == "yes"}
    print("\n== shape agreement (a file is invalid for a tool if it has a YAML or schema error)")
    print(f"   manifest: {len(expected_shape)} files intended shape-invalid (yaml or shape category)")
    order = [k for k in ("widgetc-schema", "ajv", "pyyaml", "check-jsonschema") if k in invalid]
    universe = set(files)
    if "check-jsonschema" in invalid and 0 < a.cj_subset < len(files):
        print(f"   (check-jsonschema saw only the first {a.cj_subset} files: compared on those)")
    for key in order:
        scope = set(files[:a.cj_subset]) if key == "check-jsonschema" and 0 < a.cj_subset < len(files) else universe
        found = set(invalid[key]) & scope
        print(f"   {key:18} {len(found):5} invalid; vs manifest: "
              f"{len(found - expected_shape)} unexpected, {len((expected_shape & scope) - found)} missed")
    ref = "widgetc-schema" if "widgetc-schema" in invalid else None
    pairs = [(ref, k) for k in order if ref and k != ref] if ref else []
    if not ref:
        print("   (no widgetc --schema run: peers compared with each other)")
        pairs = [(order[i], order[j]) for i in range(len(order)) for j in range(i + 1, len(order))]
    for left, right in pairs:
        scope = universe
        if "check-jsonschema" in (left, right) and 0 < a.cj_subset < len(files):
            scope = set(files[:a.cj_subset])
        l, r = set(invalid[left]) & scope, set(invalid[right]) & scope
        diff = sorted(l ^ r)
        print(f"\n   {left} vs {right}: {len(l & r)} both invalid, {len(diff)} disagree "
              f"({len(l - r)} only {left}, {len(r - l)} only {right})")
        for f in diff[:20]:
            m = manifest.get(f, {})
            side, other = (left, right) if f in l else (right, left)
            layer, msg = invalid[side][f]
            print(f"     {f} [{m.get('category')}/{m.get('kind')}] invalid only for {side}: {layer}: {msg[:150]}")
        if len(diff) > 20:
            print(f"     ... {len(diff) - 20} more")
    if "widgetc" in invalid:
        report_full_mode(invalid["widgetc"], manifest)
    if invalid:
        print(f"\n   per-file results: {os.path.join(a.out, 'results')}/")


def report_full_mode(found, manifest):
    """widgetc's three layers against the intended error of each file."""
    expected = {f for f, r in manifest.items() if r["category"] != "valid"}
    got = set(found)
    print(f"\n== widgetc validate (3 layers) vs manifest: {len(got & expected)} of {len(expected)} intended "
          f"invalid files caught; {len(got - expected)} intended-valid files with errors")
    by_kind = {}
    for f in sorted(expected - got):
        r = manifest[f]
        by_kind.setdefault(f"{r['category']}/{r['kind']}", []).append(f)
    for kind, fs in sorted(by_kind.items()):
        print(f"   missed {kind}: {len(fs)} (e.g. {', '.join(fs[:3])})")
    codes = {}
    for f in got - expected:
        codes[found[f][0]] = codes.get(found[f][0], 0) + 1
    if codes:
        print("   errors in intended-valid files by code: " +
              ", ".join(f"{c} {k}" for c, k in sorted(codes.items(), key=lambda ck: -ck[1])))
    for f in sorted(got - expected)[:20]:
        code, msg = found[f]
        print(f"   error in intended-valid {f}: [{code}] {msg[:150]}")


def report_floor_vs_manifest(res, manifest, wanted_floor):
    path = os.path.join(res, "floor.errors.tsv")
    if not wanted_floor or not os.path.exists(path):
        return
    refused = set(read_invalid_tsv_loose(path))
    yaml_files = {f for f, r in manifest.items() if r["category"] == "yaml"}
    aliases = {f for f in yaml_files if manifest[f]["kind"] == "undefined-alias"}
    print(f"\n== libyaml's event parser refuses {len(refused)} files: "
          f"{len(refused & yaml_files)} of {len(yaml_files)} intended YAML errors "
          f"(undefined aliases, {len(aliases)}, are a loader's error, not the parser's), "
          f"{len(refused - yaml_files)} others")


def read_invalid_tsv_loose(path):
    with open(path, encoding="utf-8") as f:
        return [line.split("\t", 1)[0] for line in f if line.strip()]


if __name__ == "__main__":
    main()
