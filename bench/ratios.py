#!/usr/bin/env python3
"""Side-by-side ratios of issue 24 (part 3): the whole `quote --json` command against numpy-stl's
load + vectorised volume and trimesh's load + checks, run in turn within each round, so that the
machine's drift (a shared 2-core machine) weighs on every tool of a round alike.

    python bench/ratios.py QUOTE_BIN FILE [ROUNDS] [-- EXTRA QUOTE BINARIES...]

`quote --json` is timed as a process (start, file read and JSON output included, as
bench/compare.sh's hyperfine rows); the Python peers in-process (imports done once beforehand,
as bench/peers.py). Each further binary after `--` is timed the same way in the same rounds
(a build before a change, say). Prints one JSON line per tool (minimum and median wall time, median CPU
time: user + system, both threads of a threaded `quote` added) and the median over the rounds of
each ratio peer / quote, in wall time and in CPU time (steadier on a loaded machine, but blind to
what threads save).
"""

import json
import resource
import statistics
import subprocess
import sys
import time

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from peers import numpy_vec, trimesh_all  # noqa: E402


def cpu():
    """CPU time (user + system) of this process and of its waited-for children, in seconds."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def timed(fn):
    """Wall time and CPU time of one call (a child process's CPU time counted once it is waited for)."""
    t0, c0 = time.perf_counter(), cpu()
    fn()
    return time.perf_counter() - t0, cpu() - c0


def main():
    args = sys.argv[1:]
    extra = []
    if "--" in args:
        i = args.index("--")
        args, extra = args[:i], args[i + 1:]
    quote, path = args[0], args[1]
    rounds = int(args[2]) if len(args) > 2 else 5
    import stl  # noqa: F401
    import trimesh  # noqa: F401

    bins = [quote] + extra

    def run_quote(b):
        return lambda: subprocess.run([b, "--json", path], check=True, stdout=subprocess.PIPE).stdout

    tools = {f"quote --json ({b})": run_quote(b) for b in bins}
    tools["numpy-stl load + volume"] = lambda: numpy_vec(path)
    tools["trimesh load + checks"] = lambda: trimesh_all(path)
    for fn in tools.values():  # warm-up: page cache, imports' lazy parts
        fn()
    times = {name: [] for name in tools}
    cpus = {name: [] for name in tools}
    for _ in range(rounds):
        for name, fn in tools.items():
            wall, used = timed(fn)
            times[name].append(wall)
            cpus[name].append(used)
    for name, ts in times.items():
        print(json.dumps({"tool": name, "min_ms": round(min(ts) * 1e3, 1),
                          "median_ms": round(statistics.median(ts) * 1e3, 1),
                          "cpu_median_ms": round(statistics.median(cpus[name]) * 1e3, 1)}))
    for b in bins:
        name = f"quote --json ({b})"
        for peer in ["numpy-stl load + volume", "trimesh load + checks"]:
            ratios = [p / t for p, t in zip(times[peer], times[name])]
            cpu_ratios = [p / t for p, t in zip(cpus[peer], cpus[name])]
            print(json.dumps({"ratio": f"{peer} / {name}",
                              "wall_median": round(statistics.median(ratios), 2),
                              "wall_min": round(min(ratios), 2), "wall_max": round(max(ratios), 2),
                              "cpu_median": round(statistics.median(cpu_ratios), 2)}))


if __name__ == "__main__":
    main()
