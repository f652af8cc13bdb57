#!/usr/bin/env python3
"""Turns bench/compare.sh's raw JSON into the Markdown table and target ratios.

    python3 bench/report.py OUT_DIR FILE
"""

import json
import os
import platform
import sys


def main():
    out, path = sys.argv[1], sys.argv[2]
    size = os.path.getsize(path)

    def load(name):
        p = os.path.join(out, name)
        return json.load(open(p)) if os.path.exists(p) else None

    def hf(name, cpu=False):
        j = load(f"hf_{name}.json")
        if not j:
            return None
        r = j["results"][0]
        return r["user"] + r["system"] if cpu else r["min"]

    def inproc(name, cpu=False):
        j = load(f"in_{name}.json")
        if not j:
            return None
        return j.get("cpu_min_s") if cpu else j["min_s"]

    def peak_kb(name):
        p = os.path.join(out, f"time_{name}.txt")
        if not os.path.exists(p):
            return None
        for line in open(p):
            if "Maximum resident" in line:
                return int(line.split()[-1])
        return None

    def ms(s):
        return "–" if s is None else (f"{s * 1000:,.0f} ms".replace(",", " ") if s < 10 else f"{s:,.1f} s")

    rows = [  # (what, wall, how); CPU is looked up from the same source below
        ("reading the bytes (`cat` > /dev/null, page cache)", hf("cat"), "process", hf("cat", True)),
        ("admesh parse + volume + area, no checks (`admesh -c`)", hf("admesh_c"), "process", hf("admesh_c", True)),
        ("admesh with its exact edge check (`admesh -e`)", hf("admesh_e"), "process", hf("admesh_e", True)),
        ("admesh with every default check and repair (`admesh`)", hf("admesh_all"), "process", hf("admesh_all", True)),
        ("numpy-stl load + vectorised volume", inproc("numpy_vec"), "in-process", inproc("numpy_vec", True)),
        ("numpy-stl `get_mass_properties` (run once)", inproc("numpy_mass"), "in-process", inproc("numpy_mass", True)),
        ("trimesh load + `is_watertight` + `volume` + `area`", inproc("trimesh"), "in-process", inproc("trimesh", True)),
        ("ours: read the file into memory (`quote-bench read`)", hf("quote_read"), "process", hf("quote_read", True)),
        ("ours: map the file and touch every page (`quote-bench map`, what `quote` does)", hf("quote_map"), "process", hf("quote_map", True)),
        ("ours: parse + volume + area + box, streamed (`quote-bench quick`)", inproc("quick"), "in-process", inproc("quick", True)),
        ("ours: same, whole process", hf("quote_quick"), "process", hf("quote_quick", True)),
        ("ours: full analysis: parse, weld, volume, area, box, shells, watertight (`quote-bench analyze`)", inproc("analyze"), "in-process", inproc("analyze", True)),
        ("ours: same, whole process", hf("quote_analyze"), "process", hf("quote_analyze", True)),
        ("ours: everything `quote` computes (fits, overhangs, supports, thickness) (`quote-bench full`)", inproc("full"), "in-process", inproc("full", True)),
        ("ours: the whole `quote --json` command", hf("quote_json"), "process", hf("quote_json", True)),
    ]
    print(f"File: {os.path.basename(path)}, {size:,} bytes, 1,000,000 triangles (torus, one shell, watertight).")
    print(f"Machine: {platform.machine()}, {os.cpu_count()} CPU, {platform.platform()}; load average at the end: {os.getloadavg()[0]:.1f}.")
    print()
    print("| what | wall time (min) | CPU time | measured |")
    print("|---|---|---|---|")
    for what, t, how, c in rows:
        print(f"| {what} | {ms(t)} | {ms(c)} | {how} |")
    print()

    def ratio(num, den):
        return None if num is None or den is None or den == 0 else num / den

    mem = peak_kb("quote_json")
    # (what, (numerator source), (denominator source), op, goal); sources are (function, name).
    targets = [
        ("full analysis vs trimesh (in-process)", (inproc, "trimesh"), (inproc, "analyze"), ">=", 20),
        ("full analysis vs admesh edge check (processes)", (hf, "admesh_e"), (hf, "quote_analyze"), ">=", 15),
        ("full analysis vs numpy-stl load + volume (in-process)", (inproc, "numpy_vec"), (inproc, "analyze"), ">=", 3),
        ("parse+volume+area+box / reading the bytes (processes)", (hf, "quote_quick"), (hf, "cat"), "<=", 3),
        ("parse+volume+area+box vs `admesh -c` (processes)", (hf, "admesh_c"), (hf, "quote_quick"), ">=", 2),
        ("`quote --json` (process) vs trimesh (in-process)", (inproc, "trimesh"), (hf, "quote_json"), ">=", 10),
    ]

    def verdict(r, op, goal):
        if r is None:
            return "–"
        return "yes" if (r >= goal if op == ">=" else r <= goal) else "NO"

    print("| target | wall-time ratio | CPU-time ratio | goal | met (wall / CPU) |")
    print("|---|---|---|---|---|")
    for what, (fn, a), (gn, b), op, goal in targets:
        rw = ratio(fn(a), gn(b))
        rc = ratio(fn(a, True), gn(b, True))
        shown = lambda r: "–" if r is None else f"{r:.1f}x"  # noqa: E731
        print(f"| {what} | {shown(rw)} | {shown(rc)} | {op} {goal}x | {verdict(rw, op, goal)} / {verdict(rc, op, goal)} |")
    if mem is not None:
        r = mem * 1024 / size
        print(f"| peak memory of `quote --json` / file size | {r:.2f}x | | <= 4x | {verdict(r, '<=', 4)} |")
    print()
    print("| peak memory (max RSS) | KB | x file size |")
    print("|---|---|---|")
    for name in ["quote_json", "quote_analyze", "quote_quick", "admesh_e", "trimesh"]:
        kb = peak_kb(name)
        if kb is not None:
            print(f"| {name} | {kb:,} | {kb * 1024 / size:.2f} |")


if __name__ == "__main__":
    main()
