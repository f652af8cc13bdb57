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

    def hf(name):
        j = load(f"hf_{name}.json")
        return j["results"][0]["min"] if j else None

    def inproc(name):
        j = load(f"in_{name}.json")
        return j["min_s"] if j else None

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

    rows = [
        ("reading the bytes (`cat` > /dev/null, page cache)", hf("cat"), "process"),
        ("admesh parse + volume + area, no checks (`admesh -c`)", hf("admesh_c"), "process"),
        ("admesh with its exact edge check (`admesh -e`)", hf("admesh_e"), "process"),
        ("admesh with every default check and repair (`admesh`)", hf("admesh_all"), "process"),
        ("numpy-stl load + vectorised volume", inproc("numpy_vec"), "in-process"),
        ("numpy-stl `get_mass_properties` (run once)", inproc("numpy_mass"), "in-process"),
        ("trimesh load + `is_watertight` + `volume` + `area`", inproc("trimesh"), "in-process"),
        ("ours: read the file into memory (`quote-bench read`)", hf("quote_read"), "process"),
        ("ours: map the file and touch every page (`quote-bench map`, what `quote` does)", hf("quote_map"), "process"),
        ("ours: parse + volume + area + box, streamed (`quote-bench quick`)", inproc("quick"), "in-process"),
        ("ours: same, whole process", hf("quote_quick"), "process"),
        ("ours: full analysis: parse, weld, volume, area, box, shells, watertight (`quote-bench analyze`)", inproc("analyze"), "in-process"),
        ("ours: same, whole process", hf("quote_analyze"), "process"),
        ("ours: everything `quote` computes (fits, overhangs, supports, thickness) (`quote-bench full`)", inproc("full"), "in-process"),
        ("ours: the whole `quote --json` command", hf("quote_json"), "process"),
    ]
    print(f"File: {os.path.basename(path)}, {size:,} bytes, 1,000,000 triangles (torus, one shell, watertight).")
    print(f"Machine: {platform.machine()}, {os.cpu_count()} CPU, {platform.platform()}; load average at the end: {os.getloadavg()[0]:.1f}.")
    print()
    print("| what | min time | measured |")
    print("|---|---|---|")
    for what, t, how in rows:
        print(f"| {what} | {ms(t)} | {how} |")
    print()

    def ratio(num, den):
        return None if num is None or den is None or den == 0 else num / den

    mem = peak_kb("quote_json")
    targets = [
        ("full analysis vs trimesh (in-process)", ratio(inproc("trimesh"), inproc("analyze")), ">=", 20),
        ("full analysis vs admesh edge check (processes)", ratio(hf("admesh_e"), hf("quote_analyze")), ">=", 15),
        ("full analysis vs numpy-stl load + volume (in-process)", ratio(inproc("numpy_vec"), inproc("analyze")), ">=", 3),
        ("parse+volume+area+box / reading the bytes (processes)", ratio(hf("quote_quick"), hf("cat")), "<=", 3),
        ("parse+volume+area+box vs `admesh -c` (processes)", ratio(hf("admesh_c"), hf("quote_quick")), ">=", 2),
        ("`quote --json` (process) vs trimesh (in-process)", ratio(inproc("trimesh"), hf("quote_json")), ">=", 10),
        ("peak memory of `quote --json` / file size", None if mem is None else mem * 1024 / size, "<=", 4),
    ]
    print("| target | measured | goal | met |")
    print("|---|---|---|---|")
    for what, r, op, goal in targets:
        if r is None:
            print(f"| {what} | – | {op} {goal} | not measured |")
            continue
        met = r >= goal if op == ">=" else r <= goal
        shown = f"{r:.1f}x" if op == ">=" or "memory" not in what else f"{r:.2f}x"
        print(f"| {what} | {shown} | {op} {goal}x | {'yes' if met else 'NO'} |")
    print()
    print("| peak memory (max RSS) | KB | x file size |")
    print("|---|---|---|")
    for name in ["quote_json", "quote_analyze", "quote_quick", "admesh_e", "trimesh"]:
        kb = peak_kb(name)
        if kb is not None:
            print(f"| {name} | {kb:,} | {kb * 1024 / size:.2f} |")


if __name__ == "__main__":
    main()
